"""Each mechanism's rule-page clauses and phrases sit in one place, registered once (generator.mechanisms).

A mechanism of :mod:`referee.mechanisms` that a ruleset uses is registered with its page module
(``generator/mechanisms/<name>.py``) and its words (``wording/<name>.py``), and each registered one is a
referee mechanism; every phrase of a mechanism's words is said by its own builders, and the base game's
sections, asked with no mechanism registered, say only the base game's phrases. The README's table of
mechanisms names the three modules of each.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_site import variant_rulesets

from generator import clauses as cl
from generator import mechanisms as page
from generator import phrases
from generator import rulepage as rp
from generator.terms import Clause, Parts
from referee import Ruleset, load_ruleset
from referee.loader import bundled_ids
from referee.mechanisms import MECHANISMS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory: pytest.TempPathFactory) -> list[Ruleset]:
    """Every bundled ruleset, and house rules that switch every enumerated option of the schema."""
    folder = tmp_path_factory.mktemp("variants")
    return [load_ruleset(ref) for ref in [*bundled_ids(), *variant_rulesets(folder)]]


def kinds(clauses: list[Clause]) -> set[str]:
    """The kinds of clauses and of the clauses inside their parameters (a list of phrases)."""
    out: set[str] = set()
    for item in clauses:
        out.add(item.kind)
        for _, value in item.params:
            if isinstance(value, Parts):
                out |= kinds([v for v in value.items if isinstance(v, Clause)])
    return out


def said_by(entry: page.Page, rules: Ruleset) -> set[str]:
    """The clause kinds a mechanism's page module says of ``rules``, at every place it fills."""
    said = kinds([c for build in entry.PLACES.values() for c in build(rules) or ()])
    # and the quick reference's shorter sentences for some of them (generator.rulepage.QUICKREF_SHORT)
    return said | {rp.QUICKREF_SHORT[kind] for kind in said if kind in rp.QUICKREF_SHORT}


def test_each_mechanism_a_ruleset_uses_is_registered_with_its_page_module_and_words(rulesets: list[Ruleset]) -> None:
    registered = [entry.MECHANISM for entry in page.PAGES]
    assert len(set(registered)) == len(registered), "a mechanism registered twice"
    assert set(registered) <= set(MECHANISMS), "a page module that states no referee mechanism"
    used = {m for m in MECHANISMS if any(m.active(rules.mechanisms[m.NAME]) for rules in rulesets)}
    assert used - set(registered) == set(), "a mechanism in use that the page does not state"
    for entry in page.PAGES:
        name = entry.MECHANISM.NAME
        assert entry.__name__ == f"generator.mechanisms.{name}"  # type: ignore[attr-defined]
        assert entry.WORDS.__name__ == f"wording.{name}"  # type: ignore[attr-defined]
        assert entry.PLACES, name
        # and it says something where the mechanism is in use (the check can fail: it reads real pages)
        active = [rules for rules in rulesets if entry.MECHANISM.active(rules.mechanisms[name])]
        assert any(said_by(entry, rules) for rules in active), name


def test_each_phrase_sits_with_the_mechanism_whose_builders_say_it(rulesets: list[Ruleset]) -> None:
    said: dict[str, set[str]] = {entry.MECHANISM.NAME: set() for entry in page.PAGES}
    for rules in rulesets:
        for entry in page.PAGES:
            found = said_by(entry, rules)
            assert found <= set(phrases.PHRASES), (rules.id, entry.MECHANISM.NAME, found - set(phrases.PHRASES))
            said[entry.MECHANISM.NAME] |= found
    for entry in page.PAGES:
        # a worked example's line is said by generator.examples, with the deal it shows
        own = {kind for kind in entry.WORDS.CLAUSES if not kind.startswith("example.")}
        assert own - said[entry.MECHANISM.NAME] == set(), entry.MECHANISM.NAME
    # one place each: no mechanism's phrase among the base game's (nor in two mechanisms': the registry refuses)
    assert set(phrases.BASE) & set(page.PHRASES) == set()


def test_the_base_game_says_only_its_own_phrases(rulesets: list[Ruleset], monkeypatch: pytest.MonkeyPatch) -> None:
    """With no mechanism registered, the sections say the base game alone: no mechanism's clause is built by hand."""
    with_all = {kind for rules in rulesets for s in cl.sections(rules) for kind in kinds(list(s.clauses))}
    assert with_all & set(page.PHRASES)  # the check reads real pages: mechanisms' clauses are there
    monkeypatch.setattr(page, "PAGES", ())
    alone = {kind for rules in rulesets for s in cl.sections(rules) for kind in kinds(list(s.clauses))}
    assert alone <= set(phrases.BASE), alone - set(phrases.BASE)


def test_every_place_is_asked_by_the_sections_and_filled_by_a_mechanism() -> None:
    # the sections ask, and a page module may ask in turn (the game's end: how many deals, a series' own way)
    askers = [ROOT / "generator" / "clauses.py", *sorted((ROOT / "generator" / "mechanisms").glob("*.py"))]
    source = "\n".join(path.read_text(encoding="utf-8") for path in askers)
    asked_add = set(re.findall(r'page\.add\("([^"]+)"', source))
    asked_instead = set(re.findall(r'page\.instead\("([^"]+)"', source))
    assert asked_add == set(page.ADD)
    assert asked_instead == set(page.INSTEAD)
    filled = {place for entry in page.PAGES for place in entry.PLACES}
    assert filled == set(page.ADD) | set(page.INSTEAD)


def test_the_readme_names_each_mechanisms_modules() -> None:
    """The README's table of mechanisms: one row each, naming its referee module, page module and words."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("| mechanism (component) |", 1)[1].split("\n\n", 1)[0]
    rows = [row for row in table.splitlines() if row.startswith("| ")]
    registered = {entry.MECHANISM.NAME for entry in page.PAGES}
    for mechanism in MECHANISMS:
        name = mechanism.NAME
        mine = [row for row in rows if f"`referee/mechanisms/{name}.py`" in row]
        assert len(mine) == 1, name
        if name in registered:
            assert f"`generator/mechanisms/{name}.py`" in mine[0] and f"`wording/{name}.py`" in mine[0], name
    assert len(rows) == len(MECHANISMS)
