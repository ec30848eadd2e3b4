"""A kiosk session: the journal, the current game's model and the language.

:meth:`Session.submit` is the one way in: it steps the model, and only when
the core accepts the intent, commits the entry to the journal; the caller
shows the new view after that, so nothing acknowledged is ever lost.
Session-level intents (``resume N``, ``lang he``, ``colours four``, ``pick
oh-hell``: choose the number of players of a game for several) change what
is shown, not the game, and are not journaled.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from pathlib import Path

from referee import Ruleset, RulesetError, load_ruleset
from referee.loader import bundled_ids
from wording.freetext import title_of
from wording.i18n import LANGUAGES, N_, NN_, Lang, load_lang

from .core import Model, msg, replay, step
from .journal import Journal
from .view import Button, View, build_view

T_RESUME_GAME = N_("Resume game %(number)s: %(ruleset)s, %(names)s")
T_FOUR_COLOURS = N_("Four-colour suits")
T_TWO_COLOURS = N_("Two-colour suits")
T_EXPORT = N_("Save the game record")
T_EXPORTED_TO = N_("Saved the game record in %(folder)s.")
T_HOW_MANY = N_("%(ruleset)s: how many players?")
T_PLAYERS = NN_("%(count)s player", "%(count)s players")
T_BACK = N_("Back")


class Session:
    def __init__(self, journal: Journal, lang: str = "en") -> None:
        self.journal = journal
        self.langs: dict[str, Lang] = {}
        self.lang = self._lang(lang)
        self.game_id: int | None = None
        self.model = Model()
        self.four_colour = False
        self.notice = journal.notice
        self._over: dict[tuple[int, int], bool] = {}
        self._rules: dict[str, Ruleset | None] = {}
        self.picking: str | None = None  # the ruleset whose number of players the setup screen asks

    def _lang(self, code: str) -> Lang:
        if code not in self.langs:
            self.langs[code] = load_lang(code, complete=False)
        return self.langs[code]

    def resume(self, game_id: int) -> None:
        self.game_id = game_id
        self.model = replay(self.journal.entries(game_id))

    def unfinished(self) -> list[int]:
        """Games not over yet. Each game is replayed once per number of entries (cached)."""
        out = []
        for info in self.journal.games():
            key = (info.id, info.entries)
            if key not in self._over:
                model = replay(self.journal.entries(info.id))
                self._over[key] = model.play is None or model.play.game.is_over
            if not self._over[key]:
                out.append(info.id)
        return out

    def submit(self, line: str) -> View:
        words = line.split()
        verb = words[0].lower() if words else ""
        if verb == "lang" and len(words) == 2 and words[1] in LANGUAGES:
            self.lang = self._lang(words[1])
            return self.view()
        if verb == "colours" and len(words) == 2:
            self.four_colour = words[1] == "four"
            return self.view()
        if verb == "export":
            folder = self.journal.path.parent / "exports" if self.journal.path else Path.cwd() / "exports"
            written = self.export(folder)
            self.model = replace(
                self.model, error=None, notice=msg(T_EXPORTED_TO, folder=str(folder)) if written else None
            )
            return self.view()
        if verb == "resume" and len(words) == 2 and words[1].isdigit():
            self.resume(int(words[1]))
            return self.view()
        if verb == "pick" and len(words) <= 2:
            self.picking = words[1] if len(words) == 2 and self._ruleset(words[1]) is not None else None
            return self.view()
        # A new game starts from nothing: the last game's entries and undo stay with it.
        new = step(Model() if verb == "new" else self.model, line)
        if new.error is None:
            if verb == "new" or self.game_id is None:
                names = " ".join(new.play.names) if new.play is not None else " ".join(words[2:])
                self.game_id = self.journal.new_game(words[1] if len(words) > 1 else "", names)
                self.picking = None
            # Durable before the screen says anything: the commit returns after fsync.
            self.journal.append(self.game_id, new.entries[-1])
        self.model = new
        return self.view()

    def view(self) -> View:
        view = build_view(self.model, self.lang, self.four_colour)
        if self.model.play is not None and self.model.play.game.is_over:
            view = replace(view, buttons=[*view.buttons, Button(self.lang.gettext(T_EXPORT), "export")])
        if self.model.play is None:
            view = replace(view, buttons=self.setup_buttons() + view.buttons, notice=self.notice or view.notice)
            rules = self._ruleset(self.picking) if self.picking else None
            if rules is not None:
                view = replace(view, status=self.lang.gettext(T_HOW_MANY) % {"ruleset": title_of(self.lang, rules)})
        return view

    def _ruleset(self, ref: str) -> Ruleset | None:
        """A ruleset for the setup screen, loaded once (None if it cannot be)."""
        if ref not in self._rules:
            try:
                self._rules[ref] = load_ruleset(ref)
            except (RulesetError, ValueError):
                self._rules[ref] = None  # the file has gone or broke: show what was typed
        return self._rules[ref]

    def setup_buttons(self) -> list[Button]:
        """Resume an unfinished game, start a new one, pick the language and colours."""
        lang = self.lang
        picked = self._ruleset(self.picking) if self.picking else None
        if picked is not None:  # how many players, for a game of several
            counts = [
                Button(lang.ngettext(*T_PLAYERS, n) % {"count": lang.number(n)}, f"new {self.picking} {n}", "players")
                for n in picked.player_counts
            ]
            return [*counts, Button(lang.gettext(T_BACK), "pick", "lang")]
        buttons = []
        infos = {info.id: info for info in self.journal.games()}
        for gid in self.unfinished():
            info = infos[gid]
            rules = self._ruleset(info.ruleset)
            title = title_of(lang, rules) if rules is not None else info.ruleset
            label = lang.gettext(T_RESUME_GAME) % {
                "number": lang.number(gid),
                "ruleset": title,
                "names": lang.join(info.names.split()) if info.names else "",
            }
            buttons.append(Button(label, f"resume {gid}", "resume"))
        for rid in bundled_ids():
            bundled = self._ruleset(rid)
            if bundled is not None:
                several = len(bundled.player_counts) > 1  # the next screen asks how many play
                buttons.append(Button(title_of(lang, bundled), f"pick {rid}" if several else f"new {rid}", "ruleset"))
        for code in LANGUAGES:
            buttons.append(Button(self._lang(code).name, f"lang {code}", "lang"))
        colours = T_TWO_COLOURS if self.four_colour else T_FOUR_COLOURS
        buttons.append(Button(lang.gettext(colours), "colours two" if self.four_colour else "colours four", "lang"))
        return buttons

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


def read_script(path: Path) -> list[tuple[int, str]]:
    """A replay script: (line number, intent) pairs; blank lines and # comments are skipped."""
    lines = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append((number, line))
    return lines
