"""A test agent for the arena's protocol, run as a program:
``python agent.py MODE LOG``. It writes every message it reads to the file
LOG (one JSON a line) and answers observations by MODE:

* ``good``: move 1, with the observation's id;
* ``noid``: move 1, without an id;
* ``bad``: not JSON to the first observation, a move that does not exist
  to the second, move 1 to every other;
* ``late``: the first answer after 0.6 s, the others at once;
* ``slow``: every answer but the first after 0.2 s;
* ``exit``: exits with status 4 at the first observation, after a line on
  stderr;
* ``deaf``: reads nothing and answers nothing for 30 s.
"""

from __future__ import annotations

import json
import sys
import time


def main() -> int:
    mode, log = sys.argv[1], sys.argv[2]
    if mode == "deaf":
        time.sleep(30)
        return 0
    asked = 0
    with open(log, "a", encoding="utf-8") as f:
        for line in sys.stdin:
            f.write(line)
            f.flush()
            msg = json.loads(line)
            if msg["type"] == "bye":
                return 0
            if msg["type"] != "observation":
                continue
            asked += 1
            answer: dict[str, object] = {"id": msg["id"], "move": "1"}
            if mode == "noid":
                del answer["id"]
            elif mode == "bad" and asked == 1:
                sys.stdout.write("{not json\n")
                sys.stdout.flush()
                continue
            elif mode == "bad" and asked == 2:
                answer["move"] = "999"
            elif mode == "late" and asked == 1:
                time.sleep(0.6)
            elif mode == "slow" and asked > 1:
                time.sleep(0.2)
            elif mode == "exit":
                print("test agent: leaving", file=sys.stderr, flush=True)
                return 4
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
