"""Playing a seat of a server game over HTTP, for the tests that need a
game played to its end."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.engine.actions import action_from_json


def play_to_the_end(
    c: TestClient, gid: str, token: str, seat: int = 0, headers: dict[str, str] | None = None
) -> dict[str, Any]:
    """``seat`` (a person's) plays a random bot's moves over HTTP until the
    game ends (the bots play their own); the last state. ``headers`` go with
    each move (a signed-in client's CSRF token)."""
    me = make_bot("random", 5)
    end = time.monotonic() + 120
    while True:
        assert time.monotonic() < end, "the game did not end"
        v = c.get(
            f"/api/games/{gid}/state",
            params={"since": 10**6},
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        if v["result"] is not None:
            return dict(v)
        if seat not in v["waiting_for"] or not v["legal"]:
            time.sleep(0.005)  # the bots move
            continue
        legal = [action_from_json(x["action"]) for x in v["legal"]]
        action = me.act(SeatView(seat, legal, lambda v=v: v["observation"])).to_json()  # type: ignore[misc]
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"seq": v["seq"], "action": action},
            headers={"Authorization": f"Bearer {token}", **(headers or {})},
        )
        assert r.status_code in (200, 409), r.text  # 409: a bot moved first
