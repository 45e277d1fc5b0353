"""Turn mails (``bohn serve --smtp``, ``bohn.server.mail``), sent to a local
SMTP sink (aiosmtpd), never the network: a turn-based game mails the
account whose seat it waits for, once a turn, with a link to the game and an
unsubscribe link that works in one click."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bohn.server.app import create_app
from bohn.server.mail import SmtpUrl
from server.smtp import Sink

PASSWORD = "correct horse battery"
BASE = "https://bohn.example.org"


def _until(cond: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def _csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get("bohn_csrf") or ""}


def _account(c: TestClient, name: str, address: str | None) -> None:
    c.cookies.clear()
    c.get("/api/account")
    r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD}, headers=_csrf(c))
    assert r.status_code == 201, r.text
    if address is not None:
        r = c.post("/api/account/mail", json={"email": address, "turns": True}, headers=_csrf(c))
        assert r.status_code == 200, r.text


def test_smtp_urls() -> None:
    assert SmtpUrl.parse("smtp://127.0.0.1:2525").port == 2525
    u = SmtpUrl.parse("smtps://anna:s%40cret@mail.example.org")
    assert (u.port, u.user, u.password) == (465, "anna", "s@cret")
    assert "s@cret" not in u.shown()
    for bad in ("http://x", "smtp://", "smtp://host/path", "smtp://host:99999"):
        with pytest.raises(ValueError):
            SmtpUrl.parse(bad)


def test_mail_needs_the_public_url(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="public URL"):
        create_app(f"sqlite:///{tmp_path / 'b.db'}", smtp="smtp://127.0.0.1:25")


def test_a_bad_address_is_refused(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}", sign_in_rate=None)) as c:
        _account(c, "Anna", None)
        for bad in ("anna", "anna@", "@example.org", "an na@example.org", "a@b", 7):
            r = c.post("/api/account/mail", json={"email": bad, "turns": True}, headers=_csrf(c))
            assert r.status_code == 400 and r.json()["code"] == "bad-email", (bad, r.text)


def test_a_turn_based_game_mails_whose_turn_it_is_once_a_turn(
    tmp_path: Path, sink: tuple[Sink, int]
) -> None:
    box, port = sink
    app = create_app(
        f"sqlite:///{tmp_path / 'b.db'}",
        base_url=BASE,
        smtp=f"smtp://127.0.0.1:{port}",
        mail_from="bohn@example.org",
        sign_in_rate=None,
        create_rate=None,
    )
    # https, as the public URL: the cookies are Secure
    with TestClient(app, base_url="https://testserver") as c:
        notices = app.state.ctx.hub().tell_turn.__self__  # the server's TurnNotices
        notices.delay = 0  # at once: nobody has a page open here
        _account(c, "Bert", "bert@example.org")
        bert = dict(c.cookies.items())
        _account(c, "Anna", "anna@example.org")
        r = c.post(
            "/api/games",
            json={
                "variant": "bohnanza",
                "players": 3,
                "seed": 4,
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                "turn_based": {"hours": 24, "skips": 1},
            },
            headers=_csrf(c),
        )
        assert r.status_code == 201, r.text
        game = r.json()
        # Anna created it: her seat (0) is her account's, and the game waits for her
        _until(lambda: len(box.mails) == 1)
        mail = box.mails[0]
        assert mail["To"] == "anna@example.org" and "Bohnanza" in mail["Subject"]
        body = mail.get_payload(decode=True).decode()
        assert f"{BASE}/play/{game['id']}" in body
        found = re.search(r"<([^>]+)>", str(mail["List-Unsubscribe"]))
        assert found is not None
        one_click = re.sub(r"\s+", "", found.group(1))  # a long header is folded
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # Bert takes seat 1 with his account
        c.cookies.clear()
        for k, v in bert.items():
            c.cookies.set(k, v, domain="testserver.local")
        token = game["join"][1]["token"]
        links = [{"game": game["id"], "token": token}]
        r = c.post("/api/account/links", json={"links": links}, headers=_csrf(c))
        assert r.json()["claimed"] == [{"game": game["id"], "seat": 1}]
        # the clock arming again for Anna's same turn mails nobody again
        room = app.state.ctx.hub().rooms[game["id"]]
        room.deadlines.pop(0, None)
        c.portal.call(room.arm_clock)  # type: ignore[union-attr]
        _until(lambda: not notices._tasks)  # it has looked, and mailed nobody
        assert len(box.mails) == 1
        # one click on the mail's link: no more mails for Anna
        path = one_click.removeprefix(BASE)
        c.cookies.clear()
        r = c.post(path, content=b"List-Unsubscribe=One-Click")
        assert r.status_code == 200 and r.json() == {"unsubscribed": True}
        assert c.post(path.replace("token=", "token=x")).status_code == 404
        room.deadlines.pop(0, None)
        with room.store.writer.engine.begin() as conn:  # as if a later turn of the game
            conn.exec_driver_sql("UPDATE seats SET mailed_turn = -1")
        c.portal.call(room.arm_clock)  # type: ignore[union-attr]
        _until(lambda: not notices._tasks)
        assert len(box.mails) == 1


def test_the_unsubscribe_page_is_one_button(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}")) as c:
        page = c.get("/unsubscribe", params={"token": 'a"b<c'})
        assert page.status_code == 200
        assert 'action="/api/mail/unsubscribe?token=a%22b%3Cc"' in page.text
        answer = c.post(
            "/api/mail/unsubscribe", params={"token": "nobody"}, headers={"Accept": "text/html"}
        )
        assert answer.status_code == 404 and "unsubscribes nobody" in answer.text
