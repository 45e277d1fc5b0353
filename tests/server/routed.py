"""A game page that shows one fixed state: its WebSocket is routed to a
handler that sends ``game_view(game, ...)`` and keeps what the page sends."""

from __future__ import annotations

import json
import re
from typing import Any

from bohn.engine.game import Game
from bohn.server.rooms import game_view
from server.browser import TIMEOUT


def show_state(
    browser: Any, server: str, game: Game, seat: int, game_id: str = "routed0"
) -> tuple[Any, list[dict[str, Any]]]:
    """The page of ``seat`` on ``game`` (drawn once its seq shows) and the list
    the messages it sends are kept in."""
    view = game_view(game, game_id, seat)
    sent: list[dict[str, Any]] = []
    page = browser.new_context().new_page()

    def handler(ws: Any) -> None:
        ws.on_message(lambda m: sent.append(json.loads(m)))
        ws.send(json.dumps(view))

    page.route_web_socket(re.compile(r"/ws/games/"), handler)
    page.goto(f"{server}/play/{game_id}?token=t")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    return page, sent
