"""axe (axe-core, pinned in package.json) finds no accessibility violation on
the lobby, on the game page of every ruleset and on the replay viewer, in
Debian's Chromium: names, roles, contrast, labels, landmarks. Each game page
is checked as a player first sees it; Bohnanza's also in its trading phase,
with the proposal form open, and on a phone (the test skips without Chromium)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots
from server.test_api import play_seat_0

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: the rule sets axe checks against: WCAG 2.1 A and AA, and its best practices
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
RULESETS = [
    "bohnanza",
    "bohnanza-rio-grande",
    "high-bohn",
    "al-cabohne",
    "prohibohn",
    "ladybohn",
    "mutterbohnchen",
    "sissi",
    "bohnkick",
]
PLAYERS = {"al-cabohne": 1, "prohibohn": 2, "bohnkick": 4}


def violations(page: Any) -> list[str]:
    """axe's violations on ``page`` as one line each: the rule, its help and
    the first few elements it found."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make jscheck` (npm ci) first")
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}})).violations
             .map((v) => ({id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')
               + (n.any[0] ? ': ' + n.any[0].message : ''))}))""",
        TAGS,
    )
    return [f"{v['id']} ({v['help']}): {'; '.join(v['nodes'])}" for v in found]


def test_the_lobby_has_no_violations(browser: Any, server: str) -> None:
    for viewport in ({"width": 1366, "height": 800}, PHONE):
        ctx = browser.new_context(viewport=viewport)
        page = ctx.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector(
            "[data-testid=variant-select] option", state="attached", timeout=TIMEOUT
        )
        assert violations(page) == [], viewport
        ctx.close()


@pytest.mark.parametrize("variant", RULESETS)
def test_the_game_page_has_no_violations(browser: Any, server: str, variant: str) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    page = open_person(
        ctx.new_page(), person_and_bots(server, variant, players=PLAYERS.get(variant, 4))
    )
    page.wait_for_selector("#actions button", state="attached", timeout=TIMEOUT)
    assert violations(page) == [], variant
    ctx.close()


def test_the_trading_phase_and_a_phone_have_no_violations(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport=PHONE)
    page = open_person(ctx.new_page(), person_and_bots(server, "bohnanza", players=3))
    # the two plantings of the first turn (the first card, then the one after
    # it or the end of planting): then the trading phase, its form open
    for _ in range(2):
        seq = page.get_attribute("body", "data-seq")
        page.click("button[data-testid=action][data-primary=yes]")
        page.wait_for_function("(s) => document.body.dataset.seq !== s", arg=seq, timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=trade-form]", timeout=TIMEOUT)
    assert violations(page) == []
    ctx.close()


def test_the_replay_viewer_has_no_violations(browser: Any, server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        from server.test_api import person_and_bots as api_game

        g = api_game(http, "bohnanza", ["greedy", "greedy"])  # type: ignore[arg-type]
        play_seat_0(http, g, seed=4)  # type: ignore[arg-type]
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    page = ctx.new_page()
    page.goto(f"{server}/static/replay.html?game={g['id']}")
    page.wait_for_selector("body[data-step='0']", timeout=TIMEOUT)
    assert violations(page) == []
    page.click("[data-testid=replay-last]")
    page.wait_for_selector("[data-testid=result]", timeout=TIMEOUT)
    assert violations(page) == []
    ctx.close()
