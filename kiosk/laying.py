"""An open hand entered at the table: Skat's null ouvert (issue 20: no command syntax at the table).

In an open game (:func:`referee.mechanisms.contracts.lies_open`) the declarer lays the hand face up before the
first lead (ISkO 5.2.6), and the referee refereeing unknown hands learns it from the table
(``Deal.lay_open``). This screen takes it as a table enters any card: a tap on the card grid or its two keys,
one card at a time. It shows the cards entered so far (each greyed in the grid), takes back the last one
(Backspace, or Undo), and confirms the whole hand (Enter), which enters the journal's one ``open ...`` entry,
exactly as the command line's ``open`` writes it; resuming a game replays that entry.

The cards entered before the hand is confirmed are the session's (:class:`kiosk.session.Session`'s ``laid``),
not the journal's, like the kiosk's other questions (``ask ...``): until the table confirms, nothing is
entered. The referee checks each card as it is entered (:func:`kiosk.core.laid_card`) and the whole hand when
it is confirmed.
"""

from __future__ import annotations

from dataclasses import replace

from wording.i18n import N_, Lang
from wording.label import isolate
from wording.names import card_face

from . import declarer
from .core import Play, open_to_enter
from .view import BACKSPACE, ENTER, Button, View, card_grid, keyed, zone_of

T_STATUS = N_("%(name)s plays %(game)s and lays the hand open: enter its %(count)s cards, then confirm.")
T_STATUS_BARE = N_("%(name)s lays the hand open: enter its %(count)s cards, then confirm.")
T_LAID = N_("Laid open so far (%(count)s of %(total)s): %(cards)s")
T_LAID_NONE = N_("No card entered yet (0 of %(total)s).")  # short: the panel at 800x480 holds two lines
# One label whatever the card: the buttons keep their width and place as cards are entered (issue 20).
T_TAKE_BACK = N_("Take back the last card")
T_CONFIRM = N_("Confirm the open hand")
T_HELP = N_("An open hand (ouvert): enter its cards as any card; Backspace takes back the last, Enter confirms.")

#: The screen's own intents, kept by the session and never journaled; a card (``card QS``) is one of the hand.
BACK, OK = "lay back", "lay ok"


def face(lang: Lang, play: Play, code: str) -> str:
    """A card as its corner shows it ("D♠" in German), one isolate in a right-to-left line."""
    return isolate(lang, "".join(card_face(lang, code, play.rules.deck)))


def laying_view(lang: Lang, play: Play, view: View, laid: list[str]) -> View:
    """The table's view while the open hand is entered (``view`` as the game shows otherwise); ``view`` itself
    where no hand is to be entered now."""
    deal, seat = play.deal, open_to_enter(play)
    if deal is None or seat is None:
        return view
    g = lang.gettext
    total = deal.held(seat)
    name = play.names[seat]
    game = declarer.declared_label(lang, deal, seat)
    values = {"name": name, "game": game, "count": lang.number(total)}
    status = g(T_STATUS if game else T_STATUS_BARE) % values
    if laid:
        cards = " ".join(face(lang, play, code) for code in laid)
        shown = g(T_LAID) % {"count": lang.number(len(laid)), "total": lang.number(total), "cards": cards}
    else:
        shown = g(T_LAID_NONE) % {"total": lang.number(total)}
    # The cards entered greyed in the grid, where they are: the grid never closes up under a finger.
    deck, in_play = play.rules.deck, play.game.layout.deck
    mask = 0
    for code in laid:
        mask |= 1 << deck.card_in(code, in_play & ~mask)
    grid = card_grid(lang, deck, in_play, deal.played_mask() | mask)
    buttons = [
        keyed(Button(g(T_TAKE_BACK), BACK, enabled=bool(laid)), BACKSPACE),
        keyed(Button(g(T_CONFIRM), OK, enabled=len(laid) == total), ENTER),
        *(b for b in view.buttons if zone_of(b) == "bar"),
    ]
    return replace(
        view,
        status=status,
        info=[shown],
        grid=grid,
        grid_enabled=len(laid) < total,
        buttons=buttons,
        bidding=False,
        # The bidding's keys give way to the open hand's: the keys' page holds as many lines at 800x480.
        help=[*(line for line in view.help if line not in declarer.help_lines(lang, play.rules)), g(T_HELP)],
    )
