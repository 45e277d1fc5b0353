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
import logging
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.exc import DataError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.ext.asyncio import create_async_engine

log = logging.getLogger("bohn.server")

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
    # the turn clock: seconds a human seat has per decision (null: no clock)
    sa.Column("clock_s", sa.Integer, nullable=True),
    # the bots' pace where a person follows them: slow, normal or fast (null:
    # think_ms alone sets it, as before migration 0008)
    sa.Column("pace", sa.String(8), nullable=True),
    # seconds a bot keeps its trading open for the people (null: the default)
    sa.Column("trade_s", sa.Integer, nullable=True),
    # whether the seed was chosen by a person (the create request), not drawn
    sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    # why the game could not be loaded (null: it loads); such a game is left
    # out of the lobby and answered 410 (migration 0004)
    sa.Column("broken", sa.Text, nullable=True),
    # the SHA-256 of the client key that created the game (null: made before
    # migration 0005), for the cap on one client's open games
    sa.Column("creator_hash", sa.String(64), nullable=True),
    # the seats the game waits for after its last stored action, comma-
    # separated ("": nobody; null: not known, stored before migration 0007),
    # for the lobby of games not in memory
    sa.Column("waiting", sa.String(64), nullable=True),
    # the game its players started as this one's rematch (null: none yet;
    # migration 0009)
    sa.Column("rematch", sa.String(32), nullable=True),
    # a turn-based game's skips: the times a person's clock may run out
    # before the clock's bot plays for them (null: a real-time game;
    # migration 0011)
    sa.Column("skips", sa.Integer, nullable=True),
    # a rated game: between accounts (and bots), its end moves their
    # ratings (migration 0013, ``bohn.server.ratings``)
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
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
    # the player's name (a bot's: its bot's); None: nobody has taken the seat
    sa.Column("name", sa.String(40), nullable=True),
    # the account the person's seat belongs to (null: its link alone plays
    # it; migration 0010, ``bohn.server.accounts``)
    sa.Column("account_id", sa.String(32), nullable=True),
    # the running deadline of the seat's decision (wall-clock seconds; null:
    # none) and, in a turn-based game, the skips it has left (migration 0011)
    sa.Column("deadline", sa.Float, nullable=True),
    sa.Column("skips_left", sa.Integer, nullable=True),
    # the turn the seat's account was last mailed for (migration 0012)
    sa.Column("mailed_turn", sa.Integer, nullable=True),
    sa.Index("seats_account", "account_id"),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the state the action was chosen on
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),  # JSON
    sa.Column("created_at", sa.Float, nullable=False),
    # true: the server's bot played it for a seat whose turn clock ran out
    sa.Column("by_clock", sa.Boolean, nullable=True),
)


def column_length(column: sa.Column[Any]) -> int:
    """The most characters a string column holds (``String(n)``): what
    PostgreSQL enforces, in characters (code points) as Python's ``len``
    counts them; SQLite stores longer text, so the server checks every
    value against it before storing, alike on both."""
    length = getattr(column.type, "length", None)
    assert isinstance(length, int), column
    return length


#: the longest stored form of a seed (its JSON: quotes, escapes and all)
SEED_COLUMN = column_length(games.c.seed)
#: the longest name a seat stores
NAME_COLUMN = column_length(seats.c.name)
#: the longest bot spec a seat stores
BOT_COLUMN = column_length(seats.c.bot)
#: the longest game id stored
ID_COLUMN = column_length(games.c.id)
#: a game id as the server makes them (``secrets.token_hex``) and as any
#: request may name one: ASCII letters, digits, ``-`` and ``_``, at most the
#: column's length (PostgreSQL cannot even compare text holding NUL)
GAME_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{ID_COLUMN}}}")


def is_game_id(text: str) -> bool:
    """Whether ``text`` could name a game (:data:`GAME_ID`)."""
    return GAME_ID.fullmatch(text) is not None


def seed_text(seed: int | str) -> str:
    """A seed as ``games.seed`` stores it: its JSON, in ASCII (a non-ASCII
    character as ``\\uXXXX``, two for one outside the BMP; a quote or a
    backslash escaped)."""
    return json.dumps(seed)


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


#: the database URLs the server runs on, by scheme
URL_SCHEMES = ("sqlite", "sqlite+aiosqlite", "postgresql", "postgres", "postgresql+psycopg")


def shown_url(url: str) -> str:
    """``url`` as messages show it: without its password."""
    try:
        return str(sa.engine.make_url(url).render_as_string(hide_password=True))
    except Exception:
        return url


def check_url(url: str) -> None:
    """That the server can run on the database ``url`` as far as can be told
    without connecting: a URL of :data:`URL_SCHEMES`, and for SQLite a file
    (not ``:memory:``, which the server's two engines would not share) in a
    folder that exists. ValueError saying what is wrong otherwise."""
    try:
        parsed = sa.engine.make_url(url)
    except Exception:
        raise ValueError(
            f"--db {url!r} is not a database URL; use sqlite:///FILE or postgresql://USER@HOST/DB"
        ) from None
    if parsed.drivername not in URL_SCHEMES:
        raise ValueError(
            f"--db {shown_url(url)}: the server runs on SQLite (sqlite:///FILE) or "
            f"PostgreSQL (postgresql://USER@HOST/DB), not {parsed.drivername}"
        )
    if parsed.drivername.startswith("sqlite"):
        db = parsed.database or ""
        if db in ("", ":memory:") or db.startswith("file:"):
            raise ValueError(f"--db {url}: the server keeps its games in a file: sqlite:///FILE")
        folder = Path(db).expanduser().resolve().parent
        if not folder.is_dir():
            raise ValueError(f"--db {url}: there is no folder {folder} for the database file")
    elif not parsed.database:
        raise ValueError(f"--db {shown_url(url)} names no database (postgresql://USER@HOST/DB)")


def migrate(url: str) -> None:
    """Create or upgrade the schema: ``alembic upgrade head``."""
    from alembic import command
    from alembic.config import Config

    here = Path(__file__).resolve().parent
    cfg = Config()
    cfg.set_main_option("script_location", str(here / "migrations"))
    cfg.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(cfg, "head")


def waiting_text(seats: list[int]) -> str:
    """``seats`` as ``games.waiting`` stores them: ``"0,2"``, ``""`` for none."""
    return ",".join(str(s) for s in sorted(seats))


def parse_waiting(text: str | None) -> list[int] | None:
    """The seats of a ``games.waiting`` value (None: not known, or not
    readable: the lobby then shows it unknown; the game itself still loads)."""
    if text is None:
        return None
    try:
        return [int(s) for s in text.split(",") if s]
    except ValueError:
        return None


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
    #: seconds a human seat has for each decision (None: no turn clock)
    clock_s: int | None = None
    #: whether a person chose the seed (not drawn by the server)
    seed_chosen: bool = False
    #: the seats the game waits for after its last stored action (None: not
    #: known; ``games.waiting``)
    waiting: list[int] | None = None
    #: the bots' pace where a person follows them (``bohn.pacing.PACES``;
    #: None: ``think_ms`` alone, before every bot move)
    pace: str | None = None
    #: seconds a bot keeps its trading open for the people (None: the default)
    trade_s: int | None = None
    #: the id of this game's rematch (None: none yet; ``games.rematch``)
    rematch: str | None = None
    #: a turn-based game's skips (None: real time; ``games.skips``)
    skips: int | None = None
    #: whether the game is rated (``games.rated``)
    rated: bool = False


#: the statuses a game has: running and finished ones are played and listed;
#: an expired one (an open game nobody joined, ``Store.expire``) is neither
STATUSES = ("running", "finished", "expired")
#: the lobby's statuses: ``open`` is a running game with a person's seat
#: nobody has joined yet
LOBBY_STATUSES = ("open", "running", "finished")


def _unjoined() -> sa.ColumnElement[bool]:
    """That a game has a person's seat nobody has joined: with status
    ``running``, the lobby's ``open``."""
    return sa.exists().where(
        seats.c.game_id == games.c.id, seats.c.kind == "human", seats.c.joined == sa.false()
    )


def _lobby_status(status: str | None) -> sa.ColumnElement[bool]:
    """The rows of the lobby's ``status`` (None: every listed game)."""
    if status == "open":
        return sa.and_(games.c.status == "running", _unjoined())
    if status == "running":
        return sa.and_(games.c.status == "running", ~_unjoined())
    if status == "finished":
        return games.c.status == "finished"
    return games.c.status.in_(("running", "finished"))


def cursor_text(created_at: float, game_id: str) -> str:
    """The lobby's cursor after the game created at ``created_at`` (``game_id``)."""
    return f"{created_at!r}_{game_id}"


def parse_cursor(text: str) -> tuple[float, str]:
    """A cursor of :func:`cursor_text`; ValueError saying what is wrong else."""
    at, sep, game_id = text.partition("_")
    try:
        when = float(at)
    except ValueError:
        when = float("nan")
    if not sep or when != when or abs(when) == float("inf") or not is_game_id(game_id):
        raise ValueError(f"cursor {text[:80]!r} is not one the lobby gave (its next_cursor)")
    return when, game_id


class StaleAction(Exception):
    """Another action was stored for the same state first."""


class ExpiredGame(Exception):
    """A game that expired: open, nobody joined it, unchanged for the
    server's time to live of open games (``Store.expire``)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id} expired")
        self.game_id = game_id


class SeatTaken(Exception):
    """The seat was no longer free when it was to be taken."""


class BrokenGame(Exception):
    """A stored game that cannot be loaded (a row that does not decode, a
    bot spec out of bounds, an action its game refuses ...): it is marked
    (``games.broken``) and left out; ``reason`` says what is wrong."""

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be loaded: {reason}")
        self.game_id = game_id
        self.reason = reason


@dataclass(frozen=True)
class Guarded:
    """A statement that must change exactly one row; if it changes none (a
    condition in it no longer holds), its whole submission is refused, as a
    row the database refuses would be (:class:`Writer`)."""

    statement: sa.Executable


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


#: an action row, in the order of :data:`ACTION_COLUMNS`
Row = tuple[str, int, int, str, float, bool | None]
ACTION_COLUMNS = ("game_id", "seq", "seat", "action", "created_at", "by_clock")
#: the most rows one ``INSERT`` statement carries
INSERT_CHUNK = 500
#: a statement and its parameter rows (None: its values are bound)
Statement = tuple[sa.Executable | Guarded, list[dict[str, Any]] | None]


@dataclass
class Write:
    """One submission to the :class:`Writer`: stored all together or not at all."""

    rows: list[Row]
    statements: list[Statement]
    done: asyncio.Future[None]
    #: ``games.waiting`` by game, stored with the rows
    waiting: dict[str, str] = field(default_factory=dict)


class Writer:
    """Every write of the server goes through here, with **group commit**:
    every submission waiting at that moment, of every game, is committed in
    one transaction; each submitter resumes only once its writes are
    committed (or learns that one of its action rows' ``(game, seq)`` was
    taken: :class:`StaleAction`, and nothing of its submission is stored).
    A row or value the database refuses (a constraint, or a value it cannot
    hold: ``DataError``) fails its own submission only; the others of the
    batch are committed each on its own, so one bad request never stops
    another game's moves.

    With SQLite, an in-process library whose commit of a batch (WAL,
    ``synchronous=NORMAL``) takes a few milliseconds, the batch is written
    on the event loop itself, once per turn of the loop: everything
    submitted during one turn is committed at the start of the next. A
    thread would cost more under load, as it waits for Python's global lock
    each time the driver gives it up; and as every write goes through here,
    no other connection holds SQLite's write lock while the loop waits for
    it. With PostgreSQL, a server over the network, one writer thread
    commits a batch while the loop goes on."""

    def __init__(self, url: str) -> None:
        sync = sync_url(url)
        kwargs: dict[str, Any] = {}
        if sync.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine = sa.create_engine(sync, **kwargs)
        if sync.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bohn-writer")
        self.queue: list[Write] = []
        self.task: asyncio.Task[None] | None = None
        #: write on the event loop (SQLite) rather than in the writer thread
        self.inline = sync.startswith("sqlite")
        self._flush_due = False

    async def submit(
        self,
        rows: list[Row],
        statements: list[Statement] | None = None,
        waiting: dict[str, str] | None = None,
    ) -> None:
        """Commit ``statements``, then the action ``rows`` (with their games'
        ``waiting``, by game id): all or nothing."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.queue.append(Write(rows, statements or [], done, waiting or {}))
        if self.inline:
            if not self._flush_due:
                self._flush_due = True
                loop.call_soon(self._flush)
        elif self.task is None or self.task.done():
            self.task = loop.create_task(self._run())
        await done

    def _flush(self) -> None:
        """Commit everything submitted so far, on the loop (SQLite)."""
        self._flush_due = False
        batch, self.queue = self.queue, []
        self._settle(batch, self._write(batch))

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.queue:
            batch, self.queue = self.queue, []
            self._settle(batch, await loop.run_in_executor(self.executor, self._write, batch))

    @staticmethod
    def _settle(batch: list[Write], errors: list[Exception | None]) -> None:
        for w, err in zip(batch, errors, strict=True):
            if w.done.done():
                continue
            if err is None:
                w.done.set_result(None)
            else:
                w.done.set_exception(err)

    def _write(self, batch: list[Write]) -> list[Exception | None]:
        """Store the whole batch in one transaction; if a row is refused,
        each submission in a transaction of its own. The error each
        submitter hears (None: stored); if the database fails, all hear it."""
        try:
            return self._write_batch(batch)
        except Exception as e:
            return [e] * len(batch)

    def _write_batch(self, batch: list[Write]) -> list[Exception | None]:
        try:
            with self.engine.begin() as conn:
                for w in batch:
                    self._statements(conn, w.statements)
                waiting = {
                    g: v for w in batch for g, v in w.waiting.items()
                }  # the last is the latest
                self._insert(conn, [r for w in batch for r in w.rows], waiting)
            return [None] * len(batch)
        except (IntegrityError, DataError):
            pass  # a row the database refused: whose it is, each on its own
        out: list[Exception | None] = []
        for w in batch:
            try:
                with self.engine.begin() as conn:
                    self._statements(conn, w.statements)
                    self._insert(conn, w.rows, w.waiting)
                out.append(None)
            except DataError as e:  # a value the database refused: this submission's
                out.append(e)
            except IntegrityError as e:
                if not w.rows:
                    out.append(e)
                    continue
                game_id, seq = w.rows[0][:2]
                out.append(StaleAction(f"an action for state {seq} of game {game_id} is stored"))
        return out

    @staticmethod
    def _statements(conn: sa.Connection, statements: list[Statement]) -> None:
        for stmt, params in statements:
            if isinstance(stmt, Guarded):
                if conn.execute(stmt.statement).rowcount != 1:
                    raise IntegrityError("guarded statement changed no row", None, SeatTaken())
                continue
            if params is None:
                conn.execute(stmt)
            else:
                conn.execute(stmt, params)

    def _insert(self, conn: sa.Connection, rows: list[Row], waiting: dict[str, str]) -> None:
        """``rows`` as multi-row ``INSERT`` statements (and their games'
        ``updated_at`` and ``waiting``, one ``UPDATE`` for the batch): each
        statement is one step of the driver, so a writer thread gives up
        Python's global lock once per statement rather than once per row,
        queueing behind the busy loop each time."""
        if not rows:
            return
        ids = sorted({r[0] for r in rows})
        stamp: dict[str, Any] = {"updated_at": time.time()}
        if waiting:
            stamp["waiting"] = sa.case(waiting, value=games.c.id, else_=games.c.waiting)
        conn.execute(games.update().where(games.c.id.in_(ids)).values(**stamp))
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
    """The server's database: games, seats and actions. Reads use an
    asynchronous engine; every write goes through the :class:`Writer`."""

    def __init__(self, url: str) -> None:
        self.writer = Writer(url)
        self.url = async_url(url)
        #: actions committed through this store (``/metrics``)
        self.actions_stored = 0
        #: statements committed with each game's actions, given its id and the
        #: state after them (the cluster's lease check and notice,
        #: ``bohn.server.cluster``); None: none
        self.with_actions: Callable[[str, int], list[Statement]] | None = None
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"timeout": 30}
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            sa.event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)

    async def close(self) -> None:
        await self.writer.close()
        await self.engine.dispose()

    async def create_game(self, row: GameRow, creator_hash: str | None = None) -> None:
        """Store the new game ``row`` (running, nobody joined yet) and its
        seats; ``creator_hash``: the address that made it (the open-game limit)."""
        await self.writer.submit([], self._new_game(row, creator_hash))

    async def create_rematch(self, old: GameRow, row: GameRow, creator_hash: str) -> None:
        """Store ``row`` as the rematch of the finished game ``old``, in one
        transaction with ``old``'s ``rematch``; :class:`SeatTaken` (nothing
        stored) if ``old`` has a rematch already."""
        mark = Guarded(
            games.update()
            .where(games.c.id == old.id, games.c.rematch.is_(None))
            .values(rematch=row.id)
        )
        try:
            await self.writer.submit([], [(mark, None), *self._new_game(row, creator_hash)])
        except IntegrityError:
            raise SeatTaken(f"game {old.id} has a rematch already") from None

    @staticmethod
    def _new_game(row: GameRow, creator_hash: str | None) -> list[Statement]:
        """The statements that store the new game ``row`` (running, nobody
        joined yet) and its seats."""
        now = time.time()
        game = games.insert().values(
            id=row.id,
            variant=row.variant,
            players=row.players,
            seed=seed_text(row.seed),
            options=json.dumps(row.options, sort_keys=True),
            think_ms=row.think_ms,
            status="running",
            result=None,
            spectator_hash=row.spectator_hash,
            created_at=now,
            updated_at=now,
            clock_s=row.clock_s,
            seed_chosen=row.seed_chosen,
            creator_hash=creator_hash,
            waiting=None if row.waiting is None else waiting_text(row.waiting),
            pace=row.pace,
            trade_s=row.trade_s,
            skips=row.skips,
            rated=row.rated,
        )
        seat_list = [
            {
                "game_id": row.id,
                "joined": False,
                **{
                    k: s.get(k) for k in ("seat", "kind", "bot", "token_hash", "name", "account_id")
                },
            }
            for s in row.seats
        ]
        return [(game, None), (seats.insert(), seat_list)]

    async def add_actions(
        self,
        game_id: str,
        moves: list[tuple[int, int, dict[str, Any]]],
        by_clock: bool = False,
        waiting: list[int] | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Commit the actions ``(seq, seat, action JSON)`` of one game, all or
        none (with whatever other games commit at the same moment,
        :class:`Writer`); :class:`StaleAction` if a ``seq`` is taken.
        ``by_clock``: the server's bot played them for seats whose turn clock
        ran out (the mark is stored with each row). ``waiting``: the seats
        the game waits for after them (``games.waiting``, for the lobby).
        ``result``: the game ended with them; its row says so in the same
        commit (nobody reads a finished game whose row still says it runs)."""
        now = time.time()
        statements = (
            [] if self.with_actions is None else self.with_actions(game_id, moves[-1][0] + 1)
        )
        if result is not None:
            statements.append((self._finished(game_id, result), None))
        await self.writer.submit(
            [
                (
                    game_id,
                    seq,
                    seat,
                    orjson.dumps(action, option=orjson.OPT_SORT_KEYS).decode(),
                    now,
                    True if by_clock else None,
                )
                for seq, seat, action in moves
            ],
            statements,
            None if waiting is None else {game_id: waiting_text(waiting)},
        )
        self.actions_stored += len(moves)

    async def note_waiting(self, game_id: str, waiting: list[int]) -> None:
        """Store whom a game stored before migration 0007 waits for (its
        ``games.waiting`` is null), once it is loaded; a value written since
        (with an action) is left as it is."""
        note = (
            games.update()
            .where(games.c.id == game_id, games.c.waiting.is_(None))
            .values(waiting=waiting_text(waiting))
        )
        await self.writer.submit([], [(note, None)])

    def _finished(self, game_id: str, result: dict[str, Any]) -> Any:
        """The statement that marks a game finished with ``result``."""
        return (
            games.update()
            .where(games.c.id == game_id)
            .values(status="finished", result=json.dumps(result), updated_at=time.time())
        )

    async def mark_joined(self, game_id: str, seat: int) -> None:
        joined = (
            seats.update()
            .where(seats.c.game_id == game_id, seats.c.seat == seat)
            .values(joined=True)
        )
        await self.writer.submit([], [(joined, None), (self._touch(game_id), None)])

    @staticmethod
    def _touch(game_id: str) -> sa.Executable:
        """The game changed now (``updated_at``: an open game's expiry counts from it)."""
        return games.update().where(games.c.id == game_id).values(updated_at=time.time())

    async def take_seat(
        self, game_id: str, seat: int, name: str, token_hash: str, account_id: str | None = None
    ) -> None:
        """Give the free human seat ``seat`` to the player ``name``, who plays
        it with the token of hash ``token_hash`` (any earlier token of the
        seat stops working), and makes it the account's ``account_id``. :class:`SeatTaken` if the seat is not free in
        the database (taken, joined, a bot's), and nothing is stored."""
        take = Guarded(
            seats.update()
            .where(
                seats.c.game_id == game_id,
                seats.c.seat == seat,
                seats.c.kind == "human",
                seats.c.name.is_(None),
                seats.c.joined == sa.false(),
            )
            .values(name=name, token_hash=token_hash, account_id=account_id)
        )
        try:
            await self.writer.submit([], [(take, None), (self._touch(game_id), None)])
        except IntegrityError:
            raise SeatTaken(f"seat {seat} of game {game_id} is taken") from None

    async def set_deadlines(
        self, game_id: str, deadlines: dict[int, float | None], skips_left: dict[int, int]
    ) -> None:
        """Store the running deadlines of seats (wall-clock seconds; None:
        none) and the skips they have left (a turn-based game's)."""
        statements: list[Statement] = []
        for seat, deadline in sorted(deadlines.items()):
            values: dict[str, Any] = {"deadline": deadline}
            if seat in skips_left:
                values["skips_left"] = skips_left[seat]
            statements.append(
                (
                    seats.update()
                    .where(seats.c.game_id == game_id, seats.c.seat == seat)
                    .values(**values),
                    None,
                )
            )
        await self.writer.submit([], statements)

    async def seat_clocks(self, game_id: str) -> list[dict[str, Any]]:
        """The seats' stored deadlines and skips left (``seat``, ``kind``,
        ``deadline``, ``skips_left``)."""
        q = sa.select(seats.c.seat, seats.c.kind, seats.c.deadline, seats.c.skips_left).where(
            seats.c.game_id == game_id
        )
        async with self.engine.connect() as conn:
            return [dict(r._mapping) for r in (await conn.execute(q))]

    async def change_one(self, statement: sa.Executable) -> bool:
        """Commit ``statement``, which must change exactly one row: whether
        it did (if not, a condition in it no longer held, and nothing of it
        is stored)."""
        try:
            await self.writer.submit([], [(Guarded(statement), None)])
        except IntegrityError:
            return False
        return True

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Mark the game ``game_id`` as one that cannot be loaded (logged)."""
        log.error("game %s cannot be loaded, marked broken: %s", game_id, reason)
        mark = games.update().where(games.c.id == game_id).values(broken=reason[:2000])
        await self.writer.submit([], [(mark, None)])

    def _row(self, g: Any, seat_rows: list[Any]) -> GameRow:
        """The game of the row ``g`` and its seats; :class:`BrokenGame` if
        they do not decode or do not fit together."""
        try:
            row = self._decode(g, seat_rows)
            _check_row(row)
        except BrokenGame:
            raise
        except Exception as e:
            raise BrokenGame(str(g.id), f"{type(e).__name__}: {e}") from None
        return row

    def _decode(self, g: Any, seat_rows: list[Any]) -> GameRow:
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
            clock_s=getattr(g, "clock_s", None),
            pace=getattr(g, "pace", None),
            trade_s=getattr(g, "trade_s", None),
            rematch=getattr(g, "rematch", None),
            skips=getattr(g, "skips", None),
            rated=bool(getattr(g, "rated", False)),
            seats=[
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "token_hash": s.token_hash,
                    "joined": bool(s.joined),
                    "name": s.name,
                    "account_id": getattr(s, "account_id", None),
                    "deadline": getattr(s, "deadline", None),
                    "skips_left": getattr(s, "skips_left", None),
                }
                for s in sorted(seat_rows, key=lambda s: s.seat)
            ],
            seed_chosen=bool(g.seed_chosen),
            waiting=parse_waiting(getattr(g, "waiting", None)),
        )

    async def game(self, game_id: str) -> GameRow | None:
        """The game ``game_id`` (None: no such game); :class:`BrokenGame` if it
        is marked broken, or does not load (it is marked then)."""
        async with self.engine.connect() as conn:
            g = (await conn.execute(games.select().where(games.c.id == game_id))).first()
            if g is None:
                return None
            rows = (await conn.execute(seats.select().where(seats.c.game_id == game_id))).all()
        if g.broken is not None:
            raise BrokenGame(game_id, g.broken)
        if g.status == "expired":
            raise ExpiredGame(game_id)
        try:
            return self._row(g, list(rows))
        except BrokenGame as e:
            await self.mark_broken(game_id, e.reason)
            raise

    async def games(self, status: str | None = None, limit: int = 200) -> list[GameRow]:
        """The latest ``limit`` games (of ``status``), newest first; a game
        that does not load is marked broken and left out, as are the games
        marked so before."""
        async with self.engine.connect() as conn:
            q = (
                games.select()
                .where(games.c.broken.is_(None))
                .order_by(games.c.created_at.desc())
                .limit(limit)
            )
            q = q.where(
                games.c.status == status
                if status is not None
                else games.c.status.in_(("running", "finished"))
            )
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
        out = []
        for g in rows:
            try:
                out.append(self._row(g, by_game.get(g.id, [])))
            except BrokenGame as e:
                await self.mark_broken(e.game_id, e.reason)
        return out

    async def lobby(
        self,
        status: str | None = None,
        variant: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
        ids: list[str] | None = None,
    ) -> tuple[list[tuple[GameRow, int]], str | None]:
        """A page of the lobby, newest first (then by id): at most ``limit``
        games of the lobby's ``status`` (``open``, ``running``, ``finished``;
        None: all), of ``variant``, among ``ids``, created before ``cursor``
        (:func:`cursor_text`); each its row and its ``seq`` (the number of
        its stored actions), read from the stored rows alone, and the cursor
        of the next page (None: this is the last). A row that does not
        decode is marked broken and left out; expired games are not listed."""
        q = games.select().where(games.c.broken.is_(None), _lobby_status(status))
        if variant is not None:
            q = q.where(games.c.variant == variant)
        if ids is not None:
            q = q.where(games.c.id.in_(ids))
        if cursor is not None:
            at, after = parse_cursor(cursor)
            q = q.where(
                sa.or_(
                    games.c.created_at < at,
                    sa.and_(games.c.created_at == at, games.c.id < after),
                )
            )
        q = q.order_by(games.c.created_at.desc(), games.c.id.desc()).limit(limit + 1)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(q)).all()
            page, more = rows[:limit], len(rows) > limit
            found = [g.id for g in page]
            seat_rows = (
                (await conn.execute(seats.select().where(seats.c.game_id.in_(found)))).all()
                if found
                else []
            )
            last = (
                (
                    await conn.execute(
                        sa.select(actions.c.game_id, sa.func.max(actions.c.seq))
                        .where(actions.c.game_id.in_(found))
                        .group_by(actions.c.game_id)
                    )
                ).all()
                if found
                else []
            )
        by_game: dict[str, list[Any]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game_id, []).append(s)
        seqs = {str(r[0]): int(r[1]) + 1 for r in last}
        out: list[tuple[GameRow, int]] = []
        for g in page:
            try:
                out.append((self._row(g, by_game.get(g.id, [])), seqs.get(g.id, 0)))
            except BrokenGame as e:
                await self.mark_broken(e.game_id, e.reason)
        nxt = cursor_text(page[-1].created_at, page[-1].id) if more else None
        return out, nxt

    async def count_open(self, creator_hash: str) -> int:
        """How many open games (the lobby's ``open``) the client of
        ``creator_hash`` created."""
        q = (
            sa.select(sa.func.count())
            .select_from(games)
            .where(
                games.c.creator_hash == creator_hash,
                games.c.broken.is_(None),
                _lobby_status("open"),
            )
        )
        async with self.engine.connect() as conn:
            return int((await conn.execute(q)).scalar_one())

    async def expire(self, before: float, keep: frozenset[str] = frozenset()) -> list[str]:
        """Mark every open game (a person's seat nobody has joined) unchanged
        since ``before`` (``time.time()``; its ``updated_at``: created, a
        seat taken or joined, an action stored) as ``expired``: it leaves the
        lobby and answers 410 (:class:`ExpiredGame`); its rows stay. The
        games of ``keep`` (watched now) are left. The games marked."""
        stale = sa.and_(
            games.c.broken.is_(None), games.c.updated_at < before, _lobby_status("open")
        )
        async with self.engine.connect() as conn:
            found = await conn.execute(sa.select(games.c.id).where(stale))
            ids = [str(r[0]) for r in found if str(r[0]) not in keep]
        for i in range(0, len(ids), INSERT_CHUNK):
            chunk = ids[i : i + INSERT_CHUNK]
            mark = (
                games.update()
                .where(games.c.id.in_(chunk), stale)
                .values(status="expired", updated_at=time.time())
            )
            await self.writer.submit([], [(mark, None)])
        return ids

    async def resumable(self) -> list[str]:
        """The running games the server moves by itself: those with a bot's
        seat or a turn clock (the others wait for a person, and load when
        one asks for them); oldest first."""
        bot = sa.exists().where(seats.c.game_id == games.c.id, seats.c.kind == "bot")
        q = (
            sa.select(games.c.id)
            .where(
                games.c.status == "running",
                games.c.broken.is_(None),
                sa.or_(games.c.clock_s.is_not(None), bot),
            )
            .order_by(games.c.created_at)
        )
        async with self.engine.connect() as conn:
            return [str(r[0]) for r in (await conn.execute(q))]

    async def actions(self, game_id: str) -> list[tuple[int, int, dict[str, Any]]]:
        """``(seq, seat, action JSON)`` of every stored action, in order."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    actions.select().where(actions.c.game_id == game_id).order_by(actions.c.seq)
                )
            ).all()
        return [(r.seq, r.seat, json.loads(r.action)) for r in rows]

    async def clocked(self, game_id: str) -> set[int]:
        """The states (``seq``) whose action the server's bot played because
        the seat's turn clock ran out."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    sa.select(actions.c.seq).where(
                        actions.c.game_id == game_id, actions.c.by_clock.is_(True)
                    )
                )
            ).all()
        return {int(r.seq) for r in rows}


def is_database_error(e: BaseException) -> bool:
    """Whether ``e`` is the database (or the connection to it) failing,
    rather than something wrong with what it holds: such a failure never
    marks a game broken."""
    return isinstance(e, sa.exc.SQLAlchemyError | OSError)


def _check_row(row: GameRow) -> None:
    """That a decoded game row is one the server could have stored:
    ValueError saying what does not fit otherwise."""
    from bohn.bots.base import check_bot_spec

    if isinstance(row.seed, bool) or not isinstance(row.seed, int | str):
        raise ValueError(f"its seed is {type(row.seed).__name__}, not an integer or a string")
    if not isinstance(row.options, dict):
        raise ValueError("its options are not an object")
    if row.result is not None and not isinstance(row.result, dict):
        raise ValueError("its result is not an object")
    if row.status not in STATUSES:
        raise ValueError(f"unknown status {row.status!r}")
    if [s["seat"] for s in row.seats] != list(range(row.players)):
        raise ValueError(
            f"its seats are {[s['seat'] for s in row.seats]} for {row.players} players"
        )
    for s in row.seats:
        if s["kind"] == "bot":
            if not isinstance(s["bot"], str):
                raise ValueError(f"seat {s['seat']} is a bot's without a bot spec")
            check_bot_spec(s["bot"], server=True)
        elif s["kind"] != "human":
            raise ValueError(f"seat {s['seat']} is of unknown kind {s['kind']!r}")
    if not any(s["kind"] == "human" for s in row.seats):
        raise ValueError("it has no human seat")


__all__ = [
    "LOBBY_STATUSES",
    "BrokenGame",
    "ExpiredGame",
    "GameRow",
    "SeatTaken",
    "StaleAction",
    "Store",
    "check_url",
    "is_database_error",
    "metadata",
    "migrate",
    "shown_url",
    "token_hash",
]
