"""Ctrl-C taken where bohn can stop cleanly, never inside compiled arithmetic.

The compiled modules (``make native``) do 64-bit arithmetic on Python
integers, and a signal noticed inside such an operation (CPython checks for
signals in long multiplication) is taken by mypyc for a failed allocation,
which aborts the process ("fatal: out of memory"). Long computations in the
main thread (a batch of games, a bot's move in ``bohn play``) therefore run
inside :func:`deferred_interrupt`, and stop at the next check instead.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def deferred_interrupt() -> Iterator[Callable[[], None]]:
    """Within the block, a first SIGINT only sets a flag, and the callable
    given raises ``KeyboardInterrupt`` when it is set; a second SIGINT raises
    at once (a way out of a computation that never checks). On leaving the
    block the old handler is back. Outside the main thread, or where SIGINT
    is ignored, it changes nothing."""
    hits = 0

    def check() -> None:
        if hits:
            raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield check
        return
    old = signal.getsignal(signal.SIGINT)
    if old is signal.SIG_IGN or old is None:
        yield check
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        nonlocal hits
        hits += 1
        if hits > 1:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, handler)
    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, old)
