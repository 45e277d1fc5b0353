"""A skeleton agent for ``bohn arena`` that asks a language model for each
move (``docs/arena.md``): it speaks the JSON-lines protocol, sends the
observation's text to a chat API and answers with the model's reply, which
``bohn.text`` reads forgivingly (a number, a command, the move's words).

The API is chosen by the keys in the environment, first found first:

* ``ANTHROPIC_API_KEY``: Anthropic's Messages API (model ``ANTHROPIC_MODEL``,
  default ``claude-3-5-haiku-latest``);
* ``OPENAI_API_KEY``: an OpenAI-style chat completions API (model
  ``OPENAI_MODEL``, default ``gpt-4o-mini``; ``OPENAI_BASE_URL`` for another
  server that speaks it, default ``https://api.openai.com/v1``).

Without a key, or when a call fails or runs out of time, it answers move 1,
as the arena's own fallback would. It uses only the standard library
(``urllib``). It is an example to start from, never run by bohn's tests::

    bohn arena -r bohnanza --bot greedy --move-time 30 \\
        --agent llm="python -m bohn.arena.examples.llm"
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.error
import urllib.request
from typing import Any
from typing import TextIO

SYSTEM = (
    "You play a card game of the Bohnanza family. Each message shows the table as your "
    "seat sees it and your legal moves, numbered. Answer with the number of the move you "
    "choose, or with a command in the notation the rules explain (for a trade proposal "
    "of your own). Answer with the move alone, nothing else."
)
#: seconds kept back from each move's deadline for the answer's way back
MARGIN_S = 1.0


def ask_anthropic(key: str, prompt: str, timeout: float) -> str:
    body = {
        "model": os.environ.get("ANTHROPIC_MODEL", "claude-3-5-haiku-latest"),
        "max_tokens": 64,
        "system": SYSTEM,
        "messages": [{"role": "user", "content": prompt}],
    }
    req = urllib.request.Request(
        "https://api.anthropic.com/v1/messages",
        data=json.dumps(body).encode(),
        headers={
            "x-api-key": key,
            "anthropic-version": "2023-06-01",
            "content-type": "application/json",
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return "".join(part.get("text", "") for part in data.get("content", []))


def ask_openai(key: str, prompt: str, timeout: float) -> str:
    base = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1").rstrip("/")
    body = {
        "model": os.environ.get("OPENAI_MODEL", "gpt-4o-mini"),
        "max_tokens": 64,
        "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}],
    }
    req = urllib.request.Request(
        f"{base}/chat/completions",
        data=json.dumps(body).encode(),
        headers={"authorization": f"Bearer {key}", "content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return str(data["choices"][0]["message"]["content"] or "")


def model_move(prompt: str, timeout: float) -> str | None:
    """The model's answer to ``prompt``, or None (no key, or the call failed)."""
    try:
        if key := os.environ.get("ANTHROPIC_API_KEY"):
            return ask_anthropic(key, prompt, timeout).strip()
        if key := os.environ.get("OPENAI_API_KEY"):
            return ask_openai(key, prompt, timeout).strip()
    except (urllib.error.URLError, TimeoutError, OSError, KeyError, ValueError) as err:
        print(f"llm agent: the call failed: {err}", file=sys.stderr)
    return None


def serve(lines: TextIO, out: TextIO) -> int:
    """Answer every observation read from ``lines`` on ``out``."""
    rules: dict[str, str] = {}  # a game's first observation, which holds its rules
    for line in lines:
        try:
            msg: dict[str, Any] = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("type") == "bye":
            return 0
        if msg.get("type") != "observation":
            continue
        begun = time.monotonic()
        text = str(msg.get("text", ""))
        first = rules.setdefault(str(msg.get("game")), text)
        prompt = text if first is text else f"{first}\n\n(later)\n\n{text}"
        if msg.get("error"):
            prompt = f"Your last answer was not taken: {msg['error']}\n\n{prompt}"
        budget = msg.get("deadline_ms", 10_000) / 1000 - MARGIN_S
        reply = model_move(prompt, max(0.5, budget)) if budget > 0 else None
        if not reply or time.monotonic() - begun > budget + MARGIN_S / 2:
            reply = "1"
        out.write(json.dumps({"id": msg.get("id"), "move": reply.splitlines()[-1]}) + "\n")
        out.flush()
    return 0


def main() -> int:
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
