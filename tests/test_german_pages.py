"""German Skat and Doppelkopf pages as the r40 fresh native readers asked for them (issue 19): each test states
what the reader found wrong or missing, and checks the page, made by the engine, says it."""

from __future__ import annotations

from functools import cache

from test_site import visible_text

from generator import clauses as cl
from generator import rulepage as rp
from generator.site import Builder
from generator.worked import worked_deal
from referee import load_ruleset
from referee.mechanisms import game_value
from wording.i18n import load_lang


@cache
def pages(rid: str, lang: str) -> dict[str, str]:
    """A bundled ruleset's rule page and quick reference in ``lang``, as the reader sees their text."""
    built = {p.path: p for p in Builder([load_ruleset(rid)], [lang], "", None).pages()}
    return {
        kind: visible_text(built[f"{lang}/{rid}{suffix}"].content.decode("utf-8"))
        for kind, suffix in (("page", ".html"), ("card", ".card.html"))
    }


# -- Skat ---------------------------------------------------------------------------------------------------------


def test_the_skat_revoke_says_what_the_engine_scores_and_where_the_skat_order_differs() -> None:
    """The reader missed gefordertes Weiterspiel (ISkO 4.2.3), and read "mindestens mit dem kleinsten Vielfachen
    ... das den Reizwert erreicht" as the ISkO's rule, which gives the level the bid needed only if the declarer
    could still reach it (4.1.5). The page says what Trickbook scores, that it does not judge that, and what a
    table asking to play on gets."""
    settings = game_value.of(load_ruleset("skat"))
    # the engine: opponents revoked in a Kreuz with 1 bid to 36; the simple level is 2 x 12, the bid needs 3 x 12
    won = game_value.forfeited(settings, 12, 0, 1, False, "", 36, True)
    assert won.won and won.value == 36
    english = pages("skat", "en")["page"]
    assert "and, whoever revoked, at least at the least multiple of the base value that reaches the bid" in english
    assert "only if he could still reach it; Trickbook does not judge that" in english
    german = pages("skat", "de")["page"]
    assert "Trickbook wertet dann in der Stufe einfach" in german
    assert "gleich wer verleugnet hat, mindestens mit dem kleinsten Vielfachen des Grundwerts" in german
    assert "Nach der ISkO (4.1.5) bekommt der Alleinspieler bei einem Verstoß der Gegenpartei" in german
    assert "nur zuerkannt, wenn er sie noch erreichen konnte; das prüft Trickbook nicht." in german
    assert (
        "Die ISkO lässt die schuldlose Partei auch Weiterspielen verlangen; dann wird der Fehler berichtigt" in german
    )
    assert "Trickbook nimmt keine Karte zurück: Das Spiel wird zu Ende gespielt" in german


def test_the_skat_card_says_who_deals_next_a_deal_thrown_in_and_the_revoke() -> None:
    """A printed table sheet needs the dealer's rotation, that an eingepasstes Spiel counts, and the revoke rule
    (the reader found them only on the full page); the card says the revoke short, the page in full."""
    for rid in ("skat", "skat-four"):
        card = pages(rid, "de")["card"]
        assert "Nach jedem Spiel geht das Geben an den linken Nachbarn über." in card
        assert "Ein eingepasstes Spiel wird mitgerechnet." in card
        assert "Wer Farbe verleugnet, bevor das Spiel entschieden ist, verliert es für seine Partei" in card
        assert "4.1.5" not in card and "4.1.5" in pages(rid, "de")["page"]
        # as the full page scores it: the levels announced count, and never less than the bid (an r41 reader
        # found the card's "in der Stufe einfach" alone contradicting the page)
        assert "angesagte Gewinnstufen zählen mit, mindestens aber der Reizwert" in card
    english = pages("skat", "en")["card"]
    assert "at the simple level with the levels the declarer announced, and at least the bid's value" in english


def test_the_skat_series_names_both_tables_and_whose_rule_it_is() -> None:
    """36 at three, 48 at four, by the DSkV's Skatwettspielordnung, not the ISkO ("so die Liste der" was not
    German, and the table of four was missing)."""
    for rid in ("skat", "skat-four"):
        text = pages(rid, "de")["page"]
        assert (
            "Nach der Skatwettspielordnung des DSkV gibt in einer Serie jeder zwölfmal: Am Dreiertisch umfasst sie 36 "
            "Spiele, am Vierertisch 48. Die Skatordnung selbst schreibt keine Länge vor." in text
        )
        assert "so die Liste" not in text
    assert "36 deals at a table of three, 48 at a table of four" in pages("skat-four", "en")["page"]


def test_the_skat_matadors_lost_game_and_source_read_as_a_skat_book() -> None:
    """The declarer is the subject of the Spitzen, with the skat counted; a level announced and lost in is not
    counted twice (ISkO 5.2.5), said plainly; the source names the ISkO's edition, not "(ISkO, 1999)"."""
    text = pages("skat", "de")["page"]
    assert "Hat der Alleinspieler – den Skat eingerechnet, auch im Handspiel – den höchsten Trumpf, spielt er" in text
    assert "Wer den höchsten Trumpf hat, spielt" not in text
    assert "Verliert er in einer Gewinnstufe, die er selbst angesagt hat, wird sie ihm nicht doppelt berechnet." in text
    assert "dazu die Ansage." not in text
    assert (
        "Internationale Skatordnung (ISkO), beschlossen am 22. November 1998 in Halle, gültig seit 1. Januar 1999"
        in (text)
    )
    assert "(ISkO, 1999)" not in text
    assert "oder er spielt, ohne den Skat anzusehen, Hand; das bringt eine Gewinnstufe mehr." in text
    assert "Die Zahlen sind die Karten" not in text


# -- Doppelkopf ---------------------------------------------------------------------------------------------------


def test_doppelkopf_says_on_page_and_card_that_trickbook_asks_for_reservations_otherwise_than_tsr_4_1() -> None:
    """The reservations are asked once round the table, not in the TSR's two steps: the reader found the
    difference only in the notes, and the card stated the referee's way as the rule."""
    for rid in ("doppelkopf", "doppelkopf-ohne-neunen"):
        for kind in ("page", "card"):
            text = pages(rid, "de")[kind]
            assert "„gesund“ oder nennt gleich seinen Vorbehalt" in text
            assert (
                "Die TSR (4.1) fragen erst nur „gesund“ oder „Vorbehalt“ ab und dann die Vorbehalte nach Rang" in text
            )
            assert "nur wissen hier die später Sprechenden schon, was genannt wurde" in text


def test_doppelkopf_revoke_needs_a_claim_and_a_silent_wedding_is_no_reservation_at_all() -> None:
    """A revoke is punished once the other side claims it ("reklamiert"), which is the table confirming the flag;
    a player with both queens of clubs plays a stille Hochzeit only without any reservation, a solo included."""
    text = pages("doppelkopf", "de")["page"]
    assert "Wer nicht bedient, obwohl er hätte bedienen können, begeht einen schwerwiegenden Regelverstoß." in text
    assert "Reklamiert ihn die Gegenseite, wird das Spiel sofort beendet" in text
    assert "Wer beide Kreuz-Damen hat und weder eine Hochzeit noch ein Solo anmeldet, spielt allein" in text


def test_a_trick_with_both_copies_of_the_winner_says_the_first_played_wins_and_nothing_else() -> None:
    """ "Die Kreuz-Dame ist der höhere Trumpf und schlägt die Karo-Neun" picked the wrong comparison with the other
    queen of clubs in the trick, and "Beide [Herz-Dame]" read as "Beide Herz-Dame": such a trick says only that
    the card lies twice and the first played wins."""
    rules = load_ruleset("doppelkopf")
    worked = worked_deal(rules)
    assert worked is not None
    context = rp.worked_context(load_lang("de"), rules, worked)
    assert context is not None
    notes = [[visible_text(str(n)) for n in trick["notes"]] for trick in context["tricks"]]
    twins = [said for trick, said in zip(worked.tricks, notes, strict=True) if trick.equal]
    assert len(twins) >= 2
    for said in twins:
        assert any("liegt zweimal im Stich: Von zwei gleichen Karten sticht die zuerst gespielte." in s for s in said)
        assert not any("schlägt" in s or s.startswith("Beide") for s in said), said
    # a trick without the winner's twin still says what its promoted trump beat
    assert any("ist der höhere Trumpf und schlägt" in s for said in notes for s in said)


def test_doppelkopf_ranks_the_cards_right_after_the_pack_before_the_solos_use_the_order() -> None:
    """The solos said "die höchsten Trümpfe bleiben dieselben wie im Normalspiel" before the normal game's order
    was given, which came under Spielablauf between Bedienen and Stich; a German rule book ranks the cards right
    after the pack (TSR 2.3). The card keeps the order there too, without a heading of its own (no line to spare)."""
    keys = [s.key for s in cl.sections(load_ruleset("doppelkopf"))]
    assert keys[:3] == ["overview", "ranks", "deal"] and keys.index("ranks") < keys.index("bidding")
    play = next(s for s in cl.sections(load_ruleset("doppelkopf")) if s.key == "play")
    assert not any(c.kind.startswith(cl.RANK_KINDS) for c in play.clauses)
    assert "ranks" not in [s.key for s in cl.sections(load_ruleset("skat"))]  # Skat's games say their own trumps
    for kind in ("page", "card"):
        text = pages("doppelkopf", "de")[kind]
        order = text.index("Die höchsten Trümpfe sind, unabhängig von ihrer Farbe, der Reihe nach")
        assert text.index("Gespielt wird mit 48 Karten") < order < text.index("Vor dem Aufspiel sagt jeder")
        assert order < text.index("Die höchsten Trümpfe bleiben dieselben wie im Normalspiel")
    assert "Rangfolge der Karten" in pages("doppelkopf", "de")["page"]
    assert "Rangfolge der Karten" not in pages("doppelkopf", "de")["card"]


def test_the_skat_opening_names_the_game_and_says_who_is_scored() -> None:
    """The reader found the full title used as a subject ("Skat nach der Internationalen Skatordnung ist ein
    Stichspiel ...") and "angeschrieben wird für jeden einzeln" / "die Gegenspieler schreiben nichts" unclear: only
    the declarer is scored. The heading keeps the rules followed, in brackets as Doppelkopf's does."""
    text = pages("skat", "de")["page"]
    assert "Skat ist ein Stichspiel aus der Schafkopf-Familie für drei Spieler." in text
    assert "Skat (Internationale Skatordnung)" in text and "Skat nach der Internationalen Skatordnung" not in text
    assert "Angeschrieben wird nur beim Alleinspieler: Gewinnt er, wird ihm der Spielwert gutgeschrieben" in text
    assert "die Gegenspieler bekommen nichts angeschrieben." in text
    assert "jeden einzeln" not in text and "schreiben nichts" not in text
    assert "Die höchsten Trümpfe sind stets der Kreuz-Bube, der Pik-Bube, der Herz-Bube und der Karo-Bube" in text


def test_a_promoted_trump_that_wins_is_said_once_with_the_card_it_beat() -> None:
    """Stich 1 said "... macht den Stich mit [10♥], dem höchsten Trumpf im Stich. Die Herz-Zehn ist der höchste
    Trumpf und schlägt das Karo-Ass.": the same twice. Where the winner's line with the card it beat follows, the
    trick's winner is said plainly."""
    for rid in ("doppelkopf", "doppelkopf-ohne-neunen"):
        rules = load_ruleset(rid)
        worked = worked_deal(rules)
        assert worked is not None
        context = rp.worked_context(load_lang("de"), rules, worked)
        assert context is not None
        notes = [[visible_text(str(n)) for n in trick["notes"]] for trick in context["tricks"]]
        beats = [said for said in notes if any("ist der höchste Trumpf und schlägt" in s for s in said)]
        assert beats
        for said in beats:
            assert not any("dem höchsten Trumpf im Stich" in s for s in said), said


def test_a_promoted_trump_led_that_no_trump_met_is_not_said_to_beat_a_discard() -> None:
    """Skat's trick 6 said "Der Karo-Bube ist Trumpf und schlägt die Pik-Acht": a trump led beating a discard says
    nothing; the discards already say who had no trump left."""
    rules = load_ruleset("skat")
    worked = worked_deal(rules)
    assert worked is not None
    context = rp.worked_context(load_lang("de"), rules, worked)
    assert context is not None
    unmet = 0
    for trick, said in zip(worked.tricks, context["tricks"], strict=True):
        notes = [visible_text(str(n)) for n in said["notes"]]
        if trick.plays[0].trump and trick.winning_play == 0 and not any(p.trump for p in trick.plays[1:]):
            unmet += 1
            assert not any("ist Trumpf und schlägt" in s for s in notes), notes
    assert unmet and any(
        "ist der höhere Trumpf und schlägt" in visible_text(str(n)) for t in context["tricks"] for n in t["notes"]
    )


def test_the_declarer_who_laid_a_suit_away_is_said_why_he_does_not_follow_it() -> None:
    """Trick 2 said only "Spieler 2 sticht mit der Kreuz-Dame"; the instructive point is that he laid the eight of
    hearts away with the skat. Said once, where he first shows out of the suit he laid away."""
    rules = load_ruleset("skat")
    worked = worked_deal(rules)
    assert worked is not None and worked.laid_away and worked.maker is not None
    context = rp.worked_context(load_lang("de"), rules, worked)
    assert context is not None
    notes = [visible_text(str(n)) for t in context["tricks"] for n in t["notes"]]
    said = [s for s in notes if "denn er hat" in s and "gedrückt" in s]
    assert len(said) == 1 and said[0].startswith(f"Spieler {worked.maker + 1} hat kein Herz mehr, denn er hat 8")
    first = next(t for t in worked.tricks if t.laid_void)
    assert first.laid_void == ((worked.maker, ("8H",)),) and "8H" in worked.laid_away
