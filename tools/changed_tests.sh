#!/usr/bin/env bash
# The test files a change touches, for `make check`: the test files changed
# since the last commit (or new), and the test files that import a changed
# module of bohn. Prints nothing when nothing is changed; `make check` then
# runs its quick set.
set -u
cd "$(dirname "$0")/.."
changed=$( (git diff --name-only HEAD -- 2>/dev/null; git ls-files --others --exclude-standard) | sort -u)
{
  for f in $changed; do
    case "$f" in
      tests/*test_*.py) [ -f "$f" ] && echo "$f" ;;
      bohn/*.py)
        module=${f%.py}
        module=${module%/__init__}
        module=${module//\//.}
        # the tests that name the module (from bohn.x.y import ..., import bohn.x.y)
        grep -rlE --include='test_*.py' "(from|import) ${module//./\\.}( |$|\.)" tests 2>/dev/null
        ;;
    esac
  done
} | sort -u | head -60 | tr '\n' ' '
