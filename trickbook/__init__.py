"""Trickbook: rules of trick-taking card games as data.

The distribution holds three packages: ``referee`` (the ruleset language and
the engine), ``generator`` (rule pages) and ``kiosk`` (the table referee).
This package only gathers their commands into the ``trickbook`` program.
"""
