"""The browser client (``bohn/server/static``): its pages and modules are
served with the right content types, and the pages load their modules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bohn.server.app import create_app

STATIC = Path(__file__).resolve().parents[2] / "bohn" / "server" / "static"
MODULES = ["common.js", "lobby.js", "play.js", "replay.js"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'bohn.db'}")) as c:
        yield c


def _modules(html: str) -> list[str]:
    return re.findall(r'<script type="module" src="([^"]+)"', html)


@pytest.mark.parametrize(
    ("url", "module", "testids"),
    [
        pytest.param(
            "/",
            "/static/lobby.js",
            ("new-game-form", "variant-select", "players-select", "create-game", "games"),
            id="lobby",
        ),
        pytest.param(
            "/play/0123456789abcdef?token=x",
            "/static/play.js",
            ("hand", "actions", "log", "error", "result", "seats", "trade-form"),
            id="play",
        ),
        pytest.param("/static/replay.html", "/static/replay.js", (), id="replay"),
    ],
)
def test_a_page_loads_its_module_and_the_style(
    client: TestClient, url: str, module: str, testids: tuple[str, ...]
) -> None:
    """The lobby, the game page and the replay page: HTML that loads its own
    module, the style sheet and the parts the scripts look for."""
    r = client.get(url)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert _modules(r.text) == [module]
    assert 'href="/static/style.css"' in r.text
    for testid in testids:
        assert f'data-testid="{testid}"' in r.text


@pytest.mark.parametrize("name", MODULES)
def test_modules_are_served_as_javascript(client: TestClient, name: str) -> None:
    r = client.get(f"/static/{name}")
    assert r.status_code == 200
    assert "javascript" in r.headers["content-type"]
    assert r.text == (STATIC / name).read_text(encoding="utf-8")


def test_stylesheet_is_served_as_css(client: TestClient) -> None:
    r = client.get("/static/style.css")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/css")


def test_module_imports_resolve(client: TestClient) -> None:
    """Every relative import of a module names a file that is served."""
    for name in MODULES:
        text = (STATIC / name).read_text(encoding="utf-8")
        for target in re.findall(r'from "\./([^"]+)"', text):
            assert client.get(f"/static/{target}").status_code == 200, (name, target)


def test_no_external_resources() -> None:
    """The machine has no internet: no CDN, no web fonts."""
    for path in STATIC.iterdir():
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"""(src|href)=["']https?://""", text), path.name
            assert "@import url(http" not in text, path.name
            assert "fonts.googleapis" not in text, path.name
