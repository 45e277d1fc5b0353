"""``legal_actions`` and ``apply`` agree: the engine refuses exactly what the
rules forbid (the engine contract, ``bohn/engine/game.py``).

For every configuration (each ruleset at each player count, with its game
options: Cognac, the Pub, the duel, Mutterböhnchen for two), random and
greedy games are played; at every step every seat is sent, on a copy of the
game, a sample of candidate actions:

* actions listed earlier in the game (to any seat);
* listed actions with an index shifted (``h1`` for ``h0``, ``f2`` for
  ``f1``, ``t3`` for ``t2``);
* the actions listed to the other seats now.

Each is judged by :func:`judge`:

* **refused**: the error is a :class:`~bohn.engine.errors.BohnError` (never
  another exception) and the game is as it was (``to_json``);
* **accepted**: the action is listed, or it belongs to a family where the
  contract lets ``apply`` accept more than it lists (:data:`FAMILIES`), or it
  is the same move as a listed one up to which of two identical cards it names
  (the game after it is the game after a listed action of its type, up to the
  order of cards within a zone).

Every listed action applies. ``BOHN_SOAK=1`` plays many more games and tries
many more candidates a step (``docs/testing.md``); ``BOHN_SOAK_REPORT=path``
adds the number of tries to ``path``.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from passes import PURE
from passes import SOAK
from passes import per_run

from bohn.engine.actions import Action
from bohn.engine.actions import Propose
from bohn.engine.errors import BohnError
from bohn.engine.game import Game

from .games import CONFIGS
from .games import Config

#: games per configuration and bot kind (the pure pass: random games of
#: each ruleset and option at its fewest players, as ``conftest.full_configs``;
#: the compiled pass: the other games, the same seeds)
GAMES = per_run(1, soak=4)
#: candidates tried per seat and step, from each source (the pure pass one:
#: its games check the sources the compiled pass checks with two)
TRIES = per_run(2, pure=1, soak=8)
#: listed actions applied per step (every one in a soak run; the pure pass one)
LISTED = per_run(2, pure=1, soak=1_000)
#: the bots the games are played with
BOTS = ("random", "greedy")


def families(action: Action) -> str | None:
    """Where the contract lets ``apply`` accept an action that is not listed
    (``bohn/engine/game.py``, ``docs/architecture.md``): the family's name."""
    if isinstance(action, Propose):
        return "proposal"
    return None


def _payment_of_listed(action: Action, listed: list[Action]) -> bool:
    """An explicit payment: the action with another choice of coins than the
    listed one (``pay``, ``name``: which coins pay is the player's choice)."""
    for field in ("pay", "give"):
        if not hasattr(action, field):
            continue
        for b in listed:
            if (
                type(b) is type(action)
                and dataclasses.replace(b, **{field: getattr(action, field)}) == action
            ):
                return True
    return False


def _multiset(x: Any) -> Any:
    """``x`` with every list of plain values sorted: the game up to the order
    of cards within a zone."""
    if isinstance(x, dict):
        return {k: _multiset(v) for k, v in x.items()}
    if isinstance(x, list):
        items = [_multiset(v) for v in x]
        if all(isinstance(v, (str, int, float, bool)) or v is None for v in items):
            return sorted(items, key=repr)
        return items
    return x


def _state(game: Game) -> Any:
    d = game.to_json(last=0)
    return _multiset({"state": d["state"], "seq": d["seq"], "result": game.result()})


def _same_as_listed(game: Game, seat: int, after: Game, listed: list[Action]) -> bool:
    """Whether ``after`` (the game after an unlisted action) is the game after a
    listed action of the same type, up to which identical card moved."""
    want = _state(after)
    kind = type(after.history()[-1][1])
    for b in listed:
        if type(b) is not kind:
            continue
        other = game.clone()
        other.apply(seat, b)
        if _state(other) == want:
            return True
    return False


def judge(game: Game, seat: int, action: Action, listed: list[Action], before: Any) -> str:
    """Try ``action`` for ``seat`` on a copy of ``game``; what it was
    (``refused``, ``listed``, a family's name or ``identical``), or fail."""
    copy = game.clone()
    try:
        copy.apply(seat, action)
    except BohnError:
        after = copy.to_json(last=1)
        assert after == before, (
            f"{game.variant} seq {game.seq}: seat {seat}'s refused {action} changed the game"
        )
        return "refused"
    except Exception as e:
        pytest.fail(
            f"{game.variant} seq {game.seq}: seat {seat}'s {action} raised "
            f"{type(e).__name__}: {e} (apply must refuse with a BohnError)"
        )
    if action in listed:
        return "listed"
    family = families(action)
    if family is not None:
        return family
    if _payment_of_listed(action, listed):
        return "payment"
    if _same_as_listed(game, seat, copy, listed):
        return "identical"
    pytest.fail(
        f"{game.variant} ({game.n} players) seq {game.seq}, phase "
        f"{getattr(game, 'phase_name', '?')}: apply accepted seat {seat}'s {action}, "
        f"which legal_actions does not list: {', '.join(map(str, listed)) or 'nothing'}"
    )


def shifted(action: Action) -> Iterator[Action]:
    """``action`` with one of its indices moved by one up or down."""
    if not dataclasses.is_dataclass(action):
        return
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        for d in (-1, 1, 2):
            if value + d >= 0:
                try:
                    yield dataclasses.replace(action, **{f.name: value + d})
                except (TypeError, ValueError):
                    continue


class Prober:
    """Probes one game at every step; counts what it tried."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.pool: dict[str, Action] = {}
        self.pool_list: list[Action] = []
        self.tried: dict[str, int] = {}

    def __call__(self, game: Game, _seat: int | None, _action: Action | None) -> None:
        if game.result() is not None:
            return
        rng = self.rng
        n = game.n
        listed = [game.legal_actions(s) for s in range(n)]
        before = game.to_json(last=1)
        for s in range(n):
            for a in listed[s]:
                key = str(a)
                if key not in self.pool:
                    self.pool[key] = a
                    self.pool_list.append(a)
        for s in range(n):
            mine = listed[s]
            for a in rng.sample(mine, min(LISTED, len(mine))):
                copy = game.clone()
                copy.apply(s, a)  # every listed action applies
                self._count("listed applies")
            candidates = rng.sample(self.pool_list, min(TRIES, len(self.pool_list)))
            every = [a for ls in listed for a in ls]
            for a in rng.sample(every, min(TRIES, len(every))):
                candidates += list(shifted(a))
            for t in range(n):
                if t != s and listed[t]:
                    candidates += rng.sample(listed[t], min(TRIES, len(listed[t])))
            for a in candidates:
                self._count(judge(game, s, a, mine, before))

    def _count(self, what: str) -> None:
        self.tried[what] = self.tried.get(what, 0) + 1


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every configuration with each bot kind; the pure pass plays the random
    game of each ruleset (without its optional rules) at its fewest players,
    the compiled pass every other (a soak run: all of them)."""
    fewest = {c.variant: c for c in reversed(CONFIGS) if not c.rule_options}
    pure = [(c, "random") for c in fewest.values()]
    cases = [(c, b) for c in CONFIGS for b in BOTS]
    if not SOAK:
        cases = pure if PURE else [case for case in cases if case not in pure]
    metafunc.parametrize(("configuration", "bots"), cases, ids=[f"{c}-{b}" for c, b in cases])


def test_apply_accepts_what_legal_actions_lists(configuration: Config, bots: str) -> None:
    config = configuration
    tried: dict[str, int] = {}
    for g in range(GAMES):
        seed = f"differential-{bots}-{g}"
        prober = Prober(g)
        config.play(seed, prober, bots=bots)
        for k, v in prober.tried.items():
            tried[k] = tried.get(k, 0) + v
    assert tried.get("refused", 0) > 0 and tried.get("listed applies", 0) > 0
    report = os.environ.get("BOHN_SOAK_REPORT")
    if report and SOAK:
        with open(report, "a", encoding="utf-8") as f:
            f.write(f"{config} {bots} {sum(tried.values())} {sorted(tried.items())}\n")
