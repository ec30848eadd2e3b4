"""The rule page's own parts: the opening, the contents and anchors, the values at a glance, the worked deal,
the quick reference; each made from the rules and the engine, for every ruleset and language."""

from __future__ import annotations

import html
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import test_site
from babel.messages.pofile import read_po
from test_site import variant_rulesets, visible_text

from generator import clauses as cl
from generator import rulepage as rp
from generator.site import QUICKREF, Builder
from generator.values import values
from generator.worked import Worked, features, play_worked, teaching, wanted, worked_deal
from referee import Game, Ruleset, load_ruleset
from referee.bots import choose
from referee.loader import bundled_ids
from referee.mechanisms import book, moon, roem
from referee.results import check_points
from wording.i18n import LANGUAGES, Lang, load_lang
from wording.names import card_name, seat_name


@pytest.fixture(scope="module")
def en() -> object:
    return load_lang("en")


site = test_site.site  # the whole bundled site, built once for this module (test_site's fixture)


def page(site: Path, lang: str, rid: str) -> str:
    return (site / lang / f"{rid}.html").read_text(encoding="utf-8")


def section(text: str, sid: str) -> str:
    """The HTML of one ``<section id=...>`` of a page."""
    return text.split(f'<section id="{sid}"', 1)[1].split("</section>", 1)[0]


# -- the opening and the contents ----------------------------------------------------------


def test_the_opening_says_the_family_the_partnerships_and_the_aim(site: Path) -> None:
    euchre = visible_text(page(site, "en", "euchre"))
    assert (
        "Euchre is a trick-taking game for 4 players in partnerships of two, partners sitting "
        "opposite each other. The side that chooses trump must win most of the tricks" in euchre
    )
    hearts = visible_text(page(site, "en", "hearts"))
    # a family's namesake is not "of the Hearts family" (readers: circular); a variant of it is
    assert "of the Hearts family" in visible_text(page(site, "en", "black-maria"))
    assert (
        "Hearts is a trick-taking game for 4 players, each playing for themselves. "
        "The aim is to take as few penalty points as possible, by avoiding tricks that hold penalty cards." in hearts
    )
    classic = visible_text(page(site, "en", "hearts-classic"))
    assert "for 3, 4, 5, 6, or 7 players, each playing for themselves" in classic
    # The title inside the sentence is isolated, so a Latin title stays whole in Hebrew.
    assert '<p class="intro"><bdi>' in page(site, "he", "hearts-bga")


def test_a_latin_name_in_a_hebrew_page_is_isolated_wherever_it_stands(site: Path) -> None:
    """ "הארטס (Board Game Arena)" keeps its Latin run whole in the title, the h1, the opening, the quick
    reference's heading and the source line, so a wrapped line cannot split its brackets from its words."""
    run = "\u2068(Board Game Arena)\u2069"
    text = page(site, "he", "hearts-bga")
    assert f"<title>הארטס {run} · Trickbook</title>" in text
    assert f"<h1>הארטס {run}</h1>" in text
    assert f'<p class="intro"><bdi>הארטס {run}</bdi>' in text
    assert "\u2068Board Game Arena\u2069" in text.split('<p class="source">', 1)[1]
    quickref = (site / "he" / QUICKREF.format(id="hearts-bga")).read_text(encoding="utf-8")
    assert f"<h1>הארטס {run}: דף עזר</h1>" in quickref
    # Left to right, a title without a run of the other direction is left as it is.
    assert "<h1>Hearts (Board Game Arena)</h1>" in page(site, "en", "hearts-bga")
    # A bid (a contract such as "7♥") is its own isolate in the bidding table.
    assert "<td><bdi>" in section(page(site, "he", "euchre"), "worked")


def test_the_opening_is_made_from_the_rules_not_the_ruleset(tmp_path: Path, en: object) -> None:
    """A house rule that turns Hearts into a partnership game gets the partnership opening."""
    path = tmp_path / "pairs.yaml"
    path.write_text("id: pairs\nextends: hearts\nplayers: {teams: opposite}\nscoring: {teams: shared}\n", "utf-8")
    text = str(rp.intro(en, load_ruleset(path)))  # type: ignore[arg-type]
    assert "in partnerships of two" in text and "The aim is for your side" in text


def test_contents_link_every_section_in_page_order(site: Path) -> None:
    for rid in ("hearts", "euchre", "spades", "hartenjagen"):
        text = page(site, "en", rid)
        toc = text.split('<nav class="toc"', 1)[1].split("</nav>", 1)[0]
        targets = re.findall(r'<a href="#([^"]+)">', toc)
        body = text.split("</nav>", 2)[-1]
        ids = re.findall(r'<section id="([^"]+)"', body)
        assert targets and all(t in ids for t in targets), (rid, targets, ids)
        assert targets == [i for i in ids if i in targets]  # in the page's order
        assert {"overview", "play", "scoring", "end", "worked"} <= set(targets)
        assert f'href="{QUICKREF.format(id=rid)}"' in toc


# -- anchors -----------------------------------------------------------------------------------


def test_every_rule_sentence_has_a_stable_unique_anchor(site: Path) -> None:
    for rid in bundled_ids():
        rules = load_ruleset(rid)
        kinds = [c.kind for s in cl.sections(rules) for c in s.clauses]
        for lang in ("en", "he"):
            text = page(site, lang, rid)
            ids = re.findall(r'\sid="([^"]+)"', text)
            assert len(ids) == len(set(ids)), (rid, lang, [i for i, n in Counter(ids).items() if n > 1])
            anchors = re.findall(r'<li id="(rule-[^"]+)"', text)
            # The aim is said once, in the opening paragraph, which keeps its anchor; the rest are list items,
            # but for the pointer to a table of values, which only the quick reference says.
            listed = [k for k in kinds if not k.startswith(("goal.", rp.TABLE_POINTER))]
            goal = cl.anchor(cl.goal(rules).kind)
            assert f'<span id="{goal}">' in text.split('<p class="intro">', 1)[1].split("</p>", 1)[0]
            assert len(anchors) == len(listed)
            # The anchor is the clause kind's; a kind said twice on a page gets -2 the second time.
            assert anchors[0] == cl.anchor(listed[0])
            assert set(anchors) >= {cl.anchor(k) for k in listed}
    assert 'id="rule-play-first-trick"' in page(site, "de", "hearts")


def test_a_repeated_clause_kind_gets_a_numbered_anchor(en: object) -> None:
    rules = load_ruleset("hearts-classic")  # the opening card, stated again for the player counts that lack it
    ids = [e["id"] for s in rp.entries(en, rules) for e in s["entries"]]  # type: ignore[arg-type]
    assert len(ids) == len(set(ids))
    repeated = [k for k, n in Counter(c.kind for s in cl.sections(rules) for c in s.clauses).items() if n > 1]
    for kind in repeated:
        assert cl.anchor(kind) in ids and f"{cl.anchor(kind)}-2" in ids


# -- values at a glance ------------------------------------------------------------------------

CARD_ROW = re.compile(r'<tr><td class="cards">(.*?)</td><td class="num">([^<]+)</td></tr>', re.S)


def shown_values(text: str, lang: object, rules: Ruleset) -> dict[str, int]:
    """Each card the values table shows, with the points its row gives, read back from the accessible names."""
    names = {card_name(lang, c, rules.deck): c for c in rules.deck.codes}  # type: ignore[arg-type]
    table = section(text, "values").split('<table class="card-values">', 1)[1].split("</table>", 1)[0]
    out = {}
    for cards, points in CARD_ROW.findall(table):
        for label in re.findall(r'aria-label="([^"]+)"', cards):
            out[names[html.unescape(label)]] = int(html.unescape(points).replace("\u200e", "").replace("−", "-"))
    return out


@pytest.mark.parametrize("rid", ["hearts", "omnibus-hearts", "spot-hearts", "black-maria", "original-hearts"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_values_table_shows_each_scoring_card_with_the_layouts_points(site: Path, rid: str, lang: str) -> None:
    rules = load_ruleset(rid)
    layout = rules.layout(rules.default_players)
    want = {rules.deck.codes[c]: layout.points[c] for c in layout.cards if layout.points[c]}
    assert shown_values(page(site, lang, rid), load_lang(lang), rules) == want


def test_doppelkopf_lists_its_card_points_as_augen_with_the_nines_at_nothing(site: Path) -> None:
    """Where the cards' points are named apart (German "Augen"), the table says so and lists the nines at 0."""
    rules = load_ruleset("doppelkopf")
    layout = rules.layout(rules.default_players)
    want = {rules.deck.codes[c]: layout.points[c] for c in layout.cards}  # the nines too
    for lang in ("de", "en"):
        text = page(site, lang, "doppelkopf")
        assert shown_values(text, load_lang(lang), rules) == want
    table = section(page(site, "de", "doppelkopf"), "values")
    assert '<th scope="col" class="num">Augen</th>' in table
    assert "Kartenwerte" in visible_text(table)
    assert "Augen" not in section(page(site, "de", "hearts"), "values")  # points elsewhere


def test_german_rule_prose_writes_small_counts_in_words(site: Path) -> None:
    """ "zwölf Karten", "viermal reihum", "jede Karte doppelt", as a German rule book writes them."""
    text = visible_text(page(site, "de", "doppelkopf"))
    for said in (
        "Es spielen vier Spieler.",
        "in jeder der vier Farben",
        "zwei gleiche Sätze zu je 24",
        "Jede Karte kommt also zweimal vor",
        "Jeder Spieler erhält zwölf Karten.",
        "Der Geber gibt im Uhrzeigersinn, beginnend mit seinem linken Nachbarn, viermal reihum je drei Karten.",
        "sofern dieser Stich einer der ersten drei ist; er heißt Klärungsstich",
        "noch mit einer Karte weniger auf der Hand erlaubt",
    ):
        assert said in text, said
    assert "-mal" not in text
    assert "4 Spieler · 48 Karten (Neun bis Ass, jede Karte doppelt)" in text  # the label
    # English keeps its digits; numbers above twelve and points stay digits in German too.
    assert "Each player is dealt 12 cards." in visible_text(page(site, "en", "doppelkopf"))
    assert "sodass jeder Spieler 13 Karten hat" in visible_text(page(site, "de", "hearts"))


def test_doppelkopf_says_stechen_and_uberstechen_and_its_promoted_trumps_once(site: Path) -> None:
    """A trump on another suit led "sticht" where it is the only one, "übersticht" over another; the first
    trick's example names the hand's promoted trumps in one sentence; a negative score has a true minus."""
    worked = worked_deal(load_ruleset("doppelkopf"))
    assert worked is not None and worked.party is not None
    text = visible_text(page(site, "de", "doppelkopf"))
    trumped = [t for t in worked.tricks if t.why == "trumped"]
    assert trumped and "sticht mit" in text and "und zwar der höchste" not in text
    assert ("übersticht mit" in text) == any(t.overtrumped for t in worked.tricks)
    # Promoted trumps rank above the trump suit's highest plain card, not above "the trump suit's own cards":
    # the promoted Karo-Dame and Karo-Bube are of the trump suit (a reader took the Karo-Dame for a plain card).
    assert "Trumpffarbe selbst" not in text
    # A promoted trump that wins names the card it beat, and "the highest" only where it is the deal's highest
    # trump (an r35 reader: "Die Herz-Zehn ist Trumpf, höher als die Kreuz-Dame" is English).
    assert "ist Trumpf, höher als" not in text
    tops = [t for t in worked.tricks if t.top]
    assert all(t.card == "TH" for t in tops) and 0 < text.count("ist der höchste Trumpf und schlägt") <= len(tops)
    assert "Die Herz-Zehn ist der höchste Trumpf und schlägt" in text
    assert re.search(r"ist der höhere Trumpf und schlägt den [A-Za-z]+-Buben\.", text)  # the accusative
    # The first trick's example: the queen of clubs led is a trump, not a club, so the player must follow with a
    # trump and may not play a club (the r35 reader read the old list of promoted trumps shown as all the trumps).
    found = re.search(r"Die Kreuz-Dame zählt nicht als Kreuz, sondern als Trumpf: [^.]+\.", text)
    assert found is not None
    listed = found.group(0)
    assert "muss Trumpf bedienen" in listed, listed
    assert "die Karo-Dame" in listed and "die Karo-Neun" in listed and "das Kreuz-Ass" in listed, listed
    value = worked.party.value
    assert f"−{value}" in text and f"-{value}" not in text
    assert f"erhält +{value}, jeder Spieler der Kontra-Partei −{value}." in text  # a gain has its sign too
    # both copies of the winning card in one trick: the note says the first played wins (a reader saw two A♣
    # explained only as "the highest card of the suit led")
    equal = [t for t in worked.tricks if t.equal]
    assert equal and text.count("Von zwei gleichen Karten sticht die zuerst gespielte.") == len(equal)
    score = section(page(site, "de", "doppelkopf"), "worked").split('<table class="score stack">', 1)[1]
    assert ">Augen</th>" in score.split("</thead>", 1)[0]  # the cards' points, named as Doppelkopf names them


def test_doppelkopf_says_one_game_length_with_its_compulsory_solos(site: Path) -> None:
    """Four native readers found "The game lasts 24 deals" under "A round is 24 deals, and one more for each
    compulsory solo": the end of the game, the label and the solo section now say the same length, in every
    language; and a player with both queens of clubs plays alone unless announcing a wedding."""
    text = visible_text(page(site, "en", "doppelkopf"))
    assert "The game lasts 24 deals, and one more for each compulsory solo." in text
    assert "The game lasts 24 deals." not in text and "24 deals + compulsory solos" in text
    assert "plays alone against the other three, unless they announce a wedding." in text
    german = visible_text(page(site, "de", "doppelkopf"))
    assert "Gespielt wird eine Runde von 24 Spielen; die Pflichtsoli kommen hinzu" in german
    assert "Eine Partie besteht aus 24 Spielen" not in german


def test_trumps_led_a_player_who_played_trumps_before_has_none_left(site: Path) -> None:
    """Trumps led, a player who cannot follow is one without trumps: "has no trump left" once they played one
    earlier in the deal (readers in three languages read "has no trump" of a player who had trumped before)."""
    worked = worked_deal(load_ruleset("doppelkopf"))
    assert worked is not None
    text = visible_text(page(site, "en", "doppelkopf"))
    en = load_lang("en")
    said = 0
    for number, trick in enumerate(worked.tricks, 1):
        void = [p.seat for p in trick.plays if not p.followed]
        if trick.why != "trump" or not void:
            continue
        earlier = {p.seat for t in worked.tricks[: number - 1] for p in t.plays if p.trump}
        for s in void:
            card = next(p.card for p in trick.plays if p.seat == s)
            face = visible_text(str(rp.card_html(en, card)))
            words = "has no trump left" if s in earlier else "has no trump"
            assert f"Player {s + 1} {words} and discards {face} ." in text  # (visible_text spaces the tile)
            said += s in earlier
    assert said  # (this deal: trumps led after the void players trumped)


COMPULSORY_SOLO = {  # the page and its quick reference, in each language's own Doppelkopf words
    "en": (
        "every player must play a compulsory solo",
        "goes before a voluntary one",
        "the soloist leads",
        "the same dealer deals again",
        "(the Vorführung)",
    ),
    "de": (
        "spielt jeder ein Pflichtsolo",
        "Ein Pflichtsolo geht einem Lustsolo vor, dieses einer Hochzeit",
        "Beim Pflichtsolo spielt der Solist aus",
        "derselbe Geber gibt noch einmal",
        "Beim Lustsolo spielt der linke Nachbar des Gebers aus",
        "vorgeführt",
        "nennt gleich seinen Vorbehalt",
    ),
    "nl": ("verplichte solo (Pflichtsolo)", "vrije solo’s (Lustsolo)", "dezelfde gever geeft opnieuw", "Vorführung"),
    "it": (
        "solo obbligatorio (Pflichtsolo)",
        "soli volontari (Lustsolo)",
        "lo stesso mazziere distribuisce di nuovo",
        "Vorführung",
    ),
    "he": ("סולו חובה (Pflichtsolo)", "סולו רשות (Lustsolo)", "אותו מחלק מחלק שוב", "Vorführung"),
}


@pytest.mark.parametrize("lang", sorted(COMPULSORY_SOLO))
def test_doppelkopf_says_pflichtsolo_lustsolo_the_extra_deal_and_the_vorfuehrung(site: Path, lang: str) -> None:
    """The compulsory solo (referee.mechanisms.compulsory_solo) on the page and on the quick reference; not the
    first solo named any more, and the page of a game without it says nothing of it."""
    for name in ("doppelkopf.html", QUICKREF.format(id="doppelkopf")):
        text = visible_text((site / lang / name).read_text(encoding="utf-8"))
        for said in COMPULSORY_SOLO[lang]:
            assert said in text, (name, said)
    english = visible_text(page(site, "en", "doppelkopf"))
    assert (
        "the first solo announced is played" not in english
        and "A round is 24 deals, and one more for each compulsory solo" in english
    )
    assert "compulsory solo" not in visible_text(page(site, "en", "skat"))
    # the soloist's party, as the German reader asked: where sides are parties by a card, the soloist alone is Re
    assert "Der Solist spielt allein gegen die anderen drei: Er bildet die Re-Partei" in visible_text(
        page(site, "de", "doppelkopf")
    )
    assert "Re party" not in visible_text(page(site, "en", "skat"))


# Doppelkopf in each language's own words (issues 19 and 17): the Dulle and its rule, where the promoted trumps
# sit (the ♦Q and ♦J are of the trump suit too), the suits' order in a queens and a jacks solo, the suit solo
# taking the place of diamonds, the wedding that finds no partner.
DOPPELKOPF_WORDS = {
    "en": (
        "The ten of hearts, the Dulle, is the highest trump",
        "the second Dulle does not beat the first",
        "These cards are trumps too, whatever their own suit, above the rest of the trump suit",
        "the queen of diamonds. Every suit then runs ace, ten, king, jack, and nine.",
        "the jack of diamonds. Every suit then runs ace, ten, king, queen, and nine.",
        "which is trumps instead of diamonds",
        "they play alone against the other three, scored as a solo; the announcements then wait for the last",
    ),
    "de": (
        "Die Herz-Zehn (Dulle) ist der höchste Trumpf",
        "Die zweite Dulle sticht die erste nicht",
        "Die höchsten Trümpfe sind, unabhängig von ihrer Farbe, der Reihe nach: die Herz-Zehn, die Kreuz-Dame",
        "Darunter folgen die übrigen Karten der Trumpffarbe: Ass, Zehn, König und Neun.",
        "die Karo-Dame, in dieser Reihenfolge. In den Farben gilt: Ass, Zehn, König, Bube und Neun.",
        "der Karo-Bube, in dieser Reihenfolge. In den Farben gilt: Ass, Zehn, König, Dame und Neun.",
        # a suit solo in another suit makes diamonds a plain suit (an r35 reader missed it)
        "Der Solist bestimmt die Trumpffarbe; wählt er nicht Karo, wird Karo zur Fehlfarbe.",
        "spielt er allein, gewertet wie ein Solo; Klärungsstich ist dann der letzte dieser drei Stiche",
    ),
    "nl": (
        "De hartentien (de Dulle) is de hoogste troef",
        "Ook deze kaarten zijn troef, van welke kleur ook, hoger dan de overige kaarten van de troefkleur",
        "de kleuren lopen dan aas, tien, heer, boer en negen",
        "is troef in plaats van ruiten",
        "geteld als solo",
    ),
    "it": (
        "Il dieci di cuori (la «Dulle») è la briscola più alta",
        "più forti delle altre carte del seme di briscola",
        "nei semi l’ordine è asso, dieci, re, fante e nove",
        "che sostituisce i quadri",
        "la smazzata vale come un solo",
    ),
    "he": (
        "הדוּלֶה (Dulle)",
        "וגבוהים משאר קלפי סדרת השליט",
        "בכל סדרה הסדר הוא אז אס, עשר, מלך, נסיך ותשע",
        "והיא השליט במקום יהלומים",
        "נספר כסולו",
    ),
}
# ... and what they said before, which read wrong: the ♦Q and ♦J are no cards "besides the trump suit"
DOPPELKOPF_NOT = {
    "en": "Besides the trump suit",
    "de": "Außer der Trumpffarbe",
    "nl": "Naast de troefkleur",
    "it": "Oltre al seme di briscola",
    "he": "מלבד סדרת השליט",
}


@pytest.mark.parametrize("lang", sorted(DOPPELKOPF_WORDS))
def test_doppelkopf_names_the_dulle_the_solos_suits_and_the_wedding_left_alone(site: Path, lang: str) -> None:
    text = visible_text(page(site, lang, "doppelkopf"))
    for said in DOPPELKOPF_WORDS[lang]:
        assert said in text, said
    assert DOPPELKOPF_NOT[lang] not in text
    # the quick reference says who the Re party is, and when each further step may be announced
    card = visible_text((site / lang / QUICKREF.format(id="doppelkopf")).read_text(encoding="utf-8"))
    rules = load_ruleset("doppelkopf")
    sides = next(c for c in cl.overview(rules) if c.kind.startswith("players.sides-by-card"))
    assert "Re" in rp.render(load_lang(lang), sides) and rp.render(load_lang(lang), sides) in card
    steps = next(c for s in cl.sections(rules) for c in s.clauses if c.kind == "play.announce-steps")
    assert rp.render(load_lang(lang), steps) in card
    # and what each Absage then needs (151, 181, 211, every trick): a German reader missed it on the card
    needs = next(c for s in cl.sections(rules) for c in s.clauses if c.kind == "score.party-need-steps")
    assert rp.render(load_lang(lang), needs) in card and "151" in card
    # a ruleset without a Dulle named says nothing of one
    assert "Dulle" not in visible_text(page(site, lang, "skat"))


BOTH_QUEENS = {
    "en": "A player dealt both queens of clubs plays alone",
    "de": "Wer beide Kreuz-Damen hat und weder eine Hochzeit noch ein Solo anmeldet, spielt allein",
    "nl": "Wie beide klavervrouwen heeft",
    "it": "Chi ha in mano entrambe le donne di fiori",
    "he": "שתי מלכות התלתן",
}


@pytest.mark.parametrize("lang", sorted(BOTH_QUEENS))
def test_both_copies_of_a_card_are_named_in_the_plural(site: Path, lang: str) -> None:
    """Both copies of the card that makes the sides, as a plural ("beide Kreuz-Damen"), not "die Kreuz-Dame
    doppelt" (a German reader); the wedding says it the same way."""
    text = visible_text(page(site, lang, "doppelkopf"))
    assert BOTH_QUEENS[lang] in text
    for once_twice in ("Kreuz-Dame doppelt", "di fiori due volte", "twee keer krijgt", "both copies of the queen"):
        assert once_twice not in text


def test_the_doppelkopf_worked_deal_lists_reservations_and_tells_ansage_from_absage(site: Path) -> None:
    """The column of what each player said before the first card is headed "Vorbehalt", not "Ansage"; in play,
    "Re" and "Kontra" are Ansagen ("sagt ... an") and the further steps Absagen ("sagt ... ab")."""
    worked = page(site, "de", "doppelkopf").split('class="worked"', 1)[1]
    assert '<th scope="col">Vorbehalt</th>' in worked and '<th scope="col">Ansage</th>' not in worked
    said = re.findall(r"sagt „([^“]+)“ (an|ab) \(", visible_text(worked))
    assert said and all((word in ("Re", "Kontra")) == (way == "an") for word, way in said), said
    assert '<th scope="col">Bid</th>' in page(site, "en", "spades")  # a game of bids keeps its heading


def test_dutch_says_partij_for_a_side_and_wedstrijd_for_the_whole_game(site: Path) -> None:
    """Doppelkopf's page needs both on one page: "de Re-partij", and "Een ronde telt 24 spellen, plus één voor
    elke verplichte solo", under the heading of a round ("Einde van de ronde"); other games end a wedstrijd."""
    text = visible_text(page(site, "nl", "doppelkopf"))
    assert "Einde van de wedstrijd" in visible_text(page(site, "nl", "klaverjassen"))
    assert (
        "de Re-partij" in text
        and "Einde van de ronde" in text
        and "Een ronde telt 24 spellen, plus één voor elke verplichte solo." in text
    )
    assert not re.search(r"\b(de|een|elke) partij (duurt|eindigt|duurde)|van de partij\b|volledige partijen", text)


def test_hebrew_says_sidra_for_a_suit_everywhere() -> None:
    """סדרה for a suit, the Israeli bridge players' word, in the whole Hebrew catalog: neither צורה nor צבע names a
    suit any more, and צבע is left for a colour, red or black (Euchre's left bower, a four-colour deck)."""
    po = Path(__file__).parent.parent / "locales/he/LC_MESSAGES/trickbook.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale="he")
    texts = [s for m in catalog if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert not [t for t in texts if re.search(r"צור(?!ך)", t)]
    said = " ".join(texts)
    assert "לשחק קלף מהסדרה שנפתחה" in said and "הנסיך השני באותו צבע, אדום או שחור" in said
    assert not re.search(r"(הצבע|בצבע|מהצבע|לצבע) שהובל|צבע השליט|בכל צבע|הצבעים|גוון", said)


def test_omnibus_shows_the_bonus_jack_and_a_moon_the_engine_accepts(site: Path) -> None:
    rules = load_ruleset("omnibus-hearts")
    text = page(site, "en", "omnibus-hearts")
    assert shown_values(text, load_lang("en"), rules)["JD"] == -10
    rows = values(rules).moon
    assert [(m.shooter, m.others) for m in rows] == [(-10, 26)]  # the bonus still counts for the shooter
    moon_table = section(text, "values").split('<table class="moon stack">', 1)[1]
    assert "Shooting the moon: one player takes the jack of diamonds, all the hearts, and the queen of spades" in (
        visible_text(moon_table)
    )
    # the sentences say what the table shows: the moon cancels the penalty cards only, the bonus stays
    rules_text = visible_text(section(text, "scoring"))
    assert "The shooter scores nothing" not in rules_text
    assert "The shooter's penalty cards count for nothing, and every other player scores 26 penalty points." in (
        rules_text
    )
    assert "The jack of diamonds still takes 10 penalty points off the shooter's score." in rules_text


@pytest.mark.parametrize("rid", [r for r in bundled_ids() if moon.active(moon.of(load_ruleset(r)))])
def test_every_moon_outcome_shown_is_a_deal_result_the_referee_accepts(rid: str) -> None:
    rules = load_ruleset(rid)
    n = rules.default_players
    for row in values(rules).moon:
        partner = row.partner if row.partner is not None else row.others
        points = [row.shooter if s == 0 else partner if row.partner is not None and s == n // 2 else row.others
                  for s in range(n)]  # fmt: skip
        check_points(rules, n, points)  # raises ResultError if no deal can end so


@pytest.mark.parametrize("rid", ["spades", "oh-hell", "cutthroat-spades", "boerenbridge", "spades-blind-nil"])
def test_bid_outcomes_agree_with_the_rules_of_making_a_bid(rid: str) -> None:
    rules = load_ruleset(rid)
    scoring = rules.bid_scoring
    assert scoring is not None
    rows = values(rules).tricks
    assert rows and any(r.made for r in rows) and any(r.made is False for r in rows)
    for row in rows:
        assert row.bid is not None
        if row.bid.startswith("bid "):
            bid = int(row.bid[4:])
            assert row.made == scoring.is_made(bid, row.tricks)
            if row.made and not row.carried:
                assert row.points == scoring.made.of(bid, row.tricks)
        else:
            assert row.made == (row.tricks == 0)
            assert row.points in (scoring.nil_made, scoring.nil_set, scoring.blind_made, scoring.blind_set)


def test_whist_shows_what_tricks_over_the_book_score() -> None:
    rules = load_ruleset("whist")
    settings = book.of(rules)
    assert settings.tricks is not None
    rows = values(rules).tricks
    assert [(r.tricks, r.points) for r in rows] == [
        (t, max(t - settings.tricks, 0) * settings.points) for t in (6, 7, 9, 13)
    ]


def test_euchre_keeps_its_trick_table_and_has_no_card_values(site: Path) -> None:
    text = page(site, "en", "euchre")
    assert '<table class="tricks">' in section(text, "scoring")
    assert '<section id="values"' not in text


# -- the worked deal ---------------------------------------------------------------------------


def replay(rules: Ruleset, seed: int) -> tuple[Game, object]:
    """The worked deal's game played again by the bots, as ``trickbook play`` plays it."""
    from generator.examples import deal_number

    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(deal_number(rules)):
        earlier = game.new_deal()
        while earlier.phase != "done":
            earlier.apply(choose(earlier, rng))
        game.finish_deal(earlier)
    deal = game.new_deal()
    while deal.phase != "done":
        deal.apply(choose(deal, rng))
    game.finish_deal(deal)
    return game, deal


@pytest.mark.parametrize("rid", bundled_ids())
def test_the_worked_deal_is_the_engines(rid: str) -> None:
    rules = load_ruleset(rid)
    worked = worked_deal(rules)
    assert worked is not None
    game, deal = replay(rules, worked.seed)
    assert [(t.leader, tuple((p.seat, p.card) for p in t.plays), t.winner) for t in worked.tricks] == [
        (t.leader, t.plays, t.winner)
        for t in deal.tricks  # type: ignore[attr-defined]
    ]
    assert list(worked.points) == deal.points()  # type: ignore[attr-defined]
    assert list(worked.after) == game.scores
    assert list(worked.tricks_won) == deal.tricks_won  # type: ignore[attr-defined]
    values = deal.card_values  # type: ignore[attr-defined]  # the deal's own: trump may change them
    for trick in worked.tricks:
        assert trick.points == sum(values[rules.deck.index[p.card]] for p in trick.plays)
        assert trick.card in [p.card for p in trick.plays if p.seat == trick.winner]
    # Each seat's card points taken add up to what its tricks held.
    for seat in range(worked.players):
        assert worked.taken[seat] == sum(t.points for t in worked.tricks if t.winner == seat) or worked.ended_early


def test_the_worked_deal_is_chosen_to_show_the_rules_at_work() -> None:
    """The first seed whose deal shows everything the rules make possible, where one of the first 50 does."""
    for rid in ("spades", "euchre", "hearts", "oh-hell"):
        rules = load_ruleset(rid)
        worked = worked_deal(rules)
        assert worked is not None
        assert features(rules, worked) >= wanted(rules), rid
        earlier = [play_worked(rules, s) for s in range(1, worked.seed)]
        assert all(w is None or not features(rules, w) >= wanted(rules) for w in earlier)
    assert "trumped" in wanted(load_ruleset("spades")) and "other-suit" in wanted(load_ruleset("euchre"))


@pytest.mark.parametrize("rid", ["doppelkopf", "skat"])
def test_a_promoted_trump_that_wins_is_compared_with_a_card_of_its_trick(site: Path, rid: str) -> None:
    """ "The queen of hearts is a trump, higher than the ace of diamonds" of a trick without that ace read as a
    comparison with the trick (a German reader, twice): the card named is the one the winner beat there."""
    worked = worked_deal(load_ruleset(rid))
    assert worked is not None
    en = load_lang("en")
    items = section(page(site, "en", rid), "worked").split('<ol class="tricks-played">', 1)[1]
    items = items.split("</ol>", 1)[0].split("<li>")[1:]
    compared = 0
    for item, trick in zip(items, worked.tricks, strict=True):
        found = re.search(r"is (?:the highest|the higher|a) trump and beats (.+?)\.", visible_text(item))
        if found is None:
            continue
        compared += 1
        rules = load_ruleset(rid)
        names = {rp.localise(en, cl.cards(rules, (p.card,), "a")) for p in trick.plays}
        assert found.group(1) in names, (found.group(1), names)
        assert trick.beaten != trick.card and trick.beaten in [p.card for p in trick.plays]
    assert compared


def test_the_worked_deal_on_the_page_names_each_winner_and_why(site: Path) -> None:
    """The tricks that teach something are told in full, who could not follow with the card they played
    instead; the plain ones go in runs, said once ("Tricks 2 to 5 go as expected"), not thirteen times the same
    sentence (native readers of four languages)."""
    rules = load_ruleset("spades")
    worked = worked_deal(rules)
    assert worked is not None
    en = load_lang("en")
    text = section(page(site, "en", "spades"), "worked")
    assert '<details class="worked">' in text
    items = text.split('<ol class="tricks-played">', 1)[1].split("</ol>", 1)[0].split("<li>")[1:]
    assert len(items) == len(worked.tricks)
    told = teaching(rules, worked)
    assert told[0] and told[-1] and not all(told)  # the first and last told; some go as expected
    run = False
    for number, (item, trick, full) in enumerate(zip(items, worked.tricks, told, strict=True), 1):
        won = re.findall(r'<span class="play won"><span class="who">([^<]+)</span>', item)
        assert won == [seat_name(en, trick.winner)]
        why = visible_text(item)
        who = seat_name(en, trick.winner)
        if not full:  # its run's sentence, on the run's first trick, says how it went
            assert trick.plain and "wins" not in why.split(f"Trick {number}:")[1]
            run = run or "go as expected" in why or "goes as expected" in why
            continue
        if trick.why != "trumped":
            assert f"{who} wins with" in why or f"{who} wins the trick with" in why
        elif trick.overtrumped:  # a trump over a lower trump played before it, on another suit led
            assert f"{who} overtrumps with" in why and sum(play.trump for play in trick.plays) > 1
        else:  # the first trump in the trick
            assert f"{who} trumps with" in why
        for index, play in enumerate(trick.plays):
            face = visible_text(str(rp.card_html(en, play.card)))
            if play.followed or play.seat == trick.winner:
                continue
            if trick.why == "trump":
                assert f"{seat_name(en, play.seat)} has no trump" in why and f"discards {face} ." in why
            elif trick.undertrumped(index):  # (visible_text spaces the card tile from the full stop)
                assert f"{seat_name(en, play.seat)} cannot follow suit either and trumps lower, with {face} ." in why
            else:
                verb = "trumps with" if play.trump else "discards"
                assert f"{seat_name(en, play.seat)} cannot follow suit and {verb} {face} ." in why
    assert run
    assert "trumped" in {t.why for t in worked.tricks}
    # the highest card of the suit led is explained once, not for every trick
    assert visible_text(text).count("the highest card of the suit led.") == 1
    score = visible_text(text.split('<table class="score stack">', 1)[1].split("</table>", 1)[0])
    for seat in range(worked.players):
        assert f"{seat_name(en, seat)} " in score


def worked_in_english(rid: str) -> tuple[Ruleset, Worked, Lang, dict[str, Any]]:
    """A bundled ruleset's worked deal, and its page's context in English."""
    rules = load_ruleset(rid)
    worked = worked_deal(rules)
    assert worked is not None
    en = load_lang("en")
    context = rp.worked_context(en, rules, worked)
    assert context is not None
    return rules, worked, en, context


def test_plain_tricks_are_grouped_in_runs_of_the_same_kind() -> None:
    """A run is the tricks between told ones that were won the same way; two tricks are "9 and 10"."""
    assert rp._plain_runs([True, False, False, True, False], ["highest"] * 5) == [(1, 2), (4, 4)]
    assert rp._plain_runs([True, False, False, False], ["highest", "trump", "trump", "highest"]) == [
        (1, 2),
        (3, 3),
    ]
    _, _, _, context = worked_in_english("hearts")
    runs = [str(t["run"]) for t in context["tricks"] if t["run"]]
    assert runs and all("as expected" in r for r in runs)
    pairs = [r for r in runs if r.startswith("Tricks") and " and " in r.split(" go ")[0]]
    assert all(" to " not in r.split(" go ")[0] for r in pairs)


def test_hearts_worked_deal_shows_passes_points_and_hearts_broken(site: Path) -> None:
    text = visible_text(section(page(site, "en", "hearts"), "worked"))
    assert "Pass to the left" in text and "passes to Player" in text
    assert "Hearts are broken: from the next trick on they may be led." in text
    assert re.search(r"Player \d takes \d+ penalty points?\.", text)


def test_the_hearts_worked_deal_tells_the_rules_that_made_a_trick_what_it_was() -> None:
    """Why the first leader leads (the two of clubs), the first heart led once hearts were broken (allowed now,
    since trick N), and a card that scores played because it was its player's only one: each said, and the
    trick told in full, not run together as if nothing had happened (an Italian and a Hebrew reader)."""
    rules, worked, en, context = worked_in_english("hearts")
    told = teaching(rules, worked)
    first = worked.tricks[0]
    assert context["tricks"][0]["head"] == (
        f"Trick 1: {seat_name(en, first.leader)} holds the two of clubs and must lead it."
    )
    assert first.plays[0].card == "2C"
    assert [t["head"].endswith(" leads.") for t in context["tricks"][1:]] == [True] * (len(worked.tricks) - 1)
    broke = next(i for i, t in enumerate(worked.tricks) if t.broken)
    led = next(i for i, t in enumerate(worked.tricks) if i > broke and t.plays[0].card.endswith("H"))
    assert worked.tricks[led].opened == ((("H",), broke + 1),)  # the first heart led after the break
    assert all(not t.opened for i, t in enumerate(worked.tricks) if i != led)
    notes = " ".join(visible_text(str(n)) for n in context["tricks"][led]["notes"])
    assert f"leads {visible_text(str(rp.card_html(en, worked.tricks[led].plays[0].card)))}" in notes
    assert f"which is allowed now: hearts were broken in trick {broke + 1}." in notes
    assert told[led]
    # the queen of spades, the last card of its player, given away in the last trick
    last = worked.tricks[-1]
    (queen,) = [p for p in last.plays if p.card == "QS"]
    assert queen.only and queen.last and queen.points == 13
    notes = " ".join(visible_text(str(n)) for n in context["tricks"][-1]["notes"])
    # it came in the pass: the note says who passed it, since every hand holds one card on the last trick (r40)
    (giver,) = [g for g, to, given in worked.passes if to == queen.seat and "QS" in given]
    kept = f"{seat_name(en, giver)} passed Q♠ to {seat_name(en, queen.seat)}, who still holds it at the last trick"
    assert kept in notes.replace("Q ♠", "Q♠")
    # a forced card that scores nothing, or a lead, goes unsaid; every note is about a card that scores
    for trick, shown in zip(worked.tricks, context["tricks"], strict=True):
        said = " ".join(visible_text(str(n)) for n in shown["notes"])
        forced = [p for p in trick.plays[1:] if p.only and p.followed and p.points]
        kept = said.count("left and must play it") + said.count("still holds it at the last trick")
        assert said.count("must follow suit with") + kept == len(forced)
        assert not forced or told[worked.tricks.index(trick)]


def test_a_game_whose_points_are_good_tells_no_forced_card() -> None:
    """Where every trick holds points (Klaverjassen), a forced card would be said of most: it is not."""
    _, worked, _, context = worked_in_english("klaverjassen")
    assert any(p.only and p.followed and p.points for t in worked.tricks for p in t.plays[1:])
    said = " ".join(visible_text(str(n)) for t in context["tricks"] for n in t["notes"])
    assert "must follow suit with" not in said and "left and must play it" not in said


def test_hebrew_prose_names_the_cards_in_words_and_the_tiles_keep_their_faces(site: Path) -> None:
    """A Hebrew sentence names its cards ("ומשליך את מלך הלב"), with no Latin index inside it; the hands and
    the tricks keep the drawn faces (a Hebrew reader)."""
    text = section(page(site, "he", "hearts"), "worked")
    notes = re.findall(r'<p class="why">(.*?)</p>', text, re.S)
    assert notes
    for note in notes:
        assert 'class="card' not in note and not re.search(r"[AKQJ][♣♦♥♠]", visible_text(note)), note
    assert any("מלכת העלה" in visible_text(n) for n in notes)
    assert 'class="card suit-s"' in text  # the tiles of the hands and tricks stay
    # the faces stay in the other languages' sentences
    english = re.findall(r'<p class="why">(.*?)</p>', section(page(site, "en", "hearts"), "worked"), re.S)
    assert any('class="card' in n for n in english)


def test_euchre_says_why_the_left_bower_counts_as_trump(site: Path) -> None:
    """The examples and the worked deal say why a jack counts in the trump suit: the bowers clause at work."""
    text = visible_text(page(site, "en", "euchre"))
    assert re.search(r"The jack of (clubs|spades|hearts|diamonds) counts as an? \w+: it is the left bower", text)
    examples = visible_text(section(page(site, "en", "euchre"), "examples"))
    assert "Trumps: spades." in examples and "The jack of clubs counts as a spade: it is the left bower" in examples


def test_no_left_bower_note_without_bowers(tmp_path: Path, en: object) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(
        "id: e\nextends: euchre\nbidding: null\ntrump: {kind: upcard, bowers: false}\n"
        "scoring: {tricks: null, teams: null, revoke_penalty: null, points: {H: 1}}\nplayers: {teams: none}\n",
        "utf-8",
    )
    rules = load_ruleset(path)
    worked = worked_deal(rules)
    assert worked is not None and not any(p.other_suit for t in worked.tricks for p in t.plays)
    context = rp.worked_context(en, rules, worked)  # type: ignore[arg-type]
    assert context is not None and "left bower" not in str(context)


# -- the quick reference -------------------------------------------------------------------------


def test_a_quick_reference_for_every_ruleset_and_language(site: Path) -> None:
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        for rid in bundled_ids():
            card = site / lang / QUICKREF.format(id=rid)
            text = card.read_text(encoding="utf-8")
            assert f'<html lang="{lang}"' in text and 'class="quickref"' in text
            assert f'href="{rid}.html"' in text  # back to the full rules
            assert f'href="{QUICKREF.format(id=rid)}"' in page(site, lang, rid)
            assert QUICKREF.format(id=rid) not in sitemap  # the rule page's print companion, not a page to find
    hearts = visible_text((site / "en" / QUICKREF.format(id="hearts")).read_text(encoding="utf-8"))
    assert "Hearts: quick reference" in hearts and "Points each" in hearts
    assert "This game is for 4 players." not in hearts  # said once, in the opening


# -- every mechanism, every language ------------------------------------------------------------


def test_every_variant_gets_the_new_parts_in_five_languages(tmp_path: Path) -> None:
    """Each test variant's opening, values, worked deal and quick reference build in every language."""
    rulesets = [load_ruleset(p) for p in variant_rulesets(tmp_path)]
    builder = Builder(rulesets, LANGUAGES)
    for rules in builder.rulesets:
        worked = builder.worked_of(rules)
        assert worked is not None, rules.id
        for lang in builder.langs:
            card = builder.quickref_page(rules, lang)
            context = rp.worked_context(lang, rules, worked)
            assert context is not None
            env = builder.envs[lang.code]
            deal = env.get_template("worked.html").render(worked=context, worked_title="")
            assert deal.count("<li>") >= len(worked.tricks)
            for text in (card, deal, str(rp.intro(lang, rules))):
                assert "%(" not in text and "%s" not in text, (rules.id, lang.code)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_and_quick_reference_shows_the_rulesets_label_under_its_title(site: Path, lang: str) -> None:
    from markupsafe import escape

    from wording.label import page_label

    for rid in bundled_ids():
        label = escape(page_label(load_lang(lang), load_ruleset(rid)))
        for name in (f"{rid}.html", QUICKREF.format(id=rid)):
            text = (site / lang / name).read_text(encoding="utf-8")
            heading = text.split("</h1>\n", 1)[1]
            assert heading.startswith(f'<p class="rules-label">{label}</p>'), (lang, name)


# -- Skat: the talon, the Reizen, the game declared, the game value ------------------------------


def test_the_skat_page_names_the_skat_the_seats_and_no_game_without_trumps(site: Path) -> None:
    text = visible_text(page(site, "en", "skat"))
    assert "There are no trumps" not in text  # the game declared decides the trumps
    deal = visible_text(section(page(site, "en", "skat"), "deal"))
    assert "in the order 3 – skat – 4 – 3" in deal and "forehand" in deal and "middlehand" in deal
    bidding = visible_text(section(page(site, "en", "skat"), "bidding"))
    assert "Middlehand bids first, to forehand" in bidding and "18, 20, 22, 23, 24, 27" in bidding
    assert "hand game" in bidding and "Grand:" in bidding and "Null ouvert:" in bidding
    assert "player two seats to the dealer's left" not in text
    play = visible_text(section(page(site, "en", "skat"), "play"))
    assert "Forehand leads to the first trick" in play and "There is no duty to trump" in play
    german = visible_text(page(site, "de", "skat"))
    for word in ("Vorhand", "Mittelhand", "Hinterhand", "Reizen", "Skat", "drücken", "Hand", "Farbspiel", "Grand"):
        assert word in german, word
    for word in ("Null ouvert", "Schneider", "schwarz", "Spitzen", "Augen", "überreizt", "Grundwert", "Spielwert"):
        assert word in german, word
    assert "Alleinspieler" in german and "Gegenspieler" in german and "Kreuz mit 2, Spiel 3: 3 × 12 = 36" in german


def test_the_skat_page_reads_as_the_dutch_and_hebrew_players_own_rule_book(site: Path) -> None:
    dutch = visible_text(page(site, "nl", "skat"))
    # one Dutch Skat word for each concept (issue 19): trappen, grondwaarde, matadors, aaneengesloten, aanzeggen
    for word in ("de grondwaarde maal het aantal trappen", "De grondwaarden:", "Matadors (spitzen)", "aaneengesloten"):
        assert word in dutch, word
    assert "Wie past, doet niet meer mee aan het bieden." in dutch and "aan een tafel van vier" in dutch
    for calque in (
        "winststand",
        "basiswaarde",
        "Basiswaarde",
        "vermenigvuldiger",
        "zonder gat",
        "matadoren",
        "viertafel",
    ):
        assert calque not in dutch, calque
    # playing at 18 is forehand's own game; only all three passing throws the deal in
    assert "dan mag voorhand zelf een spel spelen (het bod is dan 18) of ook passen. Passen alle drie," in dutch
    # a lost game counts its matadors and the game too
    assert "Ook bij verlies tellen de matadors en het spel mee" in dutch
    hebrew = page(site, "he", "skat")
    # the bid value is ערך המכרז, apart from naming the game; a multiple is כפולה, not a product
    assert "ערך המכרז" in hebrew and "מכפלה" not in hebrew and "פורהנד" in hebrew and "פורהאנד" not in hebrew
    # a maqaf, not a hyphen, after a prefix letter before digits
    assert "מ־18" in hebrew and not re.search("[\u05d0-\u05ea]-[0-9]", hebrew)
    # a sum reads left to right inside the right-to-left line
    assert "\u20663 × 12 = 36\u2069" in hebrew


def test_the_skat_pages_matador_examples_are_the_engines() -> None:
    from generator.gamevalue import matador_examples
    from referee.mechanisms import game_value

    rules = load_ruleset("skat")
    settings = game_value.of(rules)
    found = matador_examples(rules)
    assert [line.matadors for _, _, line in found] == [2, -3]
    for held, _, line in found:
        order = game_value.GameValueScorer(settings, rules).trumps(0, rules.deck.suits.find("C"))
        mask = sum(1 << rules.deck.index[c] for c in held)
        assert game_value.matadors(order, mask) == line.matadors
        assert line.value == (abs(line.matadors) + 1) * 12


def test_the_skat_worked_deal_shows_the_skat_and_the_engines_game_value(site: Path, en: object) -> None:
    from generator.gamevalue import line_of
    from generator.phrases import value_line
    from referee.mechanisms import game_value

    rules = load_ruleset("skat")
    worked = worked_deal(rules)
    assert worked is not None and worked.declared is not None and worked.maker is not None
    assert {"talon-taken", "game-won"} <= features(rules, worked)
    # replayed: the engine's outcome of the same deal is the one the page words
    _, deal = replay(rules, worked.seed)
    assert deal.phase == "done"
    outcome = game_value.outcome(rules, deal)  # type: ignore[arg-type]
    assert outcome == worked.game_value and outcome is not None
    line = value_line(en, line_of(worked.declared, outcome))  # type: ignore[arg-type]
    assert line.endswith(f"= {outcome.value}") and outcome.score == worked.points[worked.maker]
    text = visible_text(section(page(site, "en", "skat"), "worked"))
    assert f"Game value: {line}." in text and "takes up the skat and lays away" in text
    assert "picks up the upcard" not in text
    # the declarer's card points in the table count the skat laid away
    laid = sum(rules.layout(3).points[rules.deck.index[c]] for c in worked.laid_away)
    tricks = sum(t.points for t in worked.tricks if t.winner == worked.maker)
    assert worked.taken[worked.maker] == tricks + laid
    german = visible_text(section(page(site, "de", "skat"), "worked"))
    assert "nimmt den Skat auf und drückt" in german and "Spielwert: Kreuz mit" in german


def test_the_skat_quick_reference_keeps_the_base_values(site: Path) -> None:
    card = visible_text((site / "de" / QUICKREF.format(id="skat")).read_text(encoding="utf-8"))
    assert "Die Grundwerte: Karo 9, Herz 10, Pik 11, Kreuz 12 und Grand 24." in card  # a sentence, not a table
    assert "Null ouvert Hand 59" in card and "Reizen und Spielansage" in card
    # "mit"/"ohne" worked out and a lost game's levels are on the full page; who deals next, a deal thrown in
    # counting and the revoke are on the card too (an r40 reader: a table needs them), which still prints on one
    # A4 page (tests/test_browser.py)
    full = visible_text(page(site, "de", "skat"))
    assert "Beispiel: Wer den Kreuz-Buben und den Pik-Buben hat" in full and "Beispiel: Wer den" not in card
    assert "nicht doppelt berechnet" in full and "nicht doppelt berechnet" not in card
    for said in (
        "Nach jedem Spiel geht das Geben an den linken Nachbarn über.",
        "Ein eingepasstes Spiel wird mitgerechnet.",
    ):
        assert said in full and said in card


def test_pages_say_what_the_letters_on_the_cards_stand_for(site: Path) -> None:
    """Where a language prints letters of its own on the cards (Italian F D R), or keeps J Q K A beside names
    they are not the initials of (Hebrew נסיך: a reader read J as ג׳ק), the examples say what they stand for,
    once; where the faces are the language's own initials (English), nothing is added."""
    italian = page(site, "it", "hearts")
    assert italian.count('class="legend"') == 1
    assert "Le lettere sulle carte: A = asso, R = re, D = donna e F = fante." in visible_text(italian)
    hebrew = page(site, "he", "hearts")
    assert hebrew.count('class="legend"') == 1
    assert "האותיות על הקלפים: A = אס, K = מלך, Q = מלכה ו־J = נסיך." in visible_text(hebrew)
    assert 'class="legend"' not in page(site, "en", "hearts")
    assert rp.faces_legend(load_lang("de"), load_ruleset("skat")) == (
        "Die Buchstaben auf den Karten: A = Ass, K = König, D = Dame und B = Bube."
    )


def test_the_worked_deals_hands_keep_the_trumps_together() -> None:
    """Each hand as its player sorts it for the trumps the deal was played with: every trump before the first
    card of another suit, highest first (a German reader found Doppelkopf's queens and jacks among the suits)."""
    for rid in ("doppelkopf", "euchre", "klaverjassen"):
        rules = load_ruleset(rid)
        worked = worked_deal(rules)
        assert worked is not None and worked.sorted_hands, rid
        trumps = {p.card for t in worked.tricks for p in t.plays if p.trump}
        for dealt, hand in zip(worked.hands, worked.sorted_hands, strict=True):
            assert sorted(dealt) == sorted(hand)
            flags = [card in trumps for card in hand]
            assert flags == sorted(flags, reverse=True), (rid, hand)  # the trumps first, together
    hearts = worked_deal(load_ruleset("hearts"))
    assert hearts is not None and hearts.sorted_hands == ()  # no trumps: the hands as the pack sorts them


def test_partners_who_score_as_one_get_a_score_column_each(site: Path) -> None:
    """Klaverjassen's worked deal keeps its score as a Dutch sheet does, "Wij" and "Zij" a column each, with the
    side's tricks, card points and roem; the engine's points for the side, not a line per player."""
    rules = load_ruleset("klaverjassen")
    worked = worked_deal(rules)
    assert worked is not None
    score = section(page(site, "nl", "klaverjassen"), "worked").split('<table class="score stack">', 1)[1]
    head = score.split("</thead>", 1)[0]
    heads = re.findall(r"<th scope=\"col\">([^<]*)</th>", head)
    assert heads == ["Wij (spelers 1 en 3)", "Zij (spelers 2 en 4)"]
    assert "<tr><td></td><th" in head  # the corner: a cell, not a header without text (axe)
    rows = {
        html.unescape(label): cells
        for label, cells in re.findall(r"<th scope=\"row\">([^<]*)</th>((?:<td[^>]*>[^<]*</td>)+)", score)
    }
    numbers = {
        label: [int(n.replace("\u2212", "-")) for n in re.findall(r">([^<]*)</td>", cells)]
        for label, cells in rows.items()
    }
    assert numbers["Slagen"] == [
        worked.tricks_won[0] + worked.tricks_won[2],
        worked.tricks_won[1] + worked.tricks_won[3],
    ]
    assert numbers["Kaartpunten"] == [worked.taken[0] + worked.taken[2], worked.taken[1] + worked.taken[3]]
    roem_won = [sum(m.points for t in worked.tricks if t.winner % 2 == side for m in t.melds) for side in (0, 1)]
    assert numbers["Roem"] == roem_won and any(roem_won)
    assert numbers["Dit spel"] == [worked.points[0], worked.points[1]]
    # the last trick's 10 has a row of its own, so that card points and bonus make the deal's 162 (a Dutch
    # reader found "61 | 91" under a text that says 101 and 162)
    last = worked.tricks[-1].winner % 2
    assert numbers["Laatste slag"] == [10 if side == last else 0 for side in (0, 1)]
    assert sum(numbers["Kaartpunten"]) + sum(numbers["Laatste slag"]) == 162
    for side in (0, 1):
        took = numbers["Kaartpunten"][side] + numbers["Laatste slag"][side] + numbers["Roem"][side]
        assert took == worked.before_settling[side]
    # Partnership Hearts scores each player apart: a line per player there
    hearts = section(page(site, "nl", "partnership-hearts"), "worked")
    assert "Wij (" not in hearts and '<th scope="row">Speler 1</th>' in hearts


def test_klaverjassen_values_table_sums_each_column_and_names_jas_and_nel(site: Path) -> None:
    """The trump column is summed under itself and the deal's total spans both columns, said without roem; the
    rules explain jas and nel where they first give their values, the summary keeps the short names."""
    text = page(site, "nl", "klaverjassen")
    foot = section(text, "values").split("<tfoot>", 1)[1].split("</tfoot>", 1)[0]
    assert '<th scope="row">Eén kleur samen</th><td class="num">30</td><td class="num">62</td>' in foot
    # the cards' 152, the last trick's 10 and the deal's 162, as the rules say it (a Dutch reader saw only 152)
    assert '<th scope="row">Alle kaarten samen</th><td class="num" colspan="2">152</td>' in foot
    assert '<th scope="row">Laatste slag</th><td class="num" colspan="2">10</td>' in foot
    assert '<th scope="row">Per spel in totaal (zonder roem)</th><td class="num" colspan="2">162</td>' in foot
    plain = visible_text(text)
    assert "In troef: jas (troefboer) 20, nel (troefnegen) 14" in plain and "troef: jas 20 en nel 14" in plain


# -- roem: the deal's total without it, and roem that must be called -------------------------------------------


def _scoring_text(lang: str, rules: Ruleset) -> dict[str, str]:
    """The scoring section's sentences by anchor, rendered in ``lang``."""
    sections = {s["key"]: s["entries"] for s in rp.entries(load_lang(lang), rules)}
    return {e["id"]: html.unescape(re.sub(r"<[^>]+>", "", e["text"])) for e in sections["scoring"]}


@pytest.mark.parametrize("rid", bundled_ids())
def test_a_deals_total_is_said_without_roem_wherever_roem_is_scored(rid: str) -> None:
    """Roem is not in every deal, so the deal's total (Klaverjassen's 162) is said without it, by the roem
    mechanism's own sentence; a game without roem keeps the base game's sentence."""
    rules = load_ruleset(rid)
    kinds = [c.kind for s in cl.sections(rules) for c in s.clauses]
    if roem.active(roem.of(rules)):
        assert "score.total-roem" in kinds and "score.total" not in kinds
    else:
        assert "score.total-roem" not in kinds


@pytest.mark.parametrize(
    ("lang", "total"),
    [
        ("en", "A deal hands out 162 points in all, without roem."),
        ("nl", "Per spel worden in totaal 162 punten verdeeld (zonder roem)."),
        ("de", "Im Spiel gibt es insgesamt 162 Punkte (ohne Roem)."),
        ("it", "In ogni smazzata ci sono in tutto 162 punti, roem escluso."),
        ("he", "בכל סיבוב יש בסך הכול 162 נקודות, בלי רום."),
    ],
)
def test_klaverjassen_says_162_without_roem_and_that_roem_must_be_called(lang: str, total: str) -> None:
    text = _scoring_text(lang, load_ruleset("klaverjassen"))
    assert text["rule-score-total-roem"].replace("\u2068", "").replace("\u2069", "") == total
    called = text["rule-score-roem-called"]
    assert {"en": "“roem!”", "nl": "‘roem!’", "de": "„Roem!“", "it": "«roem!»", "he": '"רום!"'}[lang] in called
    hearts = _scoring_text(lang, load_ruleset("hearts"))
    assert "rule-score-total" in hearts and "rule-score-roem-called" not in hearts


def test_roem_not_called_is_said_only_where_the_ruleset_calls_it(tmp_path: Path) -> None:
    """The call is the ruleset's setting (``scoring.roem.called``), not Klaverjassen's name: a house rule that
    drops it drops the sentence, and the roem it scores stays the same."""
    path = tmp_path / "silent-roem.yaml"
    path.write_text("id: silent-roem\nextends: klaverjassen\nscoring:\n  roem:\n    called: false\n", "utf-8")
    silent = load_ruleset(str(path))
    called = load_ruleset("klaverjassen")
    assert roem.of(called).called and not roem.of(silent).called
    assert roem.of(silent).runs == roem.of(called).runs
    kinds = {c.kind for s in cl.sections(silent) for c in s.clauses}
    assert "score.roem-winner" in kinds and "score.roem-called" not in kinds
    assert "score.roem-called" in {c.kind for s in cl.sections(called) for c in s.clauses}


def test_a_suit_solo_in_the_dulles_suit_says_that_suit_runs_without_its_ten(site: Path) -> None:
    """The play section gives the normal game's trump suit as A 10 K 9; in a heart solo the ten of hearts is
    the Dulle, already above, so hearts run A K 9 (a German reader). Only hearts lose a card that way."""
    en = visible_text(page(site, "en", "doppelkopf"))
    said = re.findall(
        r"In a suit solo in (\w+), (.+?) is already one of the trumps above: below them, \w+ run ([^.]+)\.", en
    )
    assert said == [("hearts", "the ten of hearts", "ace, king, and nine")]
    de = visible_text(page(site, "de", "doppelkopf"))
    assert (
        "Im Farbsolo mit Herz als Trumpf gehört die Herz-Zehn schon zu den oberen Trümpfen; darunter folgen nur noch "
        "Ass, König und Neun." in de
    )


#: Which scoring sentence states each item of a party game's value (referee.mechanisms.party_game).
PARTY_ITEM_CLAUSES = {
    "won": "score.party-value",
    "under-90": "score.party-value",
    "under-60": "score.party-value",
    "under-30": "score.party-value",
    "no-trick": "score.party-value",
    "said-re": "score.party-value-announced",
    "said-kontra": "score.party-value-announced",
    "said-step": "score.party-value-announced",
    "reached": "score.party-value-reached",
    "against-the-queens": "score.party-against",
    "extras": "score.party-extras",
    "fox": "score.party-extras",
    "charlie": "score.party-extras",
    "doppelkopf": "score.party-extras",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_doppelkopf_quick_reference_scores_its_own_worked_deal(site: Path, lang: str) -> None:
    """An r35 reader scored the sample game from the card alone and got 8, not 9: the point reached against an
    Absage was missing. Every item the engine counts in the worked deal has its sentence on the card, and so
    have the plain suits' order (with the hearts short of their ten) and the reversal after "Kontra" alone."""
    rules = load_ruleset("doppelkopf")
    worked = worked_deal(rules)
    assert worked is not None and worked.party is not None
    card = visible_text((site / lang / QUICKREF.format(id="doppelkopf")).read_text(encoding="utf-8"))
    said = {c.kind: c for s in cl.sections(rules) for c in s.clauses}
    needed = {PARTY_ITEM_CLAUSES[what] for what, _, _ in worked.party.items}
    # the worked deal is a normal game with an announcement (generator.worked.wanted); the point reached against
    # an Absage is on the card whatever the deal shows
    assert "score.party-value-announced" in needed
    for kind in (*needed, "score.party-value-reached", "play.promoted-plain.short", "score.party-need-kontra"):
        assert rp.render(load_lang(lang), said[kind]) in card, kind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_skat_quick_reference_says_the_all_pass_the_fixed_values_and_a_lost_game(site: Path, lang: str) -> None:
    """An r35 reader missed on the card that all three passing throws the cards in, that a null game must reach
    the bid, and how a lost game is valued; the card leaves out the sentence the declared games say already."""
    rules = load_ruleset("skat")
    card = visible_text((site / lang / QUICKREF.format(id="skat")).read_text(encoding="utf-8"))
    said = {c.kind: c for s in cl.sections(rules) for c in s.clauses}
    for kind in ("bid.ladder-first", "declare.least"):
        assert rp.render(load_lang(lang), said[kind]) in card, kind
    # a lost game's value in the card's shorter sentence (rp.QUICKREF_SHORT), which leaves room for who deals next,
    # a deal thrown in and the revoke (an r40 reader)
    short = replace(said["score.gv-lost-levels"], kind=rp.QUICKREF_SHORT["score.gv-lost-levels"])
    assert rp.render(load_lang(lang), short) in card
    assert rp.render(load_lang(lang), said["score.gv-lost-levels"]) not in card
    assert rp.render(load_lang(lang), said["play.trump-declared"]) not in card


def test_the_german_skat_page_says_what_the_isko_scores_for_a_lost_game(site: Path) -> None:
    """ISkO 5.2.5: a declarer who loses at a level he announced is not charged it twice. The German page said
    "(einen Eigenschneider gibt es nicht)" right after saying the declarer's own schneider counts, which an r35
    reader took for a contradiction; "ein offenes Spiel" took in null ouvert, lost the other way; and the
    Seeger-Fabian sentence read backwards. The engine: a declarer schneider himself loses at schneider, an
    announced schneider counts once with its announcement."""
    from referee.mechanisms import game_value

    settings = game_value.of(load_ruleset("skat"))
    # clubs with 1, the declarer with 20 of 120 card points and 2 of 10 tricks: schneider himself
    own = game_value.evaluate(settings, 12, 0, 1, False, "", 18, 20, 120, 2, 10)
    assert not own.won and ("schneider", 1) in own.items
    announced = game_value.evaluate(settings, 12, 0, 1, True, "schneider", 18, 20, 120, 2, 10)
    kinds = [what for what, _ in announced.items]
    assert not announced.won and kinds.count("schneider") == 1 and "schneider-announced" in kinds
    text = visible_text(page(site, "de", "skat"))
    assert "Eigenschneider" not in text and "ein offenes Spiel" not in text
    # a declarer schwarz himself is schneider too: both levels count (a native reader)
    assert (
        "Bleibt der Alleinspieler selbst Schneider, zählt das verlorene Spiel Schneider mit; wird er schwarz, "
        "Schneider und Schwarz." in text
    )
    black = game_value.evaluate(settings, 12, 0, 1, False, "", 18, 0, 120, 0, 10)
    assert ("schneider", 1) in black.items and ("schwarz", 1) in black.items
    # ISkO 5.2.5: a level announced and lost in is not counted twice (an r40 reader found "zählt dabei nur einmal,
    # dazu die Ansage" unclear)
    assert "Verliert er in einer Gewinnstufe, die er selbst angesagt hat, wird sie ihm nicht doppelt berechnet." in text
    assert "ein Farb- oder Grandspiel ouvert sind verloren, sobald die Gegenspieler einen Stich machen" in text
    assert "Auf dieser Seite wird ohne Seeger-Fabian gerechnet" in text and "eine Hausregel fügt es hinzu" not in text
    assert "Vorhand hält mit „ja“ oder sagt „passe“" in text and "Vorhand spielt stets zum ersten Stich aus." in text


def test_doppelkopf_says_the_soloist_leads_a_compulsory_solo_where_it_says_who_leads(site: Path) -> None:
    """The rules of play said only "the player left of the dealer leads", which an r35 reader found wrong for a
    compulsory solo; it comes from the compulsory solo's settings, not from the game's name."""
    en = visible_text(page(site, "en", "doppelkopf"))
    assert "leads to the first trick; in a compulsory solo, the Vorführung too, the soloist leads." in en
    assert "Das Aufspiel hat der Spieler links vom Geber, beim Pflichtsolo" in visible_text(
        page(site, "de", "doppelkopf")
    )
    assert "in a compulsory solo, the Vorführung too" not in visible_text(page(site, "en", "skat"))


# -- Klaverjassen as a Dutch club player reads it (r35) ---------------------------------------------------------


def test_the_nat_comparison_names_the_sides_with_their_totals(site: Path) -> None:
    """Under a score table a column a side, the deal's end compares the sides as the table heads them, each by its
    total, the roem shown where a side holds it ("Zij spelen en halen 101, wij 111 (61 + 50 roem): zij zijn nat");
    the totals are the engine's, before the contract weighed them."""
    rules = load_ruleset("klaverjassen")
    worked = worked_deal(rules)
    assert worked is not None and worked.maker is not None
    score = visible_text(section(page(site, "nl", "klaverjassen"), "worked"))
    makers, others = worked.maker % 2, 1 - worked.maker % 2
    roem_won = [sum(m.points for t in worked.tricks if t.winner % 2 == side for m in t.melds) for side in (0, 1)]

    def said(side: int) -> str:
        total = worked.before_settling[side]
        return f"{total} ({total - roem_won[side]} + {roem_won[side]} roem)" if roem_won[side] else str(total)

    words = ("Wij", "wij") if makers == 0 else ("Zij", "zij")
    them = "zij" if makers == 0 else "wij"
    nat = worked.points[makers] == 0
    head = f"{words[0]} spelen en halen {said(makers)}, {them} {said(others)}: "
    assert head in score
    assert (f"{words[1]} zijn nat" in score) == nat


def test_four_of_a_kind_is_said_with_the_ranks_in_the_plural(site: Path) -> None:
    """ "Vier boeren in één slag: 200 roem", not "four cards of one rank (jack)" (a Dutch reader); every rank the
    ruleset scores is named, in each language's plural."""
    plain = visible_text(page(site, "nl", "klaverjassen"))
    assert "Vier boeren in één slag: 200 roem." in plain
    assert "Vier azen, tienen, heren, vrouwen, negens, achten of zevens in één slag: 100 roem." in plain
    english = visible_text(page(site, "en", "klaverjassen"))
    assert "Four jacks in one trick score 200 points of roem." in english


def test_a_series_of_deals_between_sides_says_how_often_each_deals(site: Path) -> None:
    """Klaverjassen's 16 deals are a boompje (the NKU's word, r40), four deals each; the sides stay "partijen" (a
    Dutch reader found "Een partij bestaat uit 16 spellen" beside "de partij met de meeste punten"). Skat, scored
    alone, says the series of the German Skat Association's list, with whose rule it is."""
    end = visible_text(section(page(site, "nl", "klaverjassen"), "end"))
    assert "Een boompje bestaat uit 16 spellen; ieder geeft vier keer." in end
    assert "Bij gelijke stand is het boompje onbeslist." in end and "Een partij bestaat" not in end
    kinds = [c.kind for s in cl.sections(load_ruleset("skat")) for c in s.clauses]
    assert "end.deals.series" in kinds and "end.deals.teams" not in kinds


def test_trump_made_in_the_bidding_is_not_said_again_in_play(site: Path) -> None:
    """The bidding's section says who names trump; play does not repeat "the chosen suit is trump"."""
    for rid in ("klaverjassen", "euchre"):
        kinds = [c.kind for s in cl.sections(load_ruleset(rid)) for c in s.clauses]
        assert "play.trump-bid" not in kinds and "play.winner-trump" in kinds, rid
    assert "De gekozen kleur is troef" not in visible_text(page(site, "nl", "klaverjassen"))


def test_the_amsterdam_exemption_has_an_example_the_engine_played() -> None:
    """Where a player need not trump while the partner is winning the trick, an example shows it: the player
    cannot follow, holds a trump, the partner's card is winning, and the engine lets a plain card be played;
    Rotterdam, which has no exemption, has no such example (by the rules' data, not the game's name)."""
    from generator.examples import examples, partner_winning

    rules = load_ruleset("klaverjassen")
    found = partner_winning(rules)
    assert found is not None and found.partner is not None and found.seat is not None and found.trump is not None
    assert found in examples(rules)
    table = rules.trump_table(rules.deck.suits.index(found.trump))
    suit = {code: table.eff_suit[rules.deck.index[code]] for code in [*found.hand, *(c for _, c in found.trick)]}
    trump = rules.deck.suits.index(found.trump)
    led = suit[found.trick[0][1]]
    assert led != trump and all(suit[c] != led for c in found.hand)  # cannot follow a plain suit
    assert any(suit[c] == trump for c in found.hand)  # holds a trump
    assert any(suit[c] != trump for c in found.legal)  # and need not play it
    assert (found.partner - found.seat) % 4 == 2
    winner = max(found.trick, key=lambda play: table.keys[led][rules.deck.index[play[1]]])
    assert winner[0] == found.partner
    # the same hand where the duty holds even on the partner's trick: only trumps
    rotterdam = load_ruleset("klaverjassen-rotterdam")
    assert partner_winning(rotterdam) is None
    assert all(e.kind != "partner-winning" for e in examples(rotterdam))


def test_the_partner_example_is_worded_on_the_page(site: Path) -> None:
    """The example's caption and why in Dutch: "als zijn maat de slag heeft", no "maatslag"."""
    text = visible_text(section(page(site, "nl", "klaverjassen"), "examples"))
    assert "hoeft niet in te troeven: zijn maat, speler" in text or "hoeft niet over te troeven: zijn maat" in text
    assert "maatslag" not in visible_text(page(site, "nl", "klaverjassen"))


def test_the_quick_reference_leaves_the_values_to_its_table(site: Path) -> None:
    """Where the card's table gives each rank's value outside and in trump and the deal's total, its scoring does
    not say them again (a Dutch reader found the card a copy of the full rules); the full page keeps both."""
    card = visible_text((site / "nl" / QUICKREF.format(id="klaverjassen")).read_text(encoding="utf-8"))
    full = visible_text(page(site, "nl", "klaverjassen"))
    for sentence in ("Niet-troef: aas 11", "In troef: jas (troefboer) 20", "Per spel worden in totaal 162"):
        assert sentence in full and sentence not in card, sentence
    assert "Per spel in totaal (zonder roem)" in card and "Laatste slag" in card  # the table says them


def test_the_deal_passes_on_except_after_a_compulsory_solo() -> None:
    """An r36 German reader found "Nach jedem Spiel geht das Geben an den linken Nachbarn über" beside "derselbe
    Geber gibt noch einmal" after a Pflichtsolo: where a compulsory solo is dealt again, who deals next says so."""
    said = {c.kind for s in cl.sections(load_ruleset("doppelkopf")) for c in s.clauses}
    assert "deal.rotation-left.compulsory" in said and "deal.rotation-left" not in said
    hearts = {c.kind for s in cl.sections(load_ruleset("hearts")) for c in s.clauses}
    assert "deal.rotation-left" in hearts and "deal.rotation-left.compulsory" not in hearts


def test_the_doppelkopf_worked_deal_is_a_normal_game_with_an_announcement_kept() -> None:
    """A native reader found the worked deal a bot's (a Karo-Solo announcing "keine 90" on 31 Augen): the deal is
    chosen by what it shows (generator.worked.wanted), so it is the game a table plays most, two against two with
    nobody naming a contract, and the party that announced won."""
    rules = load_ruleset("doppelkopf")
    assert {"normal-game", "announced-and-won"} <= wanted(rules)
    worked = worked_deal(rules)
    assert worked is not None and worked.party is not None
    assert {"normal-game", "announced-and-won"} <= features(rules, worked)
    assert all(word == "healthy" for _, word in worked.bids) and sorted(worked.teams) == [0, 0, 1, 1]
    said = {worked.teams[seat] for trick in worked.tricks for seat, _, _ in trick.said}
    assert worked.party.winner in said
    # a solo with its announcements lost is not such a deal (seed 1 of the old choice: a suit solo)
    solo = play_worked(rules, 1)
    assert solo is not None and "normal-game" not in features(rules, solo)


def test_a_beaten_card_is_never_a_copy_of_the_winner() -> None:
    """Of two equal cards the first wins, and the page says so; the card the winner beat is the strongest other
    card, so the page names the trump it beat (a reader: "Die Herz-Dame ist Trumpf, höher als das Karo-Ass")."""
    rules = load_ruleset("doppelkopf")
    equal = []
    for seed in (1, 13):
        worked = play_worked(rules, seed)
        assert worked is not None
        equal += [t for t in worked.tricks if t.equal]
        assert all(t.beaten != t.card for t in worked.tricks)
    assert any(t.beaten for t in equal)


def test_the_german_doppelkopf_page_names_one_of_two_queens_of_clubs(site: Path) -> None:
    """A card the pack holds twice: "Wer eine Kreuz-Dame hat" (a reader: "Wer die Kreuz-Dame hat (es gibt sie
    zweimal)" speaks of one card), the opening names the game and not its title, and the label says the 48 cards
    are 9 to A twice, with the nine's 0 among the values."""
    text = visible_text(page(site, "de", "doppelkopf"))
    assert "Wer eine Kreuz-Dame hat, gehört zur Re-Partei, die anderen zur Kontra-Partei." in text
    assert "wenn eine Kreuz-Dame fällt" in text and "es gibt sie zweimal" not in text
    assert "Doppelkopf ist ein Stichspiel aus der Schafkopf-Familie" in text
    assert "48 Karten (Neun bis Ass, jede Karte doppelt)" in text and "Bube 2, Neun 0" in text
    english = visible_text(page(site, "en", "doppelkopf"))
    assert "the players holding a queen of clubs are the Re party" in english
    assert "Diese Seite ist aus genau den Regeln erzeugt" in text
    # the referee asks for the reservations once round the table; the page says so, and that the DDV asks twice
    assert "„gesund“ oder nennt gleich seinen Vorbehalt" in text
    assert "Die Turnierspielregeln fragen die Vorbehalte in zwei Schritten ab (TSR 4.1)" in text


def test_the_german_skat_card_says_the_jacks_are_trumps_and_whose_series_it_is(site: Path) -> None:
    """A native reader missed on the card that the jacks belong to the trumps, and took "36 Spiele" for the
    ISkO's: it is the list of the DSkV's Skatwettspielordnung, 48 at a table of four."""
    card = visible_text((site / "de" / QUICKREF.format(id="skat")).read_text(encoding="utf-8"))
    # the jacks' rule as a German book says it (an r40 reader: "Zum Trumpf gehören, auch beim Bedienen, ..." pushed
    # the aside into the middle)
    assert "Die höchsten Trümpfe sind stets der Kreuz-Bube, der Pik-Bube" in card
    assert "auch beim Bedienen zählen sie zum Trumpf, nicht zu ihrer Farbe" in card
    # both tables' series on both cards, as the Skatwettspielordnung sets them (an r40 reader: "so die Liste der"
    # was not German, and the table of four was missing at three)
    series = "Nach der Skatwettspielordnung des DSkV gibt in einer Serie jeder zwölfmal: Am Dreiertisch umfasst sie 36"
    assert series + " Spiele, am Vierertisch 48. Die Skatordnung selbst schreibt keine Länge vor." in card
    four = visible_text((site / "de" / QUICKREF.format(id="skat-four")).read_text(encoding="utf-8"))
    assert series in four and "so die Liste" not in four


@pytest.mark.parametrize("rid", ["doppelkopf", "skat"])
def test_a_full_card_thrown_onto_the_partners_trick_is_schmieren(site: Path, rid: str) -> None:
    """ "schmiert" where a player who cannot follow gives an ace or a ten to the trick the partner is winning, and
    only there (a native reader: not for any discard)."""
    rules = load_ruleset(rid)
    worked = worked_deal(rules)
    assert worked is not None
    text = visible_text(page(site, "de", rid))
    given = [
        (t, i)
        for t in worked.tricks
        for i in range(len(t.plays))
        if not t.plays[i].followed and rp.smears(rules, worked, t, i)
    ]
    assert given and text.count(" schmiert ") == len(given)
    for trick, index in given:
        play = trick.plays[index]
        assert play.points >= rp.FULL_CARD and index > trick.winning_play
        assert worked.teams[play.seat] == worked.teams[trick.winner] != -1
    # a card thrown onto the other party's trick is a discard
    others = [
        (t, p)
        for t in worked.tricks
        for p in t.plays
        if not p.followed and not p.trump and worked.teams[p.seat] != worked.teams[t.winner]
    ]
    assert others and "wirft" in text


def test_the_losers_extra_points_are_said_as_theirs(site: Path) -> None:
    """The extra points of the losing party count against the winners' value: the worked deal's summary says whose
    they are (a reader: "Doppelköpfe −1" is a score without an owner)."""
    worked = worked_deal(load_ruleset("doppelkopf"))
    assert worked is not None and worked.party is not None
    theirs = [what for what, party, _ in worked.party.items if party != worked.party.winner]
    assert theirs
    text = visible_text(section(page(site, "de", "doppelkopf"), "worked"))
    names = {"fox": "Fuchs von der Gegenpartei gefangen −", "doppelkopf": "Doppelkopf der Gegenpartei −"}
    assert all(names[what] in text for what in theirs if what in names) and "Doppelköpfe −" not in text
