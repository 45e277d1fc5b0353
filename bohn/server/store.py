"""Event-sourced persistence of the server's games (SQLite or PostgreSQL).

A game is its creation row (variant, players, seed, options, seats) plus
its actions in order: replaying the actions on ``Game.new`` rebuilds it
exactly, so that is all the database keeps. An action row is committed
before the action is acknowledged; ``(game_id, seq)`` is the primary key,
so two submissions chosen on the same state cannot both be stored.

The schema is created and upgraded by Alembic (``bohn/server/migrations``):
:func:`migrate` runs ``alembic upgrade head`` on the database the server
starts on.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("variant", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.String(80), nullable=False),  # JSON: an int or a string
    sa.Column("options", sa.Text, nullable=False),  # JSON object
    sa.Column("think_ms", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # running | finished
    sa.Column("result", sa.Text, nullable=True),  # JSON, once finished
    sa.Column("spectator_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot
    sa.Column("bot", sa.String(120), nullable=True),  # the bot spec
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("joined", sa.Boolean, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the state the action was chosen on
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),  # JSON
    sa.Column("created_at", sa.Float, nullable=False),
)


def token_hash(token: str) -> str:
    """How a seat or spectator token is stored: its SHA-256 (tokens are random)."""
    return hashlib.sha256(token.encode()).hexdigest()


def sync_url(url: str) -> str:
    """The database URL for the synchronous driver (Alembic)."""
    if url.startswith("sqlite+aiosqlite:"):
        return "sqlite:" + url[len("sqlite+aiosqlite:") :]
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def async_url(url: str) -> str:
    """The database URL for the asynchronous driver the server runs on."""
    if url.startswith("sqlite:") and not url.startswith("sqlite+"):
        return "sqlite+aiosqlite:" + url[len("sqlite:") :]
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def migrate(url: str) -> None:
    """Create or upgrade the schema: ``alembic upgrade head``."""
    from alembic import command
    from alembic.config import Config

    here = Path(__file__).resolve().parent
    cfg = Config()
    cfg.set_main_option("script_location", str(here / "migrations"))
    cfg.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(cfg, "head")


@dataclass
class GameRow:
    id: str
    variant: str
    players: int
    seed: int | str
    options: dict[str, Any]
    think_ms: int
    status: str
    result: dict[str, Any] | None
    spectator_hash: str
    created_at: float
    seats: list[dict[str, Any]]


class StaleAction(Exception):
    """Another action was stored for the same state first."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


#: an action row, in the order of :data:`ACTION_COLUMNS`
Row = tuple[str, int, int, str, float]
ACTION_COLUMNS = ("game_id", "seq", "seat", "action", "created_at")
#: the most rows one ``INSERT`` statement carries
INSERT_CHUNK = 500


class ActionWriter:
    """Commits action rows with **group commit**: one writer thread takes
    every submission waiting at that moment, of every game, and commits them
    in one transaction; each submitter resumes only once its rows are
    committed (or learns that one of its ``(game, seq)`` was taken:
    :class:`StaleAction`, and none of its rows is stored)."""

    def __init__(self, url: str) -> None:
        sync = sync_url(url)
        kwargs: dict[str, Any] = {}
        if sync.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine = sa.create_engine(sync, **kwargs)
        if sync.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bohn-writer")
        self.queue: list[tuple[list[Row], asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def submit(self, rows: list[Row]) -> None:
        """Commit ``rows`` together: all of them or none."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.queue.append((rows, done))
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._run())
        await done

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.queue:
            batch, self.queue = self.queue, []
            try:
                errors = await loop.run_in_executor(
                    self.executor, self._write, [rows for rows, _ in batch]
                )
            except Exception as e:  # the database failed: every submitter hears it
                errors = [e] * len(batch)
            for (_, done), err in zip(batch, errors, strict=True):
                if done.done():
                    continue
                if err is None:
                    done.set_result(None)
                else:
                    done.set_exception(err)

    def _write(self, groups: list[list[Row]]) -> list[Exception | None]:
        """Insert every group in one transaction; if a row is refused, each
        group in a transaction of its own."""
        now = time.time()
        ids = sorted({r[0] for rows in groups for r in rows})
        try:
            with self.engine.begin() as conn:
                self._insert(conn, [r for rows in groups for r in rows])
                conn.execute(games.update().where(games.c.id.in_(ids)).values(updated_at=now))
            return [None] * len(groups)
        except IntegrityError:
            pass
        out: list[Exception | None] = []
        for rows in groups:
            try:
                with self.engine.begin() as conn:
                    self._insert(conn, rows)
                out.append(None)
            except IntegrityError:
                game_id, seq = rows[0][:2]
                out.append(StaleAction(f"an action for state {seq} of game {game_id} is stored"))
        return out

    def _insert(self, conn: sa.Connection, rows: list[Row]) -> None:
        """``rows`` as multi-row ``INSERT`` statements: each is one step of
        the driver, so the writer thread gives up Python's global lock once
        per statement rather than once per row (which would make it queue
        behind the busy event loop row after row)."""
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        one = "(" + ", ".join([mark] * len(ACTION_COLUMNS)) + ")"
        head = f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) VALUES "
        for i in range(0, len(rows), INSERT_CHUNK):
            chunk = rows[i : i + INSERT_CHUNK]
            conn.exec_driver_sql(
                head + ", ".join([one] * len(chunk)), tuple(v for r in chunk for v in r)
            )

    async def close(self) -> None:
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
        self.executor.shutdown(wait=True)
        self.engine.dispose()


class Store:
    """The server's database: games, seats and actions."""

    def __init__(self, url: str) -> None:
        self.writer = ActionWriter(url)
        self.url = async_url(url)
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"timeout": 30}
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            sa.event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)

    async def close(self) -> None:
        await self.writer.close()
        await self.engine.dispose()

    async def create_game(
        self,
        game_id: str,
        variant: str,
        players: int,
        seed: int | str,
        options: dict[str, Any],
        think_ms: int,
        spectator_hash: str,
        seat_rows: list[dict[str, Any]],
    ) -> None:
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(
                games.insert().values(
                    id=game_id,
                    variant=variant,
                    players=players,
                    seed=json.dumps(seed),
                    options=json.dumps(options, sort_keys=True),
                    think_ms=think_ms,
                    status="running",
                    result=None,
                    spectator_hash=spectator_hash,
                    created_at=now,
                    updated_at=now,
                )
            )
            await conn.execute(
                seats.insert(), [{"game_id": game_id, "joined": False, **r} for r in seat_rows]
            )

    async def add_actions(self, game_id: str, moves: list[tuple[int, int, dict[str, Any]]]) -> None:
        """Commit the actions ``(seq, seat, action JSON)`` of one game, all or
        none (with whatever other games commit at the same moment,
        :class:`ActionWriter`); :class:`StaleAction` if a ``seq`` is taken."""
        now = time.time()
        await self.writer.submit(
            [
                (
                    game_id,
                    seq,
                    seat,
                    orjson.dumps(action, option=orjson.OPT_SORT_KEYS).decode(),
                    now,
                )
                for seq, seat, action in moves
            ]
        )

    async def finish(self, game_id: str, result: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                games.update()
                .where(games.c.id == game_id)
                .values(status="finished", result=json.dumps(result), updated_at=time.time())
            )

    async def mark_joined(self, game_id: str, seat: int) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                seats.update()
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(joined=True)
            )

    def _row(self, g: Any, seat_rows: list[Any]) -> GameRow:
        return GameRow(
            id=g.id,
            variant=g.variant,
            players=g.players,
            seed=json.loads(g.seed),
            options=json.loads(g.options),
            think_ms=g.think_ms,
            status=g.status,
            result=None if g.result is None else json.loads(g.result),
            spectator_hash=g.spectator_hash,
            created_at=g.created_at,
            seats=[
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "token_hash": s.token_hash,
                    "joined": bool(s.joined),
                }
                for s in sorted(seat_rows, key=lambda s: s.seat)
            ],
        )

    async def game(self, game_id: str) -> GameRow | None:
        async with self.engine.connect() as conn:
            g = (await conn.execute(games.select().where(games.c.id == game_id))).first()
            if g is None:
                return None
            rows = (await conn.execute(seats.select().where(seats.c.game_id == game_id))).all()
        return self._row(g, list(rows))

    async def games(self, status: str | None = None, limit: int = 200) -> list[GameRow]:
        async with self.engine.connect() as conn:
            q = games.select().order_by(games.c.created_at.desc()).limit(limit)
            if status is not None:
                q = q.where(games.c.status == status)
            rows = (await conn.execute(q)).all()
            ids = [g.id for g in rows]
            seat_rows = (
                (await conn.execute(seats.select().where(seats.c.game_id.in_(ids)))).all()
                if ids
                else []
            )
        by_game: dict[str, list[Any]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game_id, []).append(s)
        return [self._row(g, by_game.get(g.id, [])) for g in rows]

    async def actions(self, game_id: str) -> list[tuple[int, int, dict[str, Any]]]:
        """``(seq, seat, action JSON)`` of every stored action, in order."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    actions.select().where(actions.c.game_id == game_id).order_by(actions.c.seq)
                )
            ).all()
        return [(r.seq, r.seat, json.loads(r.action)) for r in rows]


__all__ = ["GameRow", "StaleAction", "Store", "metadata", "migrate", "token_hash"]
