"""Live games: one :class:`Room` per game, its actions applied one at a time.

A room holds the game, the bots of its bot seats and the connections of the
people watching it. :meth:`Room.act` is the only way a game changes: under
the room's lock it checks the state the action was chosen on, applies it to
a copy, commits it to the store, and only then makes the copy the game and
tells every connection what it may see. Bots act through the same path
after their think time.

Some actions several seats may take at the same moment come in an order the
rules fix (High Bohn: "the current player may buy first", then clockwise).
The game says which, through ``same_moment_rank(seat, action)`` (a seat's
place in that order and the rule; None for the rest). Such a request from
another seat than the first in that order is held for
:data:`PRIORITY_WINDOW` seconds, during which the seats before it act at
once; then the held requests are applied in the rules' order, each if it is
still legal, else refused with a message that names the rule.

Views are sent lazily: a change marks the room, and one task per room sends
each connection its view with the log since the last one it got. While the
room's bots move back to back (no think time), their moves are sent
together when they wait for a person, or every :data:`FLUSH_EVERY`
seconds, so a busy server does not build a view per watcher per bot move.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from typing import Protocol

from bohn.bots.base import Bot
from bohn.bots.base import make_bot
from bohn.bots.base import seat_view
from bohn.describe import LANGS
from bohn.describe import Describer
from bohn.describe import describer
from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.pacing import ANSWER_S
from bohn.pacing import PACES
from bohn.pacing import TRADE_WINDOW_S
from bohn.pacing import TradeWindow
from bohn.pacing import answers_person
from bohn.pacing import holds
from bohn.rulesets import RULESETS
from bohn.rulesets import find_variant
from bohn.server.botpool import BotPool
from bohn.server.botpool import BotSettings
from bohn.server.botpool import PoolClosed
from bohn.server.botpool import decision
from bohn.server.botpool import snapshot
from bohn.server.presence import Presence
from bohn.server.refusals import Refused
from bohn.server.store import BrokenGame
from bohn.server.store import GameRow
from bohn.server.store import StaleAction
from bohn.server.store import Store
from bohn.server.store import is_database_error
from bohn.server.turnclock import TurnClock
from bohn.sim.runner import bot_seed


class ClusterHooks(Protocol):
    """What the hub asks of the cluster it is part of
    (:class:`bohn.server.cluster.Cluster`, which depends on this module)."""

    def follow(self, room: Room) -> None: ...

    async def adopt(self, room: Room) -> None: ...

    async def take_over(self) -> None: ...

    async def close(self) -> None: ...

    async def release(self) -> None: ...

    def health(self) -> dict[str, Any]: ...


log = logging.getLogger("bohn.server")

#: a connection: called with each message for it (a seat's, or a spectator's with None)
Send = Callable[[dict[str, Any]], Awaitable[None]]

#: the longest a run of bot moves without think time goes unseen, in seconds
FLUSH_EVERY = 0.1
#: the most bot moves (without think time) applied and committed together
BOT_RUN = 64
#: the longest such a run holds the server, in seconds
BOT_SLICE = 0.005
#: how often the server moves what it holds out of the collector's way, in seconds
FREEZE_EVERY = 1.0
#: how often the collector looks at everything the server holds, in seconds
FULL_COLLECT_EVERY = 600.0
#: a finished game nobody watches leaves memory after this long unused, in seconds
IDLE_FINISHED = 300.0
#: how long a request the rules put after another seat's at the same moment
#: (a purchase by another seat than the active player) is held, in seconds,
#: so that the seats before it in the rules' order win (``Room.priority_window``)
PRIORITY_WINDOW = 0.3
#: how often the upkeep looks for open games that expired, in seconds
EXPIRE_EVERY = 60.0


@lru_cache(maxsize=1 << 16)
def _action_view(a: Action) -> dict[str, Any]:
    """An action as a view lists it (actions are immutable values; the legal
    lists repeat the same ones, so each is turned into JSON once)."""
    return {"text": a.text(), "action": a.to_json()}


def legal_view(
    game: Game,
    seat: int,
    words: Describer | None = None,
    obs: dict[str, Any] | None = None,
    legal: list[Action] | None = None,
) -> list[dict[str, Any]]:
    """``seat``'s legal actions: each its text form and JSON and, given a
    describer, its sentence (``label``) read from ``obs`` (the seat's
    observation) and whether the game waits for such a move (``advances``;
    False for one allowed at any time, such as a harvest)."""
    if legal is None:
        legal = game.legal_actions(seat)
    if words is None:
        return [_action_view(a) for a in legal]
    o = game.observe(seat) if obs is None else obs
    advances = [words.advances(a, o, seat) for a in legal]
    if not any(advances) and words.to_move(o, seat, sorted(game.waiting_for()), legal):
        # the game waits on moves allowed at any time (a harvest that frees a
        # field for the kept cards, Sissi's action): they are the way forward
        advances = [True] * len(legal)
    labels = words.labels(legal, o, seat)
    return [
        {**_action_view(a), "label": label, "advances": adv}
        for a, label, adv in zip(legal, labels, advances, strict=True)
    ]


@lru_cache(maxsize=64)
def has_client_code(variant: str) -> bool:
    """Whether ``variant``'s ruleset (or one it is built on) has browser code."""
    ruleset = RULESETS.get(variant)
    return ruleset is not None and ruleset.asset("client.js") is not None


def game_view(
    game: Game,
    game_id: str,
    seat: int | None,
    since: int = 0,
    lang: str = "en",
    clocked: set[int] | frozenset[int] = frozenset(),
    *,
    names: list[str | None] | None = None,
    seed_chosen: bool = False,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator): the
    observation, its legal actions and the log from step ``since`` on (step
    0 is the set-up, step ``k + 1`` the action taken at state ``k``), every
    part redacted for that seat. Each log event carries its sentence as the
    game's describer words it in ``lang`` (``text``; none for an event not
    worth a line). A step whose action the server's bot played because the
    seat's turn clock ran out (its state in ``clocked``) is marked
    ``by_clock`` and opens with a ``clock`` event saying so. ``names`` are the players' names, one per seat (None: a
    seat nobody has taken; all None when not given); ``seed_chosen`` whether
    a person chose the seed."""
    words = describer(game, lang if lang in LANGS else "en")
    if names is not None:
        words.with_players(names)
    me = -1 if seat is None else seat
    log_entries: list[dict[str, Any]] = []
    first = max(0, min(since, game.seq + 1))
    for i, (s, a, evs) in enumerate(game.history_since(first), start=first):
        entry: dict[str, Any] = {"step": i, "seat": s, "action": None, "events": []}
        if a is not None:
            entry["action"] = a.to_json() if s == seat else game.action_view(a)
            if i - 1 in clocked:
                entry["by_clock"] = True
                entry["events"].append(
                    {"type": "clock", "seat": s, "text": words.by_clock(-1 if s is None else s, me)}
                )
        for e in evs:
            v = e.view(seat)
            if v is not None:
                text = words.event(v, me)
                entry["events"].append(v if text is None else {**v, "text": text})
        log_entries.append(entry)
    _turn_summaries(game, seat, words, log_entries, first)
    result = game.result()
    obs = game.observe(seat)
    waiting = sorted(game.waiting_for())
    legal = game.legal_actions(seat) if seat is not None else []
    return {
        "type": "state",
        "game": game_id,
        "variant": game.variant,
        "title": type(game).title,
        # the game's options (which cards are in it: High Bohn's Cognac)
        "options": dict(game.options),
        # whether the ruleset draws parts of the table with code of its own
        # (``/rulesets/<variant>/client.js``); the page asks for it only then
        "client_code": has_client_code(game.variant),
        "seat": seat,
        "seq": game.seq,
        "observation": obs,
        "waiting_for": waiting,
        "legal": legal_view(game, seat, words, obs, legal) if seat is not None else [],
        # the seat's situation in words: its phase, whether the game waits
        # for its move, and one sentence saying what it or the others do now
        "phase_name": words.phase_name(obs.get("phase", "")) if "phase" in obs else None,
        # a zone the ruleset names otherwise (the duel's offer in the trading area)
        "zone_names": words.zone_names(obs),
        "your_move": words.to_move(obs, seat, waiting, legal),
        "prompt": words.prompt(obs, seat, waiting, legal, over=result is not None),
        "log": log_entries,
        "result": None if result is None else result.to_json(),
        "names": list(names) if names is not None else [None] * game.n,
        "seed_chosen": seed_chosen,
    }


def _turn_summaries(
    game: Game, seat: int | None, words: Describer, entries: list[dict[str, Any]], first: int
) -> None:
    """Give the log entry that ends a turn (its events hold the next
    ``turn`` event) that turn's summary: ``turn_summary``, one line from the
    turn's events as ``seat`` sees them, and ``turn_seat``, whose turn it was."""
    ends = [
        e for e in entries if any(ev.get("type") == "turn" for ev in e["events"]) and e["step"] > 0
    ]
    if not ends:
        return
    me = -1 if seat is None else seat
    history = game.history_since(0)
    # the events of every step as the viewer sees them, split at the turn marks
    active: int | None = None
    pending: list[dict[str, Any]] = []
    summaries: dict[int, tuple[int, str]] = {}
    for i, (_, _, evs) in enumerate(history):
        for e in evs:
            v = e.view(seat)
            if v is None:
                continue
            if v.get("type") == "turn":
                if active is not None and i >= first:
                    summaries[i] = (active, words.turn_summary(active, pending, me))
                active, pending = v.get("seat"), []
            else:
                pending.append(v)
    for entry in ends:
        got = summaries.get(entry["step"])
        if got is not None:
            entry["turn_seat"], entry["turn_summary"] = got


def seat_names(row: GameRow) -> list[str | None]:
    """The players' names of a game's seats (a bot's seat: its bot's, also
    for a seat stored before seats had names; None: nobody's yet)."""
    out: list[str | None] = []
    for s in row.seats:
        name = s.get("name")
        if name is None and s["kind"] == "bot" and s.get("bot"):
            name = f"{str(s['bot']).split(':', 1)[0]} bot"
        out.append(name)
    return out


def seat_kinds(row: GameRow) -> list[dict[str, Any]]:
    """Who plays each seat: a person (``human``, and whether they have come
    to the table) or a bot, and what bot (``greedy bot``), for the page to
    show beside the name."""
    return [
        {"kind": s["kind"], "bot": f"{str(s['bot']).split(':', 1)[0]} bot"}
        if s["kind"] == "bot"
        else {"kind": "human", "bot": None, "joined": bool(s.get("joined"))}
        for s in row.seats
    ]


@dataclass
class Held:
    """A request held in the priority window: who asked for what, at which
    state, its place in the rules' order and the rule; ``done`` gets the new
    seq or the refusal."""

    seat: int
    action: Action
    seq: int
    rank: int
    rule: str
    done: asyncio.Future[int]


def same_moment_rank(game: Game, seat: int, action: Action) -> tuple[int, str] | None:
    """``seat``'s place (0 first) in the order the rules give actions like
    ``action`` taken at the same moment by several seats, and the rule; None
    if the rules give none (:meth:`bohn.engine.game.Game.same_moment_rank`)."""
    return game.same_moment_rank(seat, action)


@dataclass
class Watcher:
    """A connection to a room: the seat it plays (None: a spectator) and the
    first log step it has not been sent yet."""

    seat: int | None
    sent: int
    #: the language of the log's sentences
    lang: str = "en"
    #: the last state sent, its log left out: a state that would say nothing
    #: new (a person connected whose view this is) is not sent again
    last: dict[str, Any] | None = None


class Room(TurnClock):
    """One live game."""

    def __init__(self, row: GameRow, game: Game, store: Store, pool: BotPool | None = None) -> None:
        self.row = row
        self.game = game
        self.store = store
        self.lock = asyncio.Lock()
        #: the bots' specs by seat (a search bot is made anew in the pool for
        #: each decision, :func:`bohn.server.botpool.snapshot`)
        self.specs: dict[int, str] = {s["seat"]: s["bot"] for s in row.seats if s["kind"] == "bot"}
        self.bots: dict[int, Bot] = {
            seat: make_bot(spec, bot_seed(row.seed, seat)) for seat, spec in self.specs.items()
        }
        #: where the search bots think (the hub's; None: one of the room's own on first use)
        self.pool = pool
        self._own_pool: BotPool | None = None
        #: the bot that decides for a search bot that failed or overran its cap
        self._fallback: Bot | None = None
        #: the connections, by their send function
        self.watchers: dict[Send, Watcher] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._tell_task: asyncio.Task[None] | None = None
        self._dirty = False
        self._told_at = 0.0
        #: when the room was last asked for (``time.monotonic``)
        self.used_at = time.monotonic()
        #: how long a request that yields to another seat's is held, in seconds
        self.priority_window = PRIORITY_WINDOW
        #: the requests held in the priority window, and the task that applies them
        self.held: list[Held] = []
        self._window_task: asyncio.Task[None] | None = None
        #: the turn clock (:class:`~bohn.server.turnclock.TurnClock`)
        self._init_clock(row)
        #: told the row of the game once it ends (a rated game's ratings)
        self.game_over: Callable[[GameRow], None] | None = None
        #: the states whose action the clock's bot played (``Hub`` loads them)
        self.clocked: set[int] = set()
        #: in a cluster, while another process owns the game: sends an action
        #: there and returns its answer (the room's bots and clock rest then);
        #: None: this process applies actions (``bohn.server.cluster``)
        self.forward: Callable[[int, int, Any], Awaitable[int]] | None = None
        #: in a cluster: tells the other processes that the seats changed
        self.announce: Callable[[], None] | None = None
        #: in a cluster, while this process owns the game: tells the other
        #: processes the running deadlines (after each arming of the clock)
        self.tell_clock: Callable[[], None] | None = None
        #: in a cluster, while another process owns the game: the owner's
        #: deadlines (``time.monotonic`` here, by seat) at the state they were told for
        self.owner_deadlines: tuple[int, dict[int, float]] | None = None
        #: the people at the table: the human seats (``bohn.pacing``)
        self.people: frozenset[int] = frozenset(
            s["seat"] for s in row.seats if s["kind"] == "human"
        )
        #: whether each person's page is connected, and when they left or came back
        self.presence = Presence(self.people)
        self._presence_tasks: dict[int, asyncio.Task[None]] = {}
        #: the clock of the pacing (tests move it themselves)
        self.clock: Callable[[], float] = time.monotonic
        #: how long a bot keeps its trading open for the people at the table
        # (in a turn-based game, as long as a move's time: the people answer
        # in their own time)
        self.window = TradeWindow(
            float(
                row.clock_s
                if row.skips is not None and row.clock_s
                else row.trade_s or TRADE_WINDOW_S
            ),
            clock=lambda: self.clock(),
        )
        #: a bot holding back its end of the trading, and the state it did so at
        self.resting: tuple[int, int] | None = None
        self._wake_task: asyncio.Task[None] | None = None

    # -- views ---------------------------------------------------------------

    def view(self, seat: int | None, since: int = 0, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see now (:func:`game_view`),
        with the turn clock (:meth:`clock_view`)."""
        msg = game_view(
            self.game,
            self.row.id,
            seat,
            since,
            lang,
            self.clocked,
            names=seat_names(self.row),
            seed_chosen=self.row.seed_chosen,
        )
        msg["clock"] = self.clock_view()
        msg["trade_window"] = self.trade_view()
        msg["seats"] = seat_kinds(self.row)
        msg["presence"] = self.presence.view()
        # the game its players started as this one's rematch (None: none yet)
        msg["rematch"] = self.row.rematch
        return msg

    def seat_names_changed(self) -> None:
        """A seat was taken: tell every connection the names."""
        if self.announce is not None:
            self.announce()
        self._dirty = True
        self._tell_soon()

    async def watch(self, send: Send, seat: int | None, lang: str = "en") -> None:
        """Add a connection for ``seat`` (its log in ``lang``) and send it the whole view."""
        self.watchers[send] = Watcher(seat, self.game.seq + 1, lang)
        task = self._presence_tasks.pop(seat, None) if seat is not None else None
        if task is not None:
            task.cancel()
        news = self.presence.came(seat, self.game.seq)
        view = self.view(seat, lang=lang)
        self.watchers[send].last = {**view, "log": []}
        await send(view)
        if news:  # the others see the person connected (or back)
            self._dirty = True
            self._tell_soon()

    def unwatch(self, send: Send) -> None:
        watcher = self.watchers.pop(send, None)
        if watcher is None or not self.presence.went(watcher.seat):
            return
        seat = watcher.seat
        assert seat is not None
        self._dirty = True  # the others see the person's page closed at once
        self._tell_soon()

        async def gone() -> None:
            await asyncio.sleep(self.presence.grace)
            if self.presence.check(seat, self.game.seq):
                self._dirty = True
                self._tell_soon()

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a closing server): nobody to tell
            return
        old = self._presence_tasks.pop(seat, None)
        if old is not None:
            old.cancel()
        self._presence_tasks[seat] = loop.create_task(gone())

    def _changed(self) -> None:
        """The game moved on: have every connection told, now or (during a
        run of bot moves without think time) when the run stops."""
        self._dirty = True
        if (
            not self.row.think_ms
            and self._bot_to_move() is not None
            and time.monotonic() - self._told_at < FLUSH_EVERY
        ):
            return  # the bots' next move comes at once; it tells
        self._tell_soon()

    def _tell_soon(self) -> None:
        if self._tell_task is None or self._tell_task.done():
            self._tell_task = asyncio.get_running_loop().create_task(self._tell())

    async def _tell(self) -> None:
        while self._dirty and self.watchers:
            self._dirty = False
            self._told_at = time.monotonic()
            for send, watcher in list(self.watchers.items()):
                if send not in self.watchers:  # gone meanwhile
                    continue
                msg = self.view(watcher.seat, watcher.sent, watcher.lang)
                if not msg["log"] and msg == watcher.last:
                    continue  # nothing new for this connection
                watcher.sent = self.game.seq + 1
                watcher.last = {**msg, "log": []}
                try:
                    await send(msg)
                except Exception:  # a closed connection is dropped
                    self.unwatch(send)

    # -- acting --------------------------------------------------------------

    async def act(self, seat: int, seq: int, action: Any) -> int:
        """Apply ``action`` (an :class:`Action` or its JSON) for ``seat``,
        chosen on state ``seq``; the new state's seq. :class:`Refused` when
        it is stale or illegal (nothing changes then). A request the rules
        put after another seat's at the same moment waits in the priority
        window first (:meth:`_hold`). In a cluster, an action for a game
        another process owns is answered there (:attr:`forward`)."""
        if self.forward is not None:
            return await self.forward(seat, seq, action)
        held = self._to_hold(seat, seq, action)
        if held is not None:
            new_seq = await self._hold(held)
        else:
            async with self.lock:
                new_seq = await self._act(seat, seq, action)
        self.kick_bots()
        return new_seq

    # -- the priority window ---------------------------------------------------

    def _to_hold(self, seat: int, seq: int, action: Any) -> Held | None:
        """The request to hold, if the rules put ``seat`` after another seat
        for this action and it is legal now; None: it is taken (or refused)
        at once."""
        game = self.game
        if self.priority_window <= 0 or game.result() is not None or seq != game.seq:
            return None
        try:
            a = action if isinstance(action, Action) else action_from_json(action)
            order = same_moment_rank(game, seat, a)
            if order is None or order[0] == 0 or not game.is_legal(seat, a):
                return None
        except Exception:
            return None
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        return Held(seat, a, seq, order[0], order[1], done)

    async def _hold(self, held: Held) -> int:
        """Hold ``held`` until the window closes (:meth:`_close_windows`)."""
        self.held.append(held)
        if self._window_task is None or self._window_task.done():
            self._window_task = asyncio.get_running_loop().create_task(self._close_windows())
        return await held.done

    async def _close_windows(self) -> None:
        """After each window, apply the held requests in the rules' order."""
        while self.held:
            await asyncio.sleep(self.priority_window)
            async with self.lock:
                held, self.held = self.held, []
                for h in held:  # the places on the state now (the turn may have passed)
                    order = same_moment_rank(self.game, h.seat, h.action)
                    if order is not None:
                        h.rank = order[0]
                held.sort(key=lambda h: h.rank)
                for h in held:
                    if h.done.done():  # its caller went away
                        continue
                    try:
                        h.done.set_result(await self._apply_held(h))
                    except Exception as e:  # a refusal, or the store failing: its caller's
                        h.done.set_exception(e)

    def _engine_failed(self, seat: int, action: Any, e: Exception) -> Refused:
        """The refusal of an action the engine failed on with something other
        than a refusal (a defect: the contract allows only a BohnError): the
        game is left as it was, and the failure is logged with the game's id."""
        log.error(
            "game %s: the engine failed on seat %s's action %r at state %s",
            self.row.id,
            seat,
            action,
            self.game.seq,
            exc_info=e,
            extra={"game": self.row.id, "seat": seat},
        )
        return Refused(
            "engine-error",
            "bohn could not carry out this action (an error in the game engine, logged on "
            "the server); nothing changed: choose again",
        )

    async def _apply_held(self, h: Held) -> int:
        game = self.game
        if game.result() is not None:
            raise Refused("game-over", "the game is over")
        trial = game.clone()
        try:
            trial.apply(h.seat, h.action)
        except Exception as e:
            if not isinstance(e, BohnError):
                raise self._engine_failed(h.seat, h.action, e) from None
            if game.seq == h.seq:
                raise Refused(e.code, e.message, e.rule) from None
            raise Refused(
                e.code,
                f"{e.message} (requests made at the same moment go in the rules' order, "
                f"{h.rule}: yours waited for the seats before it, and the game moved on)",
                h.rule,
            ) from None
        await self._commit(trial, [(game.seq, h.seat, h.action.to_json())])
        self.window.touch()  # a person acted: the trading stays open longer
        return trial.seq

    async def _act(self, seat: int, seq: int, action: Any) -> int:
        game = self.game
        if game.result() is not None:
            raise Refused("game-over", "the game is over")
        if seq != game.seq:
            raise Refused(
                "stale",
                f"the game has moved on: your action was chosen at state {seq}, "
                f"the game is at state {game.seq}; choose again",
            )
        try:
            a = action if isinstance(action, Action) else action_from_json(action)
            trial = game.clone()
            trial.apply(seat, a)
        except BohnError as e:
            raise Refused(e.code, e.message, e.rule) from None
        except Exception as e:
            raise self._engine_failed(seat, action, e) from None
        await self._commit(trial, [(seq, seat, a.to_json())])
        self.window.touch()  # a person acted: the trading stays open longer
        return trial.seq

    async def _commit(
        self, trial: Game, moves: list[tuple[int, int, dict[str, Any]]], by_clock: bool = False
    ) -> None:
        """Store ``moves`` (they led from the game to ``trial``), then make
        ``trial`` the game and have everyone told (under the lock).
        ``by_clock``: the clock's bot played them (:meth:`_clock_moves`)."""
        ended = trial.result()
        try:
            waiting = [] if ended is not None else sorted(trial.waiting_for())
            await self.store.add_actions(
                self.row.id,
                moves,
                by_clock=by_clock,
                waiting=waiting,
                result=None if ended is None else ended.to_json(),
            )
        except StaleAction as e:
            raise Refused("stale", str(e)) from None
        if by_clock:
            self.clocked.update(seq for seq, _, _ in moves)
        for _, s, _ in moves:  # a seat that acted starts its next decision afresh
            self.deadlines.pop(s, None)
        # the game and its row change together, with no await between them, so
        # nobody reads a finished game whose row still says it runs
        self.game = trial
        if ended is not None:  # stored with the moves
            self.row.status = "finished"
            self.row.result = ended.to_json()
            if self.game_over is not None:
                self.game_over(self.row)
        self.arm_clock()
        self._changed()

    # -- bots ------------------------------------------------------------------

    def _bot_to_move(self, game: Game | None = None) -> int | None:
        """The first bot seat the game waits on that is not holding back its
        end of the trading for the people (:meth:`_hold_back`)."""
        game = game or self.game
        if game.result() is not None:
            return None
        for s in sorted(game.waiting_for()):
            if s in self.bots and not self._rests(s, game):
                return s
        return None

    # -- people set the pace ---------------------------------------------------

    def _rests(self, seat: int, game: Game) -> bool:
        """Whether the bot at ``seat`` holds back its end of the trading at
        this state, the trade window still open."""
        return self.resting == (seat, game.seq) and self.window.is_open()

    def _hold_back(self, game: Game, seat: int, action: Action) -> bool:
        """Whether the bot at ``seat`` holds ``action`` back: it would end the
        trading while a person at the table still trades and the trade
        window (``bohn.pacing``) is open. The bot rests at this state until a
        person acts or the window closes (a task wakes the bots then)."""
        if not holds(game, seat, action, self.people):
            return False
        self.window.watch(game.observe(None).get("turn"))
        if not self.window.is_open():
            return False
        self.resting = (seat, game.seq)
        self._wake_after(self.window.left())
        self._dirty = True  # the countdown is told
        self._tell_soon()
        return True

    def _wake_after(self, seconds: float) -> None:
        """Look for a bot to move again after ``seconds`` (the trade window closing)."""
        if self._wake_task is not None and not self._wake_task.done():
            self._wake_task.cancel()

        async def wake() -> None:
            await asyncio.sleep(seconds)
            self.kick_bots()

        self._wake_task = asyncio.get_running_loop().create_task(wake())

    def trade_view(self) -> dict[str, Any] | None:
        """How long the trading stays open for the people, while a bot holds
        back its end: ``{"seat", "seconds", "left"}`` (None otherwise)."""
        if self.resting is None or not self._rests(self.resting[0], self.game):
            return None
        return {
            "seat": self.resting[0],
            "seconds": self.window.seconds,
            "left": round(self.window.left(), 1),
        }

    def _pace_s(self, seat: int) -> float:
        """Seconds before the move of the bot at ``seat``: ``think_ms`` where
        the game has no pace (as before); else the pace's (``bohn.pacing.PACES``)
        where a person follows the move (a person is waited on too, or the bot
        is the active player and no trading goes on without the people), and
        none where only bots are left (every person has passed). A bot asked
        to answer a person's proposal takes at least :data:`ANSWER_S`, at any
        pace, so that the person sees the proposal stand before the answer."""
        if self.row.pace is None:
            return self.row.think_ms / 1000
        delay = PACES.get(self.row.pace, 0.0)
        if self.people and answers_person(self.game, seat, self.people):
            return max(delay, ANSWER_S)
        if not delay or not self.people:
            return 0.0
        waiting = self.game.waiting_for()
        if self.people & waiting:
            return delay
        obs = self.game.observe(None)
        if obs.get("active") == seat and obs.get("phase") != "trade":
            return delay
        return 0.0

    def kick_bots(self) -> None:
        """Start the bots' loop if a bot seat is waited on and none runs."""
        if self.forward is not None or self._bot_to_move() is None:
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await self._bot_moves()
        except PoolClosed:  # the server stops
            pass
        finally:  # however the run ends, what it did is told
            if self._dirty:
                self._tell_soon()

    async def _bot_moves(self) -> None:
        """The bots move while one is waited on: one move per think time, or
        without think time, a run of moves (at most :data:`BOT_RUN` moves and
        :data:`BOT_SLICE` seconds, so other games get their turn) committed
        together; nobody sees a move before it is committed. A search bot
        thinks in the bot pool, without the game's lock (:meth:`_search_move`)."""
        while True:
            seat = self._bot_to_move()
            if seat is None:
                return
            pace = self._pace_s(seat)
            if pace:
                await asyncio.sleep(pace)
                seat = self._bot_to_move()
                if seat is None:
                    return
            if self.bots[seat].uses_infostate:
                await self._search_move()
            else:
                async with self.lock:
                    trial = self.game.clone()
                    moves = self._bot_run(trial, 1 if pace else BOT_RUN)
                    if moves:
                        await self._commit(trial, moves)
            await asyncio.sleep(0)

    def _pool(self) -> BotPool:
        if self.pool is None:  # a room of its own (tests): a pool of its own
            self.pool = self._own_pool = BotPool()
        return self.pool

    async def _search_move(self) -> None:
        """One decision of the search bot the game waits on: in its turn of
        the bot pool (:meth:`BotPool.turn`, round the games), a snapshot of
        the game taken under the lock, the thinking in a worker without the
        lock (people's actions go on meanwhile), then under the lock again
        the move is committed if the game is still at the snapshot's state;
        if it moved on, the decision is dropped and the loop thinks again.
        A decision that fails or overruns its cap is the greedy bot's."""
        pool = self._pool()
        async with pool.turn(self.row.id):
            async with self.lock:
                seat = self._bot_to_move()
                if seat is None or not self.bots[seat].uses_infostate:
                    return  # the game moved on meanwhile: the loop looks again
                seq = self.game.seq
                data = snapshot(
                    self.game, seat, self.specs[seat], bot_seed(self.row.seed, seat), self.row.id
                )
            action: Action | None = None
            try:
                action = decision(await pool.think(data))
            except PoolClosed:
                raise
            except Exception as e:  # the bot failing, or overrunning its cap
                log.error("bot at seat %s of %s: %r", seat, self.row.id, e)
        async with self.lock:
            if self.game.seq != seq:
                return  # chosen on a state that is gone: think again on the new one
            trial = self.game.clone()
            if action is None:
                if self._fallback is None:
                    self._fallback = make_bot("greedy", bot_seed(self.row.seed, seat))
                action = self._fallback.act(seat_view(trial, seat, self._fallback, {}))
            if self._hold_back(trial, seat, action):
                return
            try:
                trial.apply(seat, action)
            except BohnError as e:  # a bot's mistake: its first legal action instead
                log.warning("bot at seat %s of %s: %s", seat, self.row.id, e.message)
                trial = self.game.clone()
                action = trial.legal_actions(seat)[0]
                trial.apply(seat, action)
            await self._commit(trial, [(seq, seat, action.to_json())])

    def _bot_run(self, game: Game, limit: int) -> list[tuple[int, int, dict[str, Any]]]:
        """Play the moves of bots that do not search on ``game`` (a copy)
        while one is waited on, at most ``limit``; the moves as ``(seq,
        seat, action JSON)``. A search bot's move ends the run (it thinks in
        the bot pool: :meth:`_search_move`)."""
        moves: list[tuple[int, int, dict[str, Any]]] = []
        end = time.perf_counter() + BOT_SLICE
        while len(moves) < limit and (seat := self._bot_to_move(game)) is not None:
            bot = self.bots[seat]
            if bot.uses_infostate:
                break
            view = seat_view(game, seat, bot, {})  # no search here: no information state
            seq = game.seq
            action = bot.act(view)
            if self._hold_back(game, seat, action):
                continue  # another bot may still move; this one rests
            try:
                game.apply(seat, action)  # a refused action changes nothing
            except BohnError as e:  # a bot's mistake: its first legal action instead
                log.warning("bot at seat %s of %s: %s", seat, self.row.id, e.message)
                action = view.legal[0]
                game.apply(seat, action)
            moves.append((seq, seat, action.to_json()))
            if time.perf_counter() > end:
                break
        return moves

    async def stop(self) -> None:
        for h in self.held:
            if not h.done.done():
                h.done.set_exception(Refused("stopped", "the server is stopping"))
        self.held = []
        for task in (
            self._bot_task,
            self._tell_task,
            self._window_task,
            self._clock_task,
            self._wake_task,
            *self._presence_tasks.values(),
        ):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._own_pool is not None:
            await self._own_pool.close()


class Hub:
    """Every live game of the server, loaded from the store on first use."""

    def __init__(
        self,
        store: Store,
        bots: BotSettings | None = None,
        *,
        open_game_ttl: float | None = None,
    ) -> None:
        self.store = store
        #: an open game nobody joined expires after this long unchanged, in
        #: seconds (None: never; ``bohn serve --open-game-ttl``)
        self.open_game_ttl = open_game_ttl
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        #: where every game's search bots think, in turn (``bots``: its
        #: settings; by default those of ``bohn serve``'s flags, botpool.configure)
        self.pool = BotPool(bots)
        #: the servers sharing the database (``bohn serve --cluster``); None: this one alone
        self.cluster: ClusterHooks | None = None
        #: who is told that a game waits for a person (turn mails; None: nobody)
        self.tell_turn: Callable[[TurnClock, list[int]], None] | None = None
        #: who is told that a game ended (ratings; None: nobody)
        self.game_over: Callable[[GameRow], None] | None = None

    def bot_queue_length(self) -> int:
        """Games whose search bot waits for a worker of the bot pool (not
        those thinking now: :attr:`BotPool.thinking`)."""
        return self.pool.queue_length()

    async def room(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is not None:
            room.used_at = time.monotonic()
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            row = await self.store.game(game_id)  # BrokenGame: marked so
            if row is None:
                return None
            try:
                game = await self.rebuild(row)
                room = Room(row, game, self.store, self.pool)
                room.tell_turn = self.tell_turn
                room.game_over = self.game_over
                room.load_deadlines(row.seats)  # a restart goes on with them
                room.clocked = await self.store.clocked(game_id)
                if row.waiting is None and row.status == "running":  # stored before 0007
                    await self.store.note_waiting(game_id, sorted(game.waiting_for()))
            except Exception as e:  # a stored game that does not load is marked broken
                if is_database_error(e):  # the database failing: not the game's fault
                    raise
                reason = f"{type(e).__name__}: {getattr(e, 'message', None) or e}"
                await self.store.mark_broken(game_id, reason)
                raise BrokenGame(game_id, reason) from None
            if self.cluster is not None:  # another process's until the lease says otherwise
                self.cluster.follow(room)
            self.rooms[game_id] = room
        if self.cluster is not None:
            await self.cluster.adopt(room)
        room.kick_bots()
        room.arm_clock()
        return room

    async def rebuild(self, row: GameRow) -> Game:
        """The game as its stored actions left it (event sourcing)."""
        cls = find_variant(row.variant)
        game = cls.new(row.players, row.seed, row.options)
        for seq, seat, action in await self.store.actions(row.id):
            if seq != game.seq:  # pragma: no cover - the primary key prevents it
                raise RuntimeError(f"game {row.id}: action {seq} found at state {game.seq}")
            game.apply(seat, action_from_json(action))
        return game

    async def resume_all(self) -> None:
        """Load the running games the server moves by itself, those with a
        bot's seat or a turn clock (their bots and clocks go on); the others
        load when someone asks for them (:meth:`room`). One that does not
        load is marked broken and skipped (:class:`BrokenGame`). In a
        cluster, the running games no live process owns."""
        if self.cluster is not None:
            await self.cluster.take_over()
            return
        for game_id in await self.store.resumable():
            with contextlib.suppress(BrokenGame):
                await self.room(game_id)

    async def expire(self, now: float | None = None) -> list[str]:
        """Mark the open games nobody has joined that are unchanged for
        :attr:`open_game_ttl` as expired (``Store.expire``; those someone
        watches now are left) and drop them from memory; their ids."""
        if self.open_game_ttl is None:
            return []
        now = time.time() if now is None else now
        # under the loading lock: a game read from the store just before it
        # was marked must not then stay in memory as open
        async with self._loading:
            watched = frozenset(i for i, r in self.rooms.items() if r.watchers)
            gone = await self.store.expire(now - self.open_game_ttl, watched)
            rooms = [r for r in (self.rooms.pop(i, None) for i in gone) if r is not None]
        for room in rooms:
            await room.stop()
        return gone

    def sweep(self, now: float | None = None) -> list[str]:
        """Drop finished games nobody has watched or asked for in
        :data:`IDLE_FINISHED` seconds (they load again from the store on
        the next request); their ids."""
        now = time.monotonic() if now is None else now
        gone = [
            game_id
            for game_id, room in self.rooms.items()
            if room.row.status == "finished"
            and not room.watchers
            and now - room.used_at > IDLE_FINISHED
        ]
        for game_id in gone:
            del self.rooms[game_id]
        return gone

    async def maintain(self) -> None:
        """Runs for the server's life. Live games hold many small objects
        (every game's log), and Python's cyclic collector would stop the
        server for up to a second at a time to look at all of them; every
        :data:`FREEZE_EVERY` seconds what survived is frozen (``gc.freeze``,
        kept out of automatic collections; freed as usual once unused), and
        every :data:`FULL_COLLECT_EVERY` seconds everything is collected
        once. It also drops idle finished games (:meth:`sweep`) and, every
        :data:`EXPIRE_EVERY` seconds from the start, marks open games nobody
        joined as expired (:meth:`expire`)."""
        loop = asyncio.get_running_loop()
        last_full = loop.time()
        last_expiry: float | None = None
        while True:
            if last_expiry is None or loop.time() - last_expiry >= EXPIRE_EVERY:
                last_expiry = loop.time()
                try:
                    await self.expire()
                except Exception:  # the database failing: tried again later
                    log.exception("expiring open games")
            await asyncio.sleep(FREEZE_EVERY)
            self.sweep()
            if loop.time() - last_full > FULL_COLLECT_EVERY:
                gc.unfreeze()
                gc.collect()
                last_full = loop.time()
            else:
                gc.collect(1)
            gc.freeze()

    async def close(self) -> None:
        """Stop: the bot pool first (thinking stops at once; nothing of it was
        stored), then every room's tasks."""
        if self.cluster is not None:
            await self.cluster.close()
        await self.pool.close()
        for room in self.rooms.values():
            await room.stop()
        if self.cluster is not None:
            await self.cluster.release()  # what a room's last work took back


__all__ = ["PRIORITY_WINDOW", "Hub", "Refused", "Room", "game_view", "legal_view", "seat_names"]
