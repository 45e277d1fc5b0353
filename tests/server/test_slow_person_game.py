"""A whole Bohnanza game for 4, one person and three greedy bots, played
through the game page by a scripted slow person: before each decision the
person "thinks" 3 to 8 seconds. The thinking is the room's clock moved on
(``Room.clock``, the time the trade window keeps), not real time, so the
test is as fast as the page and the server. The person accepts every offer
a bot makes to them, and otherwise plays the page's highlighted move (which
passes in another's trading: never an accept, never a gift).

What it shows: while a person thinks, a bot's trading waits for them and
its offers to them stay open, so a slow person still trades: at least three
trades with bots in the game, and no offer made to the person lapsed
before they answered it or the trading ended for it. The clicks are made by
the page's own click handlers, chosen and clicked in one script, so no
state drawn in between can take the click (the test waits on the page's
``data-seq``, never on a fixed time)."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

#: clicks after which the game counts as stuck
MAX_CLICKS = 2500


class Clock:
    """The room's clock, moved on by the test (seconds)."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now


# One decision of the person, chosen and clicked in one script: an offer's
# accept button (the first offer made to the person), else the highlighted
# move, else a move that moves the game on (not an any-time one, not a
# proposal). Answers what it clicked ("accept", "move") or why it did not.
_DECIDE = """() => {
  if (!document.getElementById('result').hidden) return {did: 'over'};
  const seq = document.body.dataset.seq || null;
  const usable = (b) => b && !b.disabled && b.offsetParent !== null;
  const accept = [...document.querySelectorAll('[data-testid=offer] button[data-action-type=accept]')].find(usable);
  if (accept) { accept.click(); return {did: 'accept', seq}; }
  const moves = [...document.querySelectorAll('button[data-testid=action]')].filter(usable);
  const b = moves.find((x) => x.dataset.primary === 'yes')
    || moves.find((x) => !x.classList.contains('action-anytime') && x.dataset.actionType !== 'propose');
  if (!b) return {did: 'wait', seq};
  b.click();
  return {did: 'move', seq, type: b.dataset.actionType};
}"""


def test_a_slow_person_trades_with_the_bots_in_a_whole_game(browser: Any, live_server: Any) -> None:
    base, ctx = live_server
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "greedy"}] * 3
    r = httpx.post(
        f"{base}/api/games",
        json={"variant": "bohnanza", "players": 4, "seats": seats, "seed": 7, "pace": "fast"},
    )
    assert r.is_success, r.text
    g = r.json()
    room = ctx.hub().rooms[g["id"]]
    clock = Clock()
    room.clock = clock
    rng = random.Random(7)
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(g["join"][0]["url"])
    page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
    accepted = 0
    thought = 0.0
    for _ in range(MAX_CLICKS):
        pause = rng.uniform(3, 8)  # the person thinks before deciding
        clock.now += pause
        thought += pause
        look = page.evaluate(_DECIDE)
        if look["did"] == "over":
            break
        accepted += look["did"] == "accept"
        # the next state (the move answered, or the bots moved on)
        page.wait_for_function(
            "([seq]) => document.body.dataset.seq !== seq"
            " || !document.getElementById('error').hidden"
            " || !document.getElementById('result').hidden",
            arg=[look["seq"]],
            timeout=TIMEOUT,
        )
    else:
        raise AssertionError(f"the game did not end within {MAX_CLICKS} decisions")
    token = g["join"][0]["token"]
    view = httpx.get(
        f"{base}/api/games/{g['id']}/state", headers={"authorization": f"Bearer {token}"}
    ).json()
    events = [e for entry in view["log"] for e in entry["events"]]
    trades = [e for e in events if e["type"] == "trade" and 0 in (e["from"], e["to"])]
    assert len(trades) >= 3, f"{len(trades)} trades with bots ({accepted} offers accepted)"
    # no offer to the person lapsed while they thought: each offer to them
    # that they did not take went void with its trading phase (the step that
    # ended the trading) or once it could no longer be met (a trade took its cards)
    offered = {e["id"] for e in events if e["type"] == "offer" and e.get("to") == 0}
    assert len(offered) >= 3
    for entry in view["log"]:
        void = [e for e in entry["events"] if e["type"] == "offer-void" and e.get("to") == 0]
        if not void:
            continue
        kinds = {e["type"] for e in entry["events"]}
        ended = (entry["action"] or {}).get("type") in ("end-trading", "pass") or "trade" in kinds
        assert ended, f"offer {void[0]['id']} to the person went void: {entry}"
    assert not errors, errors
    print(f"{len(trades)} trades, {accepted} accepted, {thought / 60:.0f} min of thinking")
    page.close()
