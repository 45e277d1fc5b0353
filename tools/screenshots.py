"""Take the README's gallery: every ruleset's game page in the browser.

Starts ``bohn serve`` on a temporary database and, for every ruleset, creates
a game (you and greedy bots), makes a few of your moves by clicking the page in
Debian's Chromium (Playwright) at 1366x800 and, where the ruleset trades,
stops mid-trade with a proposal half filled in. Saves
``docs/img/screens/<ruleset>.png`` and a Bohnanza game on a phone (390x844)
as ``docs/img/screens/bohnanza-phone.png``.

``--trading`` takes the trading gallery instead (``docs/play.md``): every
ruleset's trading moment at the bots' normal pace, the moment a bot's offer
to you stands on the page (its two sides, Accept, Decline and Counter, the
trading's countdown), else your own proposal half filled in; and the
counter-offer editor opened at that offer. Saves
``docs/img/trading/<ruleset>.png`` (and ``bohnanza-phone.png``,
``bohnanza-counter.png``).

``--sizes`` takes the table's gallery (``docs/play.md``, "The table"): every
ruleset the same way at each window size of ``SIZES`` (a laptop, a large
screen, a phone), saved as ``docs/img/screens/<ruleset>-<w>x<h>.png``.

    .venv/bin/python tools/screenshots.py [--trading | --sizes] [RULESET ...]
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from bohn.server.launch import CHROMIUM_ARGS
from bohn.server.launch import start_server

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img" / "screens"
TRADING = ROOT / "docs" / "img" / "trading"
#: your moves at most before the trading shot
TRADE_MOVES = 80
CHROMIUM = os.environ.get("BOHN_CHROMIUM") or "/usr/bin/chromium"
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
#: the window sizes of the table's gallery (--sizes)
SIZES = [DESKTOP, {"width": 1920, "height": 1080}, PHONE]
#: ruleset -> (players, seed)
SHOTS = {
    "bohnanza": (4, 12),
    "sissi": (4, 12),
    "high-bohn": (4, 12),
    "al-cabohne": (1, 12),
    "prohibohn": (2, 12),
    "ladybohn": (4, 12),
    "mutterbohnchen": (3, 12),
    "bohnkick": (4, 12),
    "bohnanza-rio-grande": (7, 12),
}
#: your moves before the shot where no trading comes
MOVES = 4

# the move to click: the primary one, else one that advances (not an any-time move)
_CHOOSE = """() => {
  for (const b of document.querySelectorAll('[data-pick-me]')) delete b.dataset.pickMe;
  const ok = (b) => !b.disabled && b.offsetParent !== null && !b.closest('details:not([open])');
  const moves = [...document.querySelectorAll('button[data-testid=action]')].filter(ok);
  let b = moves.find((x) => x.dataset.primary === 'yes');
  if (!b && document.querySelector('.chooser')) return 'chooser';
  if (!b) b = moves.find((x) => !x.classList.contains('action-anytime') && x.dataset.actionType !== 'propose');
  if (!b) return 'wait';
  b.dataset.pickMe = 'yes';
  return 'click';
}"""


def _settle(page: Any, before: str | None) -> None:
    with contextlib.suppress(PlaywrightTimeout):  # a move that changes no state: take the shot
        page.wait_for_function("(b) => document.body.dataset.seq !== b", arg=before, timeout=5_000)
    page.wait_for_timeout(300)


def _step(page: Any) -> None:
    before = page.locator("body").get_attribute("data-seq")
    what = page.evaluate(_CHOOSE)
    if what == "chooser":
        boxes = page.locator(".chooser [data-testid=choose-card]")
        send = page.locator(".chooser [data-testid=chooser-send]")
        for i in range(boxes.count()):
            boxes.nth(i).check()
            if send.is_enabled():
                break
        send.click()
    elif what == "click":
        button = page.locator("[data-pick-me=yes]")
        button.scroll_into_view_if_needed()
        button.click()
    _settle(page, before)


def _half_proposal(page: Any) -> bool:
    """In a trading phase: tick a card to give and a bean to want (not sent)."""
    form = page.locator("[data-testid=trade-form]")
    if not form.is_visible():
        return False
    give = page.locator("[data-testid=trade-give] input")
    if give.count():
        give.first.check()
    bean = page.locator("[data-testid=trade-want-bean]")
    if bean.count():
        bean.first.click()
    page.wait_for_timeout(200)
    return True


def shoot(browser: Any, url: str, variant: str, viewport: Any, out: Path) -> None:
    players, seed = SHOTS[variant]
    seats = [{"kind": "human", "name": "Anna"}]
    seats += [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    game = httpx.post(
        f"{url}/api/games",
        json={"variant": variant, "players": players, "seed": seed, "think_ms": 0, "seats": seats},
    ).json()
    # wait_for_function evaluates its string, which the server's
    # Content-Security-Policy (no eval) forbids: the tool bypasses it
    phone = viewport["width"] <= PHONE["width"]
    ctx = browser.new_context(viewport=viewport, bypass_csp=True, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.goto(game["join"][0]["url"])
    page.wait_for_selector("body[data-seq]")
    page.wait_for_timeout(500)
    for i in range(3 * MOVES):
        if i and _half_proposal(page):
            break
        if i >= MOVES and not page.locator("[data-testid=trade-form]").is_visible():
            break
        _step(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out), full_page=False)
    ctx.close()
    print(f"saved {out.relative_to(ROOT)}")


def _offer_to_you(page: Any) -> bool:
    accept = page.locator("[data-testid=offer] button[data-action-type=accept]")
    return bool(accept.count()) and accept.first.is_visible()


def trading(
    browser: Any, url: str, variant: str, viewport: Any, out: Path, counter: Path | None
) -> None:
    """The trading moment of ``variant`` (see the module's docstring)."""
    players, seed = SHOTS[variant]
    seats = [{"kind": "human", "name": "Anna"}]
    seats += [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    game = httpx.post(
        f"{url}/api/games",
        json={
            "variant": variant,
            "players": players,
            "seed": seed,
            "seats": seats,
            "pace": "normal",
            "trade_s": 120,
        },
    ).json()
    ctx = browser.new_context(viewport=viewport, bypass_csp=True)
    page = ctx.new_page()
    page.goto(game["join"][0]["url"])
    page.wait_for_selector("body[data-seq]")
    found = False
    for _ in range(TRADE_MOVES):
        if _offer_to_you(page):
            found = True
            break
        _step(page)
    if not found:
        _half_proposal(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.screenshot(path=str(out))
    print(f"saved {out.relative_to(ROOT)}{'' if found else ' (no offer to you came)'}")
    if counter is not None and found:
        page.locator("[data-testid=offer] button", has_text="Counter").first.click()
        page.wait_for_timeout(300)
        page.screenshot(path=str(counter))
        print(f"saved {counter.relative_to(ROOT)}")
    ctx.close()


def main(argv: list[str]) -> int:
    trade = "--trading" in argv
    sizes = "--sizes" in argv
    argv = [a for a in argv if a not in ("--trading", "--sizes")]
    wanted = argv or list(SHOTS)
    if sizes:
        OUT.mkdir(parents=True, exist_ok=True)
        with browsing() as (browser, url):
            for variant in wanted:
                for size in SIZES:
                    name = f"{variant}-{size['width']}x{size['height']}.png"
                    shoot(browser, url, variant, size, OUT / name)
        return 0
    if trade:
        TRADING.mkdir(parents=True, exist_ok=True)
        with browsing() as (browser, url):
            for variant in wanted:
                counter = TRADING / f"{variant}-counter.png" if variant == "bohnanza" else None
                trading(browser, url, variant, DESKTOP, TRADING / f"{variant}.png", counter)
            if "bohnanza" in wanted:
                trading(browser, url, "bohnanza", PHONE, TRADING / "bohnanza-phone.png", None)
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    with browsing() as (browser, url):
        for variant in wanted:
            shoot(browser, url, variant, DESKTOP, OUT / f"{variant}.png")
        if "bohnanza" in wanted:
            shoot(browser, url, "bohnanza", PHONE, OUT / "bohnanza-phone.png")
    return 0


@contextlib.contextmanager
def browsing() -> Iterator[tuple[Any, str]]:
    """``bohn serve`` on a temporary database and Debian's Chromium: the
    browser and the server's address, both stopped at the end."""
    db = os.path.join(tempfile.mkdtemp(prefix="bohn-shot-"), "shot.db")
    proc, url = start_server(f"sqlite:///{db}")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                yield browser, url
            finally:
                browser.close()
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
