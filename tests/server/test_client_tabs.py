"""The game page's side column: three tabs, "Moves & trading", "Log" and
"Cards". They are tabs for a screen reader and the keyboard too (the arrow
keys, Home and End); the tab a player chooses is kept for the browser tab;
the log's tab counts the entries that came while it was hidden; and the
moves come back into view whenever the game asks something new of the
player: their move, an offer made to them, a card they chose.

A stand-in WebSocket (Playwright's ``route_web_socket``: no game runs on the
server) hands seat 1's page its views of the scenario
``bohnanza/trade-and-donate.json`` one after the other: seat 0 trades (and
offers seat 1 a trade), then plants, and seat 1's own turn comes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bohn.catalogue import catalogue
from server.browser import need_chromium
from server.routed import scenario_views
from server.routed import send_view
from server.routed import wait_open

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "bohnanza" / "trade-and-donate.json"
TABS = ["play", "log", "cards"]


class Page:
    """Seat 1's game page on a desktop window, fed views by the test."""

    def __init__(self, browser: Any, server: str) -> None:
        self.server = server
        self.views = scenario_views(SCENARIO, "tabs0", 1)
        self.ws: Any = None
        self.page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
        self.page.route_web_socket(re.compile(r"/ws/games/"), self._socket)
        self.open()

    def _socket(self, ws: Any) -> None:
        self.ws = ws

    def open(self) -> None:
        self.ws = None
        self.page.goto(f"{self.server}/play/tabs0?token=t")
        wait_open(self.page)

    def show(self, step: int) -> None:
        """Hand the page the view after the scenario's first ``step`` actions."""
        send_view(self.page, self.ws, self.views[step])

    def tab(self, name: str) -> Any:
        return self.page.locator(f"[data-testid=tab-{name}]")

    def shown(self) -> str:
        """The tab shown, checked as a screen reader and the eye see it."""
        state = self.page.evaluate(
            """(tabs) => tabs.map((t) => ({
              selected: document.getElementById('tab-' + t).getAttribute('aria-selected'),
              tabindex: document.getElementById('tab-' + t).tabIndex,
              visible: !!document.getElementById('pane-' + t).offsetParent || getComputedStyle(document.getElementById('pane-' + t)).display !== 'none',
            }))""",
            TABS,
        )
        on = [t for t, s in zip(TABS, state, strict=True) if s["selected"] == "true"]
        assert len(on) == 1, state
        for t, s in zip(TABS, state, strict=True):
            assert s["visible"] == (t == on[0]), state
            assert s["tabindex"] == (0 if t == on[0] else -1), state
        return on[0]

    def badge(self) -> str | None:
        """The number on the log's tab (None: none shown)."""
        b = self.page.locator("[data-testid=log-badge]")
        return b.locator("[aria-hidden=true]").inner_text() if b.is_visible() else None


def test_the_tabs_are_tabs_for_the_keyboard_and_a_screen_reader(browser: Any, server: str) -> None:
    p = Page(browser, server)
    p.show(0)
    roles = p.page.evaluate(
        """() => {
          const list = document.querySelector('[role=tablist]');
          return {label: list.getAttribute('aria-label'),
                  tabs: [...list.querySelectorAll('[role=tab]')].map((t) => {
                    const pane = document.getElementById(t.getAttribute('aria-controls'));
                    return {id: t.id, pane: pane.getAttribute('role'), by: pane.getAttribute('aria-labelledby')};
                  })};
        }"""
    )
    assert roles["label"] == "Moves, log and cards"
    assert roles["tabs"] == [{"id": f"tab-{t}", "pane": "tabpanel", "by": f"tab-{t}"} for t in TABS]
    assert [p.tab(t).inner_text() for t in TABS] == ["Moves & trading", "Log", "Cards"]
    assert p.shown() == "play"
    # the arrow keys go round the tabs and show each at once, Home and End go to the ends
    p.tab("play").focus()
    for key, then in [
        ("ArrowRight", "log"),
        ("ArrowRight", "cards"),
        ("ArrowRight", "play"),
        ("ArrowLeft", "cards"),
        ("Home", "play"),
        ("End", "cards"),
    ]:
        p.page.keyboard.press(key)
        assert p.shown() == then, key
        assert p.page.evaluate("document.activeElement.id") == f"tab-{then}"
    p.page.context.close()


def test_the_cards_tab_shows_each_bean_type_with_its_count_and_beanometer(
    browser: Any, server: str
) -> None:
    p = Page(browser, server)
    p.show(0)
    p.tab("cards").click()
    rows = p.page.locator("[data-testid=bean-type]")
    cat = catalogue("bohnanza")
    beans = [e for e in cat.entries if e.beanometer]
    assert rows.count() == len({e.group for e in beans})
    blue = cat.entry("blaue")
    row = p.page.locator("[data-testid=bean-type][data-card=blaue]")
    cells = row.locator("td, th").all_inner_texts()
    assert cells[1:] == [blue.names["en"], str(blue.count), *[str(n) for n in blue.beanometer]]
    assert row.locator(".cardf[data-card=blaue]").count() == 1  # its card
    p.page.context.close()


def test_the_moves_show_when_the_game_asks_and_the_log_counts_what_it_missed(
    browser: Any, server: str
) -> None:
    p = Page(browser, server)
    p.show(0)  # seat 0 trades: seat 1 may trade too
    assert p.shown() == "play" and p.badge() is None
    p.tab("log").click()
    assert p.shown() == "log"
    p.show(1)  # seat 0 offers seat 1 a trade: the moves and trading come back
    assert p.shown() == "play"
    assert p.page.locator("[data-testid=offer]").first.is_visible()
    # the jump to that offer in the status line shows it from another tab too
    p.tab("cards").click()
    p.page.locator("[data-testid=offers-jump]").click()
    assert p.shown() == "play"
    # while the log is hidden, its tab counts the entries that come
    p.tab("cards").click()
    p.show(2)
    p.show(3)
    assert p.shown() == "cards"  # nothing new asked of seat 1
    # the offer's own entry (it came as the moves took the log's place) and the two after it
    assert p.badge() == "3"
    assert "3 new entries" in p.tab("log").inner_text()  # in words for a screen reader
    p.tab("log").click()
    assert p.badge() is None
    p.show(4)
    assert p.badge() is None  # seen as it came
    # it becomes seat 1's move again after others' turns: the moves show
    p.show(8)
    assert p.shown() == "log"
    p.tab("cards").click()
    p.show(11)
    assert p.shown() == "play"
    p.page.context.close()


def test_the_chosen_tab_is_kept_for_the_browser_tab(browser: Any, server: str) -> None:
    p = Page(browser, server)
    p.show(8)  # seat 0 plants: nothing asked of seat 1
    assert p.shown() == "play"
    p.tab("log").click()
    p.open()  # a reload
    p.show(9)
    assert p.shown() == "log"
    # a reload on seat 1's move shows the moves, whatever was kept
    p.open()
    p.show(11)
    assert p.shown() == "play"
    p.page.context.close()
