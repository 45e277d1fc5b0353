"""Batch simulation: seeding, independence from the number of workers, summaries."""

from __future__ import annotations

import io
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.engine.rng import derive_seed
from bohn.replay import verify
from bohn.rulesets import find_variant
from bohn.sim.batch import SIM_TRADE_CAP
from bohn.sim.batch import TIMING_KEYS
from bohn.sim.batch import BatchResult
from bohn.sim.batch import GameOutcome
from bohn.sim.batch import ProgressBar
from bohn.sim.batch import ProgressLines
from bohn.sim.batch import format_summary
from bohn.sim.batch import play_one
from bohn.sim.batch import run_batch
from bohn.sim.batch import seat_bots
from bohn.sim.batch import sim_options
from bohn.sim.batch import split_bot_specs
from bohn.spec import GameSpec


@pytest.fixture(scope="module")
def batch30() -> BatchResult:
    return run_batch(GameSpec("bohnanza", 4, seed=11), 30, jobs=1)


def test_jobs_do_not_change_any_game(batch30: BatchResult) -> None:
    parallel = run_batch(GameSpec("bohnanza", 4, seed=11), 30, jobs=2)
    assert [r.index for r in parallel.records] == list(range(30))
    assert parallel.records == batch30.records
    a, b = batch30.summary(), parallel.summary()
    for key in (*TIMING_KEYS, "jobs"):
        a.pop(key)
        b.pop(key)
    assert a == b


def test_game_seeds_derive_from_master_seed_and_index(batch30: BatchResult) -> None:
    assert [r.seed for r in batch30.records] == [derive_seed(11, i) for i in range(30)]
    spec = GameSpec("bohnanza", 4, 11, {"trade_cap": SIM_TRADE_CAP}, ("random",) * 4)
    again = play_one(spec, 17)
    assert again == batch30.records[17]
    other = run_batch(GameSpec("bohnanza", 4, seed=12), 3)
    assert [r.result for r in other.records] != [r.result for r in batch30.records[:3]]


def test_summary_adds_up(batch30: BatchResult) -> None:
    s = batch30.summary()
    for key in (
        "variant",
        "players",
        "games",
        "seed",
        "wins",
        "mean_scores",
        "mean_steps",
        "games_per_s",
        "steps_per_s",
        "bots",
        "options",
        "jobs",
        "tie_breaks",
        "reasons",
        "elapsed_s",
    ):
        assert key in s
    assert s["variant"] == "bohnanza" and s["players"] == 4 and s["games"] == 30
    assert s["seed"] == 11 and s["jobs"] == 1 and s["interrupted"] is False
    assert s["bots"] == ["random"] * 4
    assert s["options"] == {"trade_cap": 2}
    assert sum(s["wins"]) >= 30
    assert sum(s["reasons"].values()) == 30
    records = batch30.records
    assert s["wins"] == [sum(seat in r.result["winners"] for r in records) for seat in range(4)]
    assert s["mean_steps"] == round(sum(r.steps for r in records) / 30, 2)
    assert s["mean_scores"][2] == round(sum(r.result["scores"][2] for r in records) / 30, 4)
    assert s["tie_breaks"] == sum(r.result["tie_break"] for r in records)
    assert s["games_per_s"] > 0 and s["steps_per_s"] > 0 and s["elapsed_s"] > 0


def test_records_never_keep_replays_but_on_game_gets_them_in_order() -> None:
    seen: list[GameOutcome] = []
    batch = run_batch(GameSpec("bohnanza", 3, seed=2), 6, jobs=2, replays=True, on_game=seen.append)
    assert [o.index for o in seen] == list(range(6))
    assert all(r.replay is None for r in batch.records)
    for o in seen:
        assert o.replay is not None
        assert o.replay["seats"] == ["random"] * 3
        assert o.replay["seed"] == o.seed
        game = verify(o.replay)
        assert game.result() is not None
        assert game.result().to_json() == o.result  # type: ignore[union-attr]


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    run_batch(GameSpec("bohnanza", 3, seed=1), 3, on_progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupt_returns_the_games_finished_before(jobs: int) -> None:
    written: list[int] = []

    def on_game(o: GameOutcome) -> None:
        if o.index == 3:
            raise KeyboardInterrupt
        written.append(o.index)

    batch = run_batch(GameSpec("bohnanza", 3, seed=5), 12, jobs=jobs, on_game=on_game)
    assert batch.interrupted
    assert written == [0, 1, 2]
    assert [r.index for r in batch.records] == [0, 1, 2]
    s = batch.summary()
    assert s["games"] == 3 and s["requested"] == 12 and s["interrupted"] is True


def test_zero_games_give_an_empty_summary() -> None:
    s = run_batch(GameSpec("bohnanza", 4), 0).summary()
    assert s["games"] == 0 and s["wins"] == [0] * 4 and s["mean_steps"] == 0.0


def test_sim_options_default_the_trade_cap() -> None:
    cls = find_variant("bohnanza")
    assert sim_options(cls, None) == {"trade_cap": SIM_TRADE_CAP}
    assert sim_options(cls, {"trade_cap": 7}) == {"trade_cap": 7}
    assert sim_options(cls, {"coins_from": "bottom"}) == {
        "coins_from": "bottom",
        "trade_cap": SIM_TRADE_CAP,
    }
    with pytest.raises(SetupError, match="no option"):
        sim_options(cls, {"kaffee": 1})


def test_bot_specs() -> None:
    assert split_bot_specs("greedy,random") == ["greedy", "random"]
    assert split_bot_specs("random:x=1,y=2,greedy") == ["random:x=1,y=2", "greedy"]
    with pytest.raises(ValueError, match="empty bot"):
        split_bot_specs("random,,greedy")
    assert seat_bots(None, 3) == ["random"] * 3
    assert seat_bots(["greedy"], 3) == ["greedy"] * 3
    assert seat_bots(["greedy", "random", "random"], 3) == ["greedy", "random", "random"]
    with pytest.raises(ValueError, match="one per seat"):
        seat_bots(["greedy", "random"], 3)
    with pytest.raises(ValueError, match="unknown bot"):
        seat_bots(["oracle"], 3)


def test_mixed_bots_play() -> None:
    batch = run_batch(GameSpec("bohnanza", 3, seed=4, seats=("greedy", "random", "random")), 2)
    assert batch.summary()["bots"] == ["greedy", "random", "random"]
    assert len(batch.records) == 2


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"variant": "skat"}, SetupError, "unknown variant"),
        ({"players": 7}, SetupError, "3-5 players"),
        ({"games": -1}, SetupError, "non-negative"),
        ({"jobs": 0}, SetupError, "jobs"),
        ({"backend": "moon"}, SetupError, "unknown backend"),
        ({"address": "ray://x:10001"}, SetupError, "for the ray backend"),
        ({"options": {"first_player": 6}}, SetupError, "first_player"),
        ({"seats": ("oracle",)}, ValueError, "unknown bot"),
    ],
)
def test_bad_settings_fail_before_any_game(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    game = {"variant": "bohnanza", "players": 4}
    game |= {k: kwargs.pop(k) for k in ("variant", "players", "options", "seats") if k in kwargs}
    args: dict[str, Any] = {"games": 2, **kwargs}
    with pytest.raises(error, match=message):
        run_batch(GameSpec(**game), **args)


def test_progress_bar_draws_and_ends_its_line() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, interval=0.0)
    bar.update(3, 10)
    bar.update(10, 10)
    bar.close()
    text = out.getvalue()
    assert "3/10 games" in text and "10/10 games" in text
    # each drawing erases what is left of the one before; the end erases the bar
    assert text.startswith("\r[######") and text.count("\x1b[K") == 3
    assert text.endswith("\r\x1b[K") and "\n" not in text
    silent = io.StringIO()
    ProgressBar(silent).close()
    assert silent.getvalue() == ""


def test_progress_lines_for_logs_stay_quiet_in_short_runs() -> None:
    # a log or a pipe: whole lines, spaced out
    out = io.StringIO()
    lines = ProgressLines(out, interval=0.0)
    lines.update(3, 10)
    lines.update(10, 10)
    text = out.getvalue().splitlines()
    assert [t.split(",")[0] for t in text] == ["3/10 games", "10/10 games"]
    assert "\r" not in out.getvalue()
    # a run shorter than the interval prints nothing, not even at its end
    quiet = io.StringIO()
    lines = ProgressLines(quiet, interval=60.0)
    lines.update(5, 10)
    lines.update(10, 10)
    lines.close()
    assert quiet.getvalue() == ""


def test_format_summary_is_a_table(batch30: BatchResult) -> None:
    text = format_summary(batch30.summary())
    lines = text.splitlines()
    assert lines[0].startswith("bohnanza: 30 games, 4 players, seed 11")
    assert "options: trade_cap=2" in lines
    rows = [line for line in lines if line.strip().startswith(("0 ", "1 ", "2 ", "3 "))]
    assert len(rows) == 4 and all("random" in r for r in rows)
    assert "ended by: " in text and "games/s" in text


def test_summary_counts_the_house() -> None:
    """In a game against a house (Al Cabohne's mafia) every game is won by
    one seat or by the house; the summary names it and says how often it
    won and its mean treasury."""
    batch = run_batch(GameSpec("al-cabohne", 2, seed=3), 12, jobs=1)
    s = batch.summary()
    assert s["house"] == "the mafia"
    assert sum(s["wins"]) + s["house_wins"] == s["games"] == 12
    assert s["house_wins"] == sum(
        1 for r in batch.records if r.result["details"]["winner"] == "mafia"
    )
    treasuries = [r.result["details"]["mafia"] for r in batch.records]
    assert s["house_mean_score"] == round(sum(treasuries) / 12, 4)
    assert "the mafia" in format_summary(s)
    assert "house_wins" not in run_batch(GameSpec("bohnanza", 3, seed=3), 2).summary()


@pytest.mark.parametrize("columns", [80, 60, 40, 20])
def test_the_progress_bar_fits_the_terminal_and_shows_at_once(columns: int) -> None:
    """Each drawing is shorter than the terminal, so it redraws in place and
    never wraps into a new line (the figures stay, the bar goes first); the
    bar is drawn as the run begins, before any game ends (also with --jobs)."""
    out = io.StringIO()
    bar = ProgressBar(out, label="games", interval=0.0, columns=columns)
    bar.begin(0, 1_000_000)
    assert "0/1000000 games" in out.getvalue()[: columns + 8]  # before any update
    for done in (1, 123_456, 999_999, 1_000_000):
        bar.update(done, 1_000_000)
    bar.close()
    drawings = [d.removesuffix("\x1b[K") for d in out.getvalue().split("\r") if d]
    assert drawings and all(len(d) < columns for d in drawings), drawings
    assert "\n" not in out.getvalue()
