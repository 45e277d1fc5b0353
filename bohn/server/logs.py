"""The server's logs: plain lines for a person at a terminal, or one JSON
object a line for a log collector (``bohn serve --log-format json``).

A JSON line holds ``time`` (UTC, ISO 8601 with milliseconds), ``level``,
``logger`` and ``message``, the fields a call adds with ``extra=`` (such as
``game`` and ``seat``), and ``error`` with the traceback's last line and
``traceback`` when an exception is logged. The server's own loggers
(``bohn.server``) and uvicorn's go through the same handler.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any
from typing import TextIO

#: the log formats ``bohn serve --log-format`` takes
FORMATS = ("text", "json")

#: the attributes every ``LogRecord`` has: what is not among them came with ``extra=``
_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    """One JSON object a record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info and record.exc_info[1] is not None:
            err = record.exc_info[1]
            out["error"] = f"{type(err).__name__}: {err}"
            out["traceback"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def configure(fmt: str = "text", level: int = logging.INFO, stream: TextIO | None = None) -> None:
    """Send the server's and uvicorn's records at ``level`` and above to
    ``stream`` (stderr) in ``fmt`` (:data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise ValueError(f"--log-format is one of {', '.join(FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(
        JsonFormatter()
        if fmt == "json"
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    for name in ("bohn", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = [handler] if name != "uvicorn.error" else []
        logger.setLevel(level)
        logger.propagate = name == "uvicorn.error"  # it goes through "uvicorn"


__all__ = ["FORMATS", "JsonFormatter", "configure"]
