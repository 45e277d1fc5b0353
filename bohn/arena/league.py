"""A league between bot kinds and outside agents over bohn's rulesets, rated
per ruleset (``docs/arena.md``).

For each ruleset (a variant at a player count) the league plays ``deals``
deals. Each deal seats a *table* of that many participants, chosen so that
everybody plays about as often and every two meet about as often
(:func:`choose_table`), and is played once for each rotation of the table
over the seats, from the same seed: a duplicate deal, whose luck cancels out
of each participant's games. Every finished game updates the ruleset's
OpenSkill ratings from its finishing order (:mod:`bohn.arena.ratings`).

An agent (:class:`~bohn.arena.protocol.AgentProcess`) is asked for every
move of its seat; an answer that is late, a crash, an answer that is not the
protocol's JSON, or a move that does not read as a legal one loses the move:
the arena plays the seat's first listed move instead (:data:`FALLBACK`),
and counts the failure. A crash, or :data:`MAX_FAILURES` failures in a row,
benches the agent for the rest of the game (its program is stopped; its
moves are the fallback's, without asking it); it is started again for its
next game. Nothing an agent does stops the league.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import time
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bohn.arena.protocol import FAILURES
from bohn.arena.protocol import PROTOCOL
from bohn.arena.protocol import AgentProcess
from bohn.arena.protocol import Answer
from bohn.arena.ratings import Ratings
from bohn.arena.ratings import conservative
from bohn.arena.ratings import interval
from bohn.arena.ratings import places
from bohn.arena.ratings import shown
from bohn.bots.base import make_bot
from bohn.bots.base import next_seat
from bohn.bots.base import seat_view
from bohn.engine.actions import Action
from bohn.engine.errors import SetupError
from bohn.engine.rng import derive_seed
from bohn.pacing import holds
from bohn.rulesets import find_variant
from bohn.sim.batch import sim_options
from bohn.sim.runner import bot_seed
from bohn.text.moves import MoveError
from bohn.text.view import SeatText

#: the rule for a lost move: the seat's first listed move (planting first,
#: passing first in a trade ...), which always brings a game to its end
FALLBACK = "first-move"
#: failures in a row after which an agent is benched for the rest of a game
MAX_FAILURES = 3
#: the default time an agent has for a move, in seconds
MOVE_TIME_S = 10.0
#: the time an agent's program has on top of that for its first move after
#: starting (to load itself)
START_TIME_S = 10.0
#: the most moves a game may take before it is stopped (unfinished, unrated)
MAX_STEPS = 20_000
#: at most this many tables are weighed when choosing one
TABLE_SAMPLE = 2_000


@dataclass(frozen=True)
class Participant:
    """A league's player: a bot kind (``spec`` as ``docs/bots.md`` writes
    it) or an agent (``spec`` the command that starts its program)."""

    name: str
    kind: str  # "bot" or "agent"
    spec: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "spec": self.spec}


@dataclass(frozen=True)
class Ruleset:
    """A variant at a player count."""

    variant: str
    players: int

    @classmethod
    def parse(cls, text: str, players: int | None = None) -> Ruleset:
        """``VARIANT`` or ``VARIANT:N``; without ``:N``, ``players``, else 4
        or the nearest count the variant allows."""
        name, _, n = text.partition(":")
        kind = find_variant(name.strip())
        allowed = kind.allowed_players()
        if n.strip():
            try:
                count = int(n)
            except ValueError:
                raise SetupError(f"{text!r}: the player count after ':' is not a number") from None
        elif players is not None:
            count = players
        else:
            count = min(allowed, key=lambda k: (abs(k - 4), k))
        if count not in allowed:
            raise SetupError(f"{name} is for {kind.players_text()} players, not {count}")
        if count < 2:
            raise SetupError(f"a league game needs at least 2 seats, not {count} ({name})")
        return cls(name.strip(), count)

    @property
    def label(self) -> str:
        return f"{self.variant}:{self.players}"


@dataclass
class Standing:
    """One participant's games in one ruleset."""

    games: int = 0
    wins: float = 0.0  # a shared win counts 1/k
    place_sum: int = 0
    points_sum: float = 0.0
    asked: int = 0
    fallback: int = 0
    failures: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAILURES, 0))
    benched: int = 0
    answer_s: float = 0.0
    answer_max_s: float = 0.0


@dataclass
class AgentSeat:
    """An agent at its seat during one game."""

    process: AgentProcess
    benched: bool = False
    in_a_row: int = 0
    fresh: bool = False  # started for this game: its first move has the start time
    error: str | None = None  # the last answer's failure, told with the next observation


@dataclass
class League:
    """A league's settings and, once :meth:`run`, its games and ratings."""

    rulesets: list[Ruleset]
    participants: list[Participant]
    #: deals a ruleset; None: enough for everybody to sit at ``rounds`` tables
    deals: int | None = None
    rounds: int = 2
    seed: int | str = 0
    move_time: float = MOVE_TIME_S
    start_time: float = START_TIME_S
    lang: str = "en"
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int = MAX_STEPS
    #: the finished and unfinished games' records, in the order played
    records: list[dict[str, Any]] = field(default_factory=list)
    ratings: dict[str, Ratings] = field(default_factory=dict)
    standings: dict[str, dict[str, Standing]] = field(default_factory=dict)
    #: per ruleset, each participant's shown rating after each of its games
    history: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    elapsed_s: float = 0.0
    interrupted: bool = False

    def __post_init__(self) -> None:
        names = [p.name for p in self.participants]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise SetupError(
                f"every participant needs a name of its own, and {', '.join(twice)} is given "
                "twice (name one: --bot NAME=SPEC, --agent NAME=COMMAND)"
            )
        if not self.rulesets:
            raise SetupError("a league needs a ruleset")
        for rs in self.rulesets:
            if len(self.participants) < rs.players:
                raise SetupError(
                    f"{rs.label} seats {rs.players}: the league has only "
                    f"{len(self.participants)} participants"
                )
            opts = sim_options(find_variant(rs.variant), self.options)  # refuses bad options
            del opts
        for p in self.participants:
            if p.kind == "bot":
                try:
                    make_bot(p.spec, 0)  # refuses an unknown bot now
                except ValueError as err:
                    raise SetupError(f"{p.name}: {err}") from None
        if self.lang not in ("en", "de"):
            raise SetupError(f"the language is en or de, not {self.lang!r}")
        self.agents: dict[str, AgentProcess] = {
            p.name: AgentProcess(p.name, p.spec) for p in self.participants if p.kind == "agent"
        }

    def deals_for(self, rs: Ruleset) -> int:
        """The deals of ``rs``: :attr:`deals`, else enough for each
        participant to sit at :attr:`rounds` tables (at least one deal)."""
        if self.deals:
            return self.deals
        return max(1, math.ceil(self.rounds * len(self.participants) / rs.players))

    @property
    def total(self) -> int:
        """The games the league plays."""
        return sum(self.deals_for(rs) * rs.players for rs in self.rulesets)

    # ------------------------------------------------------------ playing

    def run(
        self,
        on_game: Callable[[dict[str, Any]], Any] | None = None,
        on_progress: Callable[[int, int], Any] | None = None,
    ) -> League:
        """Play every game; ``on_game(record)`` as each ends,
        ``on_progress(done, total)`` too. Ctrl-C stops it (``interrupted``)
        with the games played so far rated. The agents' programs are told
        ``bye`` and stopped at the end, however it ends."""
        start = time.perf_counter()
        done = 0
        try:
            for rs in self.rulesets:
                key = rs.variant
                self.ratings.setdefault(key, Ratings())
                table_rng = random.Random(derive_seed(self.seed, "arena-tables", rs.label))
                games: dict[str, int] = {p.name: 0 for p in self.participants}
                met: dict[tuple[str, str], int] = {}
                for deal in range(self.deals_for(rs)):
                    table = choose_table(
                        [p.name for p in self.participants], rs.players, games, met, table_rng
                    )
                    for a, b in itertools.combinations(sorted(table), 2):
                        met[a, b] = met.get((a, b), 0) + 1
                    seed = derive_seed(self.seed, "arena", rs.variant, rs.players, deal)
                    for rotation in range(rs.players):
                        names = [table[(s + rotation) % rs.players] for s in range(rs.players)]
                        record = self.play(rs, deal, rotation, seed, names)
                        for n in names:
                            games[n] += 1
                        self.records.append(record)
                        done += 1
                        if on_game is not None:
                            on_game(record)
                        if on_progress is not None:
                            on_progress(done, self.total)
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            for proc in self.agents.values():
                proc.stop(bye=True)
            self.elapsed_s = time.perf_counter() - start
        return self

    def play(
        self, rs: Ruleset, deal: int, rotation: int, seed: int, names: Sequence[str]
    ) -> dict[str, Any]:
        """One game of ``rs`` from ``seed`` with ``names[s]`` at seat ``s``;
        its record (rated if it finished)."""
        by_name = {p.name: p for p in self.participants}
        n = rs.players
        kind = find_variant(rs.variant)
        opts = sim_options(kind, self.options)
        game = kind.new(n, seed, opts)
        game_id = f"{rs.variant}-{n}-d{deal}-r{rotation}"
        stand = self.standings.setdefault(rs.variant, {})
        tallies = [stand.setdefault(name, Standing()) for name in names]
        views = [SeatText(game, s, self.lang) for s in range(n)]
        bots = {
            s: make_bot(by_name[name].spec, bot_seed(seed, s))
            for s, name in enumerate(names)
            if by_name[name].kind == "bot"
        }
        agents: dict[int, AgentSeat] = {}
        failures: list[dict[str, Any]] = []
        for s, name in enumerate(names):
            if by_name[name].kind != "agent":
                continue
            proc = self.agents[name]
            seat = AgentSeat(proc)
            if not proc.alive:
                problem = proc.start(
                    {
                        "type": "hello",
                        "protocol": PROTOCOL,
                        "name": name,
                        "move_time_ms": round(self.move_time * 1000),
                    }
                )
                seat.fresh = True
                if problem is not None:
                    proc.stop()
                    seat.benched = True
                    tallies[s].failures["crash"] += 1
                    tallies[s].benched += 1
                    failures.append(
                        {
                            "seat": s,
                            "name": name,
                            "step": None,
                            "failure": "crash",
                            "detail": problem,
                        }
                    )
            agents[s] = seat
        shown_events = [0] * n
        told_rules = [False] * n
        trackers: dict[int, Any] = {}
        moves: list[list[Any]] = []
        steps = 0
        last = (game.active_seat() - 1) % n

        def agent_move(s: int) -> Action:
            seat = agents[s]
            tally = tallies[s]
            listed = views[s].moves()
            fallback = listed[0].action
            if seat.benched:
                tally.fallback += 1
                return fallback
            events = list(game.events(s))
            fresh = events[shown_events[s] :]
            shown_events[s] = len(events)
            text = views[s].observation(rules=not told_rules[s], events=fresh)
            told_rules[s] = True
            limit = self.move_time + (self.start_time if seat.fresh else 0.0)
            seat.fresh = False
            message: dict[str, Any] = {
                "type": "observation",
                "game": game_id,
                "ruleset": rs.variant,
                "players": n,
                "seat": s,
                "lang": self.lang,
                "text": text,
                "moves": [
                    {"number": m.number, "words": m.label, "command": m.command} for m in listed
                ],
                "deadline_ms": round(limit * 1000),
            }
            if seat.error is not None:
                message["error"] = seat.error
            tally.asked += 1
            answer = seat.process.ask(message, limit)
            tally.answer_s += answer.seconds
            tally.answer_max_s = max(tally.answer_max_s, answer.seconds)
            failure, detail = answer.failure, answer.detail
            action: Action | None = None
            if failure is None:
                try:
                    action = views[s].read(answer_text(answer))
                except MoveError as err:
                    failure, detail = "illegal", str(err).splitlines()[0]
            if action is not None:
                seat.in_a_row = 0
                seat.error = None
                return action
            assert failure is not None
            tally.failures[failure] += 1
            tally.fallback += 1
            seat.in_a_row += 1
            seat.error = f"{failure}: {detail}; move 1 was played for you"
            failures.append(
                {"seat": s, "name": names[s], "step": steps, "failure": failure, "detail": detail}
            )
            if failure == "crash" or seat.in_a_row >= MAX_FAILURES:
                seat.benched = True
                tally.benched += 1
                seat.process.stop()
            return fallback

        while not game.is_over and steps < self.max_steps:
            waiting = game.waiting_for()
            s = next_seat(waiting, last, n)
            bot = bots.get(s)
            if bot is not None:
                action = bot.act(seat_view(game, s, bot, trackers))
                people = frozenset(t for t, a in agents.items() if not a.benched)
                if not holds(game, s, action, people):
                    game.apply(s, action)
                    moves.append([s, action.text()])
                    steps += 1
                    last = s
                    continue
                s = next_seat(frozenset(waiting - bots.keys()), s, n)
            action = agent_move(s)
            game.apply(s, action)
            moves.append([s, action.text()])
            steps += 1
            last = s

        result = game.result()
        record: dict[str, Any] = {
            "game": game_id,
            "variant": rs.variant,
            "players": n,
            "deal": deal,
            "rotation": rotation,
            "seed": seed,
            "options": opts,
            "seats": list(names),
            "steps": steps,
            "finished": result is not None,
            "failures": failures,
            "moves": moves,
        }
        if result is None:
            return record
        res = result.to_json()
        seat_places = places(res, n)
        record["result"] = res
        record["places"] = seat_places
        winners = set(res["winners"])
        for s, tally in enumerate(tallies):
            tally.games += 1
            tally.place_sum += seat_places[s]
            tally.points_sum += float(res["scores"][s])
            if s in winners:
                tally.wins += 1.0 / len(winners)
        ratings = self.ratings.setdefault(rs.variant, Ratings())
        ratings.rate(names, seat_places)
        hist = self.history.setdefault(rs.variant, {})
        for name in names:
            hist.setdefault(name, []).append(shown(ratings.get(name)[0]))
        for s, seat in agents.items():
            if seat.benched:
                continue
            seat.process.send(
                {
                    "type": "result",
                    "game": game_id,
                    "seat": s,
                    "result": res,
                    "place": seat_places[s],
                    "places": seat_places,
                    "scores": res["scores"],
                    "winners": res["winners"],
                    "reason": res["reason"],
                    "text": views[s].observation(),
                }
            )
        return record

    # ------------------------------------------------------------ reading

    def to_json(self) -> dict[str, Any]:
        """The league's outcome: settings, per ruleset the standings ordered
        by the conservative rating, per agent its failures."""
        rulesets = []
        for variant in dict.fromkeys(rs.variant for rs in self.rulesets):
            ratings = self.ratings.get(variant, Ratings())
            stand = self.standings.get(variant, {})
            rows: list[dict[str, Any]] = []
            for name, st in stand.items():
                mu, sigma = ratings.get(name)
                lo, hi = interval(mu, sigma)
                rows.append(
                    {
                        "name": name,
                        "mu": round(mu, 4),
                        "sigma": round(sigma, 4),
                        "mu_interval": [round(lo, 4), round(hi, 4)],
                        "rating": shown(mu),
                        "interval": [shown(lo), shown(hi)],
                        "conservative": round(conservative(mu, sigma), 4),
                        "games": st.games,
                        "wins": round(st.wins, 4),
                        "win_rate": round(st.wins / st.games, 4) if st.games else 0.0,
                        "mean_place": round(st.place_sum / st.games, 4) if st.games else None,
                        "mean_points": round(st.points_sum / st.games, 4) if st.games else None,
                        "asked": st.asked,
                        "fallback_moves": st.fallback,
                        "failures": dict(st.failures),
                        "benched": st.benched,
                        "mean_answer_s": round(st.answer_s / st.asked, 4) if st.asked else None,
                        "max_answer_s": round(st.answer_max_s, 4),
                    }
                )
            rows.sort(key=lambda r: (-float(r["conservative"]), str(r["name"])))
            mine = [r for r in self.records if r["variant"] == variant]
            rulesets.append(
                {
                    "variant": variant,
                    "players": sorted({r.players for r in self.rulesets if r.variant == variant}),
                    "games": sum(1 for r in mine if r["finished"]),
                    "unfinished": sum(1 for r in mine if not r["finished"]),
                    "standings": rows,
                    "history": self.history.get(variant, {}),
                }
            )
        agents = {}
        for name, proc in self.agents.items():
            total = dict.fromkeys(FAILURES, 0)
            asked = fallback = benched = 0
            for stand in self.standings.values():
                if name not in stand:
                    continue
                tally = stand[name]
                asked += tally.asked
                fallback += tally.fallback
                benched += tally.benched
                for k, v in tally.failures.items():
                    total[k] += v
            agents[name] = {
                "asked": asked,
                "failures": total,
                "fallback_moves": fallback,
                "benched_games": benched,
                "starts": proc.starts,
                "stderr_tail": proc.stderr_tail[-5:],
            }
        return {
            "settings": {
                "rulesets": [rs.label for rs in self.rulesets],
                "deals": {rs.label: self.deals_for(rs) for rs in self.rulesets},
                "seed": self.seed,
                "move_time_s": self.move_time,
                "start_time_s": self.start_time,
                "lang": self.lang,
                "options": self.options,
                "fallback": FALLBACK,
                "max_failures": MAX_FAILURES,
            },
            "participants": [p.to_json() for p in self.participants],
            "rulesets": rulesets,
            "agents": agents,
            "games": len(self.records),
            "requested": self.total,
            "elapsed_s": round(self.elapsed_s, 3),
            "interrupted": self.interrupted,
        }


def answer_text(answer: Answer) -> str:
    """The move's text of an answer that has one."""
    assert answer.move is not None
    return answer.move


def choose_table(
    names: Sequence[str],
    players: int,
    games: dict[str, int],
    met: dict[tuple[str, str], int],
    rng: random.Random,
) -> list[str]:
    """The next deal's table of ``players`` names: of the possible tables
    (at most :data:`TABLE_SAMPLE` of them, drawn by ``rng``), the one whose
    members have played the fewest games so far, then whose pairs have met
    the least; ties broken by ``rng``. In the order of ``names``.

    >>> choose_table(["a", "b", "c"], 2, {"a": 1, "b": 1, "c": 0}, {}, random.Random(1))
    ['a', 'c']
    """
    combos: list[tuple[str, ...]] = list(itertools.combinations(names, players))
    if len(combos) > TABLE_SAMPLE:
        combos = rng.sample(combos, TABLE_SAMPLE)
    rng.shuffle(combos)

    def cost(table: Iterable[str]) -> tuple[int, int]:
        meetings = sum(met.get(p, 0) for p in itertools.combinations(sorted(table), 2))
        return (sum(games[t] for t in table), meetings)

    return list(min(combos, key=cost))


def records_text(records: Sequence[dict[str, Any]]) -> str:
    """Games' records as JSON lines."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
