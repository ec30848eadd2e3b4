"""One file per schema revision, oldest first."""
