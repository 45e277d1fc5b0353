"""The server's structured logs (bohn/server/logs.py, bohn serve --log-format)."""

from __future__ import annotations

import io
import json
import logging

import pytest

from bohn.server import logs


@pytest.fixture
def restore_loggers() -> object:
    names = ("bohn", "uvicorn", "uvicorn.error")
    saved = {
        n: (
            logging.getLogger(n).handlers[:],
            logging.getLogger(n).level,
            logging.getLogger(n).propagate,
        )
        for n in names
    }
    yield None
    for n, (handlers, level, propagate) in saved.items():
        logger = logging.getLogger(n)
        logger.handlers, logger.propagate = handlers, propagate
        logger.setLevel(level)


def test_json_lines_with_their_fields_and_errors(restore_loggers: object) -> None:
    out = io.StringIO()
    logs.configure("json", logging.INFO, out)
    log = logging.getLogger("bohn.server")
    log.warning("bot at seat %s of %s: %s", 1, "g1", "refused", extra={"game": "g1", "seat": 1})
    try:
        raise KeyError("x")
    except KeyError:
        log.exception("a game did not load", extra={"game": "g2"})
    logging.getLogger("uvicorn.error").info("Started server process")
    logging.getLogger("bohn.server").debug("below the level")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 3
    first, second, third = lines
    assert first["level"] == "warning" and first["logger"] == "bohn.server"
    assert first["message"] == "bot at seat 1 of g1: refused"
    assert first["game"] == "g1" and first["seat"] == 1
    assert first["time"].endswith("Z") and "T" in first["time"]
    assert second["level"] == "error" and second["error"] == "KeyError: 'x'"
    assert "Traceback" in second["traceback"] and second["game"] == "g2"
    assert third["logger"] == "uvicorn.error" and third["message"] == "Started server process"


def test_text_lines(restore_loggers: object) -> None:
    out = io.StringIO()
    logs.configure("text", logging.WARNING, out)
    logging.getLogger("bohn.server").warning("a game did not load")
    logging.getLogger("bohn.server").info("not shown")
    (line,) = out.getvalue().splitlines()
    assert line.endswith(" WARNING bohn.server: a game did not load")


def test_an_unknown_format_is_named() -> None:
    with pytest.raises(ValueError, match="--log-format is one of text, json, not 'xml'"):
        logs.configure("xml")
