"""``bohn tournament``: the statistics, the match design, determinism and errors."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

import bohn.tournament as tournament
from bohn.spec import GameSpec
from bohn.tournament import RUN_KEY
from bohn.tournament import PairResult
from bohn.tournament import TournamentGame
from bohn.tournament import bradley_terry
from bohn.tournament import deal_scores
from bohn.tournament import elo_ratings
from bohn.tournament import game_comparisons
from bohn.tournament import game_score
from bohn.tournament import main
from bohn.tournament import normal_interval
from bohn.tournament import paired_comparisons
from bohn.tournament import run_tournament
from bohn.tournament import score_interval
from bohn.tournament import tournament_pairs
from bohn.tournament import verdict
from bohn.tournament import wilson_interval

ELO_4_TO_1 = 400 * math.log10(4)  # 240.82: the rating gap of an 80% favourite


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def tour_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == "", err
    obj = json.loads(out)
    assert isinstance(obj, dict)
    return obj


def untimed(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if k != RUN_KEY}


# ----------------------------------------------------------------------------
# intervals


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=5e-4) and hi == pytest.approx(0.9433, abs=5e-4)
    # no win in 10: the upper end is z²/(n + z²)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(1.959964**2 / (10 + 1.959964**2), abs=1e-6)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and lo == pytest.approx(10 / (10 + 1.959964**2), abs=1e-6)
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=5e-4) and hi == pytest.approx(0.5962, abs=5e-4)


def test_normal_interval_on_fractional_scores() -> None:
    scores = [1.0, 0.5, 0.0, 0.0, 1.0]  # mean 0.5, sample sd 0.5
    half = 1.959964 * 0.5 / math.sqrt(5)
    lo, hi = normal_interval(scores)
    assert lo == pytest.approx(0.5 - half, abs=1e-6) and hi == pytest.approx(0.5 + half, abs=1e-6)
    assert score_interval(scores)[2] == "normal"
    assert score_interval([1.0, 0.0, 1.0])[2] == "wilson"
    # clipped to [0, 1], and no information from a single game
    assert normal_interval([1.0, 1.0, 0.5])[1] == 1.0
    assert normal_interval([0.5]) == (0.0, 1.0)


def test_verdict() -> None:
    assert verdict(0.4, 0.6, 1 / 3) == "above"
    assert verdict(0.1, 0.3, 1 / 3) == "below"
    assert verdict(0.3, 0.5, 1 / 3) == "straddles"


# ----------------------------------------------------------------------------
# scoring a game


def test_game_score_shares_the_win() -> None:
    alone = {"winners": [1], "ranking": [1, 0, 2]}
    assert game_score(alone, 1) == 1.0 and game_score(alone, 0) == 0.0
    shared = {"winners": [0, 2], "ranking": [0, 2, 1]}
    assert game_score(shared, 2) == 0.5 and game_score(shared, 1) == 0.0
    mafia = {"winners": [], "ranking": [1, 0]}  # the mafia won: nobody scores
    assert game_score(mafia, 0) == game_score(mafia, 1) == 0.0


def test_game_comparisons_follow_the_ranking() -> None:
    assert game_comparisons({"winners": [2], "ranking": [2, 0, 1]}, 0) == (1.0, 1.0)
    assert game_comparisons({"winners": [2], "ranking": [2, 0, 1]}, 2) == (2.0, 0.0)
    # shared winners split their comparison
    assert game_comparisons({"winners": [0, 2], "ranking": [0, 2, 1]}, 2) == (1.5, 0.5)
    # nobody won: the ranking still orders the seats
    assert game_comparisons({"winners": [], "ranking": [1, 0]}, 1) == (1.0, 0.0)


# ----------------------------------------------------------------------------
# Bradley-Terry


def test_bradley_terry_recovers_an_80_percent_chain() -> None:
    # A beats B 80%, B beats C 80%, A beats C 16/17 (94.1%, what the model implies)
    wins = [[0, 800, 941], [200, 0, 800], [59, 200, 0]]
    a, b, c = elo_ratings(bradley_terry(wins, prior=0))
    assert a > b > c
    # the data follow the model up to rounding 16/17 to 941/1000: within 1 point
    assert a - b == pytest.approx(ELO_4_TO_1, abs=1.0)
    assert b - c == pytest.approx(ELO_4_TO_1, abs=1.0)
    assert (a + b + c) / 3 == pytest.approx(1500)
    # the prior adds 1 win each way to 1000 games per pair: the log-odds move by
    # at most 1/200 + 1/800 (about 1.1 rating points)
    a1, b1, c1 = elo_ratings(bradley_terry(wins))
    assert a1 > b1 > c1
    assert a1 - b1 == pytest.approx(ELO_4_TO_1, abs=2.0)


def test_bradley_terry_on_a_chain_without_the_third_pair() -> None:
    # only A-B and B-C observed: the maximum likelihood makes each odds exact
    a, b, c = elo_ratings(bradley_terry([[0, 80, 0], [20, 0, 80], [0, 20, 0]], prior=0))
    assert a - b == pytest.approx(ELO_4_TO_1, abs=0.01)
    assert b - c == pytest.approx(ELO_4_TO_1, abs=0.01)


def test_prior_keeps_a_clean_sweep_finite() -> None:
    with pytest.raises(ValueError, match="no finite"):
        bradley_terry([[0, 10], [0, 0]], prior=0)
    a, b = elo_ratings(bradley_terry([[0, 10], [0, 0]]))
    # 10 + 1 virtual wins against 1 virtual loss: odds 11
    assert a - b == pytest.approx(400 * math.log10(11), abs=0.01)


# ----------------------------------------------------------------------------
# the match design


def test_pairs_of_each_mode() -> None:
    assert tournament_pairs(["x", "y", "z"], "round-robin") == [
        ("x", "y"),
        ("x", "z"),
        ("y", "x"),
        ("y", "z"),
        ("z", "x"),
        ("z", "y"),
    ]
    assert tournament_pairs(["x", "y", "z"], "gauntlet") == [
        ("x", "y"),
        ("y", "x"),
        ("x", "z"),
        ("z", "x"),
    ]
    assert tournament_pairs(["x", "y", "z"], "challenge") == [("x", "y"), ("x", "z")]
    assert tournament_pairs(["x", "y", "z"], "field") == [("x", "z"), ("y", "z")]


def _games(rows: list[tuple[int, int, float, int]]) -> list[TournamentGame]:
    """Games of A from (seat, index, win share, points)."""
    return [TournamentGame(s, i, w, p, 1, 0.0, 0.0, False) for s, i, w, p in rows]


def test_paired_comparisons_match_games_by_seat_and_number() -> None:
    x = PairResult(
        "x", "f", 2, _games([(0, 0, 1.0, 10), (0, 1, 0.0, 4), (1, 0, 1.0, 8), (1, 1, 1, 6)])
    )
    # y played three of x's deals, and one game (seat 1, game 2) x did not play
    y = PairResult(
        "y", "f", 2, _games([(0, 0, 0.0, 7), (0, 1, 0.0, 4), (1, 0, 1.0, 5), (1, 2, 1, 9)])
    )
    z = PairResult("z", "other", 2, _games([(0, 0, 0.0, 0), (0, 1, 0.0, 0)]))
    lone = PairResult("w", "f", 2, _games([(0, 0, 1.0, 1), (1, 3, 0.0, 0)]))  # one deal in common
    got = paired_comparisons([x, y, z, lone])
    assert [(c["first"], c["second"], c["field"]) for c in got] == [("x", "y", "f")]
    c = got[0]
    # the differences on the three shared deals: win share 1, 0, 0; points 3, 0, 3
    assert c["games"] == 3
    assert c["win_share_diff"] == pytest.approx(1 / 3, abs=1e-4)
    assert c["points_diff"] == pytest.approx(2.0)
    half = 1.959964 * math.sqrt(3.0 / 3)  # points: sample variance 3, n = 3
    assert c["points_ci"] == pytest.approx([2.0 - half, 2.0 + half], abs=1e-3)
    half = 1.959964 * math.sqrt((1 / 3) / 3)  # win share: sample variance 1/3
    assert c["win_share_ci"] == pytest.approx([1 / 3 - half, 1 / 3 + half], abs=1e-3)
    assert c["verdict"] == "straddles"


SMALL = ("bohnanza", "--players", "3", "--bots", "greedy,random", "--games", "6", "--seed", "1")


def test_small_tournament_is_complete_and_deterministic(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = tour_json(capsys, *SMALL)
    assert first["games"] == first["requested"] == 12 and not first["interrupted"]
    assert [(p["a"], p["b"]) for p in first["pairs"]] == [
        ("greedy", "random"),
        ("random", "greedy"),
    ]
    for p in first["pairs"]:
        assert p["games"] == 6 and p["seat_games"] == [2, 2, 2]
        assert p["baseline"] == pytest.approx(1 / 3, abs=1e-4)
        assert 0.0 <= p["ci"][0] <= p["win_rate"] <= p["ci"][1] <= 1.0
        assert 1.0 <= p["mean_rank"] <= 3.0
    assert {r["bot"] for r in first["ratings"]} == {"greedy", "random"}
    assert sum(r["rating"] for r in first["ratings"]) / 2 == pytest.approx(1500, abs=0.1)
    assert first[RUN_KEY]["jobs"] == 1

    again = tour_json(capsys, *SMALL)
    assert untimed(again) == untimed(first)
    parallel = tour_json(capsys, *SMALL, "--jobs", "2")
    assert parallel[RUN_KEY]["jobs"] == 2
    assert untimed(parallel) == untimed(first)
    other_seed = tour_json(capsys, *SMALL[:-1], "2")
    assert untimed(other_seed) != untimed(first)


def test_pair_results_do_not_depend_on_the_roster() -> None:
    # a pair's games are seeded by the tournament seed, the pair and the seat only
    rr = run_tournament(GameSpec("al-cabohne", 2, seed=5), ["greedy", "random"], 2)
    gauntlet = run_tournament(
        GameSpec("al-cabohne", 2, seed=5),
        ["greedy", "random", "greedy:proposals=1"],
        2,
        mode="gauntlet",
    )
    assert [(p.a, p.b) for p in gauntlet.pairs] == [
        ("greedy", "random"),
        ("random", "greedy"),
        ("greedy", "greedy:proposals=1"),
        ("greedy:proposals=1", "greedy"),
    ]
    assert gauntlet.pairs[:2] == rr.pairs
    assert len(gauntlet.to_json()["ratings"]) == 3


def test_same_deals_for_every_pair_and_every_bot(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """With --same-deals a game's seed (its deal and the bots' seeds) depends
    on the seed, A's seat and the game's number only: both pairs of the
    tournament, and a tournament of other bots, play the same deals."""
    args = ("bohnanza", "--players", "3", "--games", "6", "--seed", "3")

    def seeds(bots: str, *flags: str) -> tuple[dict[str, Any], dict[tuple[str, int, int], int]]:
        """The report, and (A's bot, A's seat, game number) -> the game's seed."""
        path = tmp_path / f"{bots}{len(flags)}.jsonl"
        t = tour_json(capsys, *args, "--json", "--bots", bots, "--out", str(path), *flags)
        out = {}
        for line in path.read_text().splitlines():
            r = json.loads(line)
            seat = next(s for s, b in enumerate(r["bots"]) if r["bots"].count(b) == 1)
            out[(r["bots"][seat], seat, r["index"])] = r["seed"]
        assert len(out) == 12
        return t, out

    t, same = seeds("greedy,random", "--same-deals")
    assert t["same_deals"] is True
    for seat in range(3):
        for index in range(2):
            assert same[("greedy", seat, index)] == same[("random", seat, index)]
    _, other = seeds("greedy:proposals=1,random", "--same-deals")
    for (bot, seat, index), seed in other.items():
        assert seed == same[(bot.split(":")[0], seat, index)]
    plain_t, plain = seeds("greedy,random")
    assert plain_t["same_deals"] is False
    assert plain[("greedy", 0, 0)] != plain[("random", 0, 0)]
    assert not set(plain.values()) & set(same.values())
    code, out, _ = run(capsys, *args, "--bots", "greedy,random", "--same-deals")
    assert code == 0 and "seed 3, the same deals for every pair" in out
    assert t["paired"] == [] and plain_t["paired"] == []  # no two bots met the same field
    # a resume must repeat the flag: the records' batches are others
    path = tmp_path / "greedy,random1.jsonl"
    code, _, err = run(capsys, *args, "--bots", "greedy,random", "--out", str(path), "--resume")
    assert code == 2 and "master_seed differs" in err


def test_field_mode_pairs_candidates_on_the_same_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--mode field --same-deals``: every bot alone against a field of the
    last one, on the same deals, and each two compared game by game."""
    argv = ("al-cabohne", "--players", "2", "--games", "10", "--seed", "2", "--mode", "field")
    bots = ("--bots", "greedy:proposals=1,random,greedy")
    t = tour_json(capsys, *argv, *bots, "--same-deals")
    assert [(p["a"], p["b"]) for p in t["pairs"]] == [
        ("greedy:proposals=1", "greedy"),
        ("random", "greedy"),
    ]
    [c] = t["paired"]
    assert (c["first"], c["second"], c["field"], c["games"]) == (
        "greedy:proposals=1",
        "random",
        "greedy",
        10,
    )
    # the random bot scores far fewer coins than greedy on the very same deals
    assert c["points_ci"][0] > 0
    lo, hi = c["win_share_ci"]
    assert lo <= c["win_share_diff"] <= hi
    assert tour_json(capsys, *argv, *bots)["paired"] == []  # other deals: nothing to pair
    code, out, _ = run(capsys, *argv, *bots)
    assert code == 0 and "(with --same-deals the candidates are also compared" in out
    code, out, _ = run(capsys, *argv, *bots, "--same-deals")
    assert code == 0
    assert "greedy:proposals=1 - random against greedy, 10 deals: win share" in out


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *SMALL)
    assert code == 0 and err == ""
    assert "A (one seat)" in out and "baseline win rate 1/3" in out
    assert "ratings (Bradley-Terry" in out
    assert out.count("greedy") >= 3


def test_mafia_games_count_games_nobody_won() -> None:
    t = run_tournament(GameSpec("al-cabohne", 2, seed=3), ["greedy", "random"], 20).to_json()
    for p in t["pairs"]:
        assert p["games"] == 20 and p["seat_games"] == [10, 10]
        assert p["wins"] + p["shared_wins"] + p["no_winner"] <= p["games"]
    # greedy loses to the mafia now and then; it never loses to random on the ranking
    assert sum(p["no_winner"] for p in t["pairs"]) > 0
    # among the games a player won, greedy took every one from random, and random none
    by_a = {p["a"]: p for p in t["pairs"]}
    for p in t["pairs"]:
        assert p["decided_games"] == p["games"] - p["no_winner"]
    assert by_a["greedy"]["decided_win_rate"] == 1.0
    assert by_a["greedy"]["decided_verdict"] == "above"
    assert by_a["random"]["decided_win_rate"] == 0.0
    assert t["ratings"][0]["bot"] == "greedy"


def test_interrupted_tournament_reports_the_games_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tournament.run_tournament

    def stop_at_7(done: int, total: int) -> None:
        if done == 7:
            raise KeyboardInterrupt

    def interrupted(*args: Any, **kwargs: Any) -> tournament.Tournament:
        return real(*args, **{**kwargs, "on_progress": stop_at_7})

    monkeypatch.setattr(tournament, "run_tournament", interrupted)
    code, out, err = run(capsys, *SMALL, "--json")
    assert code == 130
    assert "interrupted after 7 of 12 games" in err and "2 of 2 pairs begun" in err
    assert "--resume" not in err  # nothing was saved
    obj = json.loads(out)
    assert obj["interrupted"] is True and obj["games"] == 7
    first, second = obj["pairs"]
    assert (first["a"], first["games"], first["complete"]) == ("greedy", 6, True)
    assert (second["a"], second["games"], second["complete"]) == ("random", 1, False)
    assert second["seat_games"] == [1, 0, 0]
    assert len(obj["ratings"]) == 2


def test_a_pair_is_played_in_rounds_over_the_seats() -> None:
    t = run_tournament(GameSpec("bohnanza", 3, seed=1), ["greedy", "random"], 30, mode="challenge")
    assert t.pairs[0].seat_games == [10, 10, 10]
    assert tournament.round_games(10, 1) == 1 and tournament.round_games(100, 2) == 10
    assert tournament.round_games(10, 4) == 4  # every worker gets a game in each round

    def stop_at_8(done: int, total: int) -> None:
        if done == 8:
            raise KeyboardInterrupt

    cut = run_tournament(
        GameSpec("bohnanza", 3, seed=1),
        ["greedy", "random"],
        30,
        mode="challenge",
        on_progress=stop_at_8,
    )
    assert cut.interrupted and cut.played == 8
    # rounds of one game a seat: 3, 3 and 2 games, never all of seat 0 first
    assert cut.pairs[0].seat_games == [3, 3, 2]
    # the games played are the complete run's games
    assert set(cut.pairs[0].games) <= set(t.pairs[0].games)


def test_out_and_resume_lose_no_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    path = tmp_path / "t.jsonl"
    whole = untimed(tour_json(capsys, *SMALL))
    real = tournament.run_tournament
    calls: list[int] = []

    def stop_at_5(done: int, total: int) -> None:
        calls.append(done)
        if done == 5:
            raise KeyboardInterrupt

    def interrupted(*args: Any, **kwargs: Any) -> tournament.Tournament:
        return real(*args, **{**kwargs, "on_progress": stop_at_5})

    monkeypatch.setattr(tournament, "run_tournament", interrupted)
    code, _out, err = run(capsys, *SMALL, "--out", str(path), "--json")
    assert code == 130 and f"are in {path}" in err and "--resume" in err
    saved = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(saved) == 5 and {r["format"] for r in saved} == {"bohn-record/1"}
    # each record names its batch: the lineup and the batch's master seed
    assert saved[0]["bots"] == ["greedy", "random", "random"]
    assert saved[0]["master_seed"] == tournament.match_seed(1, "greedy", "random", 0)

    monkeypatch.setattr(tournament, "run_tournament", real)
    code, _out, err = run(capsys, *SMALL, "--out", str(path))
    assert code == 2 and "exists; add --resume" in err
    played: list[int] = []
    monkeypatch.setattr(
        tournament,
        "run_tournament",
        lambda *a, **k: real(*a, **{**k, "on_progress": lambda d, t: played.append(d)}),
    )
    resumed_run = tour_json(capsys, *SMALL, "--out", str(path), "--resume")
    assert resumed_run[RUN_KEY]["resumed"] == 5
    resumed = untimed(resumed_run)
    assert resumed == whole
    assert played[0] == 5 and played[-1] == 12  # the five saved games count first
    assert len(path.read_text().splitlines()) == 12  # none of them was played again

    # a file of another tournament is refused, naming what differs
    monkeypatch.setattr(tournament, "run_tournament", real)
    code, _out, err = run(capsys, *SMALL[:-1], "7", "--out", str(path), "--resume")
    assert code == 2 and "holds games of another run (its master_seed differs)" in err
    code, _out, err = run(capsys, *SMALL, "--resume")
    assert code == 2 and "--resume goes on with the games of --out FILE" in err


# ----------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("bohnanza", "--players", "3", "--bots", "greedy"), "at least two different bots"),
        (("bohnanza", "--players", "3", "--bots", "greedy,greedy"), "'greedy' is given twice"),
        (("bohnanza", "--players", "3", "--bots", "greedy,nonsense"), "unknown bot 'nonsense'"),
        (
            ("bohnanza", "--players", "3", "--bots", "greedy,random", "--games", "7"),
            "--games must be a positive multiple of the 3 players",
        ),
        (
            ("bohnanza", "--players", "3", "--bots", "greedy,random", "--games", "0"),
            "argument -n/--games: 0 is not a positive integer",
        ),
        (("nonsense", "--bots", "greedy,random"), "unknown variant 'nonsense'"),
        (
            ("bohnanza", "--players", "7", "--bots", "greedy,random"),
            "bohnanza is for 3-5 players, not 7",
        ),
        (
            ("al-cabohne", "--players", "1", "--bots", "greedy,random"),
            "at least 2 players",
        ),
        (
            ("bohnanza", "--bots", "greedy,random", "--option", "nonsense=1"),
            "nonsense",
        ),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("bohn tournament: error: ") and err.count("\n") == 1
    assert message in err


def test_flag_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bohnanza", "--bots", "greedy,random", "--mode", "swiss")
    assert code == 2 and "invalid choice: 'swiss'" in err
    code, _, err = run(capsys, "bohnanza")
    assert code == 2 and "--bots" in err


# ----------------------------------------------------------------------------
# statistics on real games


def test_greedy_clearly_beats_random_in_bohnanza() -> None:
    # greedy wins nearly every game alone against random bots (docs/tournament.md):
    # 15 games per seat put the interval far from the baseline 1/3
    t = run_tournament(GameSpec("bohnanza", 3, seed=11), ["greedy", "random"], 45, jobs=2).to_json()
    ab, ba = t["pairs"]
    assert (ab["a"], ab["verdict"]) == ("greedy", "above")
    assert (ba["a"], ba["verdict"]) == ("random", "below")
    best, worst = t["ratings"]
    assert best["bot"] == "greedy" and worst["bot"] == "random"
    assert best["ci"][0] > worst["ci"][1]


def test_duplicate_plays_each_deal_at_every_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """--duplicate: game i is the same deal (and the same bot seeds) at every
    seat of A and in every pair; A's interval is over the deals."""
    path = tmp_path / "dup.jsonl"
    args = ("bohnanza", "--players", "3", "--games", "6", "--seed", "3", "--mode", "gauntlet")
    t = tour_json(capsys, *args, "--bots", "greedy,random", "--duplicate", "--out", str(path))
    assert t["duplicate"] is True and t["same_deals"] is True
    seeds: dict[int, set[int]] = {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        seeds.setdefault(r["index"], set()).add(r["seed"])
    assert sorted(seeds) == [0, 1] and all(len(s) == 1 for s in seeds.values())
    assert seeds[0] != seeds[1]
    for p in t["pairs"]:
        assert p["ci_method"] == "duplicate" and p["deals"] == 2
    # the two pairs are compared deal by deal, as with --same-deals
    code, out, _ = run(capsys, *args, "--bots", "greedy,random", "--duplicate")
    assert code == 0 and "each deal with A at every seat (duplicate)" in out
    assert "an interval is over the mean win shares of its pair's deals" in out
    # a resume must repeat the flag
    code, _, err = run(capsys, *args, "--bots", "greedy,random", "--out", str(path), "--resume")
    assert code == 2 and "master_seed differs" in err


def test_duplicate_deals_cancel_the_luck_of_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """Two bots that play alike (Bohnkick has no trades, so greedy's number of
    proposals changes nothing) win exactly half of every duplicate deal: the
    two games of a deal go the same way with the seats swapped. Without
    --duplicate the same bots' games are independent deals."""
    args = ("bohnkick", "--players", "2", "--games", "20", "--seed", "4", "--mode", "challenge")
    bots = ("--bots", "greedy:proposals=1,greedy")
    dup = tour_json(capsys, *args, *bots, "--duplicate")["pairs"][0]
    assert dup["deals"] == 10 and dup["win_rate"] == 0.5
    assert dup["ci"] == [0.5, 0.5] and dup["verdict"] == "straddles"
    # the deal favours one seat or the other: the games themselves are not all draws
    assert dup["seat_win_rate"] != [0.5, 0.5]
    plain = tour_json(capsys, *args, *bots)["pairs"][0]
    assert plain["ci_method"] != "duplicate" and plain["ci"][1] - plain["ci"][0] > 0.2


def test_deal_scores_average_each_complete_deal() -> None:
    def g(seat: int, index: int, score: float) -> TournamentGame:
        return TournamentGame(seat, index, score, 0, 1, 0.0, 0.0, False)

    games = [g(0, 0, 1.0), g(1, 0, 0.0), g(0, 1, 1.0), g(1, 1, 0.5), g(0, 2, 1.0)]
    # deal 2 was played at seat 0 only (a run cut short): left out
    assert deal_scores(games, 2) == [0.5, 0.75]
    pair = PairResult("a", "b", 2, games, duplicate=True).to_json()
    assert pair["deals"] == 2 and pair["ci_method"] == "duplicate"
    assert pair["ci"] == [round(x, 4) for x in normal_interval([0.5, 0.75])]
