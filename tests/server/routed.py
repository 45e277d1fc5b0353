"""A game page that shows one fixed state: its WebSocket is routed to a
handler that sends ``game_view(game, ...)`` and keeps what the page sends."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bohn.engine.game import Game
from bohn.scenario import load_file
from bohn.scenario import load_position
from bohn.scenario import scenario_action
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


def scenario_views(path: Path, game_id: str, seat: int) -> list[dict[str, Any]]:
    """``seat``'s state message on game ``game_id`` after each action of the
    scenario at ``path`` (0: before the first)."""
    data = load_file(path)
    game = load_position(data)
    views = [game_view(game, game_id, seat)]
    for entry in data["actions"]:
        game.apply(*scenario_action(entry))
        views.append(game_view(game, game_id, seat))
    return views


def wait_open(page: Any) -> None:
    """Wait until the page's connection to its game is open."""
    page.wait_for_function(
        "document.getElementById('connection').dataset.status === 'open'", timeout=TIMEOUT
    )


def send_view(page: Any, ws: Any, view: dict[str, Any]) -> None:
    """Hand the page ``view`` on its socket ``ws``; wait until it has drawn it."""
    ws.send(json.dumps(view))
    page.wait_for_selector(f"body[data-seq='{view['seq']}']", state="attached", timeout=TIMEOUT)
