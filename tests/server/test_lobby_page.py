"""The lobby page in Chromium: the create form (your name, the turn clock,
seats open to anyone or kept for a name), open tables with their Take seat
buttons, the games this browser created or joined, the language switch and
options in plain words."""

from __future__ import annotations

import contextlib
import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bohn.server.app import create_app
from bohn.server.launch import free_port
from bohn.server.limits import Rate
from server.browser import TIMEOUT
from server.browser import create_game
from server.browser import need_chromium
from server.serving import serving
from server.test_abuse import _fill

need_chromium()


def _api(server: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        server + path, data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def _open_game(server: str) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    game: dict[str, Any] = create_game(server, seats, clock_s=90, seed=3)
    return game


def _lobby(browser: Any, server: str, query: str = "") -> Any:
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/{query}")
    page.wait_for_selector("[data-testid=variant-select] option", state="attached", timeout=TIMEOUT)
    page.errors = errors
    return page


def _fill_as_ada(page: Any, kinds: list[str], players: str | None = None) -> None:
    """Fill the lobby's form as Ada: the number of players (if named) and the
    kinds of seats 1, 2..."""
    page.fill("[data-testid=name-input]", "Ada")
    if players is not None:
        page.select_option("[data-testid=players-select]", players)
    for seat, kind in enumerate(kinds, 1):
        page.select_option(f"[data-testid=seat-kind-{seat}]", kind)


def test_create_sends_name_clock_and_seats(browser: Any, server: str) -> None:
    page = _lobby(browser, server)
    assert "shown to every player" in page.locator("[data-testid=seed-hint]").inner_text()
    _fill_as_ada(page, ["open", "reserved"], players="4")
    page.fill("[data-testid=seat-name-2]", "Bea")
    page.fill("[data-testid=clock-input]", "45")
    page.click("[data-testid=create-game]")
    # the creator lands at their seat, with the links for the others at hand
    page.wait_for_url(re.compile(r"/play/"), timeout=TIMEOUT)
    invites = page.locator("[data-testid=invites]")
    invites.locator("[data-testid=invite-2]").wait_for(timeout=TIMEOUT)
    assert "Seat 3, for Bea" in invites.inner_text()
    assert "Seat 2 (open" in invites.locator("[data-testid=invite-1]").inner_text()
    assert page.locator("[data-testid=seat-0]").count() == 1
    assert page.evaluate("localStorage.getItem('bohn.name')") == '"Ada"'
    (game,) = _api(server, "/api/games")["games"]
    assert game["clock_s"] == 45
    assert [s["name"] for s in game["seats"]] == ["Ada", None, "Bea", "Detlef"]
    assert [s["free"] for s in game["seats"]] == [False, True, False, False]
    kept = json.loads(page.evaluate("localStorage.getItem('bohn.games')"))
    assert kept[0]["id"] == game["id"] and kept[0]["seat"] == 0 and kept[0]["name"] == "Ada"
    # the lobby keeps it, with the server's status and a rejoin link
    page.goto(server)
    mine = page.locator(f"[data-testid=my-game][data-game='{game['id']}']")
    # the entry shows at once from the browser's store, the status once the
    # server's list answers
    page.wait_for_selector(
        f"[data-testid=my-game][data-game='{game['id']}']:not([data-status=unknown])",
        timeout=TIMEOUT,
    )
    assert mine.get_attribute("data-status") == "open"
    assert "/play/" in (mine.locator("[data-testid=rejoin]").get_attribute("href") or "")
    # the game is an open table too, and the list shows names, clock, seed
    row = page.locator(f"[data-testid=game-row][data-game='{game['id']}']")
    text = row.inner_text()
    assert "Ada" in text and "Bea" in text and "45 s" in text and "random seed" in text
    assert page.locator(f"[data-testid=take-{game['id']}-1]").is_visible()
    assert page.locator(f"[data-testid=take-{game['id']}-2]").count() == 0
    assert not page.errors


def test_an_invitation_goes_once_its_person_has_come(browser: Any, server: str) -> None:
    page = _lobby(browser, server)
    _fill_as_ada(page, ["open", "open"], players="3")
    page.click("[data-testid=create-game]")
    page.wait_for_url(re.compile(r"/play/"), timeout=TIMEOUT)
    invites = page.locator("[data-testid=invites]")
    link = invites.locator("[data-testid=invite-1] input").input_value()
    other = browser.new_context().new_page()
    other.goto(link)
    page.wait_for_selector("[data-testid=invite-1]", state="detached", timeout=TIMEOUT)
    assert invites.locator("[data-testid=invite-2]").is_visible()  # seat 3's person has not come
    page.locator("[data-testid=invite-close]").click()
    assert not invites.is_visible()
    page.reload()  # closed, it stays closed in this tab
    page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
    assert not invites.is_visible()
    assert not page.errors
    other.close()


def test_a_reserved_seat_needs_its_name(browser: Any, server: str) -> None:
    page = _lobby(browser, server)
    page.select_option("[data-testid=seat-kind-1]", "reserved")
    page.evaluate("document.querySelector('[data-testid=seat-name-1]').required = false")
    page.click("[data-testid=create-game]")
    page.wait_for_selector("[data-testid=error]:visible", timeout=TIMEOUT)
    assert _api(server, "/api/games")["games"] == []


def test_take_a_seat_at_an_open_table(browser: Any, server: str) -> None:
    g = _open_game(server)
    page = _lobby(browser, server)
    table = page.locator(f"[data-testid=open-table][data-game='{g['id']}']")
    table.wait_for(timeout=TIMEOUT)
    text = table.inner_text()
    assert "turn clock 90 s" in text and "seed chosen by a person" in text and "Ada" in text
    page.once("dialog", lambda d: d.accept("Cem"))
    page.click(f"[data-testid=take-{g['id']}-1]")
    page.wait_for_url(re.compile(r"/play/.*token="), timeout=TIMEOUT)
    summary = _api(server, f"/api/games/{g['id']}")
    assert summary["seats"][1]["name"] == "Cem" and not summary["seats"][1]["free"]
    assert page.evaluate("localStorage.getItem('bohn.name')") == '"Cem"'
    kept = json.loads(page.evaluate("localStorage.getItem('bohn.games')"))
    assert (kept[0]["id"], kept[0]["seat"], kept[0]["name"]) == (g["id"], 1, "Cem")
    assert re.fullmatch(rf"{re.escape(server)}/play/{g['id']}\?token=[\w-]+", kept[0]["url"])
    # the game page then takes the token out of its address (it keeps it itself)
    page.wait_for_url(f"{server}/play/{g['id']}", timeout=TIMEOUT)
    page.goto(server + "/")
    page.locator(f"[data-testid=my-game][data-game='{g['id']}']").wait_for(timeout=TIMEOUT)
    assert page.locator(f"[data-testid=open-table][data-game='{g['id']}']").count() == 0


def test_the_open_tables_refresh_by_themselves(browser: Any, server: str) -> None:
    page = _lobby(browser, server)
    page.wait_for_selector("#open-list .empty", timeout=TIMEOUT)
    g = _open_game(server)
    page.locator(f"[data-testid=open-table][data-game='{g['id']}']").wait_for(timeout=8000)


def test_your_games_show_the_result_and_forget(browser: Any, server: str) -> None:
    page = _lobby(browser, server)
    finished = {
        "id": "fin1",
        "variant": "bohnanza",
        "title": "Bohnanza",
        "players": 2,
        "options": {},
        "clock_s": None,
        "status": "finished",
        "seq": 99,
        "seats": [
            {"seat": 0, "kind": "human", "bot": None, "joined": True, "name": "Ada", "free": False},
            {
                "seat": 1,
                "kind": "bot",
                "bot": "greedy",
                "joined": True,
                "name": "greedy bot",
                "free": False,
            },
        ],
        "seed_chosen": False,
        "waiting_for": [],
        "result": {"scores": [12, 9], "winners": [0], "ranking": [0, 1], "reason": "end"},
        "created_at": "2026-12-01T10:00:00",
    }
    page.route(
        re.compile(r"/api/games(\?.*)?$"),
        lambda route: route.fulfill(json={"games": [finished], "next_cursor": None}),
    )
    entries = [
        {
            "id": "fin1",
            "title": "Bohnanza",
            "seat": 0,
            "name": "Ada",
            "url": "/play/fin1?token=a",
            "when": "2026-12-01T10:00:00Z",
        },
        {
            "id": "lost9",
            "title": "Sissi",
            "seat": 1,
            "name": "Ada",
            "url": "/play/lost9?token=b",
            "when": "2026-11-30T10:00:00Z",
        },
    ]
    page.evaluate("(e) => localStorage.setItem('bohn.games', JSON.stringify(e))", entries)
    page.reload()
    fin = page.locator("[data-testid=my-game][data-game='fin1']")
    fin.wait_for(timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=my-game][data-status=finished]", timeout=TIMEOUT)
    assert "won by Ada" in fin.inner_text()
    assert (
        fin.locator("[data-testid=my-replay]").get_attribute("href")
        == "/static/replay.html?game=fin1"
    )
    lost = page.locator("[data-testid=my-game][data-game='lost9']")
    assert lost.get_attribute("data-status") == "gone"
    assert "no longer knows" in lost.inner_text()
    lost.locator("[data-testid=forget]").click()
    assert page.locator("[data-testid=my-game]").count() == 1
    kept = json.loads(page.evaluate("localStorage.getItem('bohn.games')"))
    assert [e["id"] for e in kept] == ["fin1"]


def test_the_language_switch(browser: Any, server: str) -> None:
    _open_game(server)
    page = _lobby(browser, server)
    assert page.locator("#new-title").inner_text() == "New game"
    page.click("[data-testid=lang-switch]")
    page.wait_for_url(re.compile(r"lang=de"), timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=open-table]", timeout=TIMEOUT)
    assert page.locator("#new-title").inner_text() == "Neues Spiel"
    # the free seat is the second (index 1): a person reads it as seat 2
    assert "Platz 2 nehmen" in page.locator("[data-testid=open-tables]").inner_text()
    assert page.locator("[data-testid=lang-switch]").inner_text() == "English"
    keys = page.evaluate("import('/static/i18n.js').then((m) => m.KEYS)")
    lobby = {k for k in keys["en"] if k.startswith("lobby.")}
    assert lobby and lobby == {k for k in keys["de"] if k.startswith("lobby.")}
    # a reload keeps the language (localStorage) without the query
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=open-table]", timeout=TIMEOUT)
    assert page.locator("#new-title").inner_text() == "Neues Spiel"


def test_options_in_plain_words(browser: Any, server: str) -> None:
    page = _lobby(browser, server)
    page.locator("#options-box summary").click()
    row = page.locator("[data-testid=option-row-coins_from]")
    label = row.locator("label").inner_text()
    assert "coins_from" not in label and "coin" in label.lower()
    # no rule ids and no JSON on the page: the option's name and decision
    # are a tooltip, a seat option is a choice of seats counted from 1
    assert "coins_from" not in row.inner_text() and "BO-D3" not in row.inner_text()
    assert "BO-D3" in (row.get_attribute("title") or "")
    box = page.locator("#options-box")
    assert "JSON" not in box.inner_text() and not re.search(r"\bseat 0\b", box.inner_text(), re.I)
    first = page.locator("[data-testid=option-first_player] option").all_inner_texts()
    assert first[:2] == ["Seat 1 (you)", "Seat 2"]
    caps = page.locator("[data-testid=option-trade_caps] input")
    assert caps.count() == int(page.locator("[data-testid=players-select]").input_value())
    # the label, the help and the choices are the declaration's words, in
    # the page's language
    assert label == "Coins come from"
    assert "harvested field" in row.locator(".option-help").inner_text()
    choices = row.locator("select option").all_inner_texts()
    assert choices == ["the top cards", "the bottom cards"]
    page.click("[data-testid=lang-switch]")
    page.wait_for_url(re.compile(r"lang=de"), timeout=TIMEOUT)
    page.locator("#options-box summary").click()
    row = page.locator("[data-testid=option-row-coins_from]")
    assert row.locator("label").inner_text() == "Taler kommen von"
    assert row.locator("select option").all_inner_texts() == [
        "den obersten Karten",
        "den untersten Karten",
    ]
    # the value sent is still the option's own choice
    assert row.locator("select").input_value() == "top"


def test_the_games_list_pages_and_filters_by_ruleset(
    browser: Any, server: str, tmp_path: Path
) -> None:
    db = tmp_path / "bohn.db"  # the server's own database
    finished = _fill(db, 25, status="finished", prefix="f", joined=True, start=time.time() - 900)
    sissi = _fill(db, 3, variant="sissi", prefix="s", joined=True, start=time.time() - 100)
    page = _lobby(browser, server)
    rows = page.locator("[data-testid=game-row]")
    page.wait_for_selector("[data-testid=more-games]:visible", timeout=TIMEOUT)
    # the newest 20 first, then the next page on "More games"
    assert rows.count() == 20
    shown = [rows.nth(i).get_attribute("data-game") for i in range(20)]
    assert shown == (sissi[::-1] + finished[::-1])[:20]
    assert "more below" in page.locator("[data-testid=games-count]").inner_text()
    page.click("[data-testid=more-games]")
    page.wait_for_selector("[data-testid=more-games]", state="hidden", timeout=TIMEOUT)
    assert rows.count() == 28
    assert page.locator("[data-testid=games-count]").inner_text() == "28 games"
    # the ruleset filter asks the server for that ruleset's games only
    page.select_option("[data-testid=filter-variant]", "sissi")
    page.wait_for_function("document.querySelectorAll('[data-testid=game-row]').length === 3")
    assert {rows.nth(i).get_attribute("data-game") for i in range(3)} == set(sissi)
    page.select_option("[data-testid=filter-status]", "finished")
    page.wait_for_selector("#games-body td[colspan]", timeout=TIMEOUT)
    assert "No game fits the filter" in page.locator("#games-body").inner_text()
    # in German
    page.click("[data-testid=lang-switch]")
    page.wait_for_url(re.compile(r"lang=de"), timeout=TIMEOUT)
    page.wait_for_selector("[data-testid=more-games]:visible", timeout=TIMEOUT)
    assert page.locator("[data-testid=more-games]").inner_text() == "Weitere Spiele"
    assert "alle Regelwerke" in page.locator("[data-testid=filter-variant]").inner_text()
    assert not page.errors


@contextlib.contextmanager
def _limited_server(tmp_path: Path, **limits: Any) -> Iterator[str]:
    """A live server (as the ``server`` fixture) with the limits ``limits``; its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tmp_path.mkdir(exist_ok=True)
    app = create_app(f"sqlite:///{tmp_path / 'bohn.db'}", base_url=base, **limits)
    with serving(app, port):
        yield base


def _create_twice(browser: Any, server: str, lang: str) -> str:
    """Create two games on the lobby page in ``lang``: the error the second shows."""
    page = _lobby(browser, server, f"?lang={lang}")
    _fill_as_ada(page, ["open"])
    page.click("[data-testid=create-game]")
    page.wait_for_url(re.compile(r"/play/"), timeout=TIMEOUT)
    page.go_back()
    page.wait_for_selector("[data-testid=variant-select] option", state="attached", timeout=TIMEOUT)
    _fill_as_ada(page, ["open"])
    page.click("[data-testid=create-game]")
    page.wait_for_selector("[data-testid=error]:visible", timeout=TIMEOUT)
    assert not page.errors
    text: str = page.locator("[data-testid=error]").inner_text()
    return text


@pytest.mark.parametrize(
    ("limits", "de", "en", "server_says"),
    [
        (
            {"create_rate": Rate(rate=1 / 3600, burst=1)},
            r"^Von deiner Adresse wurden in kurzer Zeit zu viele Spiele erstellt .* in 60 min noch einmal\.$",
            r"^Too many games created .* Try again in 60 min\.$",
            "bohn serve --create-rate",
        ),
        (
            {"create_rate": None, "max_open_games": 1},
            r"^Deine Adresse hat ein offenes Spiel .* der Server erlaubt 1\.",
            r"^Your address has 1 open game .* the server allows 1\.",
            "bohn serve --max-open-games",
        ),
    ],
)
def test_a_limit_is_worded_in_the_pages_language(
    browser: Any, tmp_path: Path, limits: dict[str, Any], de: str, en: str, server_says: str
) -> None:
    for lang, words in (("de", de), ("en", en)):
        with _limited_server(tmp_path / lang, **limits) as server:
            shown = _create_twice(browser, server, lang)
            assert re.search(words, shown), shown
            # API clients still get the server's English message and the limit's fields
            r = httpx.post(
                f"{server}/api/games",
                json={"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3},
            )
            assert r.status_code == 429 and server_says in r.json()["message"], r.text
            assert r.json()["limit"] == server_says.split("--")[1]


def test_bots_are_chosen_by_how_hard_they_play(browser: Any, server: str) -> None:
    """A bot seat offers three levels, worded in the page's language (normal
    chosen unless you pick another); the game is made with each level's bot."""
    levels = {lv["level"]: lv["bot"] for lv in _api(server, "/api/variants")["levels"]}
    assert levels == {
        "easy": "greedy:proposals=0,buy=false",
        "normal": "greedy",
        "strong": "ismcts",
    }
    de = _lobby(browser, server, "?lang=de")
    de.select_option("[data-testid=players-select]", "4")
    shown = de.locator("[data-testid=seat-kind-1] option").all_inner_texts()
    assert [x for x in shown if x.startswith("Bot")] == ["Bot: leicht", "Bot: normal", "Bot: stark"]
    page = _lobby(browser, server)
    page.fill("[data-testid=name-input]", "Ada")
    page.select_option("[data-testid=players-select]", "4")
    assert page.input_value("[data-testid=seat-kind-1]") == "bot:greedy"
    page.select_option("[data-testid=seat-kind-1]", "open")
    page.select_option("[data-testid=seat-kind-2]", label="bot: strong")
    page.select_option("[data-testid=seat-kind-3]", label="bot: easy")
    page.click("[data-testid=create-game]")
    page.wait_for_url(re.compile(r"/play/"), timeout=TIMEOUT)
    (game,) = _api(server, "/api/games")["games"]
    assert [s["bot"] for s in game["seats"]] == [None, None, "ismcts", levels["easy"]]
    assert not page.errors and not de.errors
