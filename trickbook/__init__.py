"""Trickbook: rules of trick-taking card games as data.

The distribution holds four packages: ``referee`` (the ruleset language and
the engine), ``wording`` (catalogs, card names and rulesets' free text, which
the pages and the kiosk share), ``generator`` (rule pages) and ``kiosk`` (the
table referee).
This package only gathers their commands into the ``trickbook`` program.
"""
