"""The game page sizes its cards to the window: a board with room to spare
(a table of few seats on a tall window) takes bigger cards, a board that
would not fit takes smaller ones, and no field is ever below the window (in
Debian's chromium; the test skips without it). The sizes, smallest first,
are layout.js's ``SIZES``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from passes import per_run

from bohn import new_game
from bohn.server.rooms import game_view
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game
from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import after_paint
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots

need_chromium()

_LAYOUT = Path(__file__).resolve().parents[2] / "bohn" / "server" / "static" / "layout.js"
#: the board's sizes, smallest first (layout.js)
SIZES: list[str] = json.loads(
    re.search(r"export const SIZES = (\[[^\]]*\]);", _LAYOUT.read_text(encoding="utf-8")).group(1)  # type: ignore[union-attr]
)

#: the width of the first card of the hand, the board's size and its bottom
_LOOK = """() => {
  const c = document.querySelector('[data-testid=hand-card] .cardf');
  const b = document.getElementById('board');
  return {size: b.dataset.size || null, card: c.getBoundingClientRect().width,
          bottom: b.getBoundingClientRect().bottom, height: window.innerHeight};
}"""


def _look(browser: Any, server: str, viewport: dict[str, int]) -> tuple[Any, dict[str, Any]]:
    ctx = browser.new_context(viewport=viewport)
    page = open_person(ctx.new_page(), person_and_bots(server, "bohnanza", players=3))
    page.wait_for_selector("[data-testid=hand-card] .cardf")
    return page, page.evaluate(_LOOK)


def test_a_board_with_room_gets_bigger_cards_that_stay_in_view(browser: Any, server: str) -> None:
    page, roomy = _look(browser, server, {"width": 1366, "height": 800})
    assert SIZES.index(roomy["size"] or "usual") > SIZES.index("usual"), roomy
    assert roomy["bottom"] <= roomy["height"]
    # the same table on a window too short for that board: smaller cards
    page.set_viewport_size({"width": 1366, "height": 560})
    page.wait_for_function(
        "(big) => (document.getElementById('board').dataset.size || 'usual') !== big",
        arg=roomy["size"],
    )
    short = page.evaluate(_LOOK)
    assert SIZES.index(short["size"] or "usual") < SIZES.index(roomy["size"])
    assert short["card"] < roomy["card"] and short["bottom"] <= short["height"]
    page.context.close()


def test_a_phone_keeps_its_own_sizes(browser: Any, server: str) -> None:
    page, look = _look(browser, server, PHONE)
    assert look["size"] is None
    page.context.close()


#: in the frame painted for the state: the board's size and the fields below the window
_PAINTED = after_paint(
    """  const out = [...document.querySelectorAll('[data-seat] [data-field]')]
    .map((f) => f.getBoundingClientRect()).filter((r) => r.bottom > window.innerHeight + 0.5);
  return {size: document.getElementById('board').dataset.size || 'usual', out: out.length};"""
)


#: the page gets every STRIDE-th state of the game (each with the log since
#: the last one it got), and every state in a soak run
STRIDE = per_run(24, soak=1)


def test_a_board_that_grows_out_of_the_window_steps_down_before_it_is_painted(
    browser: Any, server: str
) -> None:
    # a 7-player English game starts on a roomy board and grows as the
    # fields fill: the page gets seat 0's states in turn (every STRIDE-th, and
    # the last; a stand-in WebSocket), and no painted frame may show a field
    # below the window
    game = new_game("bohnanza-rio-grande", 7, 3)
    views = [game_view(game, "roomy0", 0)]

    def keep(g: Any, seat: int, action: Any) -> None:
        if g.seq % STRIDE == 0 or g.result() is not None:
            views.append(game_view(g, "roomy0", 0, since=views[-1]["seq"] + 1))

    play_game(game, make_bots(["greedy"] * 7, 3), on_step=keep)
    assert views[-1]["result"] is not None
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    socket: list[Any] = []
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: socket.append(ws))
    page.goto(f"{server}/play/roomy0?token=t")
    page.wait_for_function(
        "document.getElementById('connection').dataset.status === 'open'", timeout=TIMEOUT
    )
    sizes = []
    for view in views:
        socket[0].send(json.dumps(view))
        page.wait_for_selector(f"body[data-seq='{view['seq']}']", state="attached", timeout=TIMEOUT)
        painted = page.evaluate(_PAINTED)
        assert not painted["out"], f"state {view['seq']}: {painted['out']} fields below the window"
        sizes.append(painted["size"])
    page.context.close()
    # the board started with big cards and stepped down by itself (no
    # resize) as the seats filled, down to the usual cards or smaller ones;
    # it never stepped back up
    steps = [SIZES.index(k) for k in sizes]
    assert steps == sorted(steps, reverse=True), f"the board's size went back up: {sizes}"
    assert steps[0] > SIZES.index("usual") >= steps[-1], f"this game no longer steps down: {sizes}"
