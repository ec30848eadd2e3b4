"""Dutch Boerenbridge and Klaverjassen pages after the r40 fresh native readers (issue 19): each test states what a
reader found wrong and checks that the page, made by the engine, now says it their way or says whose rule it is."""

from __future__ import annotations

from functools import cache

from test_site import visible_text

from generator import clauses as cl
from generator import rulepage as rp
from generator.examples import partner_winning
from generator.figures import CARDS_BY_TRUMP
from generator.site import Builder
from generator.worked import worked_deal
from referee import load_ruleset
from wording.i18n import load_lang


@cache
def built(rid: str, lang: str) -> dict[str, str]:
    """A bundled ruleset's rule page and quick reference in ``lang``, as the reader sees their text."""
    rules = load_ruleset(rid)
    pages = {p.path: p for p in Builder([rules], [lang], "", None).pages()}
    return {
        kind: visible_text(pages[f"{lang}/{rid}{suffix}"].content.decode("utf-8"))
        for kind, suffix in (("page", ".html"), ("card", ".card.html"))
    }


def page(rid: str, lang: str) -> str:
    return built(rid, lang)["page"]


def card(rid: str, lang: str) -> str:
    return built(rid, lang)["card"]


# -- Boerenbridge ---------------------------------------------------------------------------------------------


def test_boerenbridge_says_which_rule_comes_from_which_source() -> None:
    """The reader: the page mixes the WK schedule, Wikipedia's turned trump and a dealer's bar in every deal, and
    says neither. The notes now name each source's rule and what this page does instead."""
    dutch = page("boerenbridge", "nl")
    for said in (
        "Het schema komt van het WK Boerenbridge (boerenbridge.com)",
        "Het WK houdt op bij tien omdat daar meestal vijf spelers aan tafel zitten; hier spelen er vier.",
        "Op het WK is schoppen altijd troef; hier wordt na het geven de volgende kaart omgedraaid",
        "pas als iedereen meer dan drie kaarten heeft",
        "hier geldt de beperking in elke ronde",
        "kaartspeluitleg.nl bijvoorbeeld telt 5 plus 1 per slag",
    ):
        assert said in dutch, said
    english = page("boerenbridge", "en")
    assert "The WK plays spades as fixed trump" in english and "here the dealer's bar holds in every deal" in english


def test_boerenbridge_calls_a_deal_a_ronde_and_the_whole_game_het_spel() -> None:
    """ "spel" meant both the game and a deal ("19 spellen", "Dit spel is voor vier spelers"): the deals of a hand-size
    schedule are rondes, the game ends as a spel, and the card no longer ends with "deze reeks"."""
    dutch, quick = page("boerenbridge", "nl"), card("boerenbridge", "nl")
    for text in (dutch, quick):
        assert "10–1–10 kaarten per ronde" in text and "19 rondes" in text and "per hand" not in text
        assert "In de eerste ronde krijgt elke speler 10 kaarten, daarna elke ronde één kaart minder tot 1" in text
        assert "Einde van het spel" in text and "Het spel is uit na de laatste ronde van dit schema." in text
        assert "deze reeks" not in text and "19 spellen" not in text
        assert "mag geen aantal noemen waardoor de biedingen samen precies op het aantal slagen van de ronde" in text
        assert "bod 0 tot en met het aantal kaarten" in text
    assert "Een hele ronde, slag voor slag" in dutch and "Dit is ronde 6 van het spel; de tussenstand vóór" in dutch
    # the examples name no deal at all, so Spades' page can share them
    assert (
        "Hier heeft elke speler 5 kaarten; speler 2 geeft" in dutch and "Uitgespeeld: zo wordt elk bod geteld." in dutch
    )
    assert "In dit spel heeft" not in dutch and "Hetzelfde spel" not in dutch
    # a klaverjas table keeps its spellen
    assert "16 spellen" in card("klaverjassen", "nl") and "Einde van de wedstrijd" in card("klaverjassen", "nl")


def test_a_fixed_sum_and_points_a_trick_read_as_a_sum() -> None:
    """ "telt 5 punten en 2 punten per gehaalde slag" and "min 2 punten per slag meer of minder dan het bod" read as
    calques; the English said "5 points and 2 points" too (issue 19: "X and 1 point for each trick" without plus)."""
    dutch = page("boerenbridge", "nl")
    assert "Een gehaald bod levert 5 punten op, plus 2 punten per gehaalde slag." in dutch
    assert "Een niet gehaald bod telt min 2 punten per slag te veel of te weinig." in dutch
    assert "A bid that is made scores 10 points plus 1 point for each trick taken." in page("oh-hell", "en")
    kinds = [c.kind for s in cl.sections(load_ruleset("spades")) for c in s.clauses]
    assert "score.made-points" in kinds and "score.made-points-plus" not in kinds  # no fixed sum: as before


def test_the_card_says_who_deals_first_and_next_and_the_rules_shuffle_and_cut() -> None:
    """Who bids first and who is barred depend on who deals: the card now says the lot and the rotation; the rules
    say them in the table's order (the lot came after the dealing), with the shuffle and cut, which the one printed
    page has no room for (Skat's card would run onto a second)."""
    for rid in ("boerenbridge", "klaverjassen"):
        text = page(rid, "nl")
        lot = text.index("De eerste gever wordt door loting bepaald.")
        cut = text.index("De gever schudt en laat de speler rechts van hem afnemen.")
        assert lot < cut < text.index("De gever deel"), rid
        quick = card(rid, "nl")
        assert quick.index("De eerste gever wordt door loting bepaald.") < quick.index("De gever deel"), rid
        assert "afnemen" not in quick
        for said in (text, quick):
            assert "Het geven gaat met de klok mee rond." in said


# -- Klaverjassen ---------------------------------------------------------------------------------------------


def test_the_cards_scoring_starts_with_the_card_values_it_adds_to() -> None:
    """The card's scoring began "De laatste slag telt 10 punten extra. Daarnaast ...", with no card values before it
    (its table stands below): it now starts by saying what is counted and where the values stand."""
    quick = card("klaverjassen", "nl")
    scoring = quick.split("Puntentelling", 1)[1]
    pointer = "Na het spel telt elke partij de punten van de kaarten in haar slagen; wat elke kaart waard is"
    assert scoring.lstrip().startswith(pointer)
    assert scoring.index(pointer) < scoring.index("De laatste slag telt 10 punten extra.")
    # the full page says the values in sentences, and no pointer to a table instead
    dutch = page("klaverjassen", "nl")
    assert pointer not in dutch and "Niet-troef: aas 11, tien 10" in dutch
    assert rp.TABLE_POINTER not in [c.kind for c in cl.sections(load_ruleset("hearts"))[0].clauses]


def test_the_label_says_the_amsterdam_exemption_as_players_do() -> None:
    """ "geen troefplicht als de maat de slag heeft" read as no duty to trump at all (to a trump lead one must still
    go over the partner): the label names the exemption, "maat zit"."""
    for text in (page("klaverjassen", "nl"), card("klaverjassen", "nl")):
        assert "maat zit: niet in- of overtroeven" in text and "geen troefplicht" not in text
    assert "ook als de maat zit: in- en overtroeven" in card("klaverjassen-rotterdam", "nl")


def test_klaverjassen_words_from_the_r40_reader() -> None:
    dutch = page("klaverjassen", "nl")
    assert "Haalt een partij alle slagen, dan maakt ze pit en krijgt ze 100 punten extra." in dutch
    assert "Een boompje bestaat uit 16 spellen; ieder geeft vier keer." in dutch
    assert "(een lagere troef bijspelen dan de hoogste troef in de slag)" in dutch
    # the revoke: the recorded decision (no published reglement states a penalty), worded as a rule book would
    assert (
        "Voor verzaken (een speelplicht niet nakomen, zoals niet bekennen terwijl het kan) en andere fouten geven "
        "deze regels geen straf: in een wedstrijd beslist de wedstrijdleider, thuis spreekt de tafel vooraf een "
        "straf af." in dutch
    )
    assert "wijst Trickbook" not in dutch


def test_an_example_from_another_deal_says_so_with_its_trumps() -> None:
    """The second example ("Slag 2: speler 3 komt uit", trumps diamonds) was read as trick 2 of the worked deal,
    where clubs are trumps: an example from another deal than the worked one now says so, with its trumps."""
    rules = load_ruleset("klaverjassen")
    example, worked = partner_winning(rules), worked_deal(rules)
    assert example is not None and worked is not None and example.seed != worked.seed
    dutch = page("klaverjassen", "nl")
    assert "Een ander spel, met ruiten als troef. Slag 2: speler 3 komt uit." in dutch
    assert "De eerste slag: speler 3 komt uit." in dutch  # the first trick's example is the worked deal's
    english = page("klaverjassen", "en")
    assert "Another deal, with diamonds as trumps. Trick 2:" in english


def test_the_cards_shares_say_why_the_jacks_differ() -> None:
    """The jacks' shares differ by suit (clubs 4.8%, spades 3.8%), which a reader took for an error: where a card
    counts more as a trump, the figure says the differences come from the computer players' choice of trumps."""
    dutch = page("klaverjassen", "nl")
    lang = load_lang("nl")
    said = lang.gettext(CARDS_BY_TRUMP)
    assert said in dutch and "niet van de regels" in said
    assert "computer players made trump" not in page("hearts", "en")


def test_the_turned_card_says_it_makes_trump_where_it_is_dealt() -> None:
    """ "dit is de open kaart" named a card whose point came a section later ("De kleur van de open kaart is troef"):
    where the turned card makes trump, the deal says so, once; Euchre's upcard, which is no trump, keeps its words."""
    dutch = page("boerenbridge", "nl")
    assert "De volgende kaart van de stapel wordt omgedraaid en open op tafel gelegd; die kleur is troef." in dutch
    assert "De kleur van de open kaart is troef." not in dutch and "dit is de open kaart" not in dutch
    assert "De omgedraaide kaart is de hartentwee, dus harten is troef." in dutch
    kinds = [c.kind for s in cl.sections(load_ruleset("euchre")) for c in s.clauses]
    assert "deal.upcard" in kinds and "deal.upcard-trump" not in kinds


def test_klaverjassen_trick_points_go_to_the_side_by_its_seats() -> None:
    """ "De slag is 16 punten waard voor de partij van speler 3" read like a bookkeeper's: the worked deal names the
    side as the score sheet under it does (spelers 1 en 3), and the NKU's bidding, cards face down, is said."""
    dutch = page("klaverjassen", "nl")
    assert "De slag is 16 punten waard voor spelers 1 en 3." in dutch
    assert "De slag is 24 punten waard voor spelers 2 en 4, plus 10 punten voor de laatste slag." in dutch
    assert "(50 roem), voor spelers 1 en 3." in dutch  # the roem too
    assert "voor de partij van speler" not in dutch
    assert "Iedereen laat zijn kaarten gedekt liggen tot hij aan de beurt is. De gever bekijkt als eerste" in dutch
    assert "Is er al ingetroefd, dan moet wie daarna troeft, overtroeven als hij kan." in dutch
    assert "Player 3 takes 16 points for their side, Players 1 and 3." in page("klaverjassen", "en")
