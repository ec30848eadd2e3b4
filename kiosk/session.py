"""A kiosk session: the journal, the current game's model and the language.

:meth:`Session.submit` is the one way in: it steps the model, and only when
the core accepts the intent, commits the entry to the journal; the caller
shows the new view after that, so nothing acknowledged is ever lost.
Each entry is written with where its game now stands (over, the deal and
trick in progress), so the setup screen lists the unfinished games from the
journal's games table without replaying any game. A damaged journal found
mid-game is recovered by the journal (see kiosk/journal.py); the session
then replays the game from the recovered copy, and commits the entry at
hand only if the copy holds every entry before it.
Session-level intents (``resume N``, ``lang he``, ``colours four``, ``pick
oh-hell``: choose the number of players of a game for several) change what
is shown, not the game, and are not journaled.

A club evening (kiosk/clubdesk.py, kiosk/clublink.py): ``club`` asks for the
club server's address and the table code (or ``join ADDRESS [CODE]``, the
address of the table's QR code holding both), the server names the players
and the game, and the first dealer is asked as usual; the new game's row
remembers the evening. Each entry that finishes (or changes) a deal of such
a game is committed together with the deal's result for the server, which a
thread sends; :meth:`Session.poll` writes the server's answers into the
journal. ``club retry`` sends refused results again, ``club code`` takes a
new table code, ``club next`` joins the table's next round.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from referee import Ruleset, RulesetError, load_ruleset
from referee.game import game_sides, side_members
from referee.loader import bundled_ids
from referee.results import ResultError
from wording.freetext import title_of
from wording.i18n import LANGUAGES, N_, NC_, NN_, Lang, language_name, load_lang
from wording.label import isolate_runs, label_of

from . import declarer, gameindex, laying
from .clubdesk import CODE_KINDS, ClubDesk
from .clublink import (
    BACKOFF,
    T_KEPT,
    T_NEED_CODE,
    Address,
    ClubInputError,
    Refusal,
    TableInfo,
    kept,
    network,
    read_address,
    read_code,
    wanted,
)
from .core import (
    MAX_NAME,
    REFUSALS,
    RESULT_REFUSALS,
    CardRef,
    Choices,
    IntentError,
    Model,
    Title,
    Word,
    laid_card,
    msg,
    open_to_enter,
    replay,
    result_msg,
    step,
    typed_line,
)
from .journal import ClubLink, GameInfo, Journal, JournalReplaced, Notice, Outgoing, Position
from .view import BACKSPACE, Button, View, build_view, keyed, say, with_rare_keys, yes_no, zone_of

# The resume button names the game, the players and where it stands.
T_RESUME_TRICK = N_("Resume %(ruleset)s: %(names)s - deal %(deal)s, trick %(trick)s")
T_RESUME_DEAL = N_("Resume %(ruleset)s: %(names)s - deal %(deal)s")
T_RESUME = N_("Resume %(ruleset)s: %(names)s")
T_FOUR_COLOURS = N_("Four-colour suits")
T_TWO_COLOURS = N_("Two-colour suits")
T_EXPORT = N_("Save the game record")
T_AGAIN = N_("New game, same players")
T_EXPORTED_TO = N_("Saved the game record in %(folder)s.")
T_HOW_MANY = N_("%(ruleset)s: how many players?")
T_WHICH_GAME = N_("Which game? Tap it, or move with the arrow keys and press Enter.")
T_SETTINGS = N_("Settings")
T_MORE_GAMES = N_("More games (%(page)s of %(pages)s)")
T_SETTINGS_ASK = N_("Settings: the language, the colours of the suits, and how results are confirmed.")
T_PLAYERS = NN_("%(count)s player", "%(count)s players")
T_BACK = N_("Back")
T_CLAIM_ASK = NN_(
    "%(name)s takes the last trick. Is everyone agreed?",
    "%(name)s takes the remaining %(count)s tricks. Is everyone agreed?",
)
T_RESULT_ASK = N_("Deal %(number)s: %(points)s. Does the other side agree?")
T_CONFIRM_ON = N_("The other side confirms each result: on")
T_CONFIRM_OFF = N_("The other side confirms each result: off")
# What the journal set aside or recovered, as the table reads it (see kiosk/journal.py: Notice).
T_JOURNAL_RECOVERED = NN_(
    "The journal was damaged: %(kept)s of %(total)s entries were recovered and %(lost)s was lost."
    " The damaged file is kept as %(aside)s.",
    "The journal was damaged: %(kept)s of %(total)s entries were recovered and %(lost)s were lost."
    " The damaged file is kept as %(aside)s.",
)
# Each game that lost entries, after T_JOURNAL_RECOVERED: the players' names, the first entry lost.
T_JOURNAL_LOST = NN_(
    "The game of %(names)s lost its last entry (entry %(first)s).",
    "The game of %(names)s lost its last %(count)s entries, from entry %(first)s.",
)
# A journal's entry the game's replay refuses (a ruleset file changed since): left out, kept, and said.
T_JOURNAL_UNREPLAYED = NN_(
    "Entry %(numbers)s of this game could not be replayed and is left out; it stays in the journal.",
    "Entries %(numbers)s of this game could not be replayed and are left out; they stay in the journal.",
)
# The kiosk started with a game under way (a power cut, a crash): straight back into it, and how much came back.
T_RESTORED = NN_(
    "Resumed: the game's %(count)s entry was restored, nothing was lost.",
    "Resumed: the game's %(count)s entries were restored, nothing was lost.",
)
T_JOURNAL_UNREADABLE = N_(
    "The journal was damaged and no entry could be read: a new one was started. The damaged file is kept as %(aside)s."
)
JOURNAL_NOTICES = {
    "foreign": N_(
        "The journal file belongs to another program: it is kept as %(aside)s, and a new journal was started."
    ),
    "foreign-wal": N_("A file beside the journal did not belong to it: it is kept as %(aside)s. No entry was lost."),
    "newer": N_("The journal was written by a newer kiosk: it is kept as %(aside)s, and a new journal was started."),
}
T_NAME_ASK = N_("Player %(number)s of %(count)s: what is their name?")
T_NAME_HINT = N_("Type the name, or tap the letters, then OK; or tap a name used before.")
T_NAME_HINT_FIRST = N_("Type the name, or tap the letters, then OK.")  # no names used before to tap
T_NAME_OK = N_("OK")
T_NAME_ERASE = N_("Erase")
T_NO_NAMES = N_("No names: number the players")
T_DEALER_ASK = N_("Who deals first? Tap the player or press their number.")
T_OTHER_LETTERS = N_("Other letters")
T_NAMES_CLOCKWISE = N_("%(game)s, clockwise: %(players)s.")
T_NAMES_SIDES = N_("%(game)s: %(first)s play against %(second)s.")
T_NAMES_PLAYER = N_("player %(number)s")
# The on-screen keyboard: Latin letters, and the Hebrew ones for a table in Hebrew.
LATIN = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
HEBREW = tuple("אבגדהוזחטיכלמנסעפצקרשתךםןףץ")  # the final forms last
ACCENTED = tuple("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÖØÙÚÛÜß")  # German, Dutch, Italian, French and Nordic names
# The on-screen keyboard's letters, in the order "Other letters" (F2) shows them; a Hebrew table starts on Hebrew.
LETTER_SETS = (LATIN, ACCENTED, HEBREW)
NAME_MARKS = ("-", "'")  # Anne-Marie, O'Neill (a name is one word: the journal's entries split at spaces)
SHIFT = "⇧"
DIGITS = tuple("0123456789")
ADDRESS_MARKS = tuple(".:/-#=")  # what a club server's address and a QR code's address are written with
T_RULES = N_("Rules: %(label)s")
# Joining a club evening (the settings page), and what the club server says.
T_CLUB_JOIN = N_("Join a club evening")
T_CLUB_ADDRESS_ASK = N_("The club server's address, or the whole address in the table's QR code")
T_CLUB_ADDRESS_HINT = N_("Type it or tap the keys, then OK; Ctrl+V pastes it.")
T_CLUB_CODE_ASK = N_("The table code from the organiser")
T_CLUB_CODE_HINT = N_("Type it or tap the keys, then OK; the dashes may be left out.")
T_CLUB_ASKING = N_("Asking the club server at %(server)s for this table's players…")
T_CLUB_TABLE = N_("%(evening)s: table %(table)s, round %(round)s")
T_CLUB_NO_ANSWER = N_(
    "The club server at %(server)s does not answer: check the address and the network, then try again."
)
T_CLUB_NOT_A_CLUB = N_("%(server)s does not answer as a club server does: check the address.")
T_CLUB_NO_ROUND = N_("The organiser has not drawn a round yet: join once the seats are drawn.")
T_CLUB_FINISHED = N_("Table %(table)s has finished round %(round)s: join again once the next round is drawn.")
T_CLUB_STARTED = NN_(
    "The club server already has %(count)s deal of table %(table)s in round %(round)s: ask the organiser.",
    "The club server already has %(count)s deals of table %(table)s in round %(round)s: ask the organiser.",
)
T_CLUB_TAKEN_OVER = NN_(
    "Table %(table)s, round %(round)s: the club server's %(count)s deal is on the score sheet; play goes on.",
    "Table %(table)s, round %(round)s: the club server's %(count)s deals are on the score sheet; play goes on.",
)
TAKEN_OVER = '{"status": "taken over"}'  # a result's answer in the journal: the server had it before this kiosk
T_CLUB_UNKNOWN_GAME = N_("This kiosk does not know the evening's game (%(ruleset)s).")
T_CLUB_NEXT = N_("Join the next round")
T_CLUB_RETRY = NC_("kiosk bar", "Send again")
T_CLUB_NEW_CODE = NC_("kiosk bar", "New table code")
T_CLUB_WAITING = NN_("%(count)s result waiting for the club server", "%(count)s results waiting for the club server")
T_CLUB_OFFLINE = NN_(
    "%(count)s result waiting: the club server does not answer",
    "%(count)s results waiting: the club server does not answer",
)
T_CLUB_SENT = N_("All results sent to the club server")
T_CLUB_REFUSED = N_("The club server did not take deal %(deal)s. %(reason)s")
T_CLUB_UNDONE_SENT = N_("Deal %(deal)s was already sent to the club server: only the organiser can change it there.")
T_CLUB_DIFFERS = N_("Deal %(deal)s differs from the result the club server has: ask the organiser to correct it there.")
T_CLUB_ROUND_PLAYED = NN_("The round's %(count)s deal is played.", "The round's %(count)s deals are played.")
# Why the club server refused a result (its ``kind``), in the table's words; the referee's own reasons are
# the quick score's (kiosk.core.RESULT_REFUSALS).
T_WHY_UNKNOWN_CODE = N_("The club server does not know this table code: ask the organiser for the table's code.")
CLUB_REASONS = {
    "no-code": T_WHY_UNKNOWN_CODE,
    "bad-code": T_WHY_UNKNOWN_CODE,
    "revoked-code": N_("This table code was revoked: ask the organiser for the new one and tap “New table code”."),
    "other-table": N_("This table code is for table %(table)s."),
    "no-round": N_("The organiser has not drawn a round yet."),
    "past-round": N_("Round %(round)s is over: the evening plays round %(current)s now."),
    "future-round": N_("Round %(round)s has not been drawn yet."),
    "no-seats": N_("Nobody plays at table %(table)s this round."),
    "seq-reused": N_("The club server has another result for deal %(deal)s: the organiser can correct it there."),
    "deal-stored": N_("The club server has another result for deal %(deal)s: the organiser can correct it there."),
    "deal-order": N_("The club server needs deal %(next)s first."),
    "game-over": N_("The club server has this table's game as over."),
    "round-full": N_("This round of the evening has all its deals already."),
    "dealer": N_("The club server has another dealer for this deal."),
}
T_WHY_OTHER = N_("The organiser's page says why.")


def lang_key(game: int) -> str:
    """The journal's setting that keeps a game's language (a Hebrew table's game comes back in Hebrew)."""
    return f"lang {game}"


class Session:
    def __init__(self, journal: Journal, lang: str = "en", club_backoff: tuple[float, float] = BACKOFF) -> None:
        self.journal = journal
        self.langs: dict[str, Lang] = {}
        self.lang = self._lang(lang)
        # The table picked the language on screen (or by a ``lang`` entry): a game keeps it, and comes back in
        # it after a restart whatever the command line says (a Hebrew table's kiosk started with --lang en).
        self.lang_chosen = False
        self._lang_buttons: list[Button] | None = None
        self.game_id: int | None = None
        self.model = Model()
        self.four_colour = False
        self.notice = journal.notice
        self.refused: str | None = None  # why the last entry was not committed, when the journal says so
        self._flash: str | None = None  # a journal notice for the next view of a game
        self._rules: dict[str, Ruleset | None] = {}
        self.picking: str | None = None  # the ruleset whose number of players the setup screen asks
        # A new game being set up on screen: (ruleset, number of players), the names so far, the name being typed.
        self.naming: tuple[str, int] | None = None
        self.names: list[str] = []
        self.typed = ""
        self.letter_set = 0  # the on-screen keyboard's letters: LETTER_SETS[letter_set]
        self.shift = False  # the next letter tapped in the other case than the name's place gives it
        self.used_names: list[str] = []  # names of earlier games, offered on the names screen
        self.asking: str | None = None  # an entry the table confirms before it counts (a claim, a result)
        self.laid: list[str] = []  # the open hand's cards entered so far, until the table confirms it (kiosk.laying)
        self.confirm_results = False  # quick score: the other side confirms each deal's result, as at club terminals
        self._trial: Model | None = None  # the model a result being confirmed would make
        self.settings = False  # the setup screen shows the settings, not the games
        self.on_wake: Callable[[], None] | None = None  # the app's: wakes its frame loop (called from any thread)
        self.desk = ClubDesk(journal, self._wake, club_backoff)
        self.club_entry: str | None = None  # the club's address or table code being typed: "address" or "code"
        self.club_typed = ""
        self.club_address: Address | None = None  # the address typed, while its code is asked
        self.club_error: str | None = None  # why the last join (or address, or code) did not work, in words
        self._code_for: int | None = None  # the game whose new table code is being typed
        self._joining: ClubLink | None = None  # the evening the game being set up joins
        self._adopting = 0  # while a game takes over a table's deals from the server: how many
        self._labels: dict[tuple[str, str], str] = {}  # (language, ruleset) -> the ruleset's one-line label
        self._indexes: dict[str, dict[str, gameindex.Entry]] = {}  # by language: the setup screen's games

    def _wake(self) -> None:
        if self.on_wake is not None:
            self.on_wake()

    def poll(self) -> bool:
        """Take what the club's threads brought (the server's answers, a join's); True when the screen changes."""
        try:
            changed = self.desk.poll()
        except JournalReplaced:  # the server's answers found the journal damaged: its recovered copy goes on
            # (an answer not kept is asked for again: the server says it has the result, and nothing is counted twice)
            self._recovered()
            changed = True
        answer, self.desk.answer = self.desk.answer, None
        if answer is not None:
            self._joined(answer)
        return changed

    def settle(self, timeout: float = 15.0, sending: bool = True) -> None:
        """Wait until a join is answered and (``sending``) every result waiting is sent (at most ``timeout`` s)."""
        self.desk.settle(timeout, sending)
        self.poll()

    def club_line(self) -> str:
        """The club's state in one English line, for ``--stdin``: results waiting, refused, sent (this game)."""
        unsent = list(self.desk.unsent.values())
        waiting = sum(1 for r in unsent if r.state == "waiting")
        sent = sum(1 for r in self.desk.rows if r.state == "sent")
        line = f"{waiting} waiting, {len(unsent) - waiting} refused, {sent} sent"
        held = sum(1 for r in self.desk.rows if r.state == "sent" and kept(r.answer) is not None)
        line += f", {held} kept for the organiser" if held else ""
        line += ", the server does not answer" if self.desk.offline else ""
        # Why, as the screen says it (in the table's language): a refusal, or a result kept for the organiser.
        problem = self._club_status(build_view(self.model, self.lang, self.four_colour)).club_problem
        return line + (f": {problem}" if problem else "")

    def close(self) -> None:
        self.desk.close()

    def idle_slices(self) -> list[Callable[[], object]]:
        """The work the kiosk does while the table leaves it alone (kiosk.app.idle_work): each other language's
        catalog loaded, one slice each, so that the first tap on a language finds it read (it took 85-99 ms, a
        setup screen's tap's frame five times over). Loaded into wording.i18n's cache, which :meth:`_lang` reads;
        safe from another thread (a catalog or a label made twice at once is only made twice). Then the club's
        network stack, which the first frame did without."""
        return [*(functools.partial(self._warm, code) for code in LANGUAGES if code not in self.langs), network]

    def idle_views(self) -> list[Callable[[], View]]:
        """The screen as it now stands in each other language, for the kiosk to draw off screen while the table
        leaves it alone (kiosk.app.run), after :meth:`idle_slices`."""
        return [functools.partial(self.view_in, code) for code in LANGUAGES if code != self.lang.code]

    def view_in(self, code: str) -> View:
        """The view the table would see in language ``code`` now (the table's language is not changed)."""
        lang, chosen = self.lang, self.lang_chosen
        try:
            self.lang = self._lang(code)
            return self.view()
        finally:
            self.lang, self.lang_chosen = lang, chosen

    def _warm(self, code: str) -> None:
        """One language made ready for its first tap: its catalog, and the setup screen's index of the games in
        it (kept, or made once and kept: kiosk.gameindex)."""
        lang = load_lang(code, complete=False)
        if code not in self._indexes:
            self._indexes[code] = gameindex.load(lang, self._rules)

    def _lang(self, code: str) -> Lang:
        if code not in self.langs:
            self.langs[code] = load_lang(code, complete=False)
        return self.langs[code]

    def resume(self, game_id: int) -> None:
        seen = len(self.journal.notices)
        self.laid = []
        self.game_id = game_id
        kept = self.journal.setting(lang_key(game_id))  # the game's language, as its table left it
        if kept in LANGUAGES:
            self.lang, self.lang_chosen = self._lang(kept), True
        self.model = self._replay(game_id, self.journal.entries(game_id))
        self._journal_said(seen)
        self.desk.show(game_id, self.model.play)

    def _replay(self, game_id: int, lines: list[str]) -> Model:
        """The game's model from its journal, each entry the replay refuses said (a Notice), never dropped unsaid.

        Every entry in the journal was accepted when it was entered; one refused now means the ruleset (a
        house rule's file) or the referee changed since. It stays in the journal, and the game goes on without it.
        """
        model, refused = Model(), []
        for number, line in enumerate(lines, start=1):
            model = step(model, line)
            if model.error is not None:
                refused.append((number, line, model.error))
        if refused:
            first, line, why = refused[0]
            numbers = ", ".join(str(n) for n, _, _ in refused)
            said = ("entry", "is", "it") if len(refused) == 1 else ("entries", "are", "they")
            self.journal.notices.append(
                Notice(
                    f"game {game_id}: {said[0]} {numbers} of the journal could not be replayed and {said[1]} left out"
                    f" of the game; {said[2]} stay{'s' if len(refused) == 1 else ''} in the journal"
                    f" (entry {first}, {line!r}: {why})",
                    "unreplayed",
                    "",
                    len(model.entries),
                    len(refused),
                    [(line, n, 1) for n, line, _ in refused],
                )
            )
        return replace(model, error=None)

    def resume_last(self) -> int | None:
        """Resume the last unfinished game, if any; its id. A journal recovered while reading it is read again."""
        seen = len(self.journal.notices)
        games = self.unfinished()
        if games:
            self.resume(games[-1])
        if any(n.kind == "recovered" for n in self.journal.notices[seen:] if isinstance(n, Notice)):
            # the game may have lost entries, or all of them
            self.game_id, self.model = None, Model()
            games = self.unfinished()
            if games:
                self.resume(games[-1])
        return self.game_id

    def reopen(self) -> int | None:
        """At start-up: straight back into the game left unfinished (a power cut, a crash), saying how many of its
        entries came back; or what the journal recovered, where it was damaged. The game's id, if any."""
        game = self.resume_last()
        if game is not None and self._flash is None:  # (reading the game said nothing)
            if self.journal.notices:  # found at open: it is the game's news as much as the setup screen's
                self.notice = self._flash = self.journal.notice
            else:
                count = len(self.model.entries)
                self._flash = self.lang.ngettext(*T_RESTORED, count) % {"count": self.lang.number(count)}
        return game

    def check_journal(self) -> bool:
        """The journal's whole-file check, where the kiosk left it until after its first frame (Journal(check=False)).
        True when it found damage: the journal is then its recovered copy, read again as at start-up (the game left
        unfinished resumed from it, the notice saying what was recovered and lost)."""
        if not self.journal.check():
            return False
        self.desk.reload()
        self.game_id, self.model, self.laid, self.asking, self._flash = None, Model(), [], None, None
        self.notice = self.journal.notice
        self.reopen()
        return True

    def _journal_said(self, seen: int) -> None:
        """Show what the journal set aside or recovered since it had said ``seen`` things."""
        if len(self.journal.notices) > seen:
            self.notice = self._flash = self.journal.notice

    def unfinished(self) -> list[int]:
        """Games not over yet, from the journal's games table."""
        return [info.id for info in self._unfinished()]

    def _unfinished(self, again: bool = True) -> list[GameInfo]:
        out = []
        for info in self.journal.games(unfinished=True):
            if info.over is None:  # a game from a version-1 journal: replayed once, its position written
                seen = len(self.journal.notices)
                pos = position(replay(self.journal.entries(info.id)))
                self._journal_said(seen)
                try:
                    self.journal.set_position(info.id, pos)
                except JournalReplaced:
                    # The write found the journal damaged (the whole file's check, left until after the first
                    # frame): as after an entry's write, the damaged file is kept aside and said in one line, and the
                    # games are listed again from the recovered copy, which holds every entry it could read.
                    self._recovered(replay=False)
                    if again:
                        return self._unfinished(again=False)
                info = replace(info, over=pos.over, deal=pos.deal, trick=pos.trick)
            if not info.over:
                out.append(info)
        return out

    def submit(self, line: str) -> View:
        if line.startswith(":"):  # typed at the command line: players counted from 1, as on the screen
            try:
                line = typed_line(self.model.play, line[1:].strip())
            except IntentError as exc:
                self.model = replace(self.model, error=exc.msg, notice=None)
                return self.view()
        words = line.split()
        verb = words[0].lower() if words else ""
        if verb in ("club", "join") or (verb == "type" and self.club_entry is not None):
            return self._club_intent(verb, words, line)
        if verb == "again" and self.desk.link(self.game_id) is not None:
            return self._club_intent("club", ["club", "next"], line)  # a club's next game is its next round
        if verb == "lang" and len(words) == 2 and words[1] in LANGUAGES:
            self.lang, self.lang_chosen = self._lang(words[1]), True
            if self.game_id is not None and self.model.play is not None:  # kept with the game, for its resuming
                self._setting(lang_key(self.game_id), words[1])
            return self.view()
        if verb == "colours" and len(words) == 2:
            self.four_colour = words[1] == "four"
            return self.view()
        if verb == "export":
            folder = self.journal.path.parent / "exports" if self.journal.path else Path.cwd() / "exports"
            written = self.export(folder)
            # A path reads left to right in a Hebrew line too: an isolate of its own (kiosk.app.visual).
            path = f"\u2066{folder}\u2069" if self.lang.direction == "rtl" else str(folder)
            self.model = replace(self.model, error=None, notice=msg(T_EXPORTED_TO, folder=path) if written else None)
            return self.view()
        if verb == "resume" and len(words) == 2 and words[1].isdigit():
            self.resume(int(words[1]))
            return self.view()
        if verb in ("card", "lay", "undo") and open_to_enter(self.model.play) is not None:
            return self._lay(verb, words)
        if verb == "lay":  # the open hand's screen is gone (confirmed, or its declaration undone): nothing to do
            return self.view()
        if verb == "ask" and len(words) > 1 and self.model.play is not None:  # confirm first, then enter
            self.asking = " ".join(words[1:])
            return self.view()
        if verb == "cancel":
            self.asking = None
            return self.view()
        if verb == "why" and len(words) > 1:  # a greyed card or bid tapped: why not, in the referee's words
            trial = step(self.model, " ".join(words[1:]))  # tried, never kept: nothing is entered
            self.model = replace(self.model, error=trial.error or msg(REFUSALS["phase"]), notice=None)
            return self.view()
        if verb == "confirming" and len(words) == 2:  # the other side confirms each quick-score result
            self.confirm_results = words[1] == "on"
            return self.view()
        confirmed, self.asking = line == self.asking, None
        if verb == "score" and self.confirm_results and not confirmed and self.model.play is not None:
            trial = step(self.model, line)  # checked first: a refused result is refused at once
            if trial.error is None:
                self.asking, self._trial = line, trial  # the question shows the trial's result
                return self.view()
        if verb == "pick" and len(words) <= 2:
            self.picking = words[1] if len(words) == 2 and self._game(words[1]) is not None else None
            self.naming, self.settings = None, False
            self._leave_club_entry()
            return self.view()
        if verb == "settings" and self.model.play is None:  # the setup screen's second page
            self.settings, self.picking, self.naming = True, None, None
            self._leave_club_entry()
            return self.view()
        if verb == "setup" and len(words) in (2, 3):  # name the players of a new game, then pick the dealer
            game = self._game(words[1])
            count = int(words[2]) if len(words) == 3 and words[2].isdigit() else (game.default if game else 0)
            if game is not None and count in game.players:
                self.picking, self.naming, self.names, self.typed = None, (words[1], count), [], ""
                self.letter_set, self.shift = (LETTER_SETS.index(HEBREW) if self.lang.code == "he" else 0), False
                self.used_names = self._names_used()  # read once, not on every key of the names screen
            return self.view()
        if verb == "again" and self.model.play is not None and self.model.play.game.is_over:
            play = self.model.play  # a new game of the same rules and players: only the first dealer is asked
            self.naming, self.names, self.typed = (play.ref, play.game.players), list(play.names), ""
            self.model = Model()
            return self.view()
        if verb == "type" and self.naming is not None:
            return self._type(line.partition(" ")[2])
        if verb == "dealer" and self.naming is not None and self.model.play is None and len(words) == 2:
            # The players are named (a club's table, or the names screen): the documented ``dealer N`` starts
            # the game as the dealer's button does.
            return self._type(f"dealer {words[1]}")
        return self._step(verb, words, line)

    def _step(self, verb: str, words: list[str], line: str | None = None) -> View:
        """The entry ``line`` (``words`` joined, where not given) stepped, and committed to the journal when the
        core accepts it; the view after it."""
        line = " ".join(words) if line is None else line
        self.laid = []  # an open hand half entered belongs to the position it was entered in
        # A new game starts from nothing: the last game's entries and undo stay with it.
        self.refused = self._flash = self.club_error = None
        new = step(Model() if verb == "new" else self.model, line)
        if new.error is None:
            try:
                self._commit(verb, words, new)
            except JournalReplaced:
                if self._recovered(replay=verb != "new"):
                    self.refused = f"{self.journal.notice}; enter {line!r} again where it belongs"
                    return self.view()
                self._commit(verb, words, new)
        self.model = new
        return self.view()

    def _recovered(self, replay: bool = True) -> bool:
        """A write found the journal damaged (JournalReplaced): it is now a recovered copy, said on screen, and the
        game on screen goes on from what the copy holds (``replay``: the game is read again from it). True when
        the copy holds fewer of the game's entries than the screen showed: the table enters them again."""
        self.notice = self._flash = self.journal.notice
        self.desk.reload()
        if not replay or self.game_id is None:
            return False
        before = list(self.model.entries)
        self.model = self._replay(self.game_id, self.journal.entries(self.game_id))
        self.desk.show(self.game_id, self.model.play)
        return list(self.model.entries) != before

    def _setting(self, key: str, value: str) -> None:
        """A setting written (a game's language, the club's address). Where the write finds the journal damaged,
        the recovered copy is taken as after an entry (:meth:`_recovered`: said, the game read again from it) and
        the setting written to it: what the table chose is kept, and no traceback reaches the table."""
        try:
            self.journal.set_setting(key, value)
        except JournalReplaced:
            self._recovered()
            self.journal.set_setting(key, value)

    def _lay(self, verb: str, words: list[str]) -> View:
        """One step of entering the open hand (kiosk.laying): a card of it, the last one taken back (``lay back``,
        or Undo while cards are entered), or the hand confirmed (``lay ok``): the journal's ``open ...`` entry."""
        play = self.model.play
        assert play is not None
        self.model = replace(self.model, error=None, notice=None)
        if verb == "undo" and not self.laid:  # nothing entered yet: Undo takes back the last entry, as anywhere
            return self._step("undo", ["undo"])
        if verb == "undo" or words[1:] == ["back"]:
            if self.laid:
                taken = CardRef(self.laid.pop())
                self.model = replace(
                    self.model, notice=msg(N_("%(done)s: %(entry)s"), done=Word(N_("Undone")), entry=taken)
                )
            return self.view()
        if words[1:] == ["ok"]:
            laid = list(self.laid)
            view = self._step("open", ["open", *laid])
            if self.model.error is not None:  # refused: the cards stay entered, for the table to correct
                self.laid = laid
                view = self.view()
            return view
        try:
            self.laid.append(laid_card(play, self.laid, words[1] if len(words) > 1 else ""))
        except IntentError as exc:
            self.model = replace(self.model, error=exc.msg)
        return self.view()

    def _type(self, what: str) -> View:
        """One key of the names screen: a letter, ``back``, ``ok``, ``name X`` (used before), ``skip``, ``letters``."""
        assert self.naming is not None
        ruleset, count = self.naming
        if what == "letters":
            self.letter_set = (self.letter_set + 1) % len(LETTER_SETS)
        elif what == SHIFT:
            self.shift = not self.shift
            return self.view()
        elif what == "back":
            self.typed = self.typed[:-1]
        elif what.startswith("name "):
            self.typed = what.removeprefix("name ")
            what = "ok"
        elif what == "skip":
            self.names = [str(i + 1) for i in range(count)]
        elif what.startswith("dealer ") and len(self.names) == count:
            dealer = what.removeprefix("dealer ")
            self.naming = None
            view = self.submit(f"new {ruleset} {' '.join(self.names)}")
            return self.submit(f"dealer {dealer}") if self.model.error is None else view
        elif what != "ok" and len(what) == 1 and not what.isspace() and len(self.typed) < MAX_NAME:
            self.typed += what
        self.shift = False  # a shift holds for one letter
        if what == "ok" and self.typed and len(self.names) < count:
            self.names.append(self.typed)
            self.typed = ""
        return self.view()

    # -- a club evening --------------------------------------------------------------------------------------------

    def _leave_club_entry(self) -> None:
        """Close the address or code being typed, and a join waiting for its first dealer."""
        self.club_entry, self.club_typed, self.club_address, self._code_for = None, "", None, None
        self.club_error = None
        if self._joining is not None:
            self._joining, self.naming = None, None

    def _club_intent(self, verb: str, words: list[str], line: str) -> View:
        """``club`` (the address, then the code), ``join ADDRESS [CODE]``, ``club retry``, ``club code``,
        ``club next``, ``club cancel``; and the keys typed into the address or the code."""
        if verb == "type":
            return self._club_type(line.partition(" ")[2])
        if verb == "join":
            self._leave_club_entry()
            try:
                address = read_address(words[1] if len(words) > 1 else "", "".join(words[2:]))
            except ClubInputError as exc:
                self.club_error = say(self.lang, exc.msg)
                if self.model.play is None:
                    self.settings = True
                return self.view()
            if not address.code:
                self.club_entry, self.club_address = "code", address
                return self.view()
            return self._join(address)
        what = words[1] if len(words) > 1 else ""
        link = self.desk.link(self.game_id)
        if what == "":
            self._leave_club_entry()
            self.club_entry, self.club_typed = "address", self.journal.setting("club.server") or ""
        elif what == "cancel":
            self._leave_club_entry()
            self.settings = self.model.play is None
        elif what == "retry":
            self.desk.retry()
        elif what == "code" and link is not None:
            self._leave_club_entry()
            self.club_entry, self._code_for = "code", self.game_id
        elif what == "next" and link is not None:
            return self._join(Address(link.server, link.table, link.code))
        return self.view()

    def _join(self, address: Address) -> View:
        self.club_entry, self.club_typed, self.club_error, self.club_address = None, "", None, address
        self.desk.start_join(address)
        return self.view()

    def _club_type(self, what: str) -> View:
        """One key of the address or the code: a character (or a pasted text), ``back``, ``ok``."""
        if what == "back":
            self.club_typed = self.club_typed[:-1]
        elif what == "ok":
            return self._club_ok()
        else:
            self.club_typed = (self.club_typed + "".join(what.split()))[:500]
        return self.view()

    def _club_ok(self) -> View:
        try:
            if self.club_entry == "address":
                address = read_address(self.club_typed)
                if not address.code:  # the code next
                    self.club_entry, self.club_address, self.club_typed, self.club_error = "code", address, "", None
                    return self.view()
                return self._join(address)
            code = read_code(self.club_typed)
        except ClubInputError as exc:
            self.club_error = say(self.lang, exc.msg)
            return self.view()
        if not code:
            self.club_error = say(self.lang, msg(T_NEED_CODE))
            return self.view()
        game = self._code_for
        link = self.desk.link(game)
        if game is not None and link is not None:  # a new code for the game under way: its results go again
            self._leave_club_entry()
            self.desk.relink(game, replace(link, code=code))
            return self.view()
        if self.club_address is None:
            self._leave_club_entry()
            return self.view()
        return self._join(replace(self.club_address, code=code))

    def _joined(self, answer: TableInfo | Refusal) -> None:
        """The server's answer to a join: the players and the dealer's question, or why not, in words."""
        lang = self.lang
        address = self.club_address
        server = address.server if address is not None else ""
        if isinstance(answer, Refusal):
            self.club_error = self._join_problem(answer, server)
            if answer.kind in CODE_KINDS and address is not None and self.model.play is None:
                self.club_entry, self.club_typed = "code", ""  # the code again; the address is kept
            elif answer.kind in ("no-answer", "not-a-club") and self.model.play is None:
                self.club_entry, self.club_typed = "address", server
            else:
                self.settings = self.model.play is None
            return
        rules = self._ruleset(answer.ruleset)
        link = answer.link
        problem: str | None = None
        if rules is None:
            problem = say(lang, msg(T_CLUB_UNKNOWN_GAME, ruleset=answer.ruleset))
        elif not link.round:
            problem = say(lang, msg(T_CLUB_NO_ROUND))
        elif not answer.players:
            problem = say(lang, msg(CLUB_REASONS["no-seats"], table=link.table))
        else:
            unfinished = set(self.unfinished())
            own = None if answer.finished else self.desk.own_game(link, lambda game: game not in unfinished)
            if own is not None:  # this kiosk plays the table's round already (restarted, or a new code): go on
                self._leave_club_entry()
                self.settings, self.picking = False, None
                self.desk.relink(own, link)
                self.resume(own)
                self._setting("club.server", link.server)
                return
            count = len(answer.players)
            values = {"table": lang.number(link.table), "round": lang.number(link.round)}
            if answer.finished:
                problem = lang.gettext(T_CLUB_FINISHED) % values
            elif answer.deals and not self._can_take_over(answer):
                problem = lang.ngettext(*T_CLUB_STARTED, answer.deals) % {**values, "count": lang.number(answer.deals)}
            elif count not in rules.player_counts:
                text = N_("%(ruleset)s is for %(counts)s players, not %(players)s.")
                problem = say(
                    lang, msg(text, ruleset=Title(rules.title), counts=Choices(rules.player_counts), players=count)
                )
        if problem is not None:
            self.club_error = problem
            self.settings = self.model.play is None
            return
        names = [seat_name(name) for name in answer.players]
        self._leave_club_entry()
        self.model = Model()
        self.settings, self.picking = False, None
        self.naming, self.names, self.typed = (answer.ruleset, len(names)), names, ""
        self._joining = link
        self._setting("club.server", link.server)
        if answer.deals:
            self._take_over(answer)

    @staticmethod
    def _can_take_over(answer: TableInfo) -> bool:
        """Whether this kiosk can go on with the deals the server has (a table's kiosk replaced mid-round):
        each as a quick-score entry, with the first dealer known; a voided deal or a penalty it cannot enter."""
        results = answer.results
        return (
            len(results) == answer.deals
            and [deal for deal, _, _ in results] == list(range(1, len(results) + 1))
            and results[0][2] is not None
            and all(score is not None and "penalty" not in score.split() for _, score, _ in results)
        )

    def _take_over(self, answer: TableInfo) -> None:
        """Start the table's game from the deals the server has, each entered as the quick score enters it.

        Their results are the server's own: the journal keeps them as sent, so none is sent again. Play goes on
        from the next deal, entered by card as usual.
        """
        assert self.naming is not None and answer.results[0][2] is not None
        ruleset, _ = self.naming
        link = answer.link
        self.naming, self._adopting = None, len(answer.results)
        confirming, self.confirm_results = self.confirm_results, False
        try:
            lines = [f"new {ruleset} {' '.join(self.names)}", f"dealer {answer.results[0][2]}", "mode quick"]
            # (a soloist the server names counts players from 1, as typed: `-1 3 -1 -1 solo 2`)
            lines += [f"{':' if ' solo ' in (score or '') else ''}score {score}" for _, score, _ in answer.results]
            for line in [*lines, "mode cards"]:
                self.submit(line)
                if self.model.error is not None:  # the referee refuses what the server holds: say so
                    break
        finally:
            self._adopting, self.confirm_results = 0, confirming
        if self.model.error is None:
            lang, count = self.lang, len(answer.results)
            values = {"table": lang.number(link.table), "round": lang.number(link.round), "count": lang.number(count)}
            self._flash = lang.ngettext(*T_CLUB_TAKEN_OVER, count) % values

    def _join_problem(self, refusal: Refusal, server: str) -> str:
        if refusal.kind == "no-answer":
            return say(self.lang, msg(T_CLUB_NO_ANSWER, server=server)) or ""
        if refusal.kind == "not-a-club":
            return say(self.lang, msg(T_CLUB_NOT_A_CLUB, server=server)) or ""
        return self._reason(refusal, None, None)

    def _reason(self, refusal: Refusal, row: Outgoing | None, link: ClubLink | None) -> str:
        """Why the server refused, in the table's words: its kind and params, never its English line."""
        lang = self.lang
        values: dict[str, object] = {k: v for k, v in refusal.params.items() if isinstance(v, int)}
        if link is not None:
            values.setdefault("table", link.table)
            values.setdefault("round", link.round)
        if row is not None:
            values.setdefault("deal", row.deal)
        text = CLUB_REASONS.get(refusal.kind)
        play = self.model.play if row is not None and row.game == self.game_id else None
        try:
            if text is not None:
                return say(lang, msg(text, **values)) or ""
            if refusal.kind in RESULT_REFUSALS and play is not None:
                params = {k: tuple(v) if isinstance(v, list) else v for k, v in refusal.params.items()}
                return say(lang, result_msg(play, ResultError(refusal.kind, "", **params)), play.rules.deck.pack) or ""
        except (KeyError, TypeError, ValueError):
            pass
        return lang.gettext(T_WHY_OTHER)

    def _club_status(self, view: View) -> View:
        """What the table reads of the club: the results waiting, a refusal, a deal changed since it was sent."""
        lang, g = self.lang, self.lang.gettext
        link = self.desk.link(self.game_id) if self.model.play is not None else None
        waiting = self.desk.waiting()
        club = ""
        if waiting:
            text = T_CLUB_OFFLINE if self.desk.offline else T_CLUB_WAITING
            club = lang.ngettext(*text, waiting) % {"count": lang.number(waiting)}
        elif link is not None:
            club = g(T_CLUB_SENT)
        problem = ""
        buttons: list[Button] = []
        refused = self.desk.refused()
        if refused is not None:
            refusal = Refusal.read(refused.answer) or Refusal(0, "")
            reason = self._reason(refusal, refused, self.desk.link(refused.game))
            problem = say(lang, msg(T_CLUB_REFUSED, deal=refused.deal, reason=reason)) or ""
            buttons.append(Button(lang.pgettext(*T_CLUB_RETRY), "club retry", "club"))
            if refusal.kind in CODE_KINDS and refused.game == self.game_id:
                buttons.append(Button(lang.pgettext(*T_CLUB_NEW_CODE), "club code", "club"))
        elif link is not None and self.desk.differs and self.model.play is not None:
            deal = self.desk.differs[0]
            finished = {d for d, _, _ in wanted(self.model.play, link)}
            problem = say(lang, msg(T_CLUB_DIFFERS if deal in finished else T_CLUB_UNDONE_SENT, deal=deal)) or ""
        elif (held := self.desk.kept()) is not None:  # the round was over: the organiser decides
            values = {"round": link.round if link is not None else 0, "deal": held[0].deal} | held[1]
            problem = say(lang, msg(T_KEPT, **values)) or ""
        status = view.status
        if self.desk.joining is not None:
            status = g(T_CLUB_ASKING) % {"server": self.desk.joining.server}
        shown = [b for b in view.buttons if b.intent != "club next"] if self.desk.joining is not None else view.buttons
        return replace(
            view,
            status=status,
            error=view.error or self.club_error,
            club=club,
            club_alert=refused is not None or self.desk.offline,
            club_problem=problem,
            # The club's own actions are rare ones too: F2 or F3 where the table's left one free.
            buttons=with_rare_keys([*shown, *buttons]) if self.model.play is not None else [*shown, *buttons],
        )

    def _club_entry_view(self) -> View:
        """The club server's address, or the table code, typed on a keyboard or on the keys on screen."""
        g = self.lang.gettext
        view = build_view(Model(), self.lang, self.four_colour)
        address = self.club_entry == "address"
        marks = ADDRESS_MARKS if address else ("-",)
        keys = [Button(c, f"type {c}", "key") for c in (*DIGITS, *LATIN, *marks)]
        keys.append(Button(g(T_NAME_ERASE), "type back", "key", caption="⌫"))  # the field takes every key typed
        buttons = [
            *keys,
            Button(g(T_NAME_OK), "type ok", "key", caption="↵"),
            Button(g(T_BACK), "club cancel", "lang", caption="Esc"),
        ]
        typed = self.club_typed if address else self.club_typed.upper()
        return replace(
            view,
            status=g(T_CLUB_ADDRESS_ASK if address else T_CLUB_CODE_ASK),
            notice=g(T_CLUB_ADDRESS_HINT if address else T_CLUB_CODE_HINT),
            buttons=buttons,
            naming=True,
            typing=True,
            typed=typed,
            error=self.club_error,
        )

    def _naming_view(self, view: View) -> View:
        """The names screen (one player at a time, a keyboard on screen), then who deals first."""
        assert self.naming is not None
        lang, g = self.lang, self.lang.gettext
        ruleset, count = self.naming
        if len(self.names) == count:
            buttons = [
                Button(
                    # the name its own isolate: a Hebrew name on an English screen read "דן 1" (issue 20)
                    name if name == str(i + 1) else f"{lang.number(i + 1)} {isolate_runs(lang, name)}",
                    f"type dealer {i}",
                    "seat",
                    str(i + 1),
                )
                for i, name in enumerate(self.names)
            ]
            joining = self._joining
            if joining is not None:  # a club's table: its evening, table and round; back leaves the evening
                place = g(T_CLUB_TABLE) % {
                    "evening": joining.evening_name,
                    "table": lang.number(joining.table),
                    "round": lang.number(joining.round),
                }
                back = keyed(Button(g(T_BACK), "club cancel", "lang"), BACKSPACE)
                return replace(view, status=g(T_DEALER_ASK), buttons=[*buttons, back], notice=place)
            back = keyed(Button(g(T_BACK), f"setup {ruleset} {count}", "lang"), BACKSPACE)
            return replace(view, status=g(T_DEALER_ASK), buttons=[*buttons, back])
        # Capitals where a name (or a part after a hyphen) starts, small letters after, as a phone's keyboard does;
        # the shift key gives the other case to the next letter (McDonald). Hebrew has no case: shift is greyed.
        letters = LETTER_SETS[self.letter_set]
        upper = (not self.typed or self.typed[-1] in NAME_MARKS) != self.shift
        cased = [c.upper() if upper and len(c.upper()) == 1 else c.lower() for c in letters]
        keys = [Button(c, f"type {c}", "key") for c in cased]
        keys += [Button(c, f"type {c}", "key") for c in NAME_MARKS]
        keys.append(Button(SHIFT, f"type {SHIFT}", "key", enabled=letters is not HEBREW))
        # Letters and digits type the name: the other buttons' keys are Backspace, Enter, Esc and F-keys.
        keys += [
            Button(g(T_NAME_ERASE), "type back", "key", caption="⌫"),
            keyed(Button(g(T_OTHER_LETTERS), "type letters", "key"), "f2"),
        ]
        # Earlier games' names keep their places: a name picked is greyed where it was, so a second tap on
        # it presses nothing (closing them up put the next name under the finger). F5 to F12 pick them.
        before = self.used_names[:8]
        buttons = [
            *keys,
            Button(g(T_NAME_OK), "type ok", "key", caption="↵"),
            *(
                keyed(Button(n, f"type name {n}", "name", enabled=n not in self.names), f"f{5 + i}")
                for i, n in enumerate(before)
            ),
            keyed(Button(g(T_NO_NAMES), "type skip", "lang"), "f3"),
            Button(g(T_BACK), "pick", "lang", caption="Esc"),
        ]
        status = g(T_NAME_ASK) % {"number": lang.number(len(self.names) + 1), "count": lang.number(count)}
        # Names used before are offered only where there are some (a first game's screen offered none it named).
        info = [self._names_so_far(ruleset, count), g(T_NAME_HINT if before else T_NAME_HINT_FIRST)]
        return replace(view, status=status, buttons=buttons, info=info, naming=True, typed=self.typed)

    def _names_so_far(self, ref: str, count: int) -> str:
        """The game and its players as named so far, the others by their number; who partners whom where partners
        score together ("Spades: Ann and Cat play against Ben and player 4.")."""
        lang, g = self.lang, self.lang.gettext
        rules = self._ruleset(ref)
        players = [
            self.names[i] if i < len(self.names) else g(T_NAMES_PLAYER) % {"number": lang.number(i + 1)}
            for i in range(count)
        ]
        game = self._title(rules) if rules is not None else ref
        if rules is not None and rules.score_teams != "individual":
            sides = [[players[s] for s in side] for side in side_members(game_sides(rules, rules.layout(count)))]
            if len(sides) == 2:
                return g(T_NAMES_SIDES) % {"game": game, "first": lang.join(sides[0]), "second": lang.join(sides[1])}
        return g(T_NAMES_CLOCKWISE) % {"game": game, "players": lang.join(players)}

    def _say(self, notice: str | None) -> str | None:
        """A journal notice in the table's language (the English line stays for the command line)."""
        if not isinstance(notice, Notice):
            return notice
        lang = self.lang
        values = {"aside": notice.aside, "kept": lang.number(notice.kept), "lost": lang.number(notice.lost)}
        values["total"] = lang.number(notice.kept + notice.lost)
        if notice.kind == "unreplayed":
            numbers = lang.join([lang.number(n) for _, n, _ in notice.parts])
            return lang.ngettext(*T_JOURNAL_UNREPLAYED, notice.lost) % {"numbers": numbers}
        if notice.kind == "recovered":
            if notice.kept + notice.lost == 0:
                return lang.gettext(T_JOURNAL_UNREADABLE) % values
            lost = [
                lang.ngettext(*T_JOURNAL_LOST, count)
                % {"names": lang.join(names.split()), "first": lang.number(first), "count": lang.number(count)}
                for names, first, count in notice.parts
            ]
            return " ".join([lang.ngettext(*T_JOURNAL_RECOVERED, notice.lost) % values, *lost])
        return lang.gettext(JOURNAL_NOTICES[notice.kind]) % values

    def _asking_view(self, view: View) -> View:
        """The question before an entry that ends the deal: who takes what, yes or no (by tap or key)."""
        assert self.asking is not None
        lang, g = self.lang, self.lang.gettext
        play = self.model.play
        verb, _, seat = self.asking.partition(" ")
        if play is not None and verb in ("ladder", "bid"):  # Skat: a page of values, a hand game's level
            found = declarer.asked(lang, play, self.asking, view)
            if found is None:
                self.asking = None
            return found or view
        if play is not None and verb == "score" and self._trial is not None and self._trial.play is not None:
            result = self._trial.play.game.results[-1]
            points = lang.join([f"{name} {lang.number(p)}" for name, p in zip(play.names, result.points, strict=True)])
            status = g(T_RESULT_ASK) % {"number": lang.number(result.number + 1), "points": points}
        elif play is None or play.deal is None or verb != "claim" or not seat.isdigit() or int(seat) >= len(play.names):
            self.asking = None
            return view
        else:
            rest = play.deal.hand_size - len(play.deal.tricks)
            status = lang.ngettext(*T_CLAIM_ASK, rest) % {"name": play.names[int(seat)], "count": lang.number(rest)}
        # The bar keeps its places, greyed while the question waits: only Yes or No answers it.
        bar = [replace(b, enabled=False) for b in view.buttons if zone_of(b) == "bar"]
        return replace(view, status=status, buttons=[*yes_no(lang, self.asking, "cancel"), *bar], grid_enabled=False)

    def _names_used(self) -> list[str]:
        """Names of the players of earlier games, the most recent first (numbers aside)."""
        out: list[str] = []
        for info in reversed(self.journal.games()[-50:]):
            for name in info.names.split():
                if name not in out and not name.isdigit():
                    out.append(name)
        return out

    def _commit(self, verb: str, words: list[str], new: Model) -> None:
        """Durable before the screen says anything: the commit returns after fsync and checkpoint.

        A club game's results for the server that the entry makes (or withdraws) go in the same transaction.
        """
        if verb == "new" or self.game_id is None:
            names = " ".join(new.play.names) if new.play is not None else " ".join(words[2:])
            link = self._joining if verb == "new" else None
            self.game_id = self.journal.new_game(words[1] if len(words) > 1 else "", names, club=link)
            if self.lang_chosen:  # the language the table picked before the game (not the command line's)
                self._setting(lang_key(self.game_id), self.lang.code)
            self.picking = None
            if link is not None:
                self.desk.joined(self.game_id, link)
                self._joining = None
            else:
                self.desk.show(self.game_id, None)
        changes, differs = self.desk.outbox(new.play)
        if self._adopting:  # the deals a kiosk takes over are the server's: stored there already
            changes = [
                replace(row, state="sent", answer=TAKEN_OVER) if row.deal <= self._adopting else row for row in changes
            ]
        self.journal.append(self.game_id, new.entries[-1], position(new), changes)
        self.desk.committed(changes, differs)

    def view(self) -> View:
        if self.club_entry is not None:
            return self._club_entry_view()
        view = build_view(self.model, self.lang, self.four_colour)
        if self.model.play is not None and open_to_enter(self.model.play) is not None:  # Skat's null ouvert
            view = laying.laying_view(self.lang, self.model.play, view, self.laid)
        if self.asking is not None:
            return self._asking_view(view)
        if self._flash is not None:
            view = replace(view, notice=self._say(self._flash), news=True)
        play = self.model.play
        club = self.desk.link(self.game_id) if play is not None else None
        # At the game's end, a new game once a flag of its last deal is settled (its buttons are gone); at a
        # club evening, the table's next round.
        settling = any(b.intent == "dismiss" for b in view.buttons)
        if play is not None and play.game.is_over and not settling:
            again = (
                Button(self.lang.gettext(T_CLUB_NEXT), "club next", "action", "\r", caption="↵")
                if club is not None
                else Button(self.lang.gettext(T_AGAIN), "again", "action", "\r", caption="↵")  # Enter, every language
            )
            # Save the game record: F2 or F3, the keys of the rare actions, as shown on it.
            view = replace(
                view, buttons=with_rare_keys([again, *view.buttons, Button(self.lang.gettext(T_EXPORT), "export")])
            )
        elif (
            play is not None
            and club is not None
            and club.deals is not None
            and len(play.game.results) - play.game.extra_deals >= club.deals
        ):
            done = self.lang.ngettext(*T_CLUB_ROUND_PLAYED, club.deals) % {"count": self.lang.number(club.deals)}
            view = replace(
                view,
                status=done,
                buttons=[Button(self.lang.gettext(T_CLUB_NEXT), "club next", "action"), *view.buttons],
                grid=[],
                grid_enabled=False,
                quick=False,
            )
        if play is not None:
            view = replace(view, rules=self.lang.gettext(T_RULES) % {"label": self._label(play.rules, play.ref)})
            # The languages, on the keys' page: changed at any time (the one in use greyed).
            langs = [replace(b, enabled=b.intent != f"lang {self.lang.code}") for b in self._language_buttons()]
            view = replace(view, langs=langs)
        if play is None and self.naming is not None:
            return self._club_status(self._naming_view(view))
        if play is None:
            view = replace(
                view,
                buttons=self.setup_buttons() + view.buttons,
                notice=self._say(self.notice) or view.notice,
                more=self.lang.gettext(T_MORE_GAMES),
            )
            game = self._game(self.picking) if self.picking else None
            if self.settings:
                view = replace(view, status=self.lang.gettext(T_SETTINGS_ASK))
            elif game is not None:
                title = isolate_runs(self.lang, game.title)
                view = replace(view, status=self.lang.gettext(T_HOW_MANY) % {"ruleset": title})
            elif not view.status:  # the setup screen's heading says what to do
                view = replace(view, status=self.lang.gettext(T_WHICH_GAME))
        return self._club_status(view)

    def _label(self, rules: Ruleset, key: str) -> str:
        """The ruleset's one-line label in the table's language (made once per language)."""
        if (self.lang.code, key) not in self._labels:
            self._labels[(self.lang.code, key)] = label_of(self.lang, rules)
        return self._labels[(self.lang.code, key)]

    def _title(self, rules: Ruleset) -> str:
        """A game's title, each run written the other way from the table's language isolated: in Hebrew,
        "Hartenjagen (Whisthub)" stays one left-to-right run, its brackets with it (wording.label)."""
        return isolate_runs(self.lang, title_of(self.lang, rules))

    def _game(self, ref: str) -> gameindex.Entry | None:
        """A game as the setup screen shows it (its title, label and numbers of players; None if it cannot be
        loaded): a bundled one from the index (kiosk.gameindex: nothing compiled), a file of house rules from its
        ruleset."""
        found = self._index().get(ref)
        if found is None and ref not in bundled_ids():
            rules = self._ruleset(ref)
            found = gameindex.entry(self.lang, rules) if rules is not None else None
        return found

    def _index(self) -> dict[str, gameindex.Entry]:
        """The bundled games' index in the table's language, read (or made) once."""
        code = self.lang.code
        if code not in self._indexes:
            self._indexes[code] = gameindex.load(self.lang, self._rules)
        return self._indexes[code]

    def _ruleset(self, ref: str) -> Ruleset | None:
        """A ruleset, loaded once when a game is chosen (None if it cannot be)."""
        if ref not in self._rules:
            try:
                self._rules[ref] = load_ruleset(ref)
            except (RulesetError, ValueError):
                self._rules[ref] = None  # the file has gone or broke: show what was typed
        return self._rules[ref]

    def setup_buttons(self) -> list[Button]:
        """Resume an unfinished game, start a new one, pick the language and colours."""
        lang = self.lang
        picked = self._game(self.picking) if self.picking else None
        if picked is not None:  # how many players, for a game of several
            counts = [
                keyed(
                    Button(
                        lang.ngettext(*T_PLAYERS, n) % {"count": lang.number(n)}, f"setup {self.picking} {n}", "players"
                    ),
                    str(n),
                )
                for n in picked.players
            ]
            return [*counts, keyed(Button(lang.gettext(T_BACK), "pick", "lang"), BACKSPACE)]
        if self.settings:  # the language, the suits' colours, confirmed results; then back to the games
            return [*self._settings_buttons(), keyed(Button(lang.gettext(T_BACK), "pick", "players"), BACKSPACE)]
        buttons = []
        for info in self._unfinished():
            game = self._game(info.ruleset)
            values = {
                "ruleset": isolate_runs(lang, game.title if game is not None else info.ruleset),
                "names": lang.join(info.names.split()) if info.names else "",
                "deal": lang.number(info.deal or 0),
                "trick": lang.number(info.trick or 0),
            }
            text = T_RESUME if info.deal is None else T_RESUME_DEAL if info.trick is None else T_RESUME_TRICK
            buttons.append(Button(lang.gettext(text) % values, f"resume {info.id}", "resume"))
        index = self._index()  # each game's title, label and numbers of players, none compiled
        for rid in bundled_ids():
            bundled = index.get(rid)
            if bundled is not None:
                several = len(bundled.players) > 1  # the next screen asks how many play
                intent = f"pick {rid}" if several else f"setup {rid}"
                buttons.append(Button(isolate_runs(lang, bundled.title), intent, "ruleset", detail=bundled.label))
        # The languages stay on the first page, in their own names: a table that reads no English finds its own.
        # The games on the page the screen shows take the digits (kiosk.app: the pages are the screen's).
        buttons += self._language_buttons()
        buttons.append(keyed(Button(lang.gettext(T_SETTINGS), "settings", "lang"), "f2"))
        return buttons

    def _language_buttons(self) -> list[Button]:
        """A button for each language, in its own name, pressed by F3, F4...: keys any keyboard layout has. Made
        once (Babel takes a while to name a language, and a game's every view carries them for the keys' page)."""
        if self._lang_buttons is None:
            self._lang_buttons = [
                keyed(Button(language_name(code), f"lang {code}", "lang"), f"f{3 + i}")
                for i, code in enumerate(LANGUAGES)
            ]
        return list(self._lang_buttons)  # (a copy: the settings page adds its own)

    def _settings_buttons(self) -> list[Button]:
        lang = self.lang
        buttons = self._language_buttons()
        colours = T_TWO_COLOURS if self.four_colour else T_FOUR_COLOURS
        buttons.append(Button(lang.gettext(colours), "colours two" if self.four_colour else "colours four", "mode"))
        confirm = T_CONFIRM_ON if self.confirm_results else T_CONFIRM_OFF
        intent = "confirming off" if self.confirm_results else "confirming on"
        buttons.append(Button(lang.gettext(confirm), intent, "answer"))
        buttons.append(Button(lang.gettext(T_CLUB_JOIN), "club", "club"))
        return [*buttons[:-3], *(keyed(b, str(i)) for i, b in enumerate(buttons[-3:], start=1))]

    def record(self) -> dict[str, object]:
        """The game record: entries, deals, scores, flags (for JSON export)."""
        play = self.model.play
        if play is None:
            return {}
        return {
            "ruleset": play.ref,
            "players": play.names,
            "entries": list(self.model.entries),
            "deals": [
                {
                    "number": r.number + 1,
                    "dealer": r.dealer,
                    "points": list(r.points),
                    "scores": list(r.scores),
                    **({"bids": list(r.bids), "tricks": list(r.tricks)} if r.bids else {}),
                }
                for r in play.game.results
            ],
            "scores": list(play.game.scores),
            "winners": [play.names[s] for s in play.game.winners],
            "flags": [
                {
                    "deal": f.deal,
                    "player": play.names[f.seat],
                    "card": f.card,
                    "rule": f.rule,
                    "message": f.message,
                    "confirmed": f.confirmed,
                    "dismissed": f.dismissed,  # the table's decision, where the rules set no penalty too
                }
                for f in play.flags
            ],
        }

    def export(self, folder: Path) -> list[Path]:
        """Write the game record as JSON and the scores per deal as CSV."""
        play = self.model.play
        if play is None or self.game_id is None:
            return []
        folder.mkdir(parents=True, exist_ok=True)
        record = self.record()
        json_path = folder / f"game-{self.game_id}.json"
        json_path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["deal", *[f"{n} points" for n in play.names], *[f"{n} score" for n in play.names]])
        for r in play.game.results:
            writer.writerow([r.number + 1, *r.points, *r.scores])
        csv_path = folder / f"game-{self.game_id}.csv"
        csv_path.write_text(buffer.getvalue(), encoding="utf-8")
        return [json_path, csv_path]


def seat_name(name: str) -> str:
    """A player's name from the club server as the journal keeps names: one word, at most MAX_NAME characters."""
    return "-".join(name.split())[:MAX_NAME] or "?"


def position(model: Model) -> Position:
    """Where the model's game stands: over (or no game), else the deal and the trick in progress."""
    play = model.play
    if play is None or play.game.is_over:
        return Position(over=True)
    deal = play.deal
    if deal is None:
        return Position(over=False, deal=len(play.game.results) + 1)
    trick = len(deal.tricks) + 1 if deal.phase == "play" and play.mode == "cards" else None
    return Position(over=False, deal=deal.number + 1, trick=trick)


def uncommented(raw: str) -> str:
    """A script's line without its comment: ``#`` at the start or after a space (a QR code's address holds one)."""
    return re.split(r"(?:^|\s)#", raw, maxsplit=1)[0].strip()


def read_script(path: Path) -> list[tuple[int, str]]:
    """A replay script: (line number, intent) pairs; blank lines and # comments are skipped."""
    lines = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = uncommented(raw)
        if line:
            lines.append((number, line))
    return lines
