"""Dutch Klaverjassen and Italian and Hebrew Hearts pages as fresh native readers asked for them (issue 19):
each test states what the reader found wrong and checks the page, made by the engine, says it their way."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
from test_site import visible_text

from generator import clauses as cl
from generator import rulepage as rp
from generator.site import Builder
from generator.worked import worked_deal
from referee import Ruleset, load_ruleset
from wording.i18n import load_lang, locales_dir


@cache
def page(rid: str, lang: str) -> str:
    """A bundled ruleset's rule page in ``lang``, as the reader sees its text."""
    rules = load_ruleset(rid)
    pages = {p.path: p for p in Builder([rules], [lang], "", None).pages()}
    return visible_text(pages[f"{lang}/{rid}.html"].content.decode("utf-8"))


def worked_notes(rules: Ruleset, lang: str) -> list[list[str]]:
    """The worked deal's notes, trick by trick, in ``lang``."""
    worked = worked_deal(rules)
    assert worked is not None
    context = rp.worked_context(load_lang(lang), rules, worked)
    assert context is not None
    return [[visible_text(str(n)) for n in trick["notes"]] for trick in context["tricks"]]


# -- Dutch Klaverjassen -------------------------------------------------------------------------------


def test_the_worked_deal_says_where_a_partners_trick_frees_a_player_from_trumping() -> None:
    """The reader found trick 7 hid the Amsterdam rule: player 2 could not follow and trumped, while his
    partner had the trick. Every such play in the deal says so, and whether the trump was forced anyway."""
    rules = load_ruleset("klaverjassen")
    worked = worked_deal(rules)
    assert worked is not None
    notes = worked_notes(rules, "en")
    seen = 0
    for trick, said in zip(worked.tricks, notes, strict=True):
        for index, play in enumerate(trick.plays):
            if play.followed or trick.plays[0].trump:
                continue
            partner = play.partner
            # the partner is winning: their card is the strongest of those played before, by the trick's order
            if partner is not None:
                assert (partner - play.seat) % 4 == 2 and partner in [p.seat for p in trick.plays[:index]]
                seen += 1
                line = next(
                    s for s in said if s.startswith(f"Player {play.seat + 1} cannot follow suit; their partner")
                )
                assert f"their partner, Player {partner + 1}, is winning the trick, so they need not trump" in line
                assert ("nothing but trumps" in line) == (play.trump and play.trumps_only)
            else:
                assert not any("need not trump" in s for s in said)
    assert seen  # the deal shows the rule at work (trick 7)
    dutch = " ".join(" ".join(n) for n in worked_notes(rules, "nl"))
    assert (
        "Speler 2 kan geen kleur bekennen. Zijn maat, speler 4, heeft de slag, dus introeven hoeft niet, maar hij "
        "heeft alleen nog troef." in dutch
    )


def test_a_duty_to_trump_on_a_partners_trick_says_no_exemption() -> None:
    """Rotterdam trumps a partner's trick too: no play of its worked deal is said to be free."""
    rules = load_ruleset("klaverjassen-rotterdam")
    assert not any("need not trump" in s for said in worked_notes(rules, "en") for s in said)


def test_roem_runs_and_the_pack_have_the_names_klaverjassers_give_them() -> None:
    dutch = page("klaverjassen", "nl")
    assert "Een driekaart (drie opeenvolgende kaarten van één kleur) telt 20 roem." in dutch
    assert "Een vierkaart (vier opeenvolgende kaarten van één kleur) telt 50 roem." in dutch
    assert "Er wordt gespeeld met een piketspel van 32 kaarten:" in dutch
    assert "Een reeks van 3" not in dutch
    # the piquet pack is the 32 cards from seven to ace: Skat's too, not Euchre's 24 or a 52-card game's
    assert [cl.piquet(load_ruleset(r)) for r in ("klaverjassen", "skat", "euchre", "hearts")] == [
        True,
        True,
        False,
        False,
    ]
    assert "piketspel" not in page("euchre", "nl")
    assert "in elk van de vier kleuren" in page("euchre", "nl")


# -- Italian Hearts -------------------------------------------------------------------------------------


def test_italian_hearts_says_rinuncia_peppa_and_one_rule_for_leading_hearts() -> None:
    text = page("hearts", "it")
    assert "La donna di picche (la «Peppa») vale 13 punti." in text
    assert "Chi fa una rinuncia (non risponde al seme pur potendolo fare)" in text and "revoca" not in text
    # the queen of spades may be led before hearts are broken, not "at any time" (the first trick forbids it)
    assert "in qualunque momento" not in text
    # "anche prima": before what? (r38) Before hearts are open
    assert (
        "Con la donna di picche invece si può uscire anche prima che si aprano i cuori, e giocarla non li apre." in text
    )
    # the suit is named, not "that suit"; the fallback is one rule, not "no playable card ... may play any card"
    assert "quel seme" not in text and "non si può uscire con i cuori" in text
    assert "non ha carte giocabili" not in text
    assert "Chi ha in mano soltanto carte vietate da queste regole può giocarne una qualsiasi" in text


# -- Hebrew Hearts ---------------------------------------------------------------------------------------


def test_hebrew_says_lead_with_one_verb_everywhere() -> None:
    """פותח for every lead: the catalog has no second verb (להוביל, הובלה) for it, on any page or screen."""
    catalog = read_po((locales_dir() / "he" / "LC_MESSAGES" / "trickbook.po").open("rb"), locale="he")
    other = re.compile("הוביל|הובל|מוביל|מובילים")
    for message in catalog:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any(other.search(t) for t in texts), message.id
    text = page("hearts", "he")
    assert "אסור לפתוח בלבבות עד" in text and "מותר לפתוח במלכת העלה גם לפני כן" in text


def test_hebrew_hearts_names_the_revoke_its_source_and_the_jack() -> None:
    text = page("hearts", "he")
    assert "אם מתגלה ששחקן עשה רנונס (לא שירת אף על פי שיכול היה)" in text
    assert "העונש על רנונס לפי Foster’s Complete Hoyle, Laws of Hearts" in text.replace("\u2068", "").replace(
        "\u2069", ""
    )
    # the forced follow said as a duty, not as "has no card of the suit"
    assert "לשחקן 2 נשאר רק קלף אחד מהסדרה שנפתחה, ה־7 לב, והוא חייב לשחק אותו." in text
    assert "אין בידי שחקן" not in text
    # the J on the tiles is named once, as the text names it (not read as ג׳ק beside נסיך)
    assert "האותיות על הקלפים: A = אס, K = מלך, Q = מלכה ו־J = נסיך." in text
    assert "The letters on the cards" not in page("hearts", "en")
    assert "Foster's Complete Hoyle, Laws of Hearts" in page("hearts", "en")


# -- the r38 readers (pagesx2): correctness first -----------------------------------------------------


def test_dutch_plain_suit_order_does_not_contradict_the_trump_order() -> None:
    """ "De rangorde in elke kleur" read as also holding for trumps, which rank jas, nel, aas, ..."""
    text = page("klaverjassen", "nl")
    assert "Buiten troef is de rangorde van hoog naar laag: aas, tien, heer, vrouw, boer" in text
    assert "in elke kleur" not in text.lower().split("opmerkingen")[0]
    # a game whose trumps rank as the plain suits keeps "in each suit"
    assert "Outside the trump suit" not in page("whist", "en")


def test_dutch_overtrump_duty_says_what_a_free_player_must_do() -> None:
    """The over-trump sentence read alone contradicted the Amsterdam exemption: it now says the engine's rule (a
    player free to discard on a partner's trick who trumps must still go higher), and Rotterdam keeps its own."""
    text = page("klaverjassen", "nl")
    assert (
        "Heeft zijn maat de slag, dan hoeft hij niet te troeven, maar troeft hij toch, dan moet hij ook "
        "overtroeven als hij kan." in text
    )
    assert "Wie troef bijspeelt in een slag waarin al troef ligt" not in text
    assert "Wie troef bijspeelt in een slag waarin al troef ligt" in page("klaverjassen-rotterdam", "nl")


def test_dutch_trick_is_gehaald_and_whose_rule_the_dealer_speaking_first_is() -> None:
    text = page("klaverjassen", "nl")
    assert "De hoogste troef haalt de slag" in text and "wint de slag" not in text
    assert "aan veel tafels thuis zegt voorhand, de speler links van de gever, als eerste of hij speelt" in text
    assert "Dit zijn de wedstrijdregels. Daarin spreekt de gever als eerste" in text


def test_italian_fallback_and_first_trick_example_say_what_the_hand_holds() -> None:
    text = page("hearts", "it")
    assert "escluse da questi divieti" not in text
    # player 4 holds hearts but not the queen of spades: only the hearts are named
    # r40: "comunque" was the wrong connective: the player has no clubs, and yet may not discard a heart
    assert "non ha carte del seme di uscita, eppure non può scartare una carta di cuori." in text
    assert "Anche se" not in text and "comunque scartare una carta di cuori o la donna di picche" not in text
    assert "ha una sola carta del seme di uscita, il 7 ♥ , ed è obbligato a giocarla" in text
    assert "senza particolarità" not in text and "Prese 2 e 3: niente di particolare" in text
    assert "cappotto: tutti i punti agli altri" in text  # a kiosk button's label must still fit two lines


def test_hebrew_fallback_follow_duty_and_worked_deal_without_calques() -> None:
    text = page("hearts", "he")
    assert "מי שאין בידו שום קלף שמותר לשחק לפי הכללים האלה, רשאי לשחק כל קלף" in text and "נפסלים" not in text
    assert "מי שאין לו קלף בסדרה שנפתחה משליך קלף כלשהו מסדרה אחרת" in text and "רשאי להשליך קלף מסדרה" not in text
    assert "זוכה בלקיחה עם" not in text and "פותח עם" not in text
    assert "שחקן 4 לוקח את הלקיחה: הקלף הגבוה בסדרה שנפתחה הוא ה־6 תלתן." in text
    assert "שחקן 1 פותח את הלקיחה ומשחק את ה־4 לב – מותר, כי הלבבות נשברו בלקיחה 4." in text
    assert "ממוחשבים" not in text and "שחקני מחשב פשוטים" in text
    assert "לקיחת הכול: כל הנקודות לכל אחד מהאחרים" in text


def test_the_label_never_starts_a_line_with_its_dot() -> None:
    """A Hebrew reader found the header strip wrapped so that its second line began with "·": the space before each
    dot is a no-break space, on every page and quick reference."""
    rules = load_ruleset("hearts")
    seen = 0
    for built in Builder([rules], ["he", "it"], "", None).pages():
        html = built.content.decode("utf-8")
        found = re.search(r'<p class="rules-label">(.*?)</p>', html, re.S)
        if found is None:
            continue
        label = found.group(1)
        assert "\u00a0· " in label and " · " not in label, built.path
        seen += 1
    assert seen >= 4  # each language's rule page and quick reference


def test_r38_wording_points_in_the_readers_order() -> None:
    """The rest of the r38 readers' wording points the pages now follow (each sentence was their complaint)."""
    dutch = page("klaverjassen", "nl")
    assert "Haalt een partij alle slagen, dan maakt ze pit en krijgt ze 100 punten extra." in dutch  # r40: "maakt"
    assert "Het geven gaat met de klok mee rond." in dutch and "Na elk spel geeft" not in dutch
    assert "aan tafel spellen leidt" not in dutch
    italian = page("hearts", "it")
    assert "Prima presa: esce il giocatore 3. Qui sotto le carte che ha in mano il giocatore 4" in italian
    assert "chi non può rispondere scarta una carta qualsiasi" in italian and "chi non può, gioca" not in italian
    assert "arbitrare le partite" not in italian
    # a player opens hearts, not a trick (r39): the reflexive passive agrees with any suit ("si aprono le picche")
    assert "Con questa presa si aprono i cuori: dalla prossima si può uscire anche con i cuori." in italian
    assert "Questa presa apre" not in italian
    hebrew = page("hearts", "he")
    assert "כשפניהם כלפי מטה" in hebrew and "הפוכים" not in hebrew
    assert "מהסיבובים הסתיימו בלקיחת הכול" in hebrew and "שחקן אחד לוקח את הכול" not in hebrew
    assert "בודק את חוקיות המהלכים ומחשב את הניקוד" in hebrew


def test_the_engine_holds_a_free_player_who_trumps_to_overtrump() -> None:
    """What the Dutch over-trump sentence says, played: on a partner's trumped trick a player who cannot follow may
    discard, or trump higher, but not trump lower while holding anything else (Amsterdam)."""
    from referee import Game
    from referee.bots import choose

    rules = load_ruleset("klaverjassen")
    deck = rules.deck
    seen = 0
    for seed in range(1, 80):
        deal = Game(rules, seed=seed).new_deal(number=0)
        while deal.phase != "done" and seen < 3:
            seat = deal.to_act
            if deal.phase == "play" and seat is not None and deal.current_trick and not deal.can_follow(seat):
                table = deal.table
                led = table.eff_suit[deck.index[deal.current_trick[0][1]]]
                strength = table.keys[led]
                winner, best = max(deal.current_trick, key=lambda play: strength[deck.index[play[1]]])
                hand = [deck.codes[c] for c in range(deck.size) if deal.hand_mask(seat) >> c & 1]
                trump = [c for c in hand if table.eff_suit[deck.index[c]] == table.trump]
                higher = [c for c in trump if strength[deck.index[c]] > strength[deck.index[best]]]
                lower = [c for c in trump if c not in higher]
                plain = [c for c in hand if c not in trump]
                partner_trumped = (
                    led != table.trump
                    and winner != seat
                    and deal.teams[winner] == deal.teams[seat]
                    and table.eff_suit[deck.index[best]] == table.trump
                )
                if partner_trumped and higher and lower and plain:
                    legal = {a for a in deal.legal_actions() if a in deck.index}
                    assert legal == set(higher) | set(plain), (seed, hand, deal.current_trick)
                    seen += 1
            deal.apply(choose(deal))
        if seen >= 3:
            break
    assert seen  # the bots' deals reach the case


# -- the r40 readers (pagesih3) ---------------------------------------------------------------------------------


@cache
def card(rid: str, lang: str) -> str:
    """A bundled ruleset's quick reference in ``lang``, as the reader sees its text."""
    rules = load_ruleset(rid)
    pages = {p.path: p for p in Builder([rules], [lang], "", None).pages()}
    return visible_text(pages[f"{lang}/{rid}.card.html"].content.decode("utf-8"))


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_hearts_says_until_when_a_revoke_is_claimed_and_who_pays_for_two(lang: str) -> None:
    """Both r40 readers asked until when a revoke may be claimed: Foster's Laws of Hearts 26, the penalty's cited
    source, say until the tricks are mixed for the next deal, and the kiosk asks the table before the next deal;
    law 24, which the referee plays, charges two offenders each in full. The card keeps the deadline."""
    rules = load_ruleset("hearts")
    kinds = [c.kind for s in cl.sections(rules) for c in s.clauses if c.kind.startswith("score.revoke")]
    assert kinds == ["score.revoke-all-points", "score.revoke-all-two", "score.revoke-claim"]
    said = {
        "en": ("may be claimed until the tricks are gathered up to shuffle for the next deal", "as if they alone"),
        "it": ("Una rinuncia si può contestare finché non si raccolgono le prese", "come se l’avesse fatta da solo"),
        "he": ("אפשר לטעון לרנונס עד שאוספים את הקלפים", "כאילו רק הוא עשה רנונס"),
        "de": ("kann reklamiert werden, bis die Stiche", "als hätte er allein verleugnet"),
        "nl": ("kan worden gemeld tot de slagen", "alsof hij als enige had verzaakt"),
    }[lang]
    text = page("hearts", lang)
    assert said[0] in text and said[1] in text
    quick = card("hearts", lang)
    assert said[0] in quick and said[1] not in quick  # the one page keeps what a table needs


def test_the_engine_charges_two_offenders_each_in_full_as_the_page_says() -> None:
    from referee.mechanisms.revoke_penalty import booked

    rules = load_ruleset("hearts")
    first = booked(rules, rules.layout(4), 0, [10, 6, 5, 5])
    second = booked(rules, rules.layout(4), 2, [10, 6, 5, 5], [first])
    totals = [d + a + b for d, a, b in zip([10, 6, 5, 5], first, second, strict=True)]
    assert totals == [26, 0, 26, 0]


@pytest.mark.parametrize(
    ("lang", "first", "next_dealer"),
    [
        ("it", "Il primo mazziere si sceglie a sorte.", "Dopo ogni smazzata, dà le carte il giocatore alla sinistra"),
        ("he", "בהגרלה", "שמאלה"),
        ("en", "The first dealer is chosen at random.", "After each deal, the turn to deal passes to the left."),
    ],
)
def test_the_quick_reference_says_who_deals_first_and_next(lang: str, first: str, next_dealer: str) -> None:
    """The r40 readers could not start a game from the card alone: it left out the first dealer and the rotation,
    which the pass direction follows."""
    quick = card("hearts", lang)
    deal = quick[quick.index(first) - 200 : quick.index(first) + 300]
    assert first in quick and next_dealer in deal
    # a game of contracts fills its one A4 page with them (tests/test_browser.py): its card leaves these to the rules
    assert first not in card("skat", lang)


def test_the_italian_card_explains_the_letters_it_prints() -> None:
    """The Italian card prints D♠ and F♥ in its label and table: it now says what the letters are."""
    assert "Le lettere sulle carte: A = asso, R = re, D = donna e F = fante." in card("hearts", "it")
    assert "Le lettere sulle carte" not in card("hearts", "en")  # English letters are the names' initials


def test_italian_hearts_is_called_peppa_and_reads_without_calques() -> None:
    """r40: the page never named the game in Italian. it.wikipedia ("Peppa": "conosciuto all'estero come ...
    Hearts") and it.wikiversity ("Peppa (o Hearts)") give Peppa; "Cuori" is the suit (r35)."""
    text = page("hearts", "it")
    assert text.count("Peppa (Hearts)") >= 2  # the heading and the opening
    assert "Peppa (Hearts) è un gioco di prese per quattro giocatori" in text and "famiglia di Hearts per" not in text
    assert "mescolate dal computer" in text and "mescolate al computer" not in text
    assert "Chi ha il due di fiori apre la prima presa giocandolo." in text  # not "esce con quella carta alla …"
    assert "Questa pagina è generata dalle stesse regole che Trickbook usa" in text and "ha scritto" not in text
    assert "partita ai 100 punti" in text and "fine a 100" not in text
    assert "cappotto classico" not in text and "cappotto: 0 punti a chi lo fa, 26 a ciascuno degli altri" in text


def test_the_last_trick_says_the_passed_card_was_kept_not_that_one_card_is_left() -> None:
    """r40 (he trick 13): "has only Q♠ left" is true of every hand on the last trick; the point is that the queen
    came in the pass and stayed to the end."""
    rules = load_ruleset("hearts")
    worked = worked_deal(rules)
    assert worked is not None
    giver, receiver = next((g, to) for g, to, given in worked.passes if "QS" in given)
    last = worked_notes(rules, "en")[-1]
    assert f"Player {giver + 1} passed Q ♠ to Player {receiver + 1}, who still holds it at the last trick" in last[0]
    assert not any("has only" in n for n in last)
    hebrew = worked_notes(rules, "he")[-1]
    assert "הקלף נשאר בידו עד הלקיחה האחרונה" in hebrew[0] and "נשאר קלף אחד בלבד" not in hebrew[0]


def test_hebrew_hearts_r40_terms() -> None:
    """r40: "טבלת הניקוד" is a running score sheet, not card values; the players' moon term is given once; a trick's
    points are booked to the player, not "סופג" again after every trick."""
    text = page("hearts", "he")
    assert "ערכי הניקוד" in text and "טבלת הניקוד" not in text
    assert '"לקח את הכול" (בפי השחקנים: "לירות לירח", או פשוט "מון")' in text
    assert "נקודה אחת לחובת שחקן 1" in text and "סופג נקודה אחת" not in text
    assert "התפלגות המשחקים לפי מספר הסיבובים שנמשך כל משחק" in text


def test_the_lead_example_says_how_many_held_back_cards_the_hand_has() -> None:
    """r40 (he 9): the second example showed the hand with nothing said under it; now it says the player holds
    hearts and may not lead them yet (the hand's cards not marked as playable)."""
    hebrew, italian, english = page("hearts", "he"), page("hearts", "it"), page("hearts", "en")
    assert "Player 4 holds 3 of them, and may not lead any of them yet." in english
    assert "Il giocatore 4 ne ha tre, ma per ora non può uscire con nessuna di quelle carte." in italian
    assert "בידי שחקן 4 יש 3 כאלה, ואסור לו עדיין לפתוח באף אחד מהם." in hebrew


def test_the_label_lists_the_scoring_cards_as_each_language_writes_a_row_of_values() -> None:
    """r40: the Hebrew strip glued ו־ onto "Q♠" ("♥ = 1 ו־Q♠ = 13"), and the Italian one read clipped; both now
    list the values with commas. English, German and Dutch keep their "and"."""
    from wording.label import page_label

    hearts, omnibus = load_ruleset("hearts"), load_ruleset("omnibus-hearts")

    def label(lang: str, rules: Ruleset) -> str:
        return page_label(load_lang(lang), rules).replace("\u00a0", " ")

    assert "♥ = 1, \u2068Q♠\u2069 = 13" in label("he", hearts) and "ו־\u2068Q♠" not in label("he", hearts)
    assert "♥ 1, D♠ 13, F♦ −10 ·" in label("it", omnibus)
    assert "♥ 1 and Q♠ 13 ·" in label("en", hearts)
    assert "♥ 1, Q♠ 13, and J♦ −10 ·" in label("en", omnibus)
    assert "♥ 1, D♠ 13 und B♦ −10 ·" in label("de", omnibus)
