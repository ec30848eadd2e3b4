"""``referee.stats`` and ``trickbook stats``: whole games between the bots, counted.

Small game counts throughout: the figures' values are the bots' business; what
is tested is that they are counted right (facts that follow from the ruleset),
the same for any number of workers, cached, and printed in each format.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers_deals import CONTRACT_WHIST

from referee import Deal, Game, Ruleset, load_ruleset
from referee import stats as stats_module
from referee.loader import bundled_ids
from referee.mechanisms import moon
from referee.stats import (
    Stats,
    cache_key,
    cache_path,
    cached_stats,
    cached_stats_many,
    default_cache_dir,
    game_seed,
    simulate,
    simulate_many,
)
from trickbook.cli import main

GAMES = 6


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test caches in its own folder, never in the user's."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TRICKBOOK_CACHE", str(folder))
    return folder


_simulated: dict[tuple[str, int], Stats] = {}


def simulated(rid: str, games: int = GAMES) -> Stats:
    """The figures of a bundled ruleset, simulated once per test session."""
    if (rid, games) not in _simulated:
        _simulated[rid, games] = simulate(load_ruleset(rid), games, seed=3)
    return _simulated[rid, games]


# -- determinism -------------------------------------------------------------------


@pytest.mark.parametrize("rid", ["hearts", "spades"])
def test_the_same_figures_for_any_number_of_workers(rid: str) -> None:
    rules = load_ruleset(rid)
    one = simulate(rules, 12, seed=5, jobs=1)
    two = simulate(rules, 12, seed=5, jobs=2)
    assert one == two
    assert one.to_dict() == two.to_dict()


def test_a_game_is_seeded_from_the_run_seed_and_its_index_alone() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, 0), game_seed(1, 1), game_seed(2, 0), game_seed(0, 1)}) == 4
    rules = load_ruleset("hearts")
    assert simulate(rules, 4, seed=1) != simulate(rules, 4, seed=2)


def test_many_rulesets_in_one_pool_give_what_each_gives_alone() -> None:
    rulesets = [load_ruleset(rid) for rid in ("hearts", "euchre", "spades")]
    alone = [simulate(rules, 5, seed=4) for rules in rulesets]
    seen: list[int] = []
    assert simulate_many(rulesets, 5, seed=4, jobs=2, progress=seen.append) == alone
    assert simulate_many(rulesets, 5, seed=4, jobs=1) == alone
    assert sum(seen) == 15
    assert simulate_many([], 5) == []


def test_progress_counts_every_game() -> None:
    seen: list[int] = []
    simulate(load_ruleset("euchre"), 7, progress=seen.append)
    assert sum(seen) == 7


# -- facts that follow from the ruleset ----------------------------------------------


def test_hearts_card_points_are_the_packs_in_every_deal() -> None:
    rules = load_ruleset("hearts")
    result = simulated("hearts")
    layout = rules.layout(result.players)
    pack = sum(layout.points)  # 26: every card is taken in every deal
    assert result.card_points is not None
    points = dict(result.card_points)
    assert sum(points.values()) == pack * result.deals
    qs = layout.points[rules.deck.index["QS"]]
    assert points["QS"] == qs * result.deals
    assert result.card_shares()["QS"] == pytest.approx(qs / pack)  # 13/26
    # Every deal without a moon gives out the pack's points; an old moon gives
    # the moon's points to each other seat instead.
    assert result.moons is not None
    moon_total = (result.players - 1) * moon.target(rules, result.players).value
    assert result.points_sum == pack * (result.deals - result.moons) + moon_total * result.moons
    assert result.seat_deals == result.players * result.deals


def test_the_2c_leader_never_takes_the_first_trick_of_hearts() -> None:
    # The 2♣ must be led and is the lowest club: another club always beats it
    # (only a deal where nobody else holds a club could differ, and the pack has 13).
    result = simulated("hearts")
    assert result.first_tricks == result.deals
    assert result.first_leader_won == 0


@pytest.mark.parametrize("rid", bundled_ids())
def test_figures_are_present_exactly_where_they_apply(rid: str) -> None:
    rules = load_ruleset(rid)
    result = simulated(rid)
    figures = result.figures()
    assert result.games == GAMES
    assert result.unfinished + sum(g for _, g in result.deal_counts) == GAMES
    assert sum(d * g for d, g in result.deal_counts) <= result.deals
    has_moon = moon.active(moon.of(rules))
    assert (result.moons is not None) == has_moon == ("moon_share" in figures)
    if result.moons is not None:
        assert 0 <= figures["moon_share"] <= 1
    bidding = rules.bid_scoring is not None or bool(rules.trick_rows)
    assert (result.contracts is not None) == bidding == ("contracts_made_share" in figures)
    nil = rules.trick_round is not None and rules.trick_round.nil
    assert (result.nil_bids is not None) == nil
    blind = rules.trick_round is not None and rules.trick_round.blind_nil
    assert (result.blind_nil_bids is not None) == blind
    for part, whole in (
        (result.contracts_made, result.contracts),
        (result.nil_made, result.nil_bids),
        (result.blind_nil_made, result.blind_nil_bids),
        (result.first_leader_won, result.first_tricks),
    ):
        assert (part is None) == (whole is None)
        assert part is None or whole is None or 0 <= part <= whole
    shares = result.card_shares()
    layout = rules.layout(result.players)
    assert (result.card_points is not None) == bool(layout.scoring_cards)
    if result.card_points is not None:
        assert sum(shares.values()) == pytest.approx(1)
        assert all(0 <= share <= 1 for share in shares.values())
    # Absent figures are absent from the dict form too, not zero.
    data = result.to_dict()
    for name in ("moons", "contracts", "nil_bids", "blind_nil_bids", "card_points", "thrown_in"):
        assert (name in data) == (getattr(result, name) is not None)


def test_bidding_games_count_contracts() -> None:
    spades = simulated("spades")
    assert spades.contracts is not None and spades.contracts_made is not None and spades.nil_bids is not None
    # A partnership's bids make one contract, unless both partners bid nil.
    assert spades.deals * 2 - spades.nil_bids <= spades.contracts <= spades.deals * 2
    oh_hell = simulated("oh-hell")
    assert oh_hell.contracts == oh_hell.deals * oh_hell.players  # every seat bids for itself
    assert oh_hell.nil_bids is None  # a bid of 0 is a contract, not nil
    euchre = simulated("euchre")
    assert euchre.contracts == euchre.deals  # stick the dealer: every deal has makers
    assert euchre.thrown_in is None
    assert "contracts_made_share" in euchre.figures()


def test_an_auction_counts_the_declarers_contract_and_throw_ins(tmp_path: Path) -> None:
    path = tmp_path / "contract-whist.yaml"
    path.write_text(CONTRACT_WHIST, encoding="utf-8")
    result = simulate(load_ruleset(path), 3, seed=2)
    assert result.thrown_in is not None
    assert result.contracts == result.deals  # the declaring side's only; the defenders bid nothing
    assert result.card_points is None and result.moons is None


def test_a_game_that_does_not_end_is_counted_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_module, "MAX_DEALS", 3)
    result = simulate(load_ruleset("hearts"), 2, seed=1)
    assert result.unfinished == 2
    assert result.deals == 6
    assert result.deal_counts == ()
    assert result.deals_per_game() is None
    assert "deals_per_game_mean" not in result.figures()


class StuckGame:
    """A game whose engine cannot deal a third deal (as Oh Hell's schedule, used up by throw-ins)."""

    def __init__(self, rules: Ruleset, players: int | None, seed: int) -> None:
        self.game = Game(rules, players=players, seed=seed)
        self.layout = self.game.layout

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def new_deal(self) -> Deal:
        if self.game.deals_played == 2:
            raise ValueError("the schedule has 2 deals; there is no deal 3")
        return self.game.new_deal()

    def finish_deal(self, deal: Deal) -> None:
        self.game.finish_deal(deal)


def test_a_game_that_cannot_be_dealt_on_is_counted_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_module, "Game", StuckGame)
    result = simulate(load_ruleset("hearts"), 3, seed=1)
    assert (result.unfinished, result.deals, result.deal_counts) == (3, 6, ())


def test_simulate_refuses_nonsense() -> None:
    rules = load_ruleset("hearts")
    with pytest.raises(ValueError, match="games"):
        simulate(rules, 0)
    with pytest.raises(ValueError, match="not 3"):
        simulate(rules, 1, players=3)


# -- the dict form ---------------------------------------------------------------------


@pytest.mark.parametrize("rid", ["hearts", "spades", "omnibus-hearts"])
def test_the_dict_form_reads_back(rid: str) -> None:
    result = simulated(rid)
    text = json.dumps(result.to_dict(), sort_keys=True)
    assert Stats.from_dict(json.loads(text)) == result


def _spoilt(**changes: object) -> Callable[[], object]:
    return lambda: {**simulated("hearts").to_dict(), **changes}


@pytest.mark.parametrize(
    "make",
    [
        lambda: None,
        lambda: [],
        lambda: {},
        lambda: {"stats_version": -1},
        lambda: {"stats_version": stats_module.STATS_VERSION, "ruleset": "hearts"},
        _spoilt(deals="many"),
        _spoilt(deal_counts=[[1, 2, 3]]),
        _spoilt(card_points={"QS": 13}),
        _spoilt(moons=True),
        _spoilt(stats_version=stats_module.STATS_VERSION + 1),
    ],
)
def test_from_dict_refuses_what_to_dict_does_not_make(make: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        Stats.from_dict(make())


# -- the cache ---------------------------------------------------------------------------


def test_a_cached_result_is_read_without_simulating(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_ruleset("hearts")
    first = cached_stats(rules, 4, 9, cache_dir=tmp_path)
    assert cache_path(rules, 4, 9, tmp_path).is_file()

    def fail(*args: object, **kwargs: object) -> Stats:
        raise AssertionError("simulated again")

    monkeypatch.setattr(stats_module, "simulate_many", fail)
    assert cached_stats(rules, 4, 9, cache_dir=tmp_path) == first
    with pytest.raises(AssertionError, match="simulated again"):
        cached_stats(rules, 4, 10, cache_dir=tmp_path)  # another seed is another entry


@pytest.mark.parametrize(
    "garbage",
    [b"", b"{not json", b"\xff\xfe\x00", b"[]", b'{"key": "x", "stats": {}}', b"null"],
)
def test_a_corrupt_cache_file_is_ignored_and_rewritten(tmp_path: Path, garbage: bytes) -> None:
    rules = load_ruleset("euchre")
    path = cache_path(rules, 3, 1, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(garbage)
    result = cached_stats(rules, 3, 1, cache_dir=tmp_path)
    assert result == simulate(rules, 3, 1)
    assert Stats.from_dict(json.loads(path.read_text(encoding="utf-8"))["stats"]) == result


def test_many_rulesets_simulate_only_what_the_cache_lacks_and_each_content_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hearts, euchre = load_ruleset("hearts"), load_ruleset("euchre")
    cached = cached_stats(hearts, 3, 1, cache_dir=tmp_path)
    expected = simulate(euchre, 3, 1)
    asked: list[list[str]] = []
    real = stats_module.simulate_many

    def counting(rulesets: list[Ruleset], *args: object, **kwargs: object) -> list[Stats]:
        asked.append([r.id for r in rulesets])
        return real(rulesets, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(stats_module, "simulate_many", counting)
    again = load_ruleset("euchre")  # another object of the same content
    result = cached_stats_many([euchre, hearts, again], 3, 1, cache_dir=tmp_path, jobs=2)
    assert asked == [["euchre"]]
    assert result[1] == cached and result[0] == result[2] == expected
    assert cached_stats_many([hearts, euchre], 3, 1, cache_dir=tmp_path) == [result[1], result[0]]
    assert asked == [["euchre"]]  # both read from the cache now


def test_a_cache_file_of_another_key_is_not_taken(tmp_path: Path) -> None:
    rules = load_ruleset("euchre")
    cached_stats(rules, 2, 1, cache_dir=tmp_path)
    other = cache_path(rules, 2, 1, tmp_path)
    wrong = cache_path(rules, 3, 1, tmp_path)
    wrong.write_bytes(other.read_bytes())  # the figures of 2 games where 3 are asked for
    assert cached_stats(rules, 3, 1, cache_dir=tmp_path).games == 3


def test_an_unwritable_cache_only_skips_storing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert cached_stats(load_ruleset("euchre"), 2, 1, cache_dir=blocker / "cache").games == 2


def house_rule(folder: Path, body: str) -> Ruleset:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "house.yaml"
    path.write_text(body, encoding="utf-8")
    return load_ruleset(path)


def test_the_cache_key_is_the_resolved_content_not_the_path(tmp_path: Path) -> None:
    base = "id: house\nextends: hearts\n"
    key = cache_key(house_rule(tmp_path / "a", base), 10, 1)
    assert cache_key(house_rule(tmp_path / "b", base), 10, 1) == key  # another path
    assert cache_key(house_rule(tmp_path / "c", base + "title: Our hearts\n"), 10, 1) == key  # free text
    assert cache_key(house_rule(tmp_path / "d", base + "game: {target: 50}\n"), 10, 1) != key
    assert cache_key(house_rule(tmp_path / "a", base), 11, 1) != key
    assert cache_key(house_rule(tmp_path / "a", base), 10, 2) != key
    # The same rules written out in full, without extends, are the same content.
    hearts = load_ruleset("hearts")
    assert cache_key(hearts, 10, 1) != key  # the id differs
    written = dict(hearts.doc.data, id="house")
    assert cache_key(house_rule(tmp_path / "e", json.dumps(written)), 10, 1) == key


def test_the_default_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert default_cache_dir() == tmp_path / "cache"  # the fixture's TRICKBOOK_CACHE
    monkeypatch.delenv("TRICKBOOK_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "trickbook" / "stats"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the XDG spec says to ignore it
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "trickbook" / "stats"


# -- the command ----------------------------------------------------------------------------


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["stats", *args])


def assert_ok(result: Result) -> None:
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.stderr == ""  # no progress bar off a terminal


def test_stats_table() -> None:
    result = run("hearts", "--games", "5", "--jobs", "1")
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert lines[0] == "Hearts (hearts): 5 games of 4 players, seed 1"
    text = result.stdout
    for label in ("deals per game", "moon shot", "first leader takes the first trick", "Q♠  50.0%"):
        assert label in text
    assert "contracts" not in text and "nil" not in text


def test_stats_json_is_the_dict_form_and_the_same_for_any_jobs(own_cache: Path) -> None:
    one = run("spades", "--games", "6", "--jobs", "1", "--format", "json", "--no-cache")
    two = run("spades", "--games", "6", "--jobs", "2", "--format", "json", "--no-cache")
    assert_ok(one)
    assert_ok(two)
    assert one.stdout_bytes == two.stdout_bytes
    assert one.stdout.endswith("}\n")
    data = json.loads(one.stdout)
    assert Stats.from_dict(data) == simulate(load_ruleset("spades"), 6, seed=1)
    assert one.stdout == json.dumps(data, sort_keys=True, indent=2) + "\n"
    assert not own_cache.exists()  # --no-cache writes nothing


def test_stats_csv() -> None:
    result = run("omnibus-hearts", "--games", "4", "--format", "csv", "--seed", "7")
    assert_ok(result)
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["figure", "value"]
    values = dict(rows[1:])
    assert len(values) == len(rows) - 1  # every figure once
    assert values["ruleset"] == "omnibus-hearts" and values["games"] == "4" and values["seed"] == "7"
    shares = {k: float(v) for k, v in values.items() if k.startswith("points_share_")}
    assert sum(shares.values()) == pytest.approx(1, abs=1e-3)
    assert float(values["points_share_QS"]) == pytest.approx(13 / 36, abs=1e-4)  # 26 penalty + 10 bonus points
    games = sum(int(v) for k, v in values.items() if k.startswith("games_with_"))
    assert games + int(values["games_unfinished"]) == 4
    assert 0 <= float(values["moon_share"]) <= 1


def test_stats_uses_the_cache(own_cache: Path) -> None:
    first = run("euchre", "--games", "3", "--format", "json", "--jobs", "1")
    assert_ok(first)
    assert len(list(own_cache.glob("*.json"))) == 1
    again = run("euchre", "--games", "3", "--format", "json", "--jobs", "2")
    assert again.stdout_bytes == first.stdout_bytes


def assert_one_line_failure(result: Result) -> None:
    assert result.exit_code == 2, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr


def test_stats_of_an_unknown_ruleset() -> None:
    result = run("no-such-game")
    assert_one_line_failure(result)
    assert result.stderr.startswith("no-such-game:1:1: $: no such ruleset file or bundled id")


def test_stats_of_an_invalid_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\npasing:\n  count: 3\ngame:\n  target: lots\n", encoding="utf-8")
    result = run(str(path))
    assert_one_line_failure(result)
    assert "$.game.target" in result.stderr or "$.pasing" in result.stderr
    assert "(and 1 more: `trickbook validate` lists them)" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games"),
        (["--games", "-3"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--players", "3"], "hearts is played by 4 players, not 3"),
        (["--format", "xml"], "--format"),
    ],
)
def test_stats_usage_errors(args: list[str], message: str) -> None:
    result = run("hearts", *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert message in result.stderr


def test_the_processes_the_suite_starts_hear_ctrl_c() -> None:
    """The Ctrl+C tests send SIGINT to the processes they start: those must not inherit it ignored, as they
    would from a suite started as a background job of a script (see conftest.py)."""
    import subprocess
    import sys

    probe = "import signal; print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"
    answer = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert answer.stdout.strip() == "False"


def _interrupted_stats(tmp_path: Path, workers: int, settle: float) -> None:
    """Run ``trickbook stats`` on two workers and press Ctrl+C (SIGINT to the whole process group) once
    ``workers`` of them are forked and ``settle`` seconds more have passed: the run stops, with no traceback
    from any process, and leaves nothing in the cache."""
    import os
    import signal
    import subprocess
    import sys
    import time

    env = dict(os.environ, TRICKBOOK_CACHE=str(tmp_path))
    command = [sys.executable, "-m", "trickbook", "stats", "oh-hell", "--games", "50000", "--jobs", "2"]
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True, start_new_session=True
    )
    try:
        # The workers are the parent's children, not its threads (a loaded machine may take seconds to start
        # the pool).
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            if len(children.read_text().split()) >= workers:
                break
            time.sleep(0.001)
        time.sleep(settle)
        assert proc.poll() is None, "50,000 games of Oh Hell ended before they could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        # Each worker ends after the game it is playing (milliseconds of work): the bound only catches a hang,
        # on a machine busy enough to give the three processes little of a core.
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode != 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert not list(tmp_path.rglob("*.json"))


def test_ctrl_c_while_the_workers_start_stops_the_run_without_a_hang(tmp_path: Path) -> None:
    """Ctrl+C the moment the first worker is forked, before its initializer can ignore it.

    A worker that took it there died with a traceback, or holding the pool's task queue, so that the
    other worker and the parent waited for it for ever (each of eight runs hung). The workers now start
    with Ctrl+C held back until they ignore it, and the parent takes it once they are all started.
    """
    for _ in range(3):
        _interrupted_stats(tmp_path, workers=1, settle=0.0)


def test_ctrl_c_stops_the_workers_at_once_without_a_traceback(tmp_path: Path) -> None:
    """Ctrl+C goes to the terminal's whole process group: the parent and every worker. Once the pool is
    running (an interrupt before it proves nothing), the workers end after the game they are playing and no
    chunk is started anew."""
    _interrupted_stats(tmp_path, workers=2, settle=1.5)
