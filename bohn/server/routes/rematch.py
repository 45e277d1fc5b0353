"""A finished game's rematch: the same seats, bots and options, a new deal.

The first player who asks starts it (``POST /api/games/{id}/rematch`` with
their seat's token); every other player's page is told (the old game's state
carries ``rematch``) and joins it with one click, through the same request.
Each person plays the new game with the token of their seat in the old one,
so nobody needs a new link: the new seat's token hash is the old seat's.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from typing import Any

from fastapi import APIRouter
from fastapi import Request

from bohn.engine.errors import SetupError
from bohn.rulesets import VARIANTS
from bohn.server.context import ServerContext
from bohn.server.context import bearer
from bohn.server.context import seat_of
from bohn.server.http import BadRequest
from bohn.server.http import links_base
from bohn.server.store import GameRow
from bohn.server.store import SeatTaken
from bohn.server.store import token_hash


def rematch_row(old: GameRow, game_id: str, seed: int, spectator_hash: str) -> GameRow:
    """The rematch of ``old``: its variant, players, options, seats (names,
    bots and tokens), clock and pace, under ``game_id`` with a new ``seed``."""
    return dataclasses.replace(
        old,
        id=game_id,
        seed=seed,
        seed_chosen=False,
        status="running",
        result=None,
        spectator_hash=spectator_hash,
        created_at=time.time(),
        seats=[{**s, "joined": False} for s in old.seats],
        waiting=None,
        rematch=None,
    )


def router(ctx: ServerContext) -> APIRouter:
    """The rematch route (``/api/games/{id}/rematch``)."""
    r = APIRouter()

    @r.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        """Start the rematch of the finished game ``game_id``, or join the
        one another player started: the new game's id and this seat's play
        link. 403 without a seat's token (or a seat of the signed-in
        account); 409 while the game runs."""
        room = await ctx.room(game_id)
        token = bearer(request)
        account = await ctx.account(request)
        if not token and account is None:
            raise BadRequest("a rematch is asked for with your seat's token", "forbidden", 403)
        seat = seat_of(room, token, None, account)
        if seat is None:
            raise BadRequest("your account has no seat in this game", "forbidden", 403)
        base = links_base(ctx.base_url, request)
        async with room.lock:
            if room.game.result() is None:
                raise BadRequest(
                    "the game is still running; a rematch starts once it is over",
                    "running",
                    409,
                )
            if room.row.rematch is None:
                ctx.throttle(
                    ctx.creating,
                    ctx.client_of(request),
                    "games created and seats taken",
                    "--create-rate",
                )
                row = rematch_row(
                    room.row,
                    secrets.token_hex(8),
                    secrets.randbits(48),
                    token_hash(secrets.token_urlsafe(24)),
                )
                try:
                    first = VARIANTS[row.variant].new(row.players, row.seed, row.options)
                except SetupError as e:  # options a newer ruleset no longer takes
                    raise BadRequest(e.message, "bad-options", 409) from None
                row.waiting = sorted(first.waiting_for())
                try:
                    await ctx.hub().store.create_rematch(
                        room.row, row, token_hash(ctx.client_of(request))
                    )
                    room.row.rematch = row.id
                except SeatTaken:  # another server process started it first
                    stored = await ctx.hub().store.game(game_id)
                    room.row.rematch = None if stored is None else stored.rematch
                    if room.row.rematch is None:
                        raise BadRequest(
                            "the rematch could not be started; try again", "busy", 409
                        ) from None
        room.seat_names_changed()  # every player's page offers to join it
        new_id = room.row.rematch
        return {
            "game": new_id,
            "seat": seat,
            # the same token plays the same seat of the rematch; an account's
            # seat is its account's there too
            "url": f"{base}/play/{new_id}" + (f"?token={token}" if token else ""),
        }

    return r
