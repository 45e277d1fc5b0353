"""Several ``bohn serve --cluster`` processes sharing one PostgreSQL database.

Any process serves any client; each game is **owned** by one process at a
time, through a lease in the database (``leases(game_id, owner,
expires_at)``, migration 0006): only the owner applies actions, runs the
game's bots and its turn clock. The others hold a copy of the game for the
people they serve (a *follower* room).

* **Leases.** A process takes the lease of a game it loads when no live
  process holds it (:meth:`Cluster.acquire`, one ``INSERT ... ON CONFLICT``;
  the database decides who wins), renews its leases every :data:`RENEW_S`
  seconds for :data:`LEASE_S` seconds (by the database's clock, so the
  machines' clocks do not matter), and gives up a game whose lease another
  process took (its bots and clock stop). Every commit of a game's actions
  checks, in the same transaction, that the committing process holds a live
  lease of the game (:meth:`Cluster.with_actions`): a process that lost its
  lease (paused, cut off) can store nothing, so there is one history.
* **Forwarding.** A process asked to apply an action for a game it does not
  own sends it to the owner (``NOTIFY bohn_n_<owner>``, the request as
  JSON) and waits for the answer (``NOTIFY bohn_n_<asker>``): the owner's
  ack or refusal, unchanged. If no process owns the game, the asker takes
  the lease and applies the action itself.
* **State updates.** The notice ``NOTIFY bohn_games '<game> <seq>'`` is sent
  in the transaction that commits the actions (so it arrives exactly when
  they are committed); a process with a follower room of that game loads
  the new actions from the store, applies them to its copy and tells its
  watchers. ``'<game> seats'``: a seat was taken; its rows are read again.
* **Turn clock.** The owner runs a game's clock; each time it arms it
  (after each commit) it sends ``'<game> clock <seq> <seat>=<seconds
  left>,...'``, and the other processes show those deadlines (counted from
  when the notice came) while their copy is at that state, so a seat
  watching through any process sees the same countdown. A process that
  loads a follower room of a game with a clock asks for them (``'<game>
  clock?'``); the owner tells them again. On a takeover the new owner goes
  on with the deadlines it was last told.
* **Takeover.** Every :data:`RENEW_S` seconds each process looks for
  running games whose lease expired (their owner died) and takes them over:
  the lease, then the game replayed from the store (every acknowledged
  action was committed before its acknowledgement), then its bots and clock
  go on. A forwarded action in flight when the owner dies waits for that
  (up to :data:`FORWARD_WAIT_S`); if the dead owner had stored it, the
  asker acknowledges it as stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Coroutine
from functools import partial
from typing import Any

import psycopg
import sqlalchemy as sa

from bohn.engine.actions import action_from_json
from bohn.engine.errors import BohnError
from bohn.server.rooms import Hub
from bohn.server.rooms import Refused
from bohn.server.rooms import Room
from bohn.server.store import BrokenGame
from bohn.server.store import Guarded
from bohn.server.store import Statement
from bohn.server.store import actions
from bohn.server.store import games
from bohn.server.store import sync_url

log = logging.getLogger("bohn.server")

#: how long a lease lasts from its last renewal, in seconds
LEASE_S = 5.0
#: how often the owner renews its leases and every process looks for games to take over
RENEW_S = 1.0
#: the longest a forwarded action waits for its answer (through a takeover), in seconds
FORWARD_WAIT_S = 15.0
#: a follower room nobody watches leaves memory after this long unused, in seconds
IDLE_FOLLOWER_S = 60.0
#: the channel of the games' notices (``<game> <seq>``, ``<game> seats``)
GAMES_CHANNEL = "bohn_games"
#: the most notices sent in one statement
NOTIFY_BATCH = 100
#: the longest NOTIFY payload PostgreSQL takes is 8000 bytes; a request's envelope fits in the rest
MAX_PAYLOAD = 7900

leases = sa.Table(
    "leases",
    sa.MetaData(),
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)

#: the end of a lease taken or renewed now, by the database's clock
_LEASE_END: sa.ColumnElement[Any] = sa.literal_column(f"now() + interval '{LEASE_S} seconds'")


def is_cluster_url(url: str) -> bool:
    """Whether the servers of a cluster can share the database ``url`` (PostgreSQL)."""
    return url.split(":", 1)[0] in ("postgresql", "postgres", "postgresql+psycopg")


def _conninfo(url: str) -> str:
    """``url`` as libpq takes it (``postgresql://...``)."""
    return "postgresql://" + sync_url(url).split("://", 1)[1]


class Cluster:
    """This process's part in a cluster: its leases, its forwarded actions
    and the notices it listens to (module docstring)."""

    def __init__(self, hub: Hub, url: str, node: str | None = None) -> None:
        if not is_cluster_url(url):
            raise ValueError("the servers of a cluster share one PostgreSQL database")
        self.hub = hub
        self.url = _conninfo(url)
        #: this process's id in the leases (and its channel's name)
        self.node = node or secrets.token_hex(8)
        self.channel = f"bohn_n_{self.node}"
        #: the games this process owns
        self.owned: set[str] = set()
        #: games taken over from a process whose lease expired (since the start)
        self.takeovers = 0
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._send: psycopg.AsyncConnection[Any] | None = None
        self._outbox: list[tuple[str, str, asyncio.Future[None]]] = []
        self._sender: asyncio.Task[None] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._catching: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._listening = asyncio.Event()
        #: the owner each game's last forwarded action was answered by (asked
        #: of the leases again when it says it is not, or does not answer)
        self._owners: dict[str, str] = {}

    def health(self) -> dict[str, Any]:
        """What ``/healthz`` says of the cluster."""
        return {"node": self.node, "owned": len(self.owned), "takeovers": self.takeovers}

    # -- starting and stopping ---------------------------------------------------

    async def start(self) -> None:
        """Join: listen to the notices, then renew and take over from here on."""
        self.hub.cluster = self
        self.hub.store.with_actions = self.with_actions
        self._send = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._listen()))
        await asyncio.wait_for(self._listening.wait(), 30)
        self._tasks.append(loop.create_task(self._leases()))

    async def close(self) -> None:
        """Leave: stop the tasks and give the leases up, so that the other
        processes take the games over at once."""
        for task in [*self._tasks, *self._catching.values(), self._sender]:
            if task is None:
                continue
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.release()
        if self._send is not None:
            with contextlib.suppress(Exception):
                await self._send.close()

    async def release(self) -> None:
        """Give every lease of this process up (at :meth:`close`, and again
        once the rooms have stopped: a room's last work may have taken one
        back meanwhile)."""
        with contextlib.suppress(Exception):
            async with self.hub.store.engine.begin() as conn:
                await conn.execute(leases.delete().where(leases.c.owner == self.node))
        self.owned.clear()

    # -- leases ------------------------------------------------------------------

    async def acquire(self, game_id: str) -> bool:
        """Take (or keep) the lease of ``game_id`` if no other process holds a live one."""
        return (await self._acquire(game_id))[0]

    async def _acquire(self, game_id: str) -> tuple[bool, str | None]:
        """:meth:`acquire`, and the lease's owner before (None: no lease)."""
        stmt = sa.text(
            "WITH before AS (SELECT owner FROM leases WHERE game_id = :g) "
            "INSERT INTO leases (game_id, owner, expires_at) "
            f"VALUES (:g, :me, now() + interval '{LEASE_S} seconds') "
            "ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, "
            "expires_at = excluded.expires_at "
            "WHERE leases.expires_at < now() OR leases.owner = excluded.owner "
            "RETURNING (SELECT owner FROM before) AS before"
        )
        async with self.hub.store.engine.begin() as conn:
            got = (await conn.execute(stmt, {"g": game_id, "me": self.node})).first()
        if got is None:
            return False, None
        return True, None if got.before is None else str(got.before)

    async def owner_of(self, game_id: str) -> str | None:
        """The process that holds a live lease of ``game_id`` (None: none)."""
        q = sa.select(leases.c.owner).where(
            leases.c.game_id == game_id, leases.c.expires_at > sa.func.now()
        )
        async with self.hub.store.engine.connect() as conn:
            got = (await conn.execute(q)).first()
        return None if got is None else str(got.owner)

    def with_actions(self, game_id: str, seq: int) -> list[Statement]:
        """What commits with a game's actions: that this process holds a
        live lease of it (else nothing is stored), and the notice. The check
        reads the lease without locking it (it touches the game's row, which
        the commit updates anyway): a renewal, which locks the leases, and
        commits never wait for each other."""
        lease = sa.exists().where(
            leases.c.game_id == game_id,
            leases.c.owner == self.node,
            leases.c.expires_at > sa.func.now(),
        )
        held = Guarded(
            games.update().where(games.c.id == game_id, lease).values(updated_at=games.c.updated_at)
        )
        return [
            (held, None),
            (sa.select(sa.func.pg_notify(GAMES_CHANNEL, f"{game_id} {seq}")), None),
        ]

    async def _leases(self) -> None:
        """Every :data:`RENEW_S` seconds: renew, give up what was lost, take over."""
        while True:
            await asyncio.sleep(RENEW_S)
            try:
                await self._renew()
                await self.take_over()
                self._drop_idle()
            except Exception as e:  # the database failing: the commits' lease check holds
                log.warning("cluster %s: leases: %s", self.node, e)

    async def _renew(self) -> None:
        rooms = self.hub.rooms
        live = {g for g in self.owned if g in rooms and rooms[g].row.status == "running"}
        gone = self.owned - live
        async with self.hub.store.engine.begin() as conn:
            if gone:
                await conn.execute(
                    leases.delete().where(leases.c.owner == self.node, leases.c.game_id.in_(gone))
                )
            kept: set[str] = set()
            if live:
                got = await conn.execute(
                    leases.update()
                    .where(leases.c.owner == self.node, leases.c.game_id.in_(live))
                    .values(expires_at=_LEASE_END)
                    .returning(leases.c.game_id)
                )
                kept = {str(r.game_id) for r in got}
        self.owned -= gone
        for game_id in live - kept:  # another process took it
            log.warning("cluster %s: lost the lease of %s", self.node, game_id)
            room = rooms.get(game_id)
            if room is not None:
                await self._demote(room)

    async def take_over(self) -> None:
        """Take the running games no live process owns (their owner died):
        each one's lease, then the game from the store, its bots and clock."""
        q = (
            sa.select(games.c.id)
            .select_from(games.outerjoin(leases, leases.c.game_id == games.c.id))
            .where(
                games.c.status == "running",
                games.c.broken.is_(None),
                sa.or_(leases.c.game_id.is_(None), leases.c.expires_at < sa.func.now()),
            )
            .limit(1000)
        )
        async with self.hub.store.engine.connect() as conn:
            ids = [str(r.id) for r in await conn.execute(q)]
        for game_id in ids:
            room = self.hub.rooms.get(game_id)
            try:
                if room is None:
                    await self.hub.room(game_id)  # loading it takes it (adopt)
                elif room.forward is not None:
                    await self.promote(room)
            except BrokenGame:
                continue

    def _drop_idle(self) -> None:
        now = time.monotonic()
        for game_id, room in list(self.hub.rooms.items()):
            idle = now - room.used_at > IDLE_FOLLOWER_S
            if room.forward is not None and not room.watchers and idle:
                del self.hub.rooms[game_id]

    # -- rooms: following and owning ---------------------------------------------

    def follow(self, room: Room) -> None:
        """Make ``room`` a follower: its actions go to the owner, its bots and clock rest."""
        room.forward = partial(self.forward, room)
        room.announce = partial(self._announce, room.row.id)
        room.tell_clock = partial(self._tell_clock, room)

    async def adopt(self, room: Room) -> None:
        """A room just loaded: this process's if no other owns the game, else
        a follower brought up to the store (a notice may have come while it loaded)."""
        if room.row.status == "finished":
            room.forward = None  # nothing more to apply: any process answers it
            return
        if not await self.promote(room):
            await self._catch_up(room)
            if room.clock_s is not None:  # the owner's deadlines, to show them here
                self._spawn(self._notify(GAMES_CHANNEL, f"{room.row.id} clock?"))

    async def promote(self, room: Room) -> bool:
        """Own ``room``'s game if its lease is free: the lease, the actions
        stored since the copy, then its bots and clock. Whether it is ours."""
        got, before = await self._acquire(room.row.id)
        if not got:
            return False
        if before is not None and before != self.node:  # its owner died: a takeover
            self.takeovers += 1
            log.info("cluster %s: took over game %s from %s", self.node, room.row.id, before)
        async with room.lock:
            await self._catch_up_locked(room)
            told = room.shown_deadlines()  # the last owner's, at this state
            room.forward = None
            room.deadlines = dict(told)
            room.owner_deadlines = None
            if not told and room.clock_s is not None:  # none told: the stored ones
                room.load_deadlines(await room.store.seat_clocks(room.row.id))
        self.owned.add(room.row.id)
        room.kick_bots()
        room.arm_clock()
        return True

    async def _demote(self, room: Room) -> None:
        """Another process owns the game now: stop its bots and clock here."""
        self.owned.discard(room.row.id)
        self.follow(room)
        room.deadlines.clear()
        for task in (room._bot_task, room._clock_task):
            if task is not None:
                task.cancel()
        await self._catch_up(room)

    async def _catch_up(self, room: Room) -> None:
        async with room.lock:
            await self._catch_up_locked(room)

    async def _catch_up_locked(self, room: Room) -> None:
        """Apply to ``room``'s copy the actions stored since it (under its lock)
        and tell its watchers."""
        q = (
            sa.select(actions.c.seq, actions.c.seat, actions.c.action, actions.c.by_clock)
            .where(actions.c.game_id == room.row.id, actions.c.seq >= room.game.seq)
            .order_by(actions.c.seq)
        )
        async with self.hub.store.engine.connect() as conn:
            rows = (await conn.execute(q)).all()
        if not rows:
            return
        game = room.game.clone()
        try:
            for r in rows:
                if r.seq != game.seq:
                    raise RuntimeError(f"action {r.seq} found at state {game.seq}")
                game.apply(r.seat, action_from_json(json.loads(r.action)))
                if r.by_clock:
                    room.clocked.add(int(r.seq))
        except (BohnError, RuntimeError) as e:  # pragma: no cover - one history in the store
            log.error(
                "cluster %s: game %s does not follow its store: %s", self.node, room.row.id, e
            )
            return
        room.game = game
        result = game.result()
        if result is not None and room.row.status != "finished":
            room.row.status = "finished"
            room.row.result = result.to_json()
        room._dirty = True
        room._tell_soon()

    # -- forwarding ----------------------------------------------------------------

    async def forward(self, room: Room, seat: int, seq: int, action: Any) -> int:
        """Apply ``action`` through the game's owner (this process if the
        lease is free): the new state's seq, or the owner's refusal."""
        game_id = room.row.id
        payload = json.dumps(
            {
                "op": "act",
                "reply": self.node,
                "game": game_id,
                "seat": seat,
                "seq": seq,
                "action": action,
            }
        )
        if len(payload.encode()) > MAX_PAYLOAD:
            try:  # what the owner would say of an action that does not parse
                action_from_json(action)
            except BohnError as e:
                raise Refused(e.code, e.message, e.rule) from None
            raise Refused(
                "too-large", f"an action forwarded in a cluster holds at most {MAX_PAYLOAD} bytes"
            )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FORWARD_WAIT_S
        unanswered = False  # sent to an owner that gave no answer (it may have stored it)
        while room.forward is not None:
            owner = self._owners.pop(game_id, None) or await self.owner_of(game_id)
            if owner is None or owner == self.node:
                if await self.promote(room):
                    break
                continue
            answer = await self._ask(owner, game_id, payload, deadline)
            if answer is None:
                unanswered = True
                if loop.time() > deadline:
                    raise Refused(
                        "unavailable",
                        f"the server owning game {game_id} did not answer within "
                        f"{FORWARD_WAIT_S:g} s; send the action again",
                    )
                continue
            if answer.get("error", {}).get("code") != "not-owner":
                self._owners[game_id] = owner
            if "seq" in answer:
                return int(answer["seq"])
            err = answer["error"]
            if err["code"] == "not-owner":
                await asyncio.sleep(0.02)
                continue
            if (
                err["code"] == "stale"
                and unanswered
                and await self._stored(game_id, seq, seat, action)
            ):
                return seq + 1
            raise Refused(err["code"], err["message"], err.get("rule"))
        try:
            return await room.act(seat, seq, action)
        except Refused as e:
            if e.code == "stale" and unanswered and await self._stored(game_id, seq, seat, action):
                return seq + 1
            raise

    async def _ask(
        self, owner: str, game_id: str, payload: str, deadline: float
    ) -> dict[str, Any] | None:
        """Send a request to ``owner``; its answer, or None once it no longer
        holds the game's lease (or the deadline passed) without answering."""
        loop = asyncio.get_running_loop()
        rid = secrets.token_hex(8)
        fut: asyncio.Future[dict[str, Any]] = loop.create_future()
        self._pending[rid] = fut
        try:
            await self._notify(f"bohn_n_{owner}", payload[:-1] + f', "id": "{rid}"}}')
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(fut), RENEW_S)
                except TimeoutError:
                    if loop.time() > deadline or await self.owner_of(game_id) != owner:
                        return None
        finally:
            self._pending.pop(rid, None)

    async def _stored(self, game_id: str, seq: int, seat: int, action: Any) -> bool:
        """Whether the store holds this very action of ``seat`` at state ``seq``."""
        try:
            mine = action_from_json(action).to_json()
        except BohnError:
            return False
        q = sa.select(actions.c.seat, actions.c.action).where(
            actions.c.game_id == game_id, actions.c.seq == seq
        )
        async with self.hub.store.engine.connect() as conn:
            got = (await conn.execute(q)).first()
        return got is not None and got.seat == seat and json.loads(got.action) == mine

    async def _answer(self, msg: dict[str, Any]) -> None:
        """A request forwarded to this process: apply it if the game is ours, and answer."""
        answer: dict[str, Any]
        try:
            room = await self.hub.room(str(msg["game"]))
            if room is None or room.forward is not None:
                answer = {"error": {"code": "not-owner", "message": "not the owner", "rule": None}}
            else:
                answer = {"seq": await room.act(int(msg["seat"]), int(msg["seq"]), msg["action"])}
        except Refused as e:
            answer = {"error": e.to_json()}
        except BrokenGame as e:
            answer = {"error": {"code": "broken", "message": str(e), "rule": None}}
        except Exception as e:  # the store failing
            log.exception("cluster %s: forwarded action", self.node)
            answer = {
                "error": {"code": "unavailable", "message": f"the server failed: {e}", "rule": None}
            }
        answer["op"], answer["id"] = "answer", msg["id"]
        with contextlib.suppress(Exception):
            await self._notify(f"bohn_n_{msg['reply']}", json.dumps(answer))

    # -- notices -------------------------------------------------------------------

    async def _notify(self, channel: str, payload: str) -> None:
        """Send a notice; the notices asked for meanwhile go together, in one
        statement (one round trip for up to :data:`NOTIFY_BATCH`)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._outbox.append((channel, payload, done))
        if self._sender is None or self._sender.done():
            self._sender = loop.create_task(self._send_out())
        await done

    async def _send_out(self) -> None:
        while self._outbox:
            batch = self._outbox[:NOTIFY_BATCH]
            del self._outbox[:NOTIFY_BATCH]
            try:
                await self._send_batch([(c, p) for c, p, _ in batch])
            except Exception as e:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(e)
                continue
            for _, _, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _send_batch(self, batch: list[tuple[str, str]]) -> None:
        sql = "SELECT " + ", ".join(["pg_notify(%s, %s)"] * len(batch))
        params = [x for pair in batch for x in pair]
        for attempt in range(2):
            try:
                if self._send is None or self._send.closed:
                    self._send = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                await self._send.execute(sql, params)
                return
            except psycopg.OperationalError:
                self._send = None
                if attempt:
                    raise

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    def _announce(self, game_id: str) -> None:
        self._spawn(self._notify(GAMES_CHANNEL, f"{game_id} seats"))

    def _tell_clock(self, room: Room) -> None:
        """Tell the other processes ``room``'s running deadlines (this process owns it)."""
        now = time.monotonic()
        left = ",".join(f"{s}={max(0.0, d - now):.2f}" for s, d in sorted(room.deadlines.items()))
        self._spawn(self._notify(GAMES_CHANNEL, f"{room.row.id} clock {room.game.seq} {left}"))

    def _clock_heard(self, room: Room, told: str) -> None:
        """The owner's deadlines ``'<seq> <seat>=<seconds left>,...'`` for a follower room."""
        seq, _, left = told.partition(" ")
        now = time.monotonic()
        try:
            deadlines = {
                int(s): now + float(t)
                for s, _, t in (p.partition("=") for p in left.split(",") if p)
            }
            room.owner_deadlines = (int(seq), deadlines)
        except ValueError:  # pragma: no cover - every process sends this form
            log.warning("cluster %s: a clock notice not understood: %r", self.node, told)
            return
        room._dirty = True
        room._tell_soon()

    async def _listen(self) -> None:
        """The notices and requests for this process, for its life; after a
        lost connection it listens again and brings every follower up to the store."""
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {GAMES_CHANNEL}")
                    await conn.execute(f"LISTEN {self.channel}")
                    self._listening.set()
                    if not first:
                        for room in list(self.hub.rooms.values()):
                            if room.forward is not None:
                                self._follow_up(room.row.id)
                    first = False
                    async for n in conn.notifies():
                        self._heard(n.channel, n.payload)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("cluster %s: listening: %s", self.node, e)
                await asyncio.sleep(0.5)

    def _heard(self, channel: str, payload: str) -> None:
        if channel == GAMES_CHANNEL:
            game_id, _, what = payload.partition(" ")
            room = self.hub.rooms.get(game_id)
            if room is None:
                return
            if what == "seats":
                self._spawn(self._seats(room))
            elif what == "clock?":
                if room.forward is None and game_id in self.owned and room.clock_s is not None:
                    self._tell_clock(room)
            elif what.startswith("clock "):
                if room.forward is not None:
                    self._clock_heard(room, what[len("clock ") :])
            elif room.forward is not None:
                self._follow_up(game_id)
            return
        msg = json.loads(payload)
        if msg.get("op") == "act":
            self._tasks.append(t := asyncio.get_running_loop().create_task(self._answer(msg)))
            t.add_done_callback(self._tasks.remove)
        elif msg.get("op") == "answer":
            fut = self._pending.get(str(msg.get("id")))
            if fut is not None and not fut.done():
                fut.set_result(msg)

    def _follow_up(self, game_id: str) -> None:
        """Bring the follower room of ``game_id`` up to the store (one task at a time)."""
        if game_id in self._catching:
            self._again.add(game_id)
            return
        self._catching[game_id] = asyncio.get_running_loop().create_task(self._follow(game_id))

    async def _follow(self, game_id: str) -> None:
        try:
            while True:
                self._again.discard(game_id)
                room = self.hub.rooms.get(game_id)
                if room is None or room.forward is None:
                    return
                try:
                    await self._catch_up(room)
                except Exception as e:  # the store failing: the next notice tries again
                    log.warning("cluster %s: following %s: %s", self.node, game_id, e)
                    return
                if game_id not in self._again:
                    return
        finally:
            self._catching.pop(game_id, None)

    async def _seats(self, room: Room) -> None:
        """A seat was taken on some process: its rows again, and everyone told."""
        try:
            row = await self.hub.store.game(room.row.id)
        except BrokenGame:
            return
        if row is not None:
            room.row.seats = row.seats
            room._dirty = True
            room._tell_soon()


__all__ = ["FORWARD_WAIT_S", "LEASE_S", "RENEW_S", "Cluster", "is_cluster_url", "leases"]
