"""What the browser tests of the game page share: a game of one person
(seat 0) and greedy bots on the live test server, opened on the person's page."""

from __future__ import annotations

from typing import Any

import httpx

from server.browser import TIMEOUT


def person_and_bots(
    server: str, variant: str, seed: int = 4, *, think_ms: int = 0, players: int = 3
) -> dict[str, Any]:
    """Create a game of ``variant``: seat 0 a person, the other seats greedy
    bots thinking ``think_ms`` (a long time holds the position still while a
    test looks at it); the creation's answer (``join``, ``spectate``, ...)."""
    r = httpx.post(
        f"{server}/api/games",
        json={
            "variant": variant,
            "players": players,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1),
            "think_ms": think_ms,
            "seed": seed,
        },
    )
    assert r.is_success, r.text
    game: dict[str, Any] = r.json()
    return game


def open_person(
    page: Any, game: dict[str, Any], lang: str = "en", ready: str = "body[data-seq]"
) -> Any:
    """``page`` on the person's join link of ``game``, in ``lang``, once ``ready`` is there."""
    page.goto(f"{game['join'][0]['url']}&lang={lang}")
    page.wait_for_selector(ready, timeout=TIMEOUT)
    return page


def open_tab(page: Any, tab: str) -> None:
    """Show the side column's tab ``tab`` (``play``: the moves and trading,
    ``log``, ``cards``) the way a player does: a click on it."""
    page.locator(f"[data-testid=tab-{tab}]").click()
    page.locator(f"[data-testid=pane-{tab}]").wait_for(state="visible", timeout=TIMEOUT)
