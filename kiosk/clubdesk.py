"""A session's club evening: which games joined one, their results on the way, and a join under way.

The session (kiosk/session.py) asks it for the results an entry makes, writes them with the entry in one
transaction, and tells it once they are committed; it offers the results waiting to the
:class:`kiosk.clublink.Forwarder`, writes the server's answers into the journal (on the session's
thread, at :meth:`ClubDesk.poll`), and says what the table should read: how many results wait, a
refusal, a deal sent that the table has changed since. Nothing here is shown directly: the session turns
its facts into words in the table's language.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

from .clublink import BACKOFF, Address, Forwarder, Item, Refusal, TableInfo, fetch_table, kept, reconcile, wanted
from .core import Play
from .journal import ClubLink, Journal, Outgoing

# Refusals that a new table code can cure: the kiosk asks for one and sends again.
CODE_KINDS = ("no-code", "bad-code", "revoked-code", "other-table")


class ClubDesk:
    def __init__(self, journal: Journal, wake: Callable[[], None], backoff: tuple[float, float] = BACKOFF) -> None:
        self.journal = journal
        self._wake_table = wake
        self.backoff = backoff
        self.links = journal.club_links()  # every game that joined an evening (a small table)
        self.unsent = {(r.game, r.seq): r for r in journal.club_results(unsent=True)}  # waiting or refused
        self.rows: list[Outgoing] = []  # every result of the game on screen
        self.game: int | None = None
        self.differs: list[int] = []  # deals of the game on screen sent, and changed (or undone) since
        self.forwarder: Forwarder | None = None
        self._kiosk: str | None = None
        self._lock = threading.Lock()
        self._woken = threading.Event()
        self.joining: Address | None = None  # a join under way (its answer not taken yet)
        self._answer: TableInfo | Refusal | None = None  # set by the join's thread
        self.answer: TableInfo | Refusal | None = None  # the last join's answer, for the session to take
        self.offline_shown = False
        self._offer()

    def reload(self) -> None:
        """Read the links and the results waiting again (the journal was replaced by a recovered copy)."""
        self.links = self.journal.club_links()
        self.unsent = {(r.game, r.seq): r for r in self.journal.club_results(unsent=True)}
        self._offer()

    # -- waking the table ----------------------------------------------------------------------------------

    def wake(self) -> None:
        """Called from the forwarder's or a join's thread: the session has something to take."""
        self._woken.set()
        self._wake_table()

    def settle(self, timeout: float, sending: bool = True) -> None:
        """Wait (at most ``timeout`` seconds) until a join has its answer and (``sending``) no result waits."""
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            pending = [r for r in self.unsent.values() if r.state == "waiting"] if sending else []
            if self.joining is None and self._answer is None and not pending:
                return
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self._woken.wait(min(left, 0.5))
            self._woken.clear()

    # -- the game on screen -----------------------------------------------------------------------------------

    def show(self, game: int | None, play: Play | None) -> None:
        """The game on screen changed (resumed, or a new one): its results follow its entries.

        A finished deal without its result (a journal of an older kiosk, a result lost with a damaged
        journal) gets one now: the journal is the source of truth.
        """
        self.game, self.rows, self.differs = game, [], []
        link = self.links.get(game) if game is not None else None
        if game is None or link is None:
            return
        self.rows = self.journal.club_results(game)
        if play is not None:
            changes, differs = reconcile(game, wanted(play, link), self.rows)
            if changes:
                self.journal.club_update(changes)
            self.committed(changes, differs)

    def outbox(self, play: Play | None) -> tuple[list[Outgoing], list[int]]:
        """The results an entry of the game on screen makes (to be written with it in one transaction), and
        the deals sent that the game no longer has as sent."""
        link = self.links.get(self.game) if self.game is not None else None
        if self.game is None or link is None or play is None:
            return [], []
        return reconcile(self.game, wanted(play, link), self.rows)

    def committed(self, changes: list[Outgoing], differs: list[int]) -> None:
        """The entry and its results are in the journal: keep them, and send what now waits."""
        self.differs = differs
        if not changes:
            return
        by_key = {(r.game, r.seq): r for r in self.rows}
        for row in changes:
            by_key[(row.game, row.seq)] = row
            if row.state in ("waiting", "refused"):
                self.unsent[(row.game, row.seq)] = row
            else:
                self.unsent.pop((row.game, row.seq), None)
        self.rows = sorted(by_key.values(), key=lambda r: r.seq)
        self._offer()

    def joined(self, game: int, link: ClubLink) -> None:
        """A new game joined an evening (the journal wrote the link with the game's row)."""
        self.links[game] = link
        self.game, self.rows, self.differs = game, [], []

    # -- what the table reads ------------------------------------------------------------------------------------

    def link(self, game: int | None) -> ClubLink | None:
        return self.links.get(game) if game is not None else None

    def waiting(self) -> int:
        """Results not yet stored by the server (refused ones included: they are kept)."""
        return len(self.unsent)

    @property
    def offline(self) -> bool:
        return (
            self.forwarder is not None
            and self.forwarder.offline
            and any(r.state == "waiting" for r in self.unsent.values())
        )

    def refused(self) -> Outgoing | None:
        """The first refused result, the game on screen's first."""
        refused = sorted(
            (r for r in self.unsent.values() if r.state == "refused"),
            key=lambda r: (r.game != self.game, r.game, r.deal),
        )
        return refused[0] if refused else None

    def kept(self) -> tuple[Outgoing, dict[str, int]] | None:
        """The last result of the game on screen that the server kept for the organiser (its round was over),
        with where: the round, the round then played, the deal."""
        for row in reversed(self.rows):
            where = kept(row.answer) if row.state == "sent" else None
            if where is not None:
                return row, where
        return None

    # -- sending -----------------------------------------------------------------------------------------------

    def kiosk(self) -> str:
        if self._kiosk is None:
            self._kiosk = self.journal.kiosk_id()
        return self._kiosk

    def _offer(self) -> None:
        """Offer the results waiting, each game's in deal order, none after a refused one of its game."""
        by_game: dict[int, list[Outgoing]] = {}
        for row in self.unsent.values():
            by_game.setdefault(row.game, []).append(row)
        items: list[Item] = []
        for game, rows in sorted(by_game.items()):
            link = self.links.get(game)
            if link is None:
                continue
            for row in sorted(rows, key=lambda r: (r.deal, r.seq)):
                if row.state == "refused":
                    break
                items.append(Item(row, link, self.kiosk()))
        if not items and self.forwarder is None:
            return
        if self.forwarder is None:
            self.forwarder = Forwarder(self.wake, self.backoff)
        self.forwarder.offer(items)

    def poll(self) -> bool:
        """Take the server's answers (written into the journal) and a join's; True when the screen changes."""
        changed = False
        if self.forwarder is not None:
            answers = self.forwarder.take()
            if answers:
                rows = []
                for row, state, answer in answers:
                    now = self.unsent.get((row.game, row.seq))
                    if state == "refused" and now is None:
                        continue  # withdrawn while it was on its way, and refused: nothing to keep
                    rows.append(replace(row, state=state, answer=answer))
                self.journal.club_update(rows)
                for row in rows:
                    if row.state == "sent":
                        self.unsent.pop((row.game, row.seq), None)
                    else:
                        self.unsent[(row.game, row.seq)] = row
                if self.game is not None:
                    mine = {r.seq: r for r in rows if r.game == self.game}
                    self.rows = [mine.get(r.seq, r) for r in self.rows]
                self._offer()
                changed = True
            if self.offline != self.offline_shown:
                self.offline_shown = self.offline
                changed = True
        with self._lock:
            joined, self._answer = self._answer, None
        if joined is not None:
            self.joining = None
            self.answer = joined
            changed = True
        return changed

    def retry(self, kinds: tuple[str, ...] | None = None) -> None:
        """Send the refused results again (those refused for one of ``kinds``): the table says the cause is gone."""
        again = []
        for row in self.unsent.values():
            if row.state != "refused":
                continue
            refusal = Refusal.read(row.answer)
            if kinds is None or (refusal is not None and refusal.kind in kinds):
                again.append(replace(row, state="waiting"))
        if again:
            self.journal.club_update(again)
            for row in again:
                self.unsent[(row.game, row.seq)] = row
            mine = {r.seq: r for r in again if r.game == self.game}
            self.rows = [mine.get(r.seq, r) for r in self.rows]
        self._offer()

    def relink(self, game: int, link: ClubLink) -> None:
        """A game's link with a new table code (or address): written, and its results sent again."""
        self.journal.link(game, link)
        self.links[game] = link
        self.retry(CODE_KINDS)

    # -- joining ------------------------------------------------------------------------------------------------

    def start_join(self, address: Address) -> None:
        """Ask the server for the table, from a thread of its own; :meth:`poll` takes the answer."""
        self.joining = address
        self.answer = None

        def ask() -> None:
            answer = fetch_table(address)
            with self._lock:
                self._answer = answer
            self.wake()

        threading.Thread(target=ask, name="club-join", daemon=True).start()

    def own_game(self, link: ClubLink, over: Callable[[int], bool]) -> int | None:
        """The game of this kiosk that already plays the table's round at this evening (not over)."""
        for game, known in sorted(self.links.items(), reverse=True):
            same = (known.server, known.evening, known.round, known.table) == (
                link.server,
                link.evening,
                link.round,
                link.table,
            )
            if same and not over(game):
                return game
        return None

    def close(self) -> None:
        if self.forwarder is not None:
            self.forwarder.stop()
