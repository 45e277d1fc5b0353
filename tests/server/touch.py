"""A finger on a browser page's touch screen, for the phone tests: the
DevTools protocol's touch events, which Chromium turns into pointer events
of type "touch" (the page's ``touch-action`` honoured, long presses and all)."""

from __future__ import annotations

from typing import Any


class Finger:
    """One finger on ``page`` (a Playwright page of a context with ``has_touch``)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def _touch(self, kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        self._touch("touchStart", x, y)

    def move(self, x0: float, y0: float, x1: float, y1: float, steps: int = 12) -> None:
        """Slide from (x0, y0) to (x1, y1) in ``steps`` moves, a frame apart."""
        for k in range(1, steps + 1):
            self._touch("touchMove", x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
            self.page.wait_for_timeout(16)

    def up(self) -> None:
        self._touch("touchEnd", 0, 0)

    def hold(self, x: float, y: float, ms: int = 700) -> None:
        """A long press: down, ``ms`` still, up."""
        self.down(x, y)
        self.page.wait_for_timeout(ms)
        self.up()


def centre(locator: Any) -> tuple[float, float]:
    """The middle of the element in the window, scrolled into view first."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
