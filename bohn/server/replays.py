"""A stored game's board at every step, for the replay viewer.

:class:`Replayed` re-plays a game from its replay (its actions and its
recorded shuffles, ``docs/replay.md``) once, keeping a copy of the game every
:data:`CHECKPOINT_EVERY` steps; the board at step ``k`` (the game after ``k``
actions; step 0 is the set-up) is the nearest copy before it played forward.
:func:`step_view` is what a spectator sees at that step (:func:`game_view`
with ``legal: []``); once the game is over every seat's hand is revealed:
each seat of the observation carries the ``hand`` (and whatever else only
that seat sees, such as face-down coins) of that seat's own observation at
that step and the view says ``"reveal": true``.

:class:`ReplayCache` keeps the last few replayed games by game id (and the
number of actions, so a running game is replayed again once it moved on).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from bohn.describe import LANGS
from bohn.describe import describer
from bohn.engine.game import Game
from bohn.server.rooms import game_view

#: how many steps lie between two kept copies of a replayed game
CHECKPOINT_EVERY = 32
#: the most steps one request asks for
MAX_STEPS = 200
#: how many replayed games the server keeps
CACHE_SIZE = 8


class Replayed:
    """A game re-played from its beginning: its board at any step."""

    def __init__(self, game: Game) -> None:
        cls = type(game)
        self.actions = game.actions()
        #: the last step (the number of actions)
        self.last = len(self.actions)
        self.over = game.result() is not None
        forced = game.chance_results()
        g = cls.new(game.n, game.seed, dict(game.options), forced_chance=forced)
        self.checkpoints: list[Game] = [g.clone()]
        for k, (seat, action) in enumerate(self.actions, start=1):
            g.apply(seat, action)
            if k % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(g.clone())
        #: the turn and the active seat at every step, and every step's sentences (built lazily)
        self._turns: dict[tuple[str, tuple[str | None, ...]], list[dict[str, Any]]] = {}

    def games(self, first: int, last: int) -> list[Game]:
        """The game at every step from ``first`` to ``last`` (each its own copy)."""
        k = first // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        g = self.checkpoints[k // CHECKPOINT_EVERY].clone()
        out: list[Game] = []
        while k <= last:
            if k >= first:
                out.append(g.clone() if k < last else g)
            if k < last:
                seat, action = self.actions[k]
                g.apply(seat, action)
            k += 1
        return out

    def turns(self, lang: str, names: Sequence[str | None] = ()) -> list[dict[str, Any]]:
        """The game turn by turn: ``{turn, active, step, last, lines}`` — the
        step whose board shows the turn's start (where its ``turn`` event
        came), its last step, and its sentences (the spectator's log, as the
        describer words it in ``lang``, naming the seats by ``names``; the turn's own
        heading left out). A
        game whose log has no ``turn`` events starts a turn where the
        observation's ``turn`` changes (:meth:`_turns_by_observation`)."""
        key = (lang, tuple(names))
        if key in self._turns:
            return self._turns[key]
        final = self.games(self.last, self.last)[0]
        words = describer(final, lang).with_players(names)
        first = self.checkpoints[0].observe(None)
        out: list[dict[str, Any]] = [
            {
                "turn": first.get("turn"),
                "active": first.get("active"),
                "step": 0,
                "last": 0,
                "lines": [],
            }
        ]
        for k, (_seat, _action, evs) in enumerate(final.history()):
            for e in evs:
                v = e.view(None)
                if v is None:
                    continue
                if v.get("type") == "turn" and k > 0:
                    out[-1]["last"] = k
                    out.append(
                        {
                            "turn": v.get("turn"),
                            "active": v.get("seat"),
                            "step": k,
                            "last": k,
                            "lines": [],
                        }
                    )
                    continue
                text = words.event(v, -1)
                if text and v.get("type") != "turn":
                    out[-1]["lines"].append({"step": k, "text": text})
            out[-1]["last"] = k
        if len(out) == 1 and self.last > 0:
            out = self._turns_by_observation(out[0]["lines"])
        self._turns[key] = out
        return out

    def _turns_by_observation(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The turns of a game whose log names none: a turn starts at each
        step whose board shows another ``turn`` than the step before, and that
        step's sentences belong to it."""
        out: list[dict[str, Any]] = []
        by_step: dict[int, list[dict[str, Any]]] = {}
        for line in lines:
            by_step.setdefault(line["step"], []).append(line)
        for k, g in enumerate(self.games(0, self.last)):
            o = g.observe(None)
            turn, active = o.get("turn"), o.get("active")
            if not out or out[-1]["turn"] != turn:
                out.append({"turn": turn, "active": active, "step": k, "last": k, "lines": []})
            out[-1]["last"] = k
            out[-1]["lines"].extend(by_step.get(k, []))
        return out


def step_view(
    game: Game,
    game_id: str,
    lang: str,
    reveal: bool,
    *,
    names: list[str | None] | None = None,
    seed_chosen: bool = False,
    seats: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The spectator's view of ``game`` (a replayed game at some step) with
    only that step's log; with ``reveal``, every seat's hand too. ``names``
    and ``seed_chosen`` as in :func:`bohn.server.rooms.game_view`, ``seats``
    as the live view's (:func:`bohn.server.rooms.seat_kinds`); a step of
    the past has no turn clock running (``clock`` null), no trade window, no
    presence and no rematch."""
    lang = lang if lang in LANGS else "en"
    view = game_view(game, game_id, None, game.seq, lang, names=names, seed_chosen=seed_chosen)
    view["clock"] = None
    view["trade_window"] = None
    view["seats"] = seats
    view["presence"] = None
    view["rematch"] = None
    if reveal:
        obs = view["observation"]
        seats = obs.get("seats")
        if isinstance(seats, list):
            revealed = []
            for i, s in enumerate(seats):
                own = game.observe(i)["seats"][i]  # what only that seat saw
                revealed.append({"hand": [], **s, **{k: v for k, v in own.items() if k not in s}})
            obs["seats"] = revealed
        view["reveal"] = True
    return view


class ReplayCache:
    """The last :data:`CACHE_SIZE` replayed games, by game id."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[int, Replayed]] = OrderedDict()

    def get(self, game_id: str, game: Game) -> Replayed:
        """The replayed ``game`` (the live game of ``game_id``)."""
        hit = self._games.get(game_id)
        if hit is not None and hit[0] == game.seq:
            self._games.move_to_end(game_id)
            return hit[1]
        replayed = Replayed(game)
        self._games[game_id] = (game.seq, replayed)
        self._games.move_to_end(game_id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)
        return replayed


__all__ = ["CACHE_SIZE", "MAX_STEPS", "ReplayCache", "Replayed", "step_view"]
