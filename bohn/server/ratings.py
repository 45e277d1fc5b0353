"""Ratings of accounts, per ruleset (``docs/server.md``, Ratings).

A rated game is played between accounts; bots may sit in it as
fixed-strength seats. When it ends, each account's rating in its ruleset
moves as OpenSkill's Plackett-Luce model computes it from the finishing
order (the game's ``ranking``, its winners sharing the first place). A
rating is a mean ``mu`` and an uncertainty ``sigma`` (a new account: 25 and
25/3); people read it as :func:`shown`, 1500 for a new account as on Board
Game Arena, and the leaderboard orders by the conservative ``mu - 3 sigma``.
The bots' ratings are fixed (:data:`BOT_RATINGS`) and shown beside them.
Every change is kept (``rating_events``, one row an account and game, so a
game is never counted twice), for the profile page's plot.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from bohn.arena.ratings import MODEL
from bohn.arena.ratings import MU
from bohn.arena.ratings import SCALE
from bohn.arena.ratings import SIGMA
from bohn.arena.ratings import places
from bohn.arena.ratings import shown
from bohn.bots.levels import level_of
from bohn.server.accounts import accounts
from bohn.server.store import Store
from bohn.server.store import games
from bohn.server.store import metadata
from bohn.server.store import seats

log = logging.getLogger("bohn.server")

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("variant", sa.String(40), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

rating_events = sa.Table(
    "rating_events",
    metadata,
    sa.Column("account_id", sa.String(32), primary_key=True),
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("variant", sa.String(40), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: the bots' fixed ratings (mu, sigma), by kind, and for the lobby's easy
#: level (``bohn.bots.levels``: a ``greedy`` that proposes nothing and buys
#: no field) by its level: provisional, until a league of ``bohn arena``
#: against people measures them (``docs/arena.md``). The easy level sits
#: between random and greedy as far as a league of the bots measured it
#: (``docs/server.md``, Ratings). The model, a newcomer's rating, the shown
#: rating and a result's places are the arena's
#: (:mod:`bohn.arena.ratings`), so both read alike
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "random": (16.0, 1.0),
    "easy": (23.0, 1.0),
    "greedy": (25.0, 1.0),
    "ismcts": (27.0, 1.0),
}


def bot_rating(spec: str) -> tuple[float, float]:
    """A bot's fixed rating: its level's where it has one of its own (easy),
    else its kind's (the spec's name before ``:``)."""
    level = level_of(spec)
    if level is not None and level in BOT_RATINGS:
        return BOT_RATINGS[level]
    return BOT_RATINGS.get(spec.split(":", 1)[0], BOT_RATINGS["greedy"])


@dataclass(frozen=True)
class Rated:
    """One account's rating after a game."""

    account_id: str
    mu: float
    sigma: float
    place: int


class Ratings:
    """The ratings in a server's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tasks: set[asyncio.Task[list[Rated]]] = set()

    async def current(self, variant: str, ids: list[str]) -> dict[str, tuple[float, float, int]]:
        """``(mu, sigma, games)`` of these accounts in ``variant`` (the rated ones)."""
        if not ids:
            return {}
        q = sa.select(ratings).where(ratings.c.variant == variant, ratings.c.account_id.in_(ids))
        async with self.store.engine.connect() as conn:
            return {r.account_id: (r.mu, r.sigma, r.games) for r in await conn.execute(q)}

    def game_over(self, row: Any) -> None:
        """A game ended: rate it, off the caller's way, if it is rated."""
        if not getattr(row, "rated", False) or row.result is None:
            return
        task = asyncio.get_running_loop().create_task(self.rate_game(row))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def rate_game(self, row: Any) -> list[Rated]:
        """Move the ratings of the accounts of the finished rated game
        ``row``; what they became (none if a person's seat has no account,
        or the game was rated already)."""
        people = {s["seat"]: s.get("account_id") for s in row.seats if s["kind"] == "human"}
        if not people or any(a is None for a in people.values()):
            log.warning("game %s is rated but a person's seat has no account", row.id)
            return []
        ids = sorted({str(a) for a in people.values()})
        now_ = await self.current(row.variant, ids)
        teams = []
        for s in row.seats:
            if s["kind"] == "bot":
                mu, sigma = bot_rating(str(s["bot"]))
            else:
                mu, sigma, _ = now_.get(str(s["account_id"]), (MU, SIGMA, 0))
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        place = places(row.result, len(row.seats))
        after = MODEL.rate(teams, ranks=[float(p) for p in place])
        out = [
            Rated(str(people[s]), after[s][0].mu, after[s][0].sigma, place[s])
            for s in sorted(people)
        ]
        at = time.time()
        statements: list[Any] = []
        for r in out:
            played = now_.get(r.account_id, (MU, SIGMA, 0))[2]
            if r.account_id in now_:
                statements.append(
                    ratings.update()
                    .where(ratings.c.account_id == r.account_id, ratings.c.variant == row.variant)
                    .values(mu=r.mu, sigma=r.sigma, games=played + 1, updated_at=at)
                )
            else:
                statements.append(
                    ratings.insert().values(
                        account_id=r.account_id,
                        variant=row.variant,
                        mu=r.mu,
                        sigma=r.sigma,
                        games=1,
                        updated_at=at,
                    )
                )
            statements.append(
                rating_events.insert().values(
                    account_id=r.account_id,
                    game_id=row.id,
                    variant=row.variant,
                    mu=r.mu,
                    sigma=r.sigma,
                    place=r.place,
                    at=at,
                )
            )
        try:  # all together; a game rated already (its events stored) changes nothing
            await self.store.writer.submit([], [(s, None) for s in statements])
        except sa.exc.IntegrityError:
            return []
        return out

    async def leaderboard(self, variant: str, limit: int = 100) -> list[dict[str, Any]]:
        """The rated accounts of ``variant``, best first (by ``mu - 3 sigma``)."""
        q = (
            sa.select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .select_from(ratings.join(accounts, accounts.c.id == ratings.c.account_id))
            .where(ratings.c.variant == variant)
            .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts.c.name)
            .limit(limit)
        )
        async with self.store.engine.connect() as conn:
            rows = list(await conn.execute(q))
        return [
            {
                "name": r.name,
                "rating": shown(r.mu),
                "plus_minus": round(SCALE * 2 * r.sigma),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
            }
            for r in rows
        ]

    async def profile(self, name_key: str) -> dict[str, Any] | None:
        """An account's public page: its ratings by ruleset, each rating's
        history, and its latest finished games (None: no such account)."""
        async with self.store.engine.connect() as conn:
            acc = (
                await conn.execute(
                    sa.select(accounts.c.id, accounts.c.name, accounts.c.created_at).where(
                        accounts.c.name_key == name_key
                    )
                )
            ).first()
            if acc is None:
                return None
            rated = list(
                await conn.execute(sa.select(ratings).where(ratings.c.account_id == acc.id))
            )
            events = list(
                await conn.execute(
                    sa.select(rating_events)
                    .where(rating_events.c.account_id == acc.id)
                    .order_by(rating_events.c.at)
                )
            )
            played = list(
                await conn.execute(
                    sa.select(
                        games.c.id,
                        games.c.variant,
                        games.c.players,
                        games.c.result,
                        games.c.created_at,
                        games.c.rated,
                        seats.c.seat,
                    )
                    .select_from(seats.join(games, games.c.id == seats.c.game_id))
                    .where(
                        seats.c.account_id == acc.id,
                        games.c.status == "finished",
                        games.c.broken.is_(None),
                    )
                    .order_by(games.c.created_at.desc())
                    .limit(50)
                )
            )
        return {
            "name": acc.name,
            "since": acc.created_at,
            "ratings": {
                r.variant: {
                    "rating": shown(r.mu),
                    "plus_minus": round(SCALE * 2 * r.sigma),
                    "games": r.games,
                }
                for r in rated
            },
            "history": {
                v: [
                    {"at": e.at, "rating": shown(e.mu), "game": e.game_id, "place": e.place}
                    for e in events
                    if e.variant == v
                ]
                for v in sorted({e.variant for e in events})
            },
            "games": [
                {
                    "id": g.id,
                    "variant": g.variant,
                    "players": g.players,
                    "seat": g.seat,
                    "rated": bool(g.rated),
                    "created_at": g.created_at,
                    "result": None if g.result is None else json.loads(g.result),
                }
                for g in played
            ],
        }

    async def close(self) -> None:
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=10)


__all__ = ["BOT_RATINGS", "Rated", "Ratings", "bot_rating", "places", "shown"]
