"""The agent protocol: an outside program playing through JSON lines on its
standard input and output (``docs/arena.md``).

The arena starts an agent's program once for the league (and again, at the
start of its next game, after it crashed or was benched), writes one JSON
object a line to its stdin, and reads one JSON object a line from its stdout:

* ``{"type": "hello", ...}`` once the program has started (no answer);
* ``{"type": "observation", "id": K, ...}``: the program answers
  ``{"id": K, "move": "<text>"}`` within ``deadline_ms``;
* ``{"type": "result", ...}`` when a game it plays has ended (no answer);
* ``{"type": "bye"}`` at the league's end; the program should exit.

:class:`AgentProcess` runs one program: a thread reads its stdout into a
queue, so that an answer is waited for with a real time limit, and another
keeps the last lines of its stderr, which a crash's report quotes. A third
writes to its stdin, so that a program that does not read cannot block the
arena: its answer is simply late.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO
from typing import Any

#: the protocol's version, sent in ``hello``
PROTOCOL = 1
#: the kinds of failure an answer may have (``docs/arena.md``, Failures)
FAILURES = ("timeout", "crash", "malformed", "illegal")
#: how long an agent's program is given to exit after ``bye`` before it is killed
EXIT_GRACE_S = 1.0
#: how many of an agent's last stderr lines are kept
STDERR_LINES = 20
#: the longest answer line read (longer ones are malformed)
MAX_LINE = 1 << 20


@dataclass(frozen=True)
class Answer:
    """What came back for one observation: the move's text, or a failure
    (one of :data:`FAILURES`) and what was wrong."""

    move: str | None
    failure: str | None = None
    detail: str = ""
    seconds: float = 0.0


def agent_command(command: str | Sequence[str]) -> list[str]:
    """An agent's command line as a program and its arguments: a string is
    split as a POSIX shell would split it (no shell runs it)."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise ValueError("an agent's command is empty")
    return argv


class AgentProcess:
    """One agent's program, started by :meth:`start` and spoken to in JSON
    lines (see the module's text)."""

    def __init__(
        self,
        name: str,
        command: str | Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.name = name
        self.argv = agent_command(command)
        self.cwd = cwd
        self.env = env
        self.proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | Broken | None] = queue.Queue()
        self._out: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._stderr_thread: threading.Thread | None = None
        self._next_id = 0
        #: ids asked and not yet answered (a late answer to one is dropped)
        self._pending: deque[int] = deque()
        #: how many times the program was started
        self.starts = 0
        #: seconds the program has to exit after ``bye``
        self.grace = EXIT_GRACE_S
        self.dead = True

    # ------------------------------------------------------------ life

    def start(self, hello: dict[str, Any] | None = None) -> str | None:
        """Start the program (stopping any earlier one) and send ``hello``;
        None, or why it could not start."""
        self.stop()
        self._lines = queue.Queue()
        self._out = queue.Queue()
        self._pending.clear()
        self.starts += 1
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=self.cwd,
                env=self.env,
            )
        except OSError as err:
            self.dead = True
            return f"could not start {self.argv[0]}: {err.strerror or err}"
        self.proc = proc
        self.dead = False
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=self._read, args=(proc.stdout, self._lines), daemon=True).start()
        self._stderr_thread = threading.Thread(
            target=self._read_stderr, args=(proc.stderr,), daemon=True
        )
        self._stderr_thread.start()
        threading.Thread(
            target=self._write_all, args=(proc.stdin, self._out, self._lines), daemon=True
        ).start()
        if hello is not None:
            return self.send(hello)
        return None

    def stop(self, bye: bool = False) -> None:
        """Stop the program: with ``bye``, that message and then the end of
        its stdin, and :attr:`grace` seconds to exit; killed if it has not
        exited by then (at once without ``bye``)."""
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        self.dead = True
        if bye:
            self._out.put(_line({"type": "bye"}))
        self._out.put(None)  # the writer closes stdin
        try:
            proc.wait(self.grace if bye else 0.05)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    @property
    def alive(self) -> bool:
        return self.proc is not None and not self.dead and self.proc.poll() is None

    # ------------------------------------------------------------ speaking

    def send(self, message: dict[str, Any]) -> str | None:
        """Send one message (written by the writer thread, so never blocking);
        None, or why it cannot be sent."""
        proc = self.proc
        if proc is None or self.dead:
            return "the program is not running"
        self._out.put(_line(message))
        return None

    def ask(self, message: dict[str, Any], seconds: float) -> Answer:
        """Send an observation (``message`` gets its ``id``) and wait up to
        ``seconds`` for the answer to it."""
        self._next_id += 1
        ask_id = self._next_id
        begun = time.monotonic()
        rest = dict(message)
        problem = self.send({"type": rest.pop("type", "observation"), "id": ask_id, **rest})
        if problem is not None:
            return Answer(None, "crash", problem, time.monotonic() - begun)
        self._pending.append(ask_id)
        deadline = begun + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return Answer(None, "timeout", f"no answer within {seconds:g} s", seconds)
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            took = time.monotonic() - begun
            if line is None:
                self.dead = True
                return Answer(None, "crash", self._exit_text(), took)
            if isinstance(line, Broken):
                self.dead = True
                return Answer(None, "crash", line.reason, took)
            answer = self._answer(line, ask_id, took)
            if answer is not None:
                return answer

    def _answer(self, line: str, ask_id: int, took: float) -> Answer | None:
        """The answer ``line`` gives to the observation ``ask_id``, or None
        for a late answer to an earlier one (dropped)."""
        if not line.strip():
            return None
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            self._pending.clear()
            return Answer(None, "malformed", f"not JSON ({err.msg}): {_cut(line)}", took)
        if isinstance(data, dict) and "id" in data:
            if data["id"] != ask_id:
                if data["id"] in self._pending:
                    self._pending.remove(data["id"])
                return None
            self._pending.clear()
        else:
            # no id: the answer to the oldest observation not yet answered
            oldest = self._pending.popleft() if self._pending else ask_id
            if oldest != ask_id:
                return None
        if not isinstance(data, dict) or not isinstance(data.get("move"), str):
            return Answer(None, "malformed", f'not {{"move": "<text>"}}: {_cut(line)}', took)
        return Answer(data["move"], None, "", took)

    def _exit_text(self) -> str:
        proc = self.proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(0.5)
            except subprocess.TimeoutExpired:
                code = None
        if code is not None and self._stderr_thread is not None:
            self._stderr_thread.join(0.5)  # its last words, to the pipe's end
        said = f"; its last error output: {self._stderr[-1]}" if self._stderr else ""
        how = "closed its output" if code is None else f"exited with status {code}"
        return f"the program {how}{said}"

    @property
    def stderr_tail(self) -> list[str]:
        """The last lines the program wrote to its stderr."""
        return list(self._stderr)

    # ------------------------------------------------------------ threads

    @staticmethod
    def _write_all(
        stream: IO[str], out: queue.Queue[str | None], lines: queue.Queue[str | Broken | None]
    ) -> None:
        """Write each line of ``out`` until None, then close ``stream``; a
        failed write is put on ``lines`` as :class:`Broken`."""
        try:
            while (line := out.get()) is not None:
                stream.write(line)
                stream.flush()
        except (OSError, ValueError) as err:
            lines.put(Broken(f"could not write to the program ({type(err).__name__}: {err})"))
        finally:
            with contextlib.suppress(OSError, ValueError):
                stream.close()

    @staticmethod
    def _read(stream: IO[str], lines: queue.Queue[str | Broken | None]) -> None:
        try:
            for line in stream:
                lines.put(line[:MAX_LINE])
        except (OSError, ValueError):
            pass
        lines.put(None)

    def _read_stderr(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self._stderr.append(line.rstrip("\n")[:500])
        except (OSError, ValueError):
            pass


@dataclass(frozen=True)
class Broken:
    """The program's stdin could not be written to (a broken pipe)."""

    reason: str


def _line(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False) + "\n"


def _cut(text: str, n: int = 120) -> str:
    text = text.strip()
    return text if len(text) <= n else text[: n - 3] + "..."
