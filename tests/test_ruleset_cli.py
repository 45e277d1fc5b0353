"""Every ruleset from the command line: batch simulation at every player count
and its determinism, greedy against random bots, recorded games that ``bohn
replay`` verifies, scenarios, the benchmark, ``bohn variants``, the player
counts each refuses, and a game played in the terminal.

The tables at the top hold each ruleset's own numbers; the tests below them
are the same for every ruleset. The simulations are kept small for the
pure-Python engine: ``bohn sim high-bohn --games 100`` takes about 4-7 s per
player count, so its table runs 20 games per configuration (100 games were
checked by hand).
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import KW_ONLY
from dataclasses import dataclass
from dataclasses import field
from math import inf
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import cli_json
from cli_helpers import option_args
from cli_helpers import run
from cli_helpers import scenario_json
from cli_helpers import scripted
from cli_helpers import sim_json
from cli_helpers import untimed

from bohn.engine.replay import dumps
from bohn.engine.replay import load
from bohn.play import main as play_main

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


@dataclass(frozen=True)
class Ruleset:
    """What these tests know of one ruleset."""

    #: its name, as ``bohn variants`` and the terminal game show it
    title: str
    #: the player counts it allows, as ``bohn variants`` and its refusals say them
    players: str
    counts: tuple[int, ...]
    _: KW_ONLY
    #: why its games end: the first reason ends some game of every batch, the others may
    reasons: tuple[str, ...] = ("final-exhaustion",)
    #: the options ``bohn sim`` adds: it caps the bots' proposals per trading phase at 2
    sim_options: Mapping[str, Any] = field(default_factory=dict)
    #: two teams, seats s and s + 2, share a score; a draw makes every seat a winner
    teams: bool = False
    #: a game is won by one seat or by the mafia, whom random bots feed
    mafia: bool = False
    #: the bounds (both excluded) of every mean score of random bots
    scores: tuple[float, float] | None = None
    #: random bots' games take more steps than this on average
    min_steps: int = 0
    #: the scenario files (tests/scenarios/<variant>/) ``bohn scenario`` runs here
    scenarios: str = ""
    #: they name every event of the scenario, not only some in order
    every_event: bool = False


TRADE_CAP = {"trade_cap": 2}
COGNAC = {"cognac": True}
PUB = {"pub": True}

RULESETS = {
    "al-cabohne": Ruleset("Al Cabohne", "1-2", (1, 2), mafia=True, scenarios="c-*.json"),
    # its games end when the second team deck runs out (bohnkick §5.2); a team's
    # two seats share its score, and a draw makes every seat a winner (§5.3)
    "bohnkick": Ruleset(
        "Bohnkick", "2 or 4", (2, 4), reasons=("deck-exhausted",), teams=True, scores=(0, 40)
    ),
    "high-bohn": Ruleset(
        "High Bohn",
        "3-5",
        (3, 4, 5),
        sim_options=TRADE_CAP,
        scores=(0, inf),
        scenarios="c-*.json",
        every_event=True,
    ),
    "ladybohn": Ruleset(
        "Ladybohn", "3-5", (3, 4, 5), sim_options=TRADE_CAP, scores=(0, 40), min_steps=100
    ),
    # the exhaustion for the player count, or a dry round (mutterbohnchen §5.1,
    # BO-D5); every seat keeps at least part of its face-down starting coins
    "mutterbohnchen": Ruleset(
        "Mutterböhnchen",
        "2-6",
        (2, 3, 4, 5, 6),
        reasons=("final-exhaustion", "no-cards"),
        sim_options=TRADE_CAP,
        scores=(0, 60),
        min_steps=100,
    ),
    "prohibohn": Ruleset("Prohibohn", "2", (2,), mafia=True, scenarios="*.json"),
    "sissi": Ruleset(
        "Sissi! Die Bohnenkaiserin", "3-5", (3, 4, 5), sim_options=TRADE_CAP, scenarios="*.json"
    ),
}


@dataclass(frozen=True)
class Batch:
    """``bohn sim VARIANT --players P --games N --seed S [--bots ...] [--option ...]``."""

    variant: str
    players: int
    games: int
    _: KW_ONLY
    seed: int = 1
    #: the bot of every seat; empty: the default, random bots
    bots: tuple[str, ...] = ()
    #: the game options given with ``--option``
    options: Mapping[str, Any] = field(default_factory=dict)
    #: why these games end, where narrower than the ruleset's reasons
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "-".join([self.variant, f"{self.players}p", f"{self.games}games", *self.options])

    @property
    def ruleset(self) -> Ruleset:
        return RULESETS[self.variant]

    def run(self, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
        """Simulate the batch; its summary, checked against the ruleset."""
        argv = [self.variant, "--players", str(self.players), "--games", str(self.games)]
        bots = ["--bots", ",".join(self.bots)] if self.bots else []
        summary = sim_json(
            capsys, *argv, "--seed", str(self.seed), *bots, *option_args(self.options), *extra
        )
        self.check(summary)
        return summary

    def check(self, summary: dict[str, Any]) -> None:
        """The summary is of this batch, and its games ended as the rules say."""
        rules = self.ruleset
        assert summary["variant"] == self.variant and summary["players"] == self.players
        assert summary["games"] == self.games and summary["seed"] == self.seed
        assert summary["bots"] == list(self.bots or ["random"] * self.players)
        assert summary["options"] == {**rules.sim_options, **self.options}
        assert summary["interrupted"] is False
        wins, scores = summary["wins"], summary["mean_scores"]
        assert isinstance(wins, list) and len(wins) == self.players == len(scores)
        if rules.teams:  # partners share their goals, and a draw makes every seat a winner
            assert all(scores[s] == scores[s % 2] for s in range(self.players)), scores
            assert sum(wins) >= self.games * (self.players // 2)
        elif rules.mafia:  # every game is won by one player or by the mafia
            assert 0 <= summary["house_wins"] == self.games - sum(wins)
        else:  # a tie is broken: one winner per game
            assert sum(wins) == self.games
        reasons, allowed = summary["reasons"], self.reasons or rules.reasons
        assert set(reasons) <= set(allowed) and sum(reasons.values()) == self.games, reasons
        assert reasons.get(allowed[0], 0) > 0, reasons


@dataclass(frozen=True, kw_only=True)
class Sim(Batch):
    """The batch with random bots."""

    #: run it twice, to compare the summaries
    twice: bool = True


@dataclass(frozen=True, kw_only=True)
class Greedy(Batch):
    """A greedy bot at seat 0, random bots at the others."""

    #: the greedy seat wins at least this many games (the random seats none)
    wins: int
    #: its mean score is more than this times the best random seat's
    factor: float

    def __post_init__(self) -> None:  # the bots follow from the player count
        object.__setattr__(self, "bots", ("greedy",) + ("random",) * (self.players - 1))


@dataclass(frozen=True, kw_only=True)
class Replays(Batch):
    """The batch recorded with ``--replays``."""

    #: action types the recorded games hold
    kinds: frozenset[str]
    #: action types they never hold
    absent: frozenset[str] = frozenset()
    #: some action's mode starts with this
    mode: str = ""
    #: options left to their default that the recorded games hold
    defaults: Mapping[str, Any] = field(default_factory=dict)
    #: change a recorded result: that game no longer verifies
    tamper: bool = False


def mixed(players: int) -> tuple[str, ...]:
    """Greedy and random bots by turns."""
    return (("greedy", "random") * 3)[:players]


SIMS = [
    *(Sim("al-cabohne", p, 50) for p in (1, 2)),
    *(Sim("bohnkick", p, 200) for p in (2, 4)),
    # 20 games per configuration (the module's docstring says why), the same seed twice on 5
    *(Sim("high-bohn", p, 20, options=o, twice=False) for p in (3, 4, 5) for o in ({}, COGNAC)),
    Sim("high-bohn", 4, 5, options=COGNAC),
    *(Sim("ladybohn", p, 12) for p in (3, 4, 5)),
    *(Sim("mutterbohnchen", p, 6) for p in (2, 3, 4, 5, 6)),
    # the game for two (mutterbohnchen §3.5) ends at the 1st exhaustion (§5.1)
    Sim("mutterbohnchen", 2, 200, reasons=("final-exhaustion",), twice=False),
    *(Sim("prohibohn", 2, 30, options=o) for o in ({}, PUB)),
    *(Sim("sissi", p, 20) for p in (3, 4, 5)),
]

GREEDY = [
    *(Greedy("high-bohn", p, 6, wins=6, factor=5) for p in (3, 4, 5)),
    *(Greedy("ladybohn", p, 8, wins=8, factor=2) for p in (3, 4, 5)),
    # more than 10 of 20 (seed 1: 13 without the Pub), the others the mafia's
    *(Greedy("prohibohn", 2, 20, options=o, wins=11, factor=1) for o in ({}, PUB)),
    Greedy("sissi", 4, 20, wins=20, factor=3),
]

PROHIBOHN_KINDS = frozenset({"stash", "plant", "place", "build"})
MUTTER_TRADES = frozenset({"plant", "harvest", "propose", "end-trading", "pass"})
#: in Mutterböhnchen nobody buys a field (mutterbohnchen §2.2.3)
NO_FIELD = frozenset({"buy-field"})

REPLAYS = [
    Replays("al-cabohne", 2, 2, seed=3, bots=mixed(2), kinds=frozenset({"place", "plant"})),
    *(Replays("bohnkick", p, 3, seed=2, kinds=frozenset({"play", "pass", "aim"})) for p in (2, 4)),
    Replays(
        "high-bohn", 4, 3, bots=mixed(4), options=COGNAC, kinds=frozenset({"build"}), tamper=True
    ),
    # lady pulls named by pull<i>, third fields bought
    *(
        Replays(
            "ladybohn",
            p,
            2,
            seed=3,
            bots=mixed(p),
            kinds=frozenset({"plant", "harvest", "propose", "accept", "end-trading", "buy-field"}),
            mode="pull",
        )
        for p in (3, 4, 5)
    ),
    # attacks, optional pulls, face-down coins; two players do not trade: they
    # take from the offer's stacks and discard in phase 2 (mutterbohnchen §3.5)
    Replays(
        "mutterbohnchen",
        2,
        2,
        seed=3,
        bots=mixed(2),
        kinds=frozenset({"plant", "harvest", "use", "drop", "pass"}),
        absent=NO_FIELD | {"propose", "end-trading"},
    ),
    *(
        Replays(
            "mutterbohnchen",
            p,
            2,
            seed=3,
            bots=mixed(p),
            kinds=MUTTER_TRADES,
            absent=NO_FIELD,
        )
        for p in (3, 4, 5, 6)
    ),
    # random bots at 3 players attack, turn up coins and capture
    Replays("mutterbohnchen", 3, 3, kinds=frozenset({"attack"}), absent=NO_FIELD),
    Replays(
        "prohibohn", 2, 2, seed=3, bots=mixed(2), kinds=PROHIBOHN_KINDS, defaults={"pub": False}
    ),
    Replays("prohibohn", 2, 2, seed=3, bots=mixed(2), kinds=PROHIBOHN_KINDS, options=PUB),
]


@dataclass(frozen=True)
class Bench:
    """``bohn bench --variant VARIANT [--players P] --games N``."""

    variant: str
    players: int
    games: int
    _: KW_ONLY
    #: leave the player count to the default (``players`` is what it must be)
    default: bool = False
    #: run it again without searches, for its table
    text: bool = False

    def __str__(self) -> str:
        return f"{self.variant}-{self.players}p"


BENCHES = [
    Bench("bohnkick", 4, 2, default=True),
    Bench("ladybohn", 4, 2, text=True),
    Bench("mutterbohnchen", 4, 2, text=True),
    Bench("mutterbohnchen", 2, 2),  # the game for two (mutterbohnchen §3.5)
    Bench("prohibohn", 2, 3, text=True),
]

#: the player counts refused, and by which commands
REFUSED = [
    *(("bohnkick", "sim", p) for p in (1, 3, 5)),
    # LB-D12: no 2-player game without Mutterböhnchen
    *(("ladybohn", command, 2) for command in ("sim", "bench", "play")),
    *(("mutterbohnchen", "sim", p) for p in (1, 7)),
    *(("prohibohn", command, 3) for command in ("sim", "bench", "play")),
]

#: commands without ``--players``, their games, and how many seats they play
DEFAULT_PLAYERS = [
    ("sim", "ladybohn", 1, 4),
    ("sim", "prohibohn", 2, 2),
    ("bench", "prohibohn", 1, 2),
    ("sim", "bohnanza", 1, 4),
]


def command(name: str, variant: str, *args: str) -> list[str]:
    """``bohn NAME VARIANT ARGS``; for ``bench``, ``bohn bench --variant VARIANT ARGS``."""
    return ["bench", "--variant", variant, *args] if name == "bench" else [name, variant, *args]


@dataclass(frozen=True)
class Position:
    """A scenario written here: seat 0's legal actions, then an illegal one."""

    #: the scenario without its actions
    scenario: Mapping[str, Any]
    legal: tuple[str, ...]
    #: places in the final state (keys and indices) and what they hold
    state: tuple[tuple[tuple[str | int, ...], Any], ...]
    #: the events: a type, or the whole event
    events: tuple[str | dict[str, Any], ...]
    illegal: str
    #: the rule the refusal names, and part of its message
    rule: str
    message: str

    def __str__(self) -> str:
        return str(self.scenario["variant"])

    def write(self, path: Path, *actions: str) -> Path:
        data = {**self.scenario, "actions": [{"seat": 0, "action": a} for a in actions]}
        path.write_text(json.dumps(data), encoding="utf-8")
        return path


POSITIONS = [
    # seat 0 plants a sau baby on a field with two sau ladies (ladybohn §4.2)
    Position(
        {
            "description": "ladybohn §4.2: a planted baby pulls the lady its planter names",
            "variant": "ladybohn",
            "players": 3,
            "seed": 0,
            "setup": {
                "active": 0,
                "phase": "plant",
                "players": [
                    {
                        "hand": ["sau/baby", "blaue"],
                        "fields": [["sau/lady", "sau", "sau", "sau/lady", "sau"], []],
                    }
                ],
            },
        },
        legal=("plant f0 pull3",),
        state=((("fields", 0, 0), ["sau/lady", "sau", "sau", "sau", "sau/baby", "sau/lady"]),),
        events=(
            {"type": "plant", "seat": 0, "field": 0, "card": "sau/baby"},
            {
                "type": "pull",
                "seat": 0,
                "field": 0,
                "by": "sau/baby",
                "card": "sau/lady",
                "from": 3,
                "to": 5,
            },
        ),
        illegal="plant f0",
        rule="ladybohn §4.2 (LB-D5)",
        message="name her with pull<position>: pull0, pull3",
    ),
    # seat 0 in phase 5 with 4 blaue, 3 stangen and 1 sau coin; the mafia
    # treasury holds a kidney and a sau
    Position(
        {
            "description": "prohibohn §4.1, §4.4: buying with coins of the card's type; "
            "a Police Station takes a treasury coin",
            "variant": "prohibohn",
            "players": 2,
            "seed": 0,
            "setup": {
                "active": 0,
                "phase": "place",
                "deck": ["kidney", "kidney", "kidney"],
                "deck_rest": "none",
                "bosses": [["puff"], ["feuer"]],
                "treasury": ["kidney", "sau"],
                "players": [
                    {"hand": [], "coins": ["blaue"] * 4 + ["stangen"] * 3 + ["sau"]},
                    {"hand": [], "establishments": ["casino-1"]},
                ],
            },
        },
        legal=("build casino-3", "build police-station-4", "take sau"),
        state=(
            (("establishments",), [["casino-3", "police-station-4"], ["casino-1"]]),
            (("coins", 0), ["sau", "sau"]),
            (("treasury",), ["kidney"]),
            (("under",), 7),  # 3 stangen and 4 blaue under the discard pile
        ),
        events=("pay", "build", "pay", "build", "police-coin"),
        illegal="build casino-4",
        rule="prohibohn §4.1.1",
        message="casino-4 costs 4 stangen coins and you have 3",
    ),
]


@dataclass(frozen=True)
class Play:
    """``bohn play`` in the terminal (``bohn.play.main``), answered from a script."""

    variant: str
    players: int
    seat: int
    bots: tuple[str, ...]
    seed: int
    #: the first answers, then ``then`` at every prompt
    answers: tuple[str, ...]
    then: str
    #: what the screen shows on the way
    shows: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        return self.variant


PLAYS = [
    Play(
        "sissi",
        4,
        0,
        ("greedy",),
        3,
        # field 8 as the person counts is the JSON's field 7, which the refusal names
        answers=("99", "buy-field", "harvest f8", "help", "table"),
        then="1",
        shows=(
            "there is no choice 99",
            "(sissi §1.2)",  # buy-field is refused
            "there is no field 7 (sissi §1.2)",
            "Sissi action: ",
            "must be harvested (sissi §3.6)",
        ),
        reason="final-exhaustion",
    ),
]

SCENARIO_FILES = [
    path
    for variant, rules in RULESETS.items()
    if rules.scenarios
    for path in sorted((SCENARIOS / variant).glob(rules.scenarios))
]


@pytest.mark.parametrize("case", SIMS, ids=str)
def test_sim_summary_is_deterministic(capsys: pytest.CaptureFixture[str], case: Sim) -> None:
    """``bohn sim VARIANT --players P --games N --seed 1 --json [--option ...]``
    at every player count the ruleset allows: every game ends for one of the
    rules' reasons, with one winner (a tie is broken), or won by one player or
    by the mafia, or by a team (both its seats; every seat in a draw);
    partners share their score, scores are sane, random bots feed the mafia,
    and the same seed gives the same summary."""
    summary = case.run(capsys)
    rules = case.ruleset
    scores = summary["mean_scores"]
    if rules.scores is not None:
        low, high = rules.scores
        assert all(low < s < high for s in scores), scores
    assert summary["mean_steps"] > rules.min_steps
    if rules.mafia:  # random bots feed the mafia
        assert summary["house_mean_score"] > max(scores)
    if case.twice:
        assert untimed(case.run(capsys)) == untimed(summary)


@pytest.mark.parametrize("case", GREEDY, ids=str)
def test_sim_greedy_beats_random(capsys: pytest.CaptureFixture[str], case: Greedy) -> None:
    """The greedy bot plays the ruleset sensibly: against random bots it wins
    every game (where a mafia plays, most of them and the mafia the rest),
    random bots win none, and it scores well above them (and the mafia)."""
    summary = case.run(capsys)
    wins, scores = summary["wins"], summary["mean_scores"]
    assert wins[1:] == [0] * (case.players - 1) and wins[0] >= case.wins, wins
    assert scores[0] > case.factor * max(scores[1:]), scores
    if case.ruleset.mafia:
        assert scores[0] > summary["house_mean_score"] > max(scores[1:])


@pytest.mark.parametrize("case", REPLAYS, ids=str)
def test_replay_verifies_recorded_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: Replays
) -> None:
    """Games recorded with ``bohn sim --replays`` hold the ruleset's own
    actions and verify with ``bohn replay``: every game, its seed reproducing
    it; a changed result no longer verifies."""
    path = tmp_path / f"{case.variant}.bohn.json"
    summary = case.run(capsys, "--replays", str(path))
    replays = load(path)
    assert len(replays) == case.games
    assert all(r["variant"] == case.variant and r["players"] == case.players for r in replays)
    for name, value in {**case.defaults, **case.options}.items():
        held = [r["options"].get(name) for r in replays]
        assert all(type(v) is type(value) and v == value for v in held), (name, held)
    assert sum(r["result"]["winners"].count(0) for r in replays) == summary["wins"][0]
    actions = [e["action"] for r in replays for e in r["events"] if "action" in e]
    kinds = {a["type"] for a in actions}
    assert case.kinds <= kinds and not case.absent & kinds, kinds
    if case.mode:
        assert any(str(a.get("mode", "")).startswith(case.mode) for a in actions)

    n = case.games
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(
        line.startswith(f"replay {i}: ok: {case.variant}") for i, line in enumerate(lines[:n])
    )
    assert lines[-1] == f"{n} of {n} replays verify"
    report = cli_json(capsys, "replay", str(path), "--json")
    assert report["ok"] is True and len(report["replays"]) == n
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])

    if case.tamper:  # a changed result no longer verifies
        replays[1]["result"]["scores"][0] += 5
        bad = tmp_path / "bad.bohn.json"
        bad.write_text("".join(dumps(r) + "\n" for r in replays))
        code, out, _ = run(capsys, "replay", str(bad))
        assert code == 1
        assert out.splitlines()[-1] == f"{n - 1} of {n} replays verify"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_scenario_command(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    """``bohn scenario FILE [--json]`` meets the file's expectations, a refusal's
    included, and reports the state, the events (all of them, or those named
    in their order) or the error the file names."""
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    code, result = scenario_json(capsys, path)
    assert result["ok"] == expect["ok"]
    assert code == 0  # the file's expectations are met, a failure included
    assert result["expected"] == {"met": True, "misses": []}
    if expect["ok"]:
        state = result["state"]
        for key, value in expect.get("state", {}).items():
            assert state[key] == value, key
        types = [e["type"] for e in result["events"]]
        if RULESETS[path.parent.name].every_event:
            assert types == expect["events"]
        elif "events" in expect:  # in this order, among others
            rest = iter(types)
            assert all(t in rest for t in expect["events"]), types
    else:
        assert result["action_index"] == expect["action_index"]
        error = result["error"]
        assert set(error) == {"code", "message", "rule"}
        assert {k: error[k] for k in expect["error"]} == expect["error"]
    code, out, _ = run(capsys, "scenario", str(path))
    assert code == 0  # the file's expectations are met, a failure included
    assert out.startswith("ok: " if expect["ok"] else "failed at action ")


@pytest.mark.parametrize("variant", [v for v, rules in RULESETS.items() if rules.scenarios])
def test_scenario_files_exist(variant: str) -> None:
    assert sorted((SCENARIOS / variant).glob(RULESETS[variant].scenarios))


@pytest.mark.parametrize("case", POSITIONS, ids=str)
def test_scenario_command_on_a_small_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: Position
) -> None:
    """``bohn scenario`` on a position written here: the legal actions give the
    state and events the rules say (a planted Ladybohn baby pulls the lady its
    planter names; Prohibohn's buying with coins of the card's type, and a
    Police Station taking a treasury coin), and an illegal action is refused
    naming its rule."""
    path = case.write(tmp_path / "position.json", *case.legal)
    code, result = scenario_json(capsys, path)
    assert code == 0 and result["ok"] is True
    for where, value in case.state:
        got: Any = result["state"]
        for key in where:
            got = got[key]
        assert got == value, where
    events = result["events"]
    assert len(events) == len(case.events), events
    shown = [
        e if isinstance(want, dict) else e["type"]
        for e, want in zip(events, case.events, strict=True)
    ]
    assert shown == list(case.events)
    code, out, _ = run(capsys, "scenario", str(path))
    assert code == 0 and out.startswith("ok: ")

    code, result = scenario_json(capsys, case.write(path, case.illegal))
    assert code == 1 and result["ok"] is False and result["action_index"] == 0
    assert result["error"]["code"] == "illegal-action"
    assert result["error"]["rule"] == case.rule
    assert case.message in result["error"]["message"]


@pytest.mark.parametrize("case", BENCHES, ids=str)
def test_bench_variant(capsys: pytest.CaptureFixture[str], case: Bench) -> None:
    """``bohn bench --variant VARIANT`` times the games and the search (with
    the default player count where none is given); without searches it
    prints its table."""
    players = [] if case.default else ["--players", str(case.players)]
    argv = command("bench", case.variant, *players, "--games", str(case.games))
    b = cli_json(capsys, *argv, "--searches", "1", "--json")
    assert b["ismcts_ms"] > 0
    assert b["variant"] == case.variant and b["players"] == case.players
    assert b["games"] == case.games and b["steps"] > 0 and b["games_per_s"] > 0
    if case.text:
        code, out, _ = run(capsys, *argv, "--searches", "0")
        assert code == 0 and case.variant in out and "games/s" in out


@pytest.mark.parametrize("variant", RULESETS)
def test_variants(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    """``bohn variants VARIANT`` names the ruleset and the player counts it
    allows, and ``bohn variants --json`` lists them."""
    rules = RULESETS[variant]
    code, out, _ = run(capsys, "variants", variant)
    assert code == 0 and out.startswith(f"{variant}  {rules.title}  ({rules.players} players)\n")
    listed = cli_json(capsys, "variants", "--json")["variants"]
    info = next(v for v in listed if v["id"] == variant)
    assert info["title"] == rules.title and info["players"]["counts"] == list(rules.counts)


@pytest.mark.parametrize(("variant", "name", "players"), REFUSED, ids=str)
def test_other_player_counts_are_refused(
    capsys: pytest.CaptureFixture[str], variant: str, name: str, players: int
) -> None:
    """A player count the ruleset does not allow is refused clearly by each
    command tried, naming the counts it allows."""
    rest = ["--seed", "1"] if name == "play" else ["--games", "1"]
    code, out, err = run(capsys, *command(name, variant, "--players", str(players), *rest))
    assert code == 2 and out == ""
    assert f"{variant} is for {RULESETS[variant].players} players, not {players}" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("name", "variant", "games", "players"), DEFAULT_PLAYERS, ids=str)
def test_players_default_to_the_count_the_variant_allows(
    capsys: pytest.CaptureFixture[str], name: str, variant: str, games: int, players: int
) -> None:
    """Without ``--players`` sim and bench play 4 seats where the variant allows
    it (Ladybohn, Bohnanza), and Prohibohn with its 2."""
    quick = ["--searches", "0"] if name == "bench" else []  # no search to time
    argv = command(name, variant, "--games", str(games), *quick, "--json")
    assert cli_json(capsys, *argv)["players"] == players


@pytest.mark.parametrize("case", PLAYS, ids=str)
def test_play_to_the_end(case: Play) -> None:
    """A whole game in the terminal: the title, refusals of a wrong choice and
    of illegal actions naming their rule, the ruleset's own moves, the end."""
    out = io.StringIO()
    answers = scripted(case.answers, case.then)
    bots = list(case.bots)
    rc = play_main(
        case.variant,
        case.players,
        case.seat,
        bots,
        case.seed,
        input_fn=answers,
        out=out,
        layout="full",
    )
    text = out.getvalue()
    assert rc == 0
    assert f"{RULESETS[case.variant].title}: {case.players} players" in text
    missing = [s for s in case.shows if s not in text]
    assert not missing, missing
    assert f"=== game over ({case.reason}) ===" in text
    assert "winner:" in text
