from trickbook.cli import main

main()
