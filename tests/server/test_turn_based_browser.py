"""Two people, each signed in with an account in a browser context of their
own, play a turn-based Bohnanza game through the pages, across a restart of
the server. Each is told when it is their turn: the lobby's title counts the
game, and a mail reaches the local SMTP sink (aiosmtpd, never the network).
The pages' timers run on Playwright's clock, moved by the test."""

from __future__ import annotations

import time
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from bohn.server.app import create_app
from bohn.server.launch import free_port
from server.browser import ARGS
from server.browser import CHROMIUM
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.serving import serving
from server.smtp import Sink

need_chromium()

PASSWORD = "correct horse battery"
#: the moves a person here prefers, by their first word (as test_e2e's whole game)
PREFER = ("plant", "harvest", "pass", "end-trading", "decline", "keep")


def _until(cond: Any, what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


def _sign_up(page: Any, base: str, name: str) -> None:
    """Open the lobby on Playwright's clock and create an account in its dialog."""
    page.clock.install()
    page.goto(f"{base}/")
    page.locator("[data-testid=account-open]").click()
    page.locator("#account-name").fill(name)
    page.locator("#account-password").fill(PASSWORD)
    page.locator("[data-testid=account-sign-up]").click()
    page.locator("[data-testid=account-name-shown]").wait_for(timeout=TIMEOUT)


def _turn_mails(page: Any, address: str) -> None:
    """Ask for turn mails in the lobby's account menu."""
    page.locator("[data-testid=account-name-shown]").click()
    page.locator("[data-testid=account-mail-open]").click()
    page.locator("[data-testid=account-email]").fill(address)
    page.locator("[data-testid=account-turns]").check()
    page.locator("[data-testid=account-save]").click()
    page.locator("[data-testid=account-dialog]").wait_for(state="detached", timeout=TIMEOUT)


def _state(page: Any, base: str, gid: str) -> Any:
    """The game as the page's person sees it, asked with their account's cookie."""
    r = page.context.request.get(f"{base}/api/games/{gid}/state?since=1000000")
    assert r.ok, r.text()
    return r.json()


def _seq(page: Any) -> int:
    return int(page.locator("body").get_attribute("data-seq"))


def _play_until(page: Any, base: str, gid: str, seat: int, done: Any) -> None:
    """Click the page's person's moves (:data:`PREFER`) until ``done(state)``."""
    end = time.monotonic() + 60
    while True:
        view = _state(page, base, gid)
        if done(view):
            return
        assert time.monotonic() < end, "the turn did not end"
        if seat not in view["waiting_for"] or not view["legal"]:
            time.sleep(0.02)  # the bot moves
            continue
        page.wait_for_function(
            f"Number(document.body.dataset.seq) >= {view['seq']}", timeout=TIMEOUT
        )
        if _seq(page) != view["seq"]:
            continue
        texts = [x["text"] for x in view["legal"]]
        choice = next(
            (t for word in PREFER for t in texts if t.split()[0] == word),
            next(t for t in texts if not t.startswith("propose")),
        )
        page.locator(f"[data-testid=action][data-action-text='{choice}']").first.click()
        page.wait_for_function(
            f"Number(document.body.dataset.seq) > {view['seq']}", timeout=TIMEOUT
        )


def _waits_only_for(seat: int) -> Any:
    return lambda v: v["waiting_for"] == [seat]


def _told_in_the_title(page: Any) -> None:
    """The lobby looks again (its timer, on Playwright's clock) and counts the game."""
    page.clock.run_for(21_000)
    page.wait_for_function("document.title.startsWith('(1) ')", timeout=TIMEOUT)
    assert page.locator("[data-testid=turn-link]").count() == 1


def test_two_accounts_play_a_turn_based_game_across_a_restart(
    tmp_path: Path, sink: tuple[Sink, int]
) -> None:
    box, smtp_port = sink
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{tmp_path / 'bohn.db'}"

    def app() -> Any:
        made = create_app(
            db,
            base_url=base,
            smtp=f"smtp://127.0.0.1:{smtp_port}",
            mail_from="bohn@example.org",
            sign_in_rate=None,
            create_rate=None,
        )
        return made

    def mails_to(address: str) -> list[Message]:
        return [m for m in box.mails if m["To"] == address]

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            first = app()
            with serving(first, port):
                first.state.ctx.hub().tell_turn.__self__.delay = 0  # mail at once
                anna = browser.new_context().new_page()
                bert = browser.new_context().new_page()
                _sign_up(anna, base, "Anna")
                _sign_up(bert, base, "Bert")
                # Anna creates a turn-based game: seat 1 open, seat 2 a bot
                anna.select_option("[data-testid=variant-select]", "bohnanza")
                anna.select_option("[data-testid=players-select]", "3")
                anna.select_option("[data-testid=seat-kind-1]", "open")
                anna.select_option("[data-testid=seat-kind-2]", "bot:greedy")
                anna.select_option("[data-testid=speed-select]", "turn-based")
                anna.locator("[data-testid=hours-input]").fill("24")
                anna.locator("[data-testid=create-game]").click()
                anna.wait_for_url("**/play/**", timeout=TIMEOUT)
                anna.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
                gid = anna.url.split("/play/")[1].split("?")[0]
                # Bert takes seat 1 from the open tables, then leaves the page for the lobby
                bert.locator("[data-testid=refresh-games]").click()
                bert.locator(f"[data-testid=take-{gid}-1]").click()
                bert.wait_for_url("**/play/**", timeout=TIMEOUT)
                bert.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
                bert.goto(f"{base}/")
                _turn_mails(bert, "bert@example.org")
                # Anna plays her turn on her page until the game waits for Bert
                _play_until(anna, base, gid, 0, _waits_only_for(1))
                _told_in_the_title(bert)
                _until(lambda: mails_to("bert@example.org"), "Bert's mail")
                mail = mails_to("bert@example.org")[0]
                assert f"{base}/play/{gid}" in mail.get_payload(decode=True).decode()
                left = _state(bert, base, gid)["clock"]["deadlines"]["1"]
                stopped = time.monotonic()
            # the server restarts on the same database: the deadline goes on
            second = app()
            with serving(second, port):
                second.state.ctx.hub().tell_turn.__self__.delay = 0
                after = _state(bert, base, gid)
                gone = time.monotonic() - stopped
                assert after["clock"]["deadlines"]["1"] == pytest.approx(left - gone, abs=5)
                assert after["clock"]["turn_based"] is True
                anna.goto(f"{base}/")
                _turn_mails(anna, "anna@example.org")
                # Bert comes back through the lobby's link and plays his turn
                bert.locator("[data-testid=turn-link]").click()
                bert.wait_for_url(f"**/play/{gid}**", timeout=TIMEOUT)
                bert.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
                _play_until(bert, base, gid, 1, lambda v: 0 in v["waiting_for"])
                _told_in_the_title(anna)
                _until(lambda: mails_to("anna@example.org"), "Anna's mail")
                for m in box.mails:  # (one a seat and turn: test_turn_mail.py)
                    assert m["Subject"] == "Your turn in Bohnanza (bohn)"
                    assert f"{base}/play/{gid}" in m.get_payload(decode=True).decode()
        finally:
            browser.close()
