"""Quick games: "find me a game" (``docs/server.md``, Quick game).

A person asks for a ruleset and a player count and says how long they will
wait for other people (:data:`WAIT_RANGE`). Their ticket waits with the
others of the same ruleset and count; as soon as there are as many as the
game has seats, a game is made for them; when the first of them has waited
as long as they said, a game is made for those waiting, bots taking the
other seats at the level the first of them chose (``bohn.bots.levels``). The ticket's secret is the seat's token in the game made
(the database keeps only its SHA-256), so the person plays their seat with
what they already hold. Tickets are rows of the shared database and a
match is stored in one transaction guarded on each ticket being unmatched,
so a cluster's processes never give one person two games.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from bohn.server.store import Guarded
from bohn.server.store import Statement
from bohn.server.store import Store
from bohn.server.store import metadata
from bohn.server.store import token_hash

log = logging.getLogger("bohn.server")

quick_tickets = sa.Table(
    "quick_tickets",
    metadata,
    # the SHA-256 of the ticket's secret (the seat's token once matched)
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("variant", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("account_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    # when the person stops waiting for people: bots fill the other seats
    sa.Column("wait_until", sa.Float, nullable=False),
    # the game made for it and its seat (null: waiting); cancelled: left
    sa.Column("game_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("cancelled", sa.Boolean, nullable=False, server_default=sa.false()),
    # how hard the bots play that fill the seats nobody took (bohn.bots.levels)
    sa.Column("level", sa.String(16), nullable=False, server_default="normal"),
    sa.Index("quick_waiting", "variant", "players", "game_id"),
)

#: the seconds a person may choose to wait for other people, least and most
WAIT_RANGE = (10, 600)
#: a ticket nobody asks about is forgotten this long after it was matched or left
KEEP_S = 3600.0
#: how often the matcher looks at the waiting tickets while some wait, in
#: seconds, and while none does (another process's may: a cluster's)
EVERY_S = 1.0
IDLE_EVERY_S = 10.0
#: how often tickets long matched or left are forgotten, in seconds
FORGET_EVERY_S = 600.0


@dataclass(frozen=True)
class Ticket:
    """A waiting person, as the matcher reads them."""

    token_hash: str
    name: str
    account_id: str | None
    created_at: float
    wait_until: float
    #: the bots' level the person chose (``bohn.bots.levels.LEVELS``)
    level: str = "normal"


#: makes a game for ``(variant, players, tickets)`` with bots in the free
#: seats: its id and the statements that store it
#: (:func:`bohn.server.routes.quick.make_game`)
MakeGame = Callable[[str, int, list[Ticket]], tuple[str, list[Statement]]]


class QuickGames:
    """The tickets of a server's database, and the matcher that makes games of them."""

    def __init__(self, store: Store, make_game: MakeGame, clock: Callable[[], float] = time.time):
        self.store = store
        self.make_game = make_game
        #: the wall clock (tests move it themselves)
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        #: whether the last look found people waiting
        self.busy = False
        self._forgot_at = 0.0

    async def ask(
        self,
        variant: str,
        players: int,
        name: str,
        account_id: str | None,
        wait_s: int,
        level: str = "normal",
    ) -> str:
        """A new ticket; its secret (the seat's token once matched)."""
        secret = secrets.token_urlsafe(24)
        now = self.clock()
        await self.store.writer.submit(
            [],
            [
                (
                    quick_tickets.insert().values(
                        token_hash=token_hash(secret),
                        variant=variant,
                        players=players,
                        name=name,
                        account_id=account_id,
                        created_at=now,
                        wait_until=now + wait_s,
                        level=level,
                    ),
                    None,
                )
            ],
        )
        self._wake.set()
        return secret

    async def look(self, secret: str) -> dict[str, Any] | None:
        """A ticket's state: ``waiting`` (with how many wait with it and the
        seconds left of its wait), ``matched`` (its ``game`` and ``seat``) or
        ``cancelled``; None: no such ticket."""
        h = token_hash(secret)
        async with self.store.engine.connect() as conn:
            row = (
                await conn.execute(sa.select(quick_tickets).where(quick_tickets.c.token_hash == h))
            ).first()
            if row is None:
                return None
            if row.cancelled:
                return {"status": "cancelled"}
            if row.game_id is not None:
                return {"status": "matched", "game": row.game_id, "seat": row.seat}
            n = (
                await conn.execute(
                    sa.select(sa.func.count()).where(*self._open(row.variant, row.players))
                )
            ).scalar_one()
        return {
            "status": "waiting",
            "variant": row.variant,
            "players": row.players,
            "waiting": int(n),
            "seconds_left": max(0, round(row.wait_until - self.clock())),
        }

    async def cancel(self, secret: str) -> bool:
        """Stop waiting (a ticket not matched yet); whether it was waiting."""
        return await self.store.change_one(
            quick_tickets.update()
            .where(
                quick_tickets.c.token_hash == token_hash(secret),
                quick_tickets.c.game_id.is_(None),
                quick_tickets.c.cancelled == sa.false(),
            )
            .values(cancelled=True, wait_until=self.clock())
        )

    @staticmethod
    def _open(variant: str, players: int) -> list[Any]:
        return [
            quick_tickets.c.variant == variant,
            quick_tickets.c.players == players,
            quick_tickets.c.game_id.is_(None),
            quick_tickets.c.cancelled == sa.false(),
        ]

    async def match(self) -> list[str]:
        """Make a game of each full group of waiting tickets, and of each
        group whose oldest ticket has waited long enough; the games made."""
        now = self.clock()
        async with self.store.engine.connect() as conn:
            rows = list(
                await conn.execute(
                    sa.select(quick_tickets)
                    .where(
                        quick_tickets.c.game_id.is_(None), quick_tickets.c.cancelled == sa.false()
                    )
                    .order_by(quick_tickets.c.created_at, quick_tickets.c.token_hash)
                )
            )
        self.busy = bool(rows)
        groups: dict[tuple[str, int], list[Ticket]] = {}
        for r in rows:
            groups.setdefault((r.variant, r.players), []).append(
                Ticket(r.token_hash, r.name, r.account_id, r.created_at, r.wait_until, r.level)
            )
        made = []
        for (variant, players), waiting in sorted(groups.items()):
            while len(waiting) >= players or (waiting and waiting[0].wait_until <= now):
                table, waiting = waiting[:players], waiting[players:]
                game_id = await self._make(variant, players, table)
                if game_id is not None:
                    made.append(game_id)
        if now - self._forgot_at >= FORGET_EVERY_S:
            self._forgot_at = now
            await self._forget(now)
        return made

    async def _make(self, variant: str, players: int, table: list[Ticket]) -> str | None:
        """Store a game for ``table`` (guarded on each ticket still waiting)."""
        try:
            game_id, statements = self.make_game(variant, players, table)
        except Exception:
            log.exception("a quick game of %s for %d could not be made", variant, players)
            return None
        for seat, t in enumerate(table):
            statements.append(
                (
                    Guarded(
                        quick_tickets.update()
                        .where(
                            quick_tickets.c.token_hash == t.token_hash,
                            quick_tickets.c.game_id.is_(None),
                            quick_tickets.c.cancelled == sa.false(),
                        )
                        .values(game_id=game_id, seat=seat)
                    ),
                    None,
                )
            )
        try:
            await self.store.writer.submit([], statements)
        except IntegrityError:  # a ticket left or was matched meanwhile: look again
            return None
        log.info("quick game %s of %s: %d people", game_id, variant, len(table))
        return str(game_id)

    async def _forget(self, now: float) -> None:
        old = quick_tickets.delete().where(
            sa.or_(quick_tickets.c.game_id.is_not(None), quick_tickets.c.cancelled == sa.true()),
            quick_tickets.c.wait_until < now - KEEP_S,
        )
        await self.store.writer.submit([], [(old, None)])

    async def run(self) -> None:
        """Match for the server's life: at once after each new ticket, every
        second while people wait, and every ten seconds while none does."""
        while True:
            # cleared before the look, so that a ticket asked for during it
            # wakes the next one at once
            self._wake.clear()
            try:
                await self.match()
            except Exception:  # the database failing: tried again a moment later
                log.exception("matching quick games")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), EVERY_S if self.busy else IDLE_EVERY_S)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self.run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


__all__ = ["WAIT_RANGE", "QuickGames", "Ticket"]
