"""The words the rule pages and the kiosk share, in every language.

- :mod:`wording.i18n`: the gettext catalogs, :class:`~wording.i18n.Lang` (one
  language's translations and formatting) and the extraction markers
  ``N_``, ``NN_`` and ``NC_``;
- :mod:`wording.names`: names of cards, suits, ranks, seats, pass directions
  and bids;
- :mod:`wording.freetext`: a ruleset's own free text (title, summary, notes,
  source) in a language, and its title;
- :mod:`wording.extract` and :mod:`wording.catalogs`: what ``make i18n`` runs
  to extract the rulesets' free text and to keep the catalogs complete.

Dependencies point inward: ``generator`` (the page compiler) and ``kiosk``
import this package and ``referee``; this package imports only ``referee``;
``referee`` imports neither (``tests/test_layering.py`` checks it).

The name: ``wording`` says what the package holds, and no project on PyPI is
called that, so it cannot be shadowed by, or shadow, an installed module.
``i18n`` (which python-i18n installs too) and ``texts`` are names of PyPI
projects, and ``locale`` is in the standard library.
"""
