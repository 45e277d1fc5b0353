"""What the browser tests share: Debian's Chromium (``BOHN_CHROMIUM``), the
flags it runs with and how long a page may take."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bohn.server.launch import CHROMIUM_ARGS

CHROMIUM = Path(os.environ.get("BOHN_CHROMIUM") or "/usr/bin/chromium")
ARGS = list(CHROMIUM_ARGS)
#: milliseconds a page may take to show what a test waits for
TIMEOUT = 15_000


def need_chromium() -> None:
    """Skip the calling test module without Chromium, except in CI
    (``BOHN_REQUIRE_BROWSER=1``), where a missing Chromium is an error."""
    if os.environ.get("BOHN_REQUIRE_BROWSER") == "1":
        assert CHROMIUM.exists(), "BOHN_REQUIRE_BROWSER=1 but there is no Chromium"
    elif not CHROMIUM.exists():
        pytest.skip("no Chromium (tools/chromium.sh installs it)", allow_module_level=True)
