"""Accounts: a name and a password that carry a person's games from one
device to the next (``docs/server.md``, Accounts). They are optional: a
guest plays by seat links, as before.

* **Passwords** are hashed with Argon2id at ``argon2-cffi``'s recommended
  parameters (RFC 9106's low-memory profile: 3 passes over 64 MiB, 4 lanes),
  in a worker thread, at most :data:`HASHING_AT_ONCE` at a time.
* **Sessions** are random cookies (``bohn_session``: ``HttpOnly``,
  ``SameSite=Lax``, ``Secure`` on https); the database keeps their SHA-256
  and the SHA-256 of the session's CSRF token, which the page sends back in
  the ``X-CSRF-Token`` header of every request that changes something
  (:mod:`bohn.server.csrf`). Signing in always starts a new session, so a
  cookie planted before cannot be carried into an account (session
  fixation).
* **Signing in** answers the same, in the same steps, whether the name is
  unknown or the password wrong: an unknown name's password is checked
  against a hash of the same parameters, and both failures count against
  the name (:data:`SIGN_IN_FAILURES` in :data:`SIGN_IN_WINDOW_S`), in the
  database, so that the limit holds across a cluster and says nothing about
  which names exist.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError
from argon2.exceptions import VerificationError
from argon2.exceptions import VerifyMismatchError
from sqlalchemy.exc import IntegrityError

from bohn.server.http import BadRequest
from bohn.server.store import Store
from bohn.server.store import column_length
from bohn.server.store import games
from bohn.server.store import metadata
from bohn.server.store import seats
from bohn.server.store import token_hash

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    # the name as its owner wrote it (trimmed, NFC)
    sa.Column("name", sa.String(40), nullable=False),
    # the name's case-folded NFKC form: unique, so "Anna" and "ANNA" are one
    sa.Column("name_key", sa.String(160), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # when the password was last set (a change ends the other sessions)
    sa.Column("password_at", sa.Float, nullable=False),
    # where turn mails go, whether the account wants them, and the token of
    # its one-click unsubscribe link (migration 0012, ``bohn.server.mail``)
    sa.Column("email", sa.String(254), nullable=True),
    sa.Column("mail_turns", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("unsubscribe", sa.String(64), nullable=True, unique=True),
)

sessions = sa.Table(
    "sessions",
    metadata,
    # the SHA-256 of the session cookie
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
    # the SHA-256 of the session's CSRF token
    sa.Column("csrf_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Index("sessions_account", "account_id"),
)

sign_in_limits = sa.Table(
    "sign_in_limits",
    metadata,
    # the SHA-256 of a name's key, whether or not an account has it
    sa.Column("name_hash", sa.String(64), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False),
    sa.Column("since", sa.Float, nullable=False),
)

#: the longest account name, in characters (as a seat's name)
NAME_MAX = column_length(accounts.c.name)
#: the shortest password, in characters
PASSWORD_MIN = 8
#: the longest password, in bytes of UTF-8 (hashing a longer one would only
#: cost the server time)
PASSWORD_MAX_BYTES = 1024
#: how long a session lasts after its last use, in seconds (30 days)
SESSION_TTL_S = 30 * 86400.0
#: a session's ``seen_at`` is written again at most this often, in seconds
SEEN_EVERY_S = 3600.0
#: failed sign-ins one name may have in :data:`SIGN_IN_WINDOW_S`; past them,
#: signing in with that name waits until the window ends
SIGN_IN_FAILURES = 10
SIGN_IN_WINDOW_S = 15 * 60.0
#: Argon2 hashes computed at once (each takes 64 MiB for about 0.1 s)
HASHING_AT_ONCE = 2
#: the cookies and the header (``docs/server.md``, Accounts)
SESSION_COOKIE = "bohn_session"
CSRF_COOKIE = "bohn_csrf"
CSRF_HEADER = "x-csrf-token"
#: the seat links one request may hand to an account
MAX_LINKS = 200
#: the longest mail address (RFC 5321's path limit)
EMAIL_MAX = 254


def email_address(value: Any) -> str | None:
    """A mail address as given (trimmed; None or "": none): one ``@`` with
    text on both sides, no spaces or control characters, at most
    :data:`EMAIL_MAX` characters; BadRequest (``bad-email``) else."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise BadRequest("email is a mail address or null", "bad-email")
    text = value.strip()
    local, at, domain = text.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain
        or len(text) > EMAIL_MAX
        or any(c.isspace() or not c.isprintable() for c in text)
        or domain.startswith(".")
        or domain.endswith(".")
    ):
        raise BadRequest(
            f"email is a mail address such as anna@example.org (at most {EMAIL_MAX} "
            "characters), or null for none",
            "bad-email",
        )
    return text


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def account_name(value: Any) -> str:
    """An account name as given: trimmed, NFC, 1 to :data:`NAME_MAX`
    printable characters; BadRequest (``bad-name``) saying what is wrong."""
    if not isinstance(value, str):
        raise BadRequest(f"a name is a string of 1 to {NAME_MAX} characters", "bad-name")
    name = unicodedata.normalize("NFC", value.strip())
    if not 1 <= len(name) <= NAME_MAX:
        raise BadRequest(
            f"a name has 1 to {NAME_MAX} characters, not {len(name)}",
            "bad-name",
            extra={"most": NAME_MAX},
        )
    if not name.isprintable():
        raise BadRequest("a name holds only printable characters", "bad-name")
    return name


def password(value: Any, what: str = "the password") -> str:
    """A password as given (not trimmed: every character counts): at least
    :data:`PASSWORD_MIN` characters, at most :data:`PASSWORD_MAX_BYTES`
    bytes; BadRequest (``bad-password``) saying what is wrong."""
    if not isinstance(value, str):
        raise BadRequest(f"{what} is a string", "bad-password")
    if len(value) < PASSWORD_MIN:
        raise BadRequest(
            f"{what} has at least {PASSWORD_MIN} characters, not {len(value)}",
            "bad-password",
            extra={"least": PASSWORD_MIN},
        )
    if len(value.encode("utf-8", "surrogatepass")) > PASSWORD_MAX_BYTES:
        raise BadRequest(f"{what} has at most {PASSWORD_MAX_BYTES} bytes in UTF-8", "bad-password")
    return value


class Passwords:
    """Argon2id hashing at the library's recommended parameters
    (:class:`argon2.PasswordHasher`'s defaults), off the event loop."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or PasswordHasher()
        self._gate = asyncio.Semaphore(HASHING_AT_ONCE)
        #: a hash no password matches, at the same parameters: an unknown
        #: name's password is checked against it, so that it costs the same.
        #: Made by the first check of any name (:meth:`nobody`), not at start:
        #: a server whose people never sign in never pays for it, and the one
        #: check that pays pays whether or not its name exists
        self._nobody: str | None = None
        #: how many hashes were computed and checked (the timing test's count)
        self.verified = 0

    async def hash(self, text: str) -> str:
        async with self._gate:
            return await asyncio.to_thread(self.hasher.hash, text)

    async def check(self, stored: str | None, text: str) -> bool:
        """Whether ``text`` is the password of the hash ``stored``; None: an
        unknown name, checked against a hash no password matches (the same
        work, the same answer as a wrong password)."""
        nobody = await self.nobody()
        self.verified += 1
        async with self._gate:
            return await asyncio.to_thread(self._verify, stored or nobody, text)

    async def nobody(self) -> str:
        """The hash no password matches (made once, on first use)."""
        if self._nobody is None:
            made = await self.hash(secrets.token_urlsafe(32))
            if self._nobody is None:
                self._nobody = made
        return self._nobody

    def _verify(self, stored: str, text: str) -> bool:
        try:
            return bool(self.hasher.verify(stored, text))
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


@dataclass(frozen=True)
class Account:
    """A signed-in person: their account and the session they came with."""

    id: str
    name: str
    #: the SHA-256 of the session's cookie and of its CSRF token
    session_hash: str
    csrf_hash: str


@dataclass(frozen=True)
class NewSession:
    """A session just started: the cookie's and the CSRF token's values
    (given to the browser once; the database keeps their SHA-256)."""

    token: str
    csrf: str
    account: Account


class NameTaken(Exception):
    """Another account has that name (in its compared form, :func:`name_key`)."""


class AccountStore:
    """The accounts, sessions and sign-in limits of a server's database,
    read with the :class:`Store`'s engine and written through its writer."""

    def __init__(self, store: Store, clock: Any = time.time) -> None:
        self.store = store
        #: the wall clock (tests move it themselves)
        self.clock = clock

    async def _submit(self, *statements: sa.Executable) -> None:
        await self.store.writer.submit([], [(s, None) for s in statements])

    async def create(self, name: str, password_hash: str) -> str:
        """A new account's id; :class:`NameTaken` (nothing stored) if the
        name is taken."""
        account_id = secrets.token_hex(8)
        now = self.clock()
        try:
            await self._submit(
                accounts.insert().values(
                    id=account_id,
                    name=name,
                    name_key=name_key(name),
                    password_hash=password_hash,
                    created_at=now,
                    password_at=now,
                )
            )
        except IntegrityError:
            raise NameTaken(name) from None
        return account_id

    async def by_name(self, name: str) -> tuple[str, str, str] | None:
        """``(id, name, password hash)`` of the account named ``name`` (None: none)."""
        q = sa.select(accounts.c.id, accounts.c.name, accounts.c.password_hash).where(
            accounts.c.name_key == name_key(name)
        )
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        return None if row is None else (str(row[0]), str(row[1]), str(row[2]))

    async def password_hash(self, account_id: str) -> str | None:
        q = sa.select(accounts.c.password_hash).where(accounts.c.id == account_id)
        async with self.store.engine.connect() as conn:
            found = (await conn.execute(q)).scalar_one_or_none()
        return None if found is None else str(found)

    # -- sessions ---------------------------------------------------------------

    async def start_session(self, account_id: str, name: str, *also: sa.Executable) -> NewSession:
        """A new session of the account (a new cookie and CSRF token), stored
        together with the statements ``also``."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        now = self.clock()
        h, c = token_hash(token), token_hash(csrf)
        await self._submit(
            *also,
            sessions.insert().values(
                token_hash=h,
                account_id=account_id,
                csrf_hash=c,
                created_at=now,
                seen_at=now,
                expires_at=now + SESSION_TTL_S,
            ),
        )
        return NewSession(token, csrf, Account(account_id, name, h, c))

    async def session(self, token: str) -> Account | None:
        """The signed-in account of the session cookie ``token`` (None: no
        such session, or it ran out). A use keeps it from running out for
        :data:`SESSION_TTL_S` more (written at most every :data:`SEEN_EVERY_S`)."""
        if not token or len(token) > 100:
            return None
        h = token_hash(token)
        q = (
            sa.select(
                accounts.c.id,
                accounts.c.name,
                sessions.c.csrf_hash,
                sessions.c.seen_at,
                sessions.c.expires_at,
            )
            .select_from(sessions.join(accounts, accounts.c.id == sessions.c.account_id))
            .where(sessions.c.token_hash == h)
        )
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        now = self.clock()
        if row is None or row.expires_at <= now:
            return None
        if now - row.seen_at >= SEEN_EVERY_S:
            await self._submit(
                sessions.update()
                .where(sessions.c.token_hash == h)
                .values(seen_at=now, expires_at=now + SESSION_TTL_S)
            )
        return Account(str(row.id), str(row.name), h, str(row.csrf_hash))

    async def end_session(self, session_hash: str) -> None:
        await self._submit(sessions.delete().where(sessions.c.token_hash == session_hash))

    async def end_sessions(self, account_id: str, keep: str | None = None) -> None:
        """End every session of the account (but ``keep``, a session's hash)."""
        q = sessions.delete().where(sessions.c.account_id == account_id)
        if keep is not None:
            q = q.where(sessions.c.token_hash != keep)
        await self._submit(q)

    async def set_password(self, account_id: str, password_hash: str, keep: str) -> None:
        """Set the account's password and end its other sessions, together."""
        now = self.clock()
        await self._submit(
            accounts.update()
            .where(accounts.c.id == account_id)
            .values(password_hash=password_hash, password_at=now),
            sessions.delete().where(
                sessions.c.account_id == account_id, sessions.c.token_hash != keep
            ),
        )

    # -- the sign-in limit ------------------------------------------------------

    async def sign_in_wait(self, name: str) -> float:
        """Seconds until ``name`` may be tried again (0: now)."""
        q = sa.select(sign_in_limits.c.failures, sign_in_limits.c.since).where(
            sign_in_limits.c.name_hash == _name_hash(name)
        )
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        if row is None:
            return 0.0
        left = row.since + SIGN_IN_WINDOW_S - self.clock()
        return left if row.failures >= SIGN_IN_FAILURES and left > 0 else 0.0

    async def signed_in(self, account_id: str, name: str) -> NewSession:
        """A right password: a session starts, and the name's failures are
        forgotten with it (one write, as a failure's)."""
        forget = sign_in_limits.delete().where(sign_in_limits.c.name_hash == _name_hash(name))
        return await self.start_session(account_id, name, forget)

    async def failed(self, name: str) -> None:
        """A wrong password, or an unknown name: one more failure of the name
        in its window (a new window once the last has ended); one write, as
        a success's."""
        h, now = _name_hash(name), self.clock()
        ended = sign_in_limits.c.since <= now - SIGN_IN_WINDOW_S
        count = (
            sign_in_limits.update()
            .where(sign_in_limits.c.name_hash == h)
            .values(
                failures=sa.case((ended, 1), else_=sign_in_limits.c.failures + 1),
                since=sa.case((ended, now), else_=sign_in_limits.c.since),
            )
        )
        first = sign_in_limits.insert().from_select(
            ["name_hash", "failures", "since"],
            sa.select(sa.literal(h), sa.literal(1), sa.literal(now)).where(
                ~sa.exists().where(sign_in_limits.c.name_hash == h)
            ),
        )
        try:
            await self._submit(count, first)
        except IntegrityError:  # the name's first failure, twice at one moment
            await self._submit(count)

    # -- turn mails -------------------------------------------------------------

    async def mail_settings(self, account_id: str) -> tuple[str | None, bool]:
        """The account's mail address and whether it wants turn mails."""
        q = sa.select(accounts.c.email, accounts.c.mail_turns).where(accounts.c.id == account_id)
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        return (None, False) if row is None else (row.email, bool(row.mail_turns))

    async def set_mail(self, account_id: str, email: str | None, turns: bool) -> None:
        """Set where the account's turn mails go and whether it wants them
        (a new unsubscribe token each time)."""
        await self._submit(
            accounts.update()
            .where(accounts.c.id == account_id)
            .values(
                email=email,
                mail_turns=turns and email is not None,
                unsubscribe=secrets.token_urlsafe(32),
            )
        )

    async def unsubscribe(self, token: str) -> bool:
        """Turn off the turn mails of the account whose unsubscribe token is
        ``token``; whether there is one."""
        if not token or len(token) > 64:
            return False
        q = sa.select(accounts.c.id).where(accounts.c.unsubscribe == token)
        async with self.store.engine.connect() as conn:
            found = (await conn.execute(q)).scalar_one_or_none()
        if found is None:
            return False
        await self._submit(accounts.update().where(accounts.c.id == found).values(mail_turns=False))
        return True

    async def mail_target(self, account_id: str) -> tuple[str, str, str] | None:
        """``(name, address, unsubscribe token)`` of an account that wants
        turn mails (None: it does not, or has no address)."""
        q = sa.select(
            accounts.c.name, accounts.c.email, accounts.c.mail_turns, accounts.c.unsubscribe
        ).where(accounts.c.id == account_id)
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        if row is None or not row.mail_turns or not row.email or not row.unsubscribe:
            return None
        return str(row.name), str(row.email), str(row.unsubscribe)

    async def claim_mail(self, game_id: str, seat: int, turn: int) -> bool:
        """Whether the seat is to be mailed for ``turn`` (once: the first
        process to ask marks it, ``seats.mailed_turn``)."""
        return await self.store.change_one(
            seats.update()
            .where(
                seats.c.game_id == game_id,
                seats.c.seat == seat,
                sa.or_(seats.c.mailed_turn.is_(None), seats.c.mailed_turn < turn),
            )
            .values(mailed_turn=turn)
        )

    # -- seats ------------------------------------------------------------------

    async def bind_seat(self, game_id: str, seat: int, account_id: str) -> bool:
        """Make the person's seat ``seat`` of ``game_id`` the account's, if it
        is nobody's yet (or the account's already); whether it is now."""
        return await self.store.change_one(
            seats.update()
            .where(
                seats.c.game_id == game_id,
                seats.c.seat == seat,
                seats.c.kind == "human",
                sa.or_(seats.c.account_id.is_(None), seats.c.account_id == account_id),
            )
            .values(account_id=account_id)
        )

    async def games(
        self, account_id: str, limit: int, before: float | None = None
    ) -> list[tuple[str, int, float]]:
        """``(game id, seat, created_at)`` of the account's seats, newest
        first, at most ``limit``, of games created before ``before``; games
        marked broken or expired are left out."""
        q = (
            sa.select(seats.c.game_id, seats.c.seat, games.c.created_at)
            .select_from(seats.join(games, games.c.id == seats.c.game_id))
            .where(
                seats.c.account_id == account_id,
                games.c.broken.is_(None),
                games.c.status.in_(("running", "finished")),
            )
            .order_by(games.c.created_at.desc(), seats.c.game_id.desc(), seats.c.seat)
            .limit(limit)
        )
        if before is not None:
            q = q.where(games.c.created_at < before)
        async with self.store.engine.connect() as conn:
            return [(str(r[0]), int(r[1]), float(r[2])) for r in (await conn.execute(q))]


def _name_hash(name: str) -> str:
    return hashlib.sha256(name_key(name).encode()).hexdigest()


__all__ = [
    "CSRF_COOKIE",
    "CSRF_HEADER",
    "MAX_LINKS",
    "NAME_MAX",
    "PASSWORD_MIN",
    "SESSION_COOKIE",
    "Account",
    "AccountStore",
    "NameTaken",
    "NewSession",
    "Passwords",
    "account_name",
    "name_key",
    "password",
]
