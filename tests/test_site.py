"""The rule-page compiler: phrases, catalogs, pages, determinism, safety, goldens."""

from __future__ import annotations

import html
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from other_packs import DOUBLE, TRESSETTE, write_pack

from generator import clauses as cl
from generator import rulepage as rp
from generator.examples import bid_deal, bidding_example, examples, scoring_example
from generator.phrases import PHRASES, render
from generator.site import Builder, Page, SiteError, build, write
from referee import load_ruleset
from referee.deck import make_deck
from referee.loader import bundled_ids, schema
from referee.mechanisms import hook as hook_mechanism
from referee.ruleset import with_defaults
from trickbook.cli import main
from wording.i18n import LANGUAGES, CatalogError, check_catalog, load_lang, locales_dir
from wording.names import card_face, card_name, card_the

GOLDEN = Path(__file__).resolve().parent / "golden"
GOLDEN_RULESETS = ("hearts", "euchre")


@pytest.fixture(scope="module")
def langs() -> dict[str, object]:
    return {code: load_lang(code) for code in LANGUAGES}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build(None, out)
    return out


def visible_text(page: str) -> str:
    """The text a reader sees: tags dropped, entities decoded, spaces folded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def page(site: Path, lang: str, rid: str) -> str:
    return (site / lang / f"{rid}.html").read_text(encoding="utf-8")


# -- phrases -------------------------------------------------------------------

# Test-only rulesets for decks no bundled ruleset uses (tests/other_packs.py), and variants of the Italian one.
ITALIAN_VARIANTS = {
    # a fixed trump suit (bastoni) whose cards rank in an order of their own
    "trump": "trump: {kind: fixed, suit: B}\ndeck: {trump_order: [4, 5, 6, 7, F, C, R, 2, 3, A]}",
    "face": "scoring: {rank_points: null, points: {D: face}}",
}


def variant_rulesets(tmp_path: Path) -> list[Path]:
    """House rules that switch every enumerated option of the schema at least once."""
    variants = {
        "moon-new": "scoring: {moon: {kind: new}}",
        "moon-mixed": "scoring: {moon: {kind: mixed}}",
        "moon-mixed-bonus": "scoring: {points: {JD: -10}, moon: {kind: mixed}}",
        "moon-choose": "scoring: {moon: {kind: choose}}",
        "moon-positive": "scoring: {moon: {kind: positive}}",
        "moon-none": "scoring: {moon: {kind: none}}",
        "no-tricks": "scoring: {no_tricks_bonus: -5}",
        "spot": "scoring: {points: {H: face}}",
        "ties-shared": "game: {ties: shared}",
        # Points made good: Hearts' revoke penalty (the offender takes every point) is removed with it.
        "highest": "game: {winner: highest}\nscoring: {revoke_penalty: null}",
        "deals": "game: {target: null, deals: 5}",
        "count-down": "game: {start: 50, count: down, target: 0, winner: highest}",
        "start": "game: {start: 10}",
        "rot-right": "deal: {rotation: right}",
        "rot-none": "deal: {rotation: none, first_dealer: 0}",
        "lead-left": "play: {opening_lead: {by: left-of-dealer}}",
        "lead-suit": "play: {opening_lead: {must_lead: that-suit}}",
        "lead-any": "play: {opening_lead: {must_lead: any}}",
        "lift": "play: {lead_restrictions: [{cards: [H], broken_by: [H, QS], lift_if_only: [QS]}]}",
        # the first trick's limit alone: the fallback breaks nothing
        "first-trick-only": "play: {lead_restrictions: []}",
        "end-early": "play: {end_early: [no-points-left, leader-takes-rest]}",
        # a heart out at three: every penalty point of a deal is 25 or 26, so the revoke's sentence names none
        "heart-out": (
            "players: {counts: [3, 4], default: 4}\ndeck: {remove: {'3': [2H]}}\n"
            "passing: {cycle_by_players: {'3': [left, right]}}"
        ),
        "always-right": "passing: {cycle: [right]}",
        "no-pass": "passing: null",
        "teams-summed": "players: {teams: opposite}\nscoring: {teams: summed, moon: {kind: old, partner: exempt}}",
        "teams-shared": "players: {teams: opposite}\nscoring: {teams: shared}",
        "fixed-trump": "trump: {kind: fixed, suit: S}",
        "revoke": "scoring: {revoke_penalty: {points: 3, to: offender}}",
        "teams-highest": "players: {teams: opposite}\nscoring: {teams: shared, revoke_penalty: null}\n"
        "game: {winner: highest, ties: shared}",
        "teams-down": "players: {teams: opposite}\nscoring: {teams: shared}\n"
        "game: {start: 50, count: down, target: 0, winner: highest}",
    }
    euchre_variants = {
        "lone": "bidding: {alone: maker-and-defender}\nscoring: {tricks: [{side: makers, won: [5], alone: true, "
        "lone_defender: true, points: 4}, {side: defenders, won: [3, 4, 5], lone_defender: true, points: 4}]}",
        "no-stick": "bidding: {rounds: [{kind: order-up}, {kind: call, exclude_turned_down: false}]}",
        # a renege worth 4 in a deal played alone (referee.mechanisms.revoke_penalty's alone_points), to the other
        # side or charged to the offender's
        "lone-renege": "scoring: {revoke_penalty: {points: 2, alone_points: 4}}",
        "lone-renege-offender": "scoring: {revoke_penalty: {points: -2, to: offender, alone_points: -4}}",
        "call-only": "deal: {upcard: false}\nbidding: {rounds: [{kind: call}]}",
        "no-discard-up": "bidding: {dealer_discard: {may_discard_upcard: false}}",
        "call-first": "bidding: {rounds: [{kind: call, stick_the_dealer: true}]}",
        # Amsterdam's trump duties (referee.mechanisms.trumping)
        "amsterdam": "play: {trumping: {must_trump: unless-partner-winning, overtrump: true, "
        "undertrump: only-with-nothing-else}}",
        "overtrump-only": "play: {trumping: {overtrump: true}}",
        "upcard-trump": "bidding: null\ntrump: {kind: upcard, bowers: false}\n"
        "scoring: {tricks: null, teams: null, revoke_penalty: null, points: {H: 1}}\n"
        "players: {teams: none}",
    }
    bidding_variants = {
        "spades": {
            "side-max": "bidding: {rounds: [{kind: tricks, min: 1, max: 13, nil: true, side_max: 13}]}",
            "nil-contract": "scoring: {nil: {tricks: contract}}",
            "nil-ignored": "scoring: {nil: {tricks: ignored}}",
            "rotterdam": "play: {trumping: {must_trump: always, overtrump: true}}",
            "from-score": "scoring: {bags: {every: 10, points: -100, from_score: true}}",
            # an auction for trump first, then the usual bids from the dealer's left
            "auction": "trump: {kind: bid}\nbidding: {rounds: [{kind: contract, min: 7}, "
            "{kind: tricks, min: 1, max: 13, nil: true}]}",
        },
        "oh-hell": {
            "one-deal": "deal: {schedule: [max]}",
            "must-trump": "play: {trumping: {must_trump: always, overtrump: true}}",
            "last-trick": "scoring: {last_trick: {points: 1}}",
            "sweep": "scoring: {all_tricks: {points: 10}}",
            "remove": "deck: {remove: {'3': [2C]}}",
            "again": "deal: {schedule: [3, 1, 1, 3]}",
            "set-nothing": "scoring: {contract: {set_points: null}}",
            "auction": "deal: {upcard: false}\ntrump: {kind: bid}\n"
            "bidding: {rounds: [{kind: contract, min: 1}, {kind: tricks, starts: declarer, declarer_min: true}]}",
        },
        "whist": {
            "solo": "players: {teams: none}\nscoring: {teams: individual}",
            # Skat's jacks above whatever suit is trump (referee.mechanisms.promoted)
            "jacks": "trump: {promoted: {cards: [JC, JS, JH, JD]}}",
            # an auction of contracts for partners, the contract the only bid
            "contract": "trump: {kind: bid}\nbidding: {rounds: [{kind: contract, min: 7, no_trump: true}]}\n"
            "play: {opening_lead: {by: left-of-declarer}}\n"
            "scoring: {book: null, contract: {made_points: {per_bid: 10}, set_points: {per_bid: -10}}}",
            # Israeli Whist's two phases: the auction, then trick bids from the declarer
            "two-phases": "players: {teams: none}\ntrump: {kind: bid}\n"
            "bidding: {rounds: [{kind: contract, min: 5, no_trump: true}, "
            "{kind: tricks, starts: declarer, declarer_min: true, hook: true}]}\n"
            "play: {opening_lead: {by: declarer}}\n"
            "scoring: {teams: individual, book: null, contract: {made: exactly}}",
        },
        "black-maria": {
            # Skat's Reizen as the bidding (referee.auction.Ladder): a declarer, no trump chosen
            "ladder": "players: {counts: [3], default: 3}\n"
            "bidding: {rounds: [{kind: ladder, values: [18, 20, 22, 23, 24, 27, 30]}]}",
        },
        "cutthroat-spades": {
            "nil-ignored": "scoring: {nil: {tricks: ignored}}",
            "contract": "trump: {kind: bid}\nbidding: {rounds: [{kind: contract, min: 4}]}\n"
            "play: {opening_lead: {by: declarer}}",
        },
        "euchre": {
            "no-trump": "bidding: {rounds: [{kind: order-up}, {kind: call, stick_the_dealer: true, no_trump: true}]}"
        },
        "klaverjassen": {
            # the club way: the player left of the dealer first, and forced when all four pass
            "voorhand": "bidding: {rounds: [{kind: call, exclude_turned_down: false}, "
            "{kind: call, exclude_turned_down: false, first_must_call: true}]}",
            # Utrechts ("verplicht spelen"): the player left of the dealer always names trump
            "utrechts": "bidding: {rounds: [{kind: call, exclude_turned_down: false, first_must_call: true}]}",
            "half": "scoring: {card_contract: {makers_need: half}}",
        },
        "doppelkopf": {
            # sides by the queens of clubs without the party game's names or announcements (and so the revoke's
            # fine without its steps or a decided game)
            "plain-sides": "play: {announcements: null}\nscoring: {party_game: null, "
            "revoke_penalty: {fine_per_step: null, fine_decided: null}}",
            # a solo of a fixed trump suit, whose soloist does not lead
            "solo-hearts": "trump: {contracts: {leads: left-of-dealer, kinds: [{id: suit, suit: H}]}}",
            # nobody names a solo: the cards are thrown in (referee.mechanisms.contracts, unnamed); every solo
            # voluntary, the first named played and led by its soloist
            "throw-in": "trump: {contracts: {unnamed: throw-in, compulsory: null}}",
            # no compulsory solo: the first solo named is played, its soloist leading
            "voluntary": "trump: {contracts: {compulsory: null}}",
            # the compulsory solo's options (referee.mechanisms.compulsory_solo): every deal counts, or the
            # soloist leads a voluntary solo too
            "compulsory-counts": "trump: {contracts: {compulsory: {round: 24, extra_deal: false}}}",
            "compulsory-led": "trump: {contracts: {compulsory: {round: 24, voluntary_leads: declarer}}}",
            "compulsory-both": "trump: {contracts: {compulsory: "
            "{round: 24, extra_deal: false, voluntary_leads: declarer}}}",
        },
        "skat": {
            # OpenSpiel's Skat: the game named first-come, the skat always taken up, all passing throws in
            "first-come": "deal: {talon: {size: 2, hand: false}}\nbidding: null\n"
            "trump: {contracts: {chosen: reservation, unnamed: throw-in, levels: []}}",
            # the same with the soloist leading: a soloist with no party named (no sides by a card)
            "first-come-leads": "deal: {talon: {size: 2, hand: false}}\nbidding: null\n"
            "trump: {contracts: {chosen: reservation, unnamed: throw-in, levels: [], leads: declarer}}",
            # the tournament list: 50 for a game won, 40 to each opponent for one lost
            "seeger-fabian": "scoring: {game_value: {list: seeger-fabian}}",
            # the skat dealt after the hands and always taken up; one suit game, grand and null ouvert alone;
            # a lost game three times over, and the tournament list
            "taken": "deal: {talon: {after_packet: null, hand: false}}\n"
            "trump: {contracts: {levels: null, kinds: [{id: clubs, trumps: [JC, JS, JH, JD], suit: C}, "
            "{id: grand, trumps: [JC, JS, JH, JD]}, "
            "{id: null-ouvert, trumps: [], order: ['7', '8', '9', T, J, Q, K, A], goal: no-tricks, open: true}]}}\n"
            "scoring: {game_value: {lost: 3, list: seeger-fabian}}\n"
            "bidding: {rounds: [{kind: ladder, values: [24, 36, 46, 48, 60, 72]}]}",
            # no skat: two cards stay out of play
            "no-talon": "deal: {talon: null}\ntrump: {contracts: {levels: null}}\n"
            "bidding: {rounds: [{kind: ladder, values: [18, 20, 22, 23, 24, 27, 30]}]}",
        },
    }
    paths = []
    for name, body in variants.items():
        path = tmp_path / f"v-{name}.yaml"
        path.write_text(f"id: v-{name}\nextends: hearts\n{body}\n", encoding="utf-8")
        paths.append(path)
    for base, bodies in bidding_variants.items():
        for name, body in bodies.items():
            path = tmp_path / f"b-{base}-{name}.yaml"
            path.write_text(f"id: b-{base}-{name}\nextends: {base}\n{body}\n", encoding="utf-8")
            paths.append(path)
    classic = tmp_path / "c-right-for-five.yaml"
    classic.write_text(
        "id: c-right-for-five\nextends: hearts-classic\npassing: {cycle_by_players: {'5': [right]}}\n", encoding="utf-8"
    )
    paths.append(classic)
    for name, body in euchre_variants.items():
        path = tmp_path / f"e-{name}.yaml"
        path.write_text(f"id: e-{name}\nextends: euchre\n{body}\n", encoding="utf-8")
        paths.append(path)
    paths += [write_pack(tmp_path, TRESSETTE), write_pack(tmp_path, DOUBLE)]
    for name, body in ITALIAN_VARIANTS.items():
        path = tmp_path / f"t-tressette-{name}.yaml"
        path.write_text(f"id: t-tressette-{name}\nextends: t-tressette.yaml\n{body}\n", encoding="utf-8")
        paths.append(path)
    return paths


def nested(items: list[cl.Clause]) -> list[cl.Clause]:
    """Clauses and the phrases inside them (the parts of a list parameter)."""
    out = []
    for item in items:
        out.append(item)
        for _, value in item.params:
            if isinstance(value, cl.Parts):
                out += nested([v for v in value.items if isinstance(v, cl.Clause)])
    return out


def test_every_clause_kind_has_exactly_one_phrase_in_every_language(tmp_path: Path, langs: dict) -> None:
    refs = [*bundled_ids(), *variant_rulesets(tmp_path)]
    kinds: set[str] = set()
    for ref in refs:
        rules = load_ruleset(ref)
        found = [c for s in cl.sections(rules) for c in s.clauses]
        found += cl.trick_table_rows(rules) + cl.trick_table_points(rules)
        found += [line for ex in examples(rules) for line in ex.lines]  # worked examples' sentences too
        # the quick reference's shorter sentences for some of them (rp.QUICKREF_SHORT)
        found += [replace(c, kind=rp.QUICKREF_SHORT[c.kind]) for c in found if c.kind in rp.QUICKREF_SHORT]
        for item in nested(found):
            assert item.kind in PHRASES, f"{rules.id}: clause kind {item.kind!r} has no phrase"
            kinds.add(item.kind)
            for lang in langs.values():
                sentence = render(lang, item)
                assert sentence and "%(" not in sentence, (lang.code, item.kind, sentence)
    # Every phrase is reachable from some ruleset: no dead messages.
    assert set(PHRASES) - kinds == set()


def test_each_rule_of_play_is_stated_by_the_clause_its_component_names(tmp_path: Path) -> None:
    """The page states the rules of play the engine compiled, each by its component's clause kind."""
    from referee.playing import OpeningLead

    kinds: set[str] = set()
    for ref in [*bundled_ids(), *variant_rulesets(tmp_path)]:
        rules = load_ruleset(ref)
        setup = rules.setup(rules.default_players, rules.trump_suit)
        stated = [c.kind for c in cl.play(rules)]
        for rule in [*setup.lead, *setup.follow]:  # the kind, or one of its family (play.lead-card-suit)
            assert any(k == rule.clause or k.startswith(rule.clause + "-") for k in stated), (rules.id, rule.clause)
            kinds.add(rule.clause)
        if not any(isinstance(rule, OpeningLead) for rule in setup.lead):
            # a seat opens, with any card (the dealer's left named Vorhand where the bidding names the seats, the
            # soloist where a compulsory solo is played: the kind's variants, play.lead-left-of-dealer.forehand)
            assert ".".join(stated[0].split(".")[:2]) == f"play.lead-{rules.opening_by}"
    assert kinds == set(cl.PLAY_CLAUSES)  # every kind of rule is compiled somewhere, and has its sentences


def test_every_variant_gets_its_pages_in_five_languages(tmp_path: Path) -> None:
    """A house rule of any mechanism builds, examples and all, in every language, with nothing left untranslated."""
    rulesets = [load_ruleset(p) for p in variant_rulesets(tmp_path)]
    pages = Builder(rulesets, LANGUAGES, "").pages()
    for rules in rulesets:
        for lang in LANGUAGES:
            page = next(p for p in pages if p.path == f"{lang}/{rules.id}.html")
            text = page.content.decode("utf-8")
            assert "%(" not in text and "<section" in text, (lang, rules.id)


def test_a_card_scored_at_its_face_value_is_stated_with_that_value(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("id: r\nextends: hearts\nscoring: {points: {QS: face}}\n", encoding="utf-8")
    rules = load_ruleset(path)
    assert rules.layout(4).points[rules.deck.index["QS"]] == 12
    stated = cl.clause("score.card", card=cl.cards(rules, ("QS",), "named"), points=cl.Points(12, penalty=True))
    assert stated in cl.scoring(rules)


def test_every_schema_enum_value_is_exercised(tmp_path: Path) -> None:
    """Each enumerated option of the schema appears in a bundled ruleset or a test variant."""
    docs = []
    for ref in [*bundled_ids(), *variant_rulesets(tmp_path)]:
        docs.append(json.dumps(with_defaults(load_ruleset(ref).doc.data)))
    seen = "\n".join(docs)
    enums: list[tuple[str, str]] = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            # An option may also be null (the merge rule's "remove": its default applies).
            if "enum" in node and all(isinstance(v, str) or v is None for v in node["enum"]):
                enums.extend((where, v) for v in node["enum"] if v is not None)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for item in node:
                walk(item, where)

    walk(schema(), "")
    skipped = {"family", "rank", "suit", "direction"}  # data, not options
    missing = [(w, v) for w, v in enums if not any(part in skipped for part in w.split("/")) and f'"{v}"' not in seen]
    assert missing == []


# -- catalogs --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete_and_passes_babel_checkers(lang: str) -> None:
    path = locales_dir() / lang / "LC_MESSAGES" / "trickbook.po"
    assert check_catalog(path, lang) == []


def test_hebrew_has_three_plural_forms(langs: dict) -> None:
    """One, two (the dual) and many: the catalog header and the compiled rule agree."""
    text = (locales_dir() / "he/LC_MESSAGES/trickbook.po").read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"' in text
    he = langs["he"]
    assert [he.translations.plural(n) for n in (1, 2, 3, 10, 0)] == [0, 1, 2, 2, 2]
    # Every plural message has its three forms filled.
    from wording.i18n import read_catalog

    catalog = read_catalog(locales_dir() / "he/LC_MESSAGES/trickbook.po", "he")
    plurals = [m for m in catalog if m.id and isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == 3 and all(m.string) for m in plurals)


def test_a_broken_placeholder_fails_the_build_naming_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "locales"
    shutil.copytree(locales_dir(), folder)
    po = folder / "de/LC_MESSAGES/trickbook.po"
    text = po.read_text(encoding="utf-8")
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("msgstr") and "%(cards)s" in line)
    lines[index] = lines[index].replace("%(cards)s", "%(karten)s")
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        load_lang("de", folder)
    message = str(caught.value)
    assert re.search(r"de/LC_MESSAGES/trickbook\.po:\d+: ", message), message
    assert "karten" in message


# -- pages -----------------------------------------------------------------------


def test_site_structure(site: Path) -> None:
    assert (site / "index.html").is_file() and (site / "sitemap.xml").is_file() and (site / "style.css").is_file()
    for lang in LANGUAGES:
        for rid in bundled_ids():
            assert (site / lang / f"{rid}.html").is_file()
        assert (site / lang / "index.html").is_file() and (site / lang / "compare.html").is_file()
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert sitemap.count("<url>") == len(LANGUAGES) * (len(bundled_ids()) + 2) + 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_declares_language_direction_and_alternates(site: Path, lang: str, langs: dict) -> None:
    direction = "rtl" if lang == "he" else "ltr"
    for page in (site / lang).glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}" dir="{direction}">' in text, page
        for other in LANGUAGES:
            assert f'<link rel="alternate" hreflang="{other}" href="../{other}/{page.name}">' in text
            assert f'hreflang="{other}" lang="{other}"' in text  # the visible switcher
        assert f'<link rel="alternate" hreflang="x-default" href="../en/{page.name}">' in text
        # No external resources: every src and href is relative.
        assert not re.search(r'(src|href)="(https?:)?//', text), page


def test_index_lists_rulesets_with_player_counts_and_family(site: Path, langs: dict) -> None:
    de = (site / "de/index.html").read_text(encoding="utf-8")
    for rid in bundled_ids():
        assert f'href="{rid}.html"' in de
    assert "3–7 Spieler" in visible_text(de)  # in each ruleset's label


def test_compare_page_has_a_row_per_ruleset(site: Path) -> None:
    text = (site / "it/compare.html").read_text(encoding="utf-8")
    assert text.count('<th scope="row">') == len(bundled_ids())


@pytest.mark.parametrize(
    ("lang", "queen", "two_clubs"),
    [("en", "Queen of spades", "Two of clubs"), ("de", "Pik-Dame", "Kreuz-Zwei")],
)
def test_cards_have_localised_accessible_names(site: Path, lang: str, queen: str, two_clubs: str) -> None:
    text = (site / lang / "hearts.html").read_text(encoding="utf-8")
    assert 'role="img"' in text
    labels = re.findall(r'aria-label="([^"]+)"', text)
    assert any(label.startswith(two_clubs) for label in labels), labels
    # Every card shows its suit symbol as well as its colour.
    for card in re.findall(r'<span class="card suit-(.)[^"]*"[^>]*>(.*?)</span></span>', text):
        assert any(sym in card[1] for sym in "♣♦♥♠")


def test_euchre_example_shows_both_bowers_first(site: Path) -> None:
    text = (site / "en/euchre.html").read_text(encoding="utf-8")
    example = text.split("When hearts are trumps, the trumps rank from high to low")[1].split("</figure>")[0]
    order = re.findall(r'aria-label="([^"(]+?)"', example)
    assert order[:3] == ["Jack of hearts", "Jack of diamonds", "Ace of hearts"]


def test_hearts_examples_show_the_first_trick_and_unbroken_hearts(site: Path) -> None:
    text = visible_text((site / "en/hearts.html").read_text(encoding="utf-8"))
    assert "The first trick:" in text
    assert "hearts are not broken yet" in text
    raw = (site / "en/hearts.html").read_text(encoding="utf-8")
    legal = re.findall(r'class="card suit-(.) legal"', raw.split("hearts are not broken yet")[1].split("</figure>")[0])
    assert legal and "h" not in legal  # the marked leads are never hearts


BIDDING_RULESETS = ("spades", "spades-blind-nil", "spades-no-nil", "cutthroat-spades", "oh-hell", "boerenbridge")


@pytest.mark.parametrize("rid", BIDDING_RULESETS)
def test_bidding_examples_are_the_engines_deal(rid: str) -> None:
    """The bids are the deal's, from the dealer's left; every score shown is one of deal.results."""
    rules = load_ruleset(rid)
    spec = rules.trick_round
    found = bid_deal(rules)
    assert found is not None and spec is not None
    deal = found.deal
    order = [seat for seat, _ in found.order]
    assert order == [(deal.dealer + 1 + i) % deal.players for i in range(deal.players)]
    assert [word for _, word in found.order] == [deal.bid(seat) for seat in order]
    lines = scoring_example(rules, found).lines
    kinds = {line.kind for line in lines}
    assert {"example.made", "example.missed"} <= kinds  # a bid made and a bid missed
    if spec.nil:
        assert "example.nil" in kinds
    results = {(r.bid, r.tricks, r.made, r.contract) for r in deal.results}
    for line in lines:
        params = dict(line.params)
        if line.kind in ("example.made", "example.missed"):
            shown = (params["bid"].value, params["tricks"].value, line.kind == "example.made", params["points"].value)
            assert shown in results, (shown, deal.results)
        if line.kind == "example.nil":
            assert params["points"].value in {r.nil for r in deal.results}
        if line.kind == "example.total":
            assert params["points"].value in deal.points()
    if hook_mechanism.binds(rules):
        assert found.forbidden >= 0  # the dealer may not make the bids add up
        hook = next(line for line in bidding_example(rules, found).lines if line.kind == "example.hook")
        assert dict(hook.params)["bid"].value == found.forbidden


def test_oh_hell_page_gives_the_schedule_for_each_player_count(site: Path, langs: dict) -> None:
    text = visible_text((site / "en/oh-hell.html").read_text(encoding="utf-8"))
    assert (
        "With 4 players, the first deal gives each player 1 card, then one card more each deal, up to 12 and "
        "then one card fewer each deal, down to 1: 23 deals in all." in text
    )
    assert "With 7 players" in text and "13 deals in all" in text
    assert "The game ends after the last deal of this sequence of hand sizes." in text
    he = visible_text((site / "he/boerenbridge.html").read_text(encoding="utf-8"))
    assert "19 סיבובים בסך הכול" in he


def test_hebrew_spells_out_one(site: Path) -> None:
    """ "נקודה אחת", not "1 נקודה": a singular form never shows the digit."""
    for page in (site / "he").glob("*.html"):
        text = visible_text(page.read_text(encoding="utf-8"))
        assert not re.search(r"(?<![\d.,\-])1 (נקודה|קלף|לקיחה|סיבוב)(?!\w)", text), page.name


def test_build_is_deterministic(site: Path, tmp_path: Path) -> None:
    # The module's site (built first, its figures simulated or cached) and a build of its own: the same bytes.
    second = {p.path: p.content for p in build(None, tmp_path / "b")}
    first = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert first == set(second)
    for path, content in second.items():
        assert (site / path).read_bytes() == content == (tmp_path / "b" / path).read_bytes()


def test_ruleset_text_is_autoescaped(tmp_path: Path) -> None:
    rule = tmp_path / "x.yaml"
    rule.write_text('id: x\nextends: hearts\ntitle: "<script>alert(1)</script>"\nsource: "a & b"\n', encoding="utf-8")
    pages = Builder([load_ruleset(rule)], ["en"]).pages()
    page = next(p for p in pages if p.path == "en/x.html").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "a &amp; b" in page


def test_no_output_path_escapes_the_output_folder(tmp_path: Path) -> None:
    with pytest.raises(SiteError):
        write([Page("../escape.html", b"x")], tmp_path / "out")
    assert not (tmp_path / "escape.html").exists()
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: ../../etc\nextends: hearts\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["site", str(bad), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "$.id" in result.output


HOUSE_RULE = """\
id: hearts-jack-four
extends: hearts
passing:
  count: 4
scoring:
  points:
    JD: -10
"""


def test_house_rule_gets_complete_pages_in_five_languages(tmp_path: Path, langs: dict) -> None:
    rule = tmp_path / "house.yaml"
    rule.write_text(HOUSE_RULE, encoding="utf-8")
    pages = {p.path: p.content.decode() for p in build([rule], tmp_path / "out")}
    english_sentences = set()
    for code, lang in langs.items():
        page = visible_text(pages[f"{code}/hearts-jack-four.html"])
        passes = render(lang, cl.clause("passing.count", 4, cards=cl.Number(4, "count")))
        jack = render(lang, cl.clause("score.card-bonus", card=cl.Cards(("JD",), "a"), points=cl.Points(10, True)))
        assert passes in page, (code, passes)
        assert jack in page, (code, jack)
        assert page.count(jack) >= 2  # in the scoring and in "compared with Hearts"
        if code == "en":
            english_sentences = {s for s in re.split(r"(?<=[.:;])\s+", page) if len(s.split()) >= 4}
    assert len(english_sentences) > 30
    for code in LANGUAGES[1:]:
        page = visible_text(pages[f"{code}/hearts-jack-four.html"])
        leaked = [s for s in english_sentences if s in page]
        assert leaked == [], (code, leaked)


# What the pages of the test-only decks must say, in each language's own words.
OTHER_PACK_FACTS = {
    "en": {
        "t-tressette": [
            "Italian pack of 40 cards: ace, two, three, four, five, six, seven, jack, knight, and king in each of the "
            "suits cups, coins, swords, and batons.",
            "from high to low, they rank three, two, ace, king, knight, jack, seven, six, five, and four.",
            "the cards taken in tricks count three 1, two 1, ace 3, king 1, knight 1, and jack 1; the others nothing.",
            "A deal hands out 32 points in all.",
        ],
        "t-tressette-trump": [
            "Batons are always trumps.",
            "In the trump suit the cards rank in another order, from high to low: ace, three, two, king,",
        ],
        "t-double": [
            "It is played with 48 cards, 2 identical sets of 24: ace, ten, king, queen, jack, and nine in each of 4 "
            "suits, so that each card is there 2 times. Of two equal cards in a trick, the one played first wins.",
            "they rank ace, ten, king, queen, jack, and nine.",
            "the cards taken in tricks count ace 11, ten 10, king 4, queen 3, jack 2, and nine 0.",
        ],
    },
    "de": {
        "t-tressette": [
            "italienischen Blatt aus 40 Karten: Ass, Zwei, Drei, Vier, Fünf, Sechs, Sieben, Bube, Reiter und König in "
            "jeder der Farben Becher, Münzen, Schwerter und Keulen.",
            "von oben nach unten: Drei, Zwei, Ass, König, Reiter, Bube, Sieben, Sechs, Fünf und Vier.",
            "Nach dem letzten Stich wird gezählt: Drei 1, Zwei 1, Ass 3, König 1, Reiter 1 und Bube 1; "
            "die übrigen Karten zählen nichts.",
        ],
        "t-tressette-trump": ["Keulen ist immer Trumpf.", "In der Trumpffarbe gilt eine andere Rangfolge"],
        "t-double": ["das sind zwei gleiche Sätze zu je 24", "Jede Karte kommt also zweimal vor"],
    },
    "nl": {
        "t-tressette": [
            "Italiaans kaartspel van 40 kaarten: aas, twee, drie, vier, vijf, zes, zeven, boer, ruiter en heer in elk "
            "van de kleuren bekers, munten, zwaarden en staven.",
            "van hoog naar laag: drie, twee, aas, heer, ruiter, boer, zeven, zes, vijf en vier.",
            "gewonnen slagen: drie 1, twee 1, aas 3, heer 1, ruiter 1 en boer 1; de andere niets.",
        ],
        "t-tressette-trump": ["Staven is altijd troef.", "In de troefkleur is de rangorde anders"],
        "t-double": [
            "twee gelijke sets van 24",
            "zodat elke kaart twee keer voorkomt",
            "aas, tien, heer, vrouw, boer en negen",
        ],
    },
    "it": {
        "t-tressette": [
            "mazzo di carte italiane da 40 carte: asso, due, tre, quattro, cinque, sei, sette, fante, cavallo e re in "
            "ciascuno dei semi (le coppe, i denari, le spade e i bastoni).",
            "tre, due, asso, re, cavallo, fante, sette, sei, cinque e quattro.",
            "le carte prese, che valgono: tre 1, due 1, asso 3, re 1, cavallo 1 e fante 1; le altre niente.",
        ],
        "t-tressette-trump": ["I bastoni sono sempre briscola.", "Nel seme di briscola l’ordine è diverso"],
        "t-double": [
            "due mazzi uguali da 24",
            "asso 11, dieci 10, re 4, donna 3, fante 2 e nove 0.",
        ],
    },
    "he": {
        "t-tressette": [
            "משחקים בחפיסה איטלקית של 40 קלפים: אס, שתיים, שלוש, ארבע, חמש, שש, שבע, נסיך, פרש ומלך בכל אחת "
            "מהסדרות גביעים, מטבעות, חרבות ומקלות.",
            "שלוש, שתיים, אס, מלך, פרש, נסיך, שבע, שש, חמש וארבע.",
            "שלוש 1, שתיים 1, אס 3, מלך 1, פרש 1 ונסיך 1; השאר אינם שווים דבר.",
        ],
        "t-tressette-trump": ["השליט קבוע: מקלות.", "בסדרת השליט סדר הקלפים שונה"],
        "t-double": ["שני סטים זהים של 24", "כך שכל קלף מופיע פעמיים"],  # Hebrew's dual, spelled out
    },
}


# An Italian card on a page: suit class, accessible name (and its mark), the rank and suit shown.
ITALIAN_CARD = re.compile(
    r'<span class="card italian suit-(.)[^"]*" role="img" aria-label="([^"(]+?)(?: \([^"]*\))?">'
    r'<span class="rank" aria-hidden="true">([^<]+)</span><span class="pip" aria-hidden="true">([^<]+)</span>'
)


def test_other_packs_get_complete_pages_in_five_languages(tmp_path: Path, langs: dict) -> None:
    """An Italian pack, its own rank order, a trump order and points per rank, and a double deck: every language."""
    refs = [p for p in variant_rulesets(tmp_path) if p.stem in ("t-tressette", "t-tressette-trump", "t-double")]
    pages = {p.path: p.content.decode() for p in build(refs, tmp_path / "out")}
    italian = make_deck("italian")
    english_sentences: set[str] = set()
    for code, lang in langs.items():
        for rid, facts in OTHER_PACK_FACTS[code].items():
            page = visible_text(pages[f"{code}/{rid}.html"])
            for fact in facts:
                assert fact in page, (code, rid, fact)
            if code == "en":
                english_sentences |= {s for s in re.split(r"(?<=[.:;])\s+", page) if len(s.split()) >= 4}
        # The worked example's cards are Italian cards, named and shown in the page's language.
        raw = pages[f"{code}/t-tressette.html"]
        names = {card_name(lang, c, italian): c for c in italian.codes}
        shown = ITALIAN_CARD.findall(raw)
        assert len(shown) >= 10, raw
        for suit, label, rank, pip in shown:
            assert label in names, (code, label)
            card = names[label]
            assert card[-1].lower() == suit and (rank, pip) == card_face(lang, card, italian)
            assert not set(pip) & set("♣♦♥♠")
    assert len(english_sentences) > 40
    for code in LANGUAGES[1:]:
        for rid in OTHER_PACK_FACTS["en"]:
            page = visible_text(pages[f"{code}/{rid}.html"])
            leaked = [s for s in english_sentences if s in page]
            assert leaked == [], (code, rid, leaked)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Ace of coins", "Knight of batons", "the jack of swords", "Kn", "batons"]),
        ("de", ["Münzen-Ass", "Keulen-Reiter", "der Schwerter-Bube", "R", "Keulen"]),
        ("nl", ["aas van munten", "ruiter van staven", "de boer van zwaarden", "R", "staven"]),
        ("it", ["Asso di denari", "Cavallo di bastoni", "il fante di spade", "C", "bastoni"]),
        ("he", ["אס מטבעות", "פרש מקלות", "נסיך החרבות", "פרש", "מקלות"]),
    ],
)
def test_italian_cards_are_named_in_every_language(langs: dict, lang: str, names: list[str]) -> None:
    """Italian codes name Italian cards (``AD`` the asso di denari, not the ace of diamonds); French ones stay."""
    l10n = langs[lang]
    italian = make_deck("italian")
    assert [
        card_name(l10n, "AD", italian),
        card_name(l10n, "CB", "italian"),
        card_the(l10n, "FS", italian),
        *card_face(l10n, "CB", italian),
    ] == names
    assert card_name(l10n, "AD") == card_name(l10n, "AD", "french") != names[0]  # the French ace of diamonds
    assert card_face(l10n, "TH") == ("10", "♥")


# A house rule whose sentences put a king and a jack in the object position: taken out of the pack, kept
# out of the first trick.
OBJECT_CARDS = """\
id: kings-out
extends: hearts
title: Kings out
players: {counts: [3, 4], default: 4}
deck: {remove: {"3": [KS, JD, 2C, 2D]}}
passing: {cycle_by_players: {"3": [left, right]}}
play:
  first_trick: {forbid: [D, KS]}
scoring: {points: {KC: 5}}
"""


def test_a_card_in_the_object_position_takes_the_accusative(tmp_path: Path, langs: dict) -> None:
    """German declines a card that is the object of its sentence ("den Pik-König", "den Karo-Buben")."""
    rule = tmp_path / "kings.yaml"
    rule.write_text(OBJECT_CARDS, encoding="utf-8")
    pages = {p.path: p.content.decode() for p in build([rule], tmp_path / "out")}
    german = visible_text(pages["de/kings-out.html"])
    assert (
        "Bei 3 Spielern nimmt man vor dem Geben die Kreuz-Zwei, die Karo-Zwei, den Karo-Buben und den Pik-König aus "
        "dem Blatt" in german
    )
    assert "Im ersten Stich darf niemand eine Karokarte oder den Pik-König spielen" in german
    assert "Wer den Kreuz-König, alle Herzkarten und die Pik-Dame bekommt" in german  # the moon's cards
    assert "Der Kreuz-König zählt 5 Strafpunkte." in german  # the subject keeps the nominative
    assert not re.search(r"(nimmt man|Wer|niemand|bekommt) (vor dem Geben )?der (Pik|Karo|Kreuz|Herz)-", german)
    # The same two sets, message by message, in a sentence of each kind.
    for code, lang in langs.items():
        removed = cl.clause("deal.remove-only", 3, players=cl.Number(3), cards=cl.Cards(("KS",), "a"))
        opening = cl.clause("play.lead-card", card=cl.Cards(("JD",), "a"))
        subject = cl.clause("score.card", card=cl.Cards(("KS",), "a"), points=cl.Points(5))
        assert card_the(lang, "KS", case="accusative") in render(lang, removed), code
        assert card_the(lang, "JD", case="accusative") in render(lang, opening), code
        assert card_the(lang, "KS")[1:] in render(lang, subject), code
    assert render(langs["de"], cl.clause("play.lead-card", card=cl.Cards(("JD",), "a"))) == (
        "Wer den Karo-Buben hat, eröffnet damit den ersten Stich."
    )
    de = langs["de"]
    assert [card_the(de, c, case="accusative") for c in ("KS", "JD", "QS", "AH", "2C")] == [
        "den Pik-König",
        "den Karo-Buben",
        "die Pik-Dame",
        "das Herz-Ass",
        "die Kreuz-Zwei",
    ]
    assert card_the(de, "CB", "italian", "accusative") == "den Keulen-Reiter"
    for code in ("en", "nl", "it", "he"):  # languages without the case name the card alike either way
        lang = langs[code]
        assert all(card_the(lang, c, case="accusative") == card_the(lang, c) for c in ("KS", "JD", "2C")), code


def test_a_seat_inside_a_sentence_takes_its_article_in_italian(site: Path) -> None:
    """Italian writes "il giocatore 2" in a sentence, "al giocatore 2" after "a", and "Giocatore 2" as a label."""
    text = visible_text(page(site, "it", "hearts"))
    assert re.search(r"Il giocatore \d passa al giocatore \d:", text)
    assert re.search(r"Presa 1: il giocatore \d ha il due di fiori e deve uscire con quella carta\.", text)
    assert re.search(r"Presa 2: esce il giocatore \d\.", text)
    assert re.search(r"Il giocatore \d prende con", text)
    assert "Giocatore 1 Giocatore 2" not in text and re.search(r"Giocatore \d \d+ \d+", text)  # the score table
    assert not re.search(r"(?<![Ii]l )(?<!al )(?<!\| )\b(apre|vince|passa a|prende) Giocatore \d", text)
    euchre = visible_text(page(site, "it", "euchre"))
    assert "I chiamanti sono il giocatore" in euchre and "attaccant" not in euchre
    assert "al giocatore 2" not in visible_text(page(site, "de", "hearts"))
    for lang, passes in (("de", "Spieler 1 gibt an Spieler 2 weiter:"), ("he", "שחקן 1 מעביר לשחקן 2:")):
        assert passes in visible_text(page(site, lang, "hearts")), lang


def test_italian_names_a_card_face_with_its_article_and_hebrew_marks_each_object(site: Path) -> None:
    """A card face in an Italian sentence takes the article its rank takes ("prende con il 6♣", "scarta l’A♥",
    "la D♠"), none after a label's colon; Hebrew puts את before each definite card or suit of a list of objects."""
    italian = visible_text(page(site, "it", "hearts")) + visible_text(page(site, "it", "skat"))
    # a face (a figure or a court letter), not a rule's "chi non può rispondere scarta una carta qualsiasi"
    said = re.findall(r"(?:prende con|scarta|taglia con) (\S+) ((?:\d|[A-Z])\S*)", italian)
    assert said, "no card named in the Italian worked deals"
    for article, face in said:  # the face: rank then suit symbol (the tile's two spans)
        expected = "l’" if face[:1] in "8A" else "la" if face[:1] == "D" else "il"
        assert article == expected or (expected == "l’" and article.startswith("l’")), (article, face)
    assert not re.search(r"(?:prende con|scarta) (?:10|[2-9FDRA]) [♣♦♥♠]", italian)
    assert "Carta scoperta: il" not in visible_text(page(site, "it", "euchre"))
    hebrew = visible_text(page(site, "he", "hearts"))
    assert "את כל הלבבות ואת מלכת העלה" in hebrew
    assert "קלף לב או את מלכת העלה" in hebrew  # an indefinite item takes no marker, the definite one does
    assert "את את" not in hebrew + visible_text(page(site, "he", "skat"))


@pytest.mark.parametrize("lang", ["de", "nl", "it"])
def test_shares_are_written_with_the_languages_decimal_comma(site: Path, lang: str) -> None:
    """The figures' percentages follow the locale (Babel): German "49,6 %", Dutch and Italian "49,6%", never "49.6%"."""
    text = visible_text(page(site, lang, "hearts")) + visible_text(page(site, lang, "euchre"))
    assert re.search(r"\d,\d\s?%", text) and not re.search(r"\d\.\d\s?%", text)


def test_examples_sort_a_hand_trumps_first_then_the_suits_as_the_game_ranks_them(site: Path) -> None:
    """Doppelkopf's first-trick example shows the hand as German players hold it: the trumps in their order,
    then clubs, spades, hearts (diamonds are trumps), the order of the game's queens."""
    rules = load_ruleset("doppelkopf")
    ex = next(e for e in examples(rules) if e.kind == "first-trick")
    ddv = ["TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"]  # the trumps, highest first
    trumps = [c for c in dict.fromkeys(ddv) for _ in range(ex.hand.count(c))]
    assert trumps and list(ex.hand[: len(trumps)]) == trumps
    plain_suits = list(dict.fromkeys(c[-1] for c in ex.hand[len(trumps) :]))
    assert plain_suits == [s for s in "CSH" if s in plain_suits]


@pytest.mark.parametrize(
    ("lang", "calques"),
    [
        ("nl", ["maan schieten", "maan geschoten", "maanschieter", "schutter", "kleurtoon", "kleurtonen"]),
        ("he", ["ירי לירח", "ירה לירח", "היורה", "ליורה", "הרטניאחן", "לבבות הפוך", "לבבות מקורי"]),
        ("it", ["attaccant"]),
        ("de", ["Deck", "Stapel", "in dessen Hand"]),
    ],
)
def test_terms_the_communities_do_not_use_are_gone(site: Path, lang: str, calques: list[str]) -> None:
    """Calques and unreadable names a native reader flagged appear on no page of the language (glossary.md)."""
    folder = site / lang
    for path in sorted(folder.glob("*.html")):
        text = visible_text(path.read_text(encoding="utf-8"))
        found = [c for c in calques if c in text]
        assert found == [], (path.name, found)
    catalog = (locales_dir() / lang / "LC_MESSAGES" / "trickbook.po").read_text(encoding="utf-8")
    strings = "\n".join(re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', catalog, flags=re.M))
    assert [c for c in calques if c in strings] == []  # nor in the kiosk's and the club's messages


def test_dutch_hearts_counts_penalty_points(site: Path) -> None:
    """Dutch players call Hearts' points strafpunten; Whist's points stay punten."""
    hearts = visible_text(page(site, "nl", "hearts"))
    assert "De schoppenvrouw telt voor 13 strafpunten." in hearts
    assert "zo weinig mogelijk strafpunten" in hearts
    assert "‘shoot the moon’" in hearts
    assert "strafpunt" not in visible_text(page(site, "nl", "whist"))


def test_site_command(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["site", "hearts", "--out", str(tmp_path / "s"), "--lang", "he", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s/he/hearts.html").is_file() and not (tmp_path / "s/de").exists()
    broken = tmp_path / "b.yaml"
    broken.write_text("id: b\nextends: hearts\npasing: 4\n", encoding="utf-8")
    result = runner.invoke(main, ["site", str(broken), "--out", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert "b.yaml:3:1: $.pasing: unknown key 'pasing'" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "t").exists()  # nothing written when anything fails


def test_the_first_build_says_it_is_simulating_and_a_cached_one_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKBOOK_CACHE", str(tmp_path / "cache"))
    args = ["site", "hearts", "--lang", "en", "--games", "20", "--jobs", "1"]
    first = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "a")])
    assert first.exit_code == 0, first.output
    assert "simulating the figures' games" in first.stderr
    again = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "b")])
    assert again.exit_code == 0 and "simulating" not in again.stderr  # read from the cache: nothing to wait for


def test_site_takes_a_folder_of_rulesets_as_validate_does(tmp_path: Path) -> None:
    runner = CliRunner()
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "a.yaml").write_text("id: mine-a\nextends: hearts\npassing:\n  count: 2\n", encoding="utf-8")
    (rules / "b.yml").write_text("id: mine-b\nextends: spades\n", encoding="utf-8")
    out = tmp_path / "s"
    result = runner.invoke(main, ["site", str(rules), "--out", str(out), "--lang", "en", "--games", "0"])
    assert result.exit_code == 0, result.output
    assert (out / "en/mine-a.html").is_file() and (out / "en/mine-b.html").is_file()
    empty = tmp_path / "empty"
    empty.mkdir()
    result = runner.invoke(main, ["site", str(empty), "--out", str(tmp_path / "e")])
    assert result.exit_code == 2
    assert result.output.strip() == f"nothing to build in {empty}: it holds no .yaml or .yml file"
    assert not (tmp_path / "e").exists()


# -- golden pages ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rid", GOLDEN_RULESETS)
def test_golden_pages(site: Path, lang: str, rid: str) -> None:
    """Regenerate on purpose only: `make golden` (see tests/update_golden.py)."""
    golden = GOLDEN / lang / f"{rid}.html"
    assert golden.is_file(), f"missing {golden}: run `make golden`"
    assert (site / lang / f"{rid}.html").read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")


def test_an_output_folder_that_cannot_be_made_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = CliRunner().invoke(main, ["site", "hearts", "--games", "0", "--out", str(blocker / "site")])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"{blocker}: not a folder, so {blocker / 'site'} cannot be made; nothing was written"
    ]
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_broken_template_is_one_line_with_its_file_and_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A template edited by hand (the live preview watches them) that names nothing it is given."""
    import jinja2

    import generator

    templates = tmp_path / "templates"
    shutil.copytree(Path(generator.__file__).parent / "templates", templates)
    rule = templates / "rule.html"
    lines = rule.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(3, "{{ no_such_name.field }}\n")
    rule.write_text("".join(lines), encoding="utf-8")
    make_env = Builder._env

    def env_from_copy(self: Builder, lang: object) -> jinja2.Environment:
        env = make_env(self, lang)  # type: ignore[arg-type]
        env.loader = jinja2.FileSystemLoader(templates)
        return env

    monkeypatch.setattr(Builder, "_env", env_from_copy)
    result = CliRunner().invoke(main, ["site", "hearts", "--games", "0", "--lang", "en", "--out", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"{rule}:4: template error: 'no_such_name' is undefined"]
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    ("code", "label", "sentence", "to"),
    [
        ("en", "Players 1 and 3", "Players 1 and 3", "to Players 1 and 3"),
        ("it", "Giocatori 1 e 3", "i giocatori 1 e 3", "ai giocatori 1 e 3"),
        ("he", "שחקנים 1 ו־3", "שחקנים 1 ו־3", "לשחקנים 1 ו־3"),
    ],
)
def test_two_seats_are_named_once_with_both_numbers(code: str, label: str, sentence: str, to: str) -> None:
    """ "Players 1 and 3", not "Player 1 and Player 3"; one seat keeps its own form."""
    from generator.phrases import localise

    lang = load_lang(code)
    assert [localise(lang, cl.Seats((0, 2), form)) for form in ("label", "sentence", "to")] == [label, sentence, to]
    one = localise(lang, cl.Seats((1,), "label"))
    assert "2" in one and label.split()[0] not in one  # "Player 2": the singular
