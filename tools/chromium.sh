#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (Playwright
# drives it; it never downloads a browser of its own). Installs it with
# apt-get when missing and running as root. Prints the browser's path, or
# nothing when there is none; then the browser tests are skipped, unless
# BOHN_REQUIRE_BROWSER=1 (CI), which makes this an error.
set -u
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y -q chromium >/dev/null 2>&1 || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1)) || true
  fi
fi
if [ -x /usr/bin/chromium ]; then
  echo /usr/bin/chromium
  exit 0
fi
echo "tools/chromium.sh: Chromium is not installed (Debian: apt-get install chromium)" >&2
if [ "${BOHN_REQUIRE_BROWSER:-0}" = "1" ]; then exit 1; fi
exit 0
