"""The people at the table, on the game page: a bot's seat says what bot
it is, a person's seat whether their page is connected, the creator's
invitations stay until everyone has come, and a finished game's rematch is
one click for each person (the second person's page offers to join the one
the first started). Played on the live test server; the tests wait on the
page's state (its ``data-seq`` and the marks), never on a fixed time."""

from __future__ import annotations

from typing import Any

import httpx

from bohn.bots.base import make_bot
from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}, {"kind": "bot"}]


def _create(server: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{server}/api/games", json={"variant": "bohnanza", "players": 3, **body})
    assert r.is_success, r.text
    return dict(r.json())


def _play_out(server: str, g: dict[str, Any]) -> None:
    """Play every person's seat with a random bot through the API until the game ends."""
    tokens = [j["token"] for j in g["join"]]
    bots = [make_bot("random", 10 + i) for i in range(len(tokens))]
    with httpx.Client(base_url=server) as c:
        for _ in range(20_000):
            for t, bot in zip(tokens, bots, strict=True):
                s = c.get(
                    f"/api/games/{g['id']}/state",
                    params={"since": 1_000_000},
                    headers={"authorization": f"Bearer {t}"},
                ).json()
                if s["result"] is not None:
                    return
                if s["seat"] in s["waiting_for"] and s["legal"]:
                    from server.test_api import choose

                    c.post(
                        f"/api/games/{g['id']}/actions",
                        headers={"authorization": f"Bearer {t}"},
                        json={"seq": s["seq"], "action": choose(s, bot)},
                    )
    raise AssertionError("the game did not end")


def test_seats_say_what_bot_and_who_is_here(browser: Any, server: str) -> None:
    g = _create(server, seats=PEOPLE, seed=2, options={"trade_cap": 1})
    ann = browser.new_context().new_page()
    ann.goto(g["join"][0]["url"])
    ann.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
    assert ann.locator("[data-testid=seat-kind-2]").inner_text() == "greedy bot"
    assert "Clara" in ann.locator("[data-testid=seat-2] .seat-name").inner_text()
    bea_mark = ann.locator("[data-testid=presence-1]")
    assert bea_mark.get_attribute("data-connected") == "no"
    assert bea_mark.inner_text().strip() == "not here yet"
    bea_context = browser.new_context()
    bea = bea_context.new_page()
    bea.goto(g["join"][1]["url"])
    ann.wait_for_selector("[data-testid=presence-1][data-connected=yes]", timeout=TIMEOUT)
    assert bea_mark.inner_text().strip() == "here"
    bea_context.close()  # Bea's page goes: at once her seat is no longer connected
    ann.wait_for_selector("[data-testid=presence-1][data-connected=no]", timeout=TIMEOUT)
    assert bea_mark.inner_text().strip() == "away"
    ann.close()


def test_a_rematch_is_one_click_for_each_person(browser: Any, server: str) -> None:
    g = _create(server, seats=PEOPLE, options={"trade_cap": 1})
    _play_out(server, g)
    ann = browser.new_context().new_page()
    bea = browser.new_context().new_page()
    ann.goto(g["join"][0]["url"])
    bea.goto(g["join"][1]["url"])
    for page in (ann, bea):
        page.wait_for_selector("[data-testid=rematch]", timeout=TIMEOUT)
        assert page.locator("[data-testid=rematch]").inner_text() == "Rematch"
    ann.locator("[data-testid=rematch]").click()
    ann.wait_for_url(lambda url: g["id"] not in url, timeout=TIMEOUT)
    new_id = ann.url.split("/play/")[1].split("?")[0]
    ann.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
    assert "Ann" in ann.locator("[data-testid=title]").inner_text()
    # Bea's page is told the rematch started, and one click takes her to her seat in it
    join = bea.locator("[data-testid=rematch]")
    bea.wait_for_selector("[data-testid=rematch]:text('Join the rematch')", timeout=TIMEOUT)
    join.click()
    bea.wait_for_url(f"**/play/{new_id}**", timeout=TIMEOUT)
    bea.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
    assert "Bea" in bea.locator("[data-testid=title]").inner_text()
    summary = httpx.get(f"{server}/api/games/{new_id}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bea", "Clara"]
    assert summary["status"] == "running"  # both people came: nobody is waited for
    ann.close()
    bea.close()
