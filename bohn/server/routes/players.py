"""Ratings and players: the leaderboard of each ruleset and each account's
public profile (``docs/server.md``, Ratings), as JSON and as pages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from bohn.bots.levels import LEVELS
from bohn.bots.levels import level_of
from bohn.rulesets import VARIANTS
from bohn.server.accounts import NAME_MAX
from bohn.server.accounts import name_key
from bohn.server.context import ServerContext
from bohn.server.http import BadRequest
from bohn.server.http import ascii_int
from bohn.server.ratings import BOT_RATINGS
from bohn.server.ratings import Ratings
from bohn.server.ratings import shown
from bohn.server.routes.pages import STATIC

#: the most accounts a leaderboard lists
BOARD_MOST = 200


def _level(kind: str) -> str | None:
    """The lobby's level a rated bot stands for (easy, normal, strong), if any."""
    return kind if kind in LEVELS else level_of(kind)


def router(ctx: ServerContext) -> APIRouter:
    """The routes of the ratings and the players."""
    r = APIRouter()

    def rated() -> Ratings:
        if ctx.ratings is None:  # pragma: no cover - routes run after the start
            raise RuntimeError("the server has not started")
        return ctx.ratings

    @r.get("/leaderboard", include_in_schema=False)
    @r.get("/leaderboard/{variant}", include_in_schema=False)
    async def leaderboard_page(variant: str = "") -> FileResponse:
        return FileResponse(STATIC / "leaderboard.html")

    @r.get("/players/{name}", include_in_schema=False)
    async def profile_page(name: str) -> FileResponse:
        return FileResponse(STATIC / "profile.html")

    @r.get("/api/ratings/{variant}")
    async def leaderboard(variant: str, limit: str | None = None) -> dict[str, Any]:
        """The rated accounts of ``variant``, best first (``players``: each
        ``name``, ``rating``, ``plus_minus``, ``games``), and the bots'
        fixed ratings (``bots``)."""
        if variant not in VARIANTS:
            raise BadRequest(f"unknown variant {variant!r}", "not-found", 404)
        most = BOARD_MOST if limit is None else ascii_int(limit, "limit", 1, BOARD_MOST)
        return {
            "variant": variant,
            "title": VARIANTS[variant].title,
            "players": await rated().leaderboard(variant, most),
            "bots": [
                {"bot": kind, "level": _level(kind), "rating": shown(mu)}
                for kind, (mu, _) in sorted(BOT_RATINGS.items(), key=lambda kv: kv[1][0])
            ],
        }

    @r.get("/api/players/{name}")
    async def profile(name: str) -> dict[str, Any]:
        """The account ``name``'s profile: its ``ratings`` by ruleset, each
        one's ``history`` and its latest finished ``games``; 404 for a name
        no account has."""
        if not 1 <= len(name) <= NAME_MAX:
            raise BadRequest("no such player", "not-found", 404)
        found = await rated().profile(name_key(name))
        if found is None:
            raise BadRequest("no such player", "not-found", 404)
        for g in found["games"]:
            g["title"] = VARIANTS[g["variant"]].title if g["variant"] in VARIANTS else g["variant"]
        return found

    return r
