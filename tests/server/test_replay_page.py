"""The replay viewer in Chromium: a finished game on the card table, scrubbed,
stepped and played; every hand shown at the end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.browser import ARGS
from server.browser import CHROMIUM
from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.test_api import person_and_bots
from server.test_api import play_seat_0

need_chromium()
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture
def finished(server: str) -> Iterator[tuple[str, dict[str, Any], httpx.Client]]:
    """A finished game of a person (played by a random bot) and two greedy bots."""
    with httpx.Client(base_url=server, timeout=30) as http:
        g = person_and_bots(http, "bohnanza", ["greedy", "greedy"])  # type: ignore[arg-type]
        play_seat_0(http, g, seed=4)  # type: ignore[arg-type]
        yield server, g, http


def step_view(http: httpx.Client, gid: str, k: int) -> dict[str, Any]:
    r = http.get(f"/api/games/{gid}/replay/steps", params={"from": k, "to": k})
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()["steps"][0]
    return view


def board_fields(page: Any, seats: int) -> list[list[list[str]]]:
    """Every seat's fields as the page shows them: the card keys, bottom first."""
    out: list[Any] = page.evaluate(
        """(n) => [...Array(n).keys()].map((i) =>
             [...document.querySelectorAll(`[data-seat="${i}"] [data-field]`)].map((f) =>
               [...f.querySelectorAll(".stack [data-card]")].map((c) => c.dataset.card)))""",
        seats,
    )
    return out


def hands(page: Any, seats: int) -> list[list[str]]:
    """Every seat's hand as the page shows it (a finished game's replay)."""
    out: list[Any] = page.evaluate(
        """(n) => [...Array(n).keys()].map((i) =>
             [...document.querySelectorAll(`[data-testid="hand-${i}"] [data-card]`)]
               .map((c) => c.dataset.card))""",
        seats,
    )
    return out


def scrub_to(page: Any, k: int) -> None:
    page.eval_on_selector(
        "[data-testid=replay-scrub]",
        "(el, k) => { el.value = String(k); el.dispatchEvent(new Event('input', {bubbles: true})); }",
        k,
    )
    page.wait_for_selector(f"body[data-step='{k}']", timeout=TIMEOUT)


def test_the_viewer_scrubs_steps_and_plays_a_finished_game(
    finished: tuple[str, dict[str, Any], httpx.Client],
) -> None:
    base, g, http = finished
    gid = g["id"]
    info = http.get(f"/api/games/{gid}/replay/turns").json()
    last = info["last"]
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/static/replay.html?game={gid}")
        page.wait_for_selector("body[data-step='0']", timeout=TIMEOUT)
        # the scrub bar to step k shows the board of step k (past a chunk's end too)
        for k in (37, 150, last - 3):
            scrub_to(page, k)
            view = step_view(http, gid, k)
            want = [s["fields"] for s in view["observation"]["seats"]]
            assert board_fields(page, 3) == want, k
            assert page.inner_text("[data-testid=replay-pos-text]") == f"step {k} of {last}"
            # the game is over: every seat's hand is shown at every step
            assert hands(page, 3) == [s["hand"] for s in view["observation"]["seats"]], k
        # the keys step back and on
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f"body[data-step='{last - 4}']", timeout=TIMEOUT)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"body[data-step='{last - 2}']", timeout=TIMEOUT)
        # play runs to the end and stops there, every hand shown, at the
        # speed chosen (up to 20 steps a second), which the browser keeps
        speeds = page.eval_on_selector_all(
            "[data-testid=replay-speed] option", "os => os.map(o => Number(o.value))"
        )
        assert speeds == [1, 2, 5, 10, 20]
        assert page.input_value("[data-testid=replay-speed]") == "2"
        page.select_option("[data-testid=replay-speed]", "20")
        assert page.evaluate("() => localStorage.getItem('bohn.replay.speed')") == "20"
        page.click("[data-testid=replay-play]")
        page.wait_for_selector(f"body[data-step='{last}']", timeout=TIMEOUT)
        page.wait_for_selector("[data-testid=replay-play][data-playing=no]", timeout=TIMEOUT)
        end = step_view(http, gid, last)
        assert end["reveal"] is True
        assert hands(page, 3) == [s["hand"] for s in end["observation"]["seats"]]
        assert any(s["hand"] for s in end["observation"]["seats"])
        assert page.is_visible("[data-testid=result]")
        # a turn of the list jumps to its first step; the step's sentences are shown
        turn = info["turns"][3]
        page.click("[data-testid=replay-turn][data-index='3'] .turn-jump")
        page.wait_for_selector(f"body[data-step='{turn['step']}']", timeout=TIMEOUT)
        assert page.is_visible("[data-testid=replay-turn][data-index='3'].current")
        assert page.inner_text("[data-testid=turn]").strip().endswith(str(turn["turn"]))
        assert not page.is_visible("[data-testid=result]")
        lines = page.locator("[data-testid=replay-lines] li").all_inner_texts()
        want_lines = [
            e["text"]
            for e in step_view(http, gid, turn["step"])["log"][0]["events"]
            if e.get("text") and not e["text"].startswith("---")
        ]
        assert lines == want_lines and lines
        assert not errors, errors
        browser.close()


def test_the_viewer_speaks_german(finished: tuple[str, dict[str, Any], httpx.Client]) -> None:
    base, g, _ = finished
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{base}/static/replay.html?game={g['id']}&lang=de")
        page.wait_for_selector("body[data-step='0']", timeout=TIMEOUT)
        assert page.inner_text("#turns-title") == "Zug für Zug"
        assert page.inner_text("[data-testid=replay-step-head]") == "Spielaufbau"
        assert "Karten" in page.inner_text("[data-testid=replay-current]")
        browser.close()
