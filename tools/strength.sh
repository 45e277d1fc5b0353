#!/usr/bin/env bash
# Measure how clearly the `ismcts` bot beats `greedy`: one `ismcts` at a
# rotating seat against `greedy` in every other seat, at the bots' defaults,
# seed 9 (the measurement docs/bots.md reports).
#
#   tools/strength.sh GAMES VARIANT:PLAYERS ...
#
# Each run keeps every finished game in docs/strength/VARIANT<PLAYERS>.jsonl
# and goes on from it when run again (bohn tournament --out ... --resume), so a
# run can be stopped at any time and extended with a larger GAMES. GAMES must
# be a multiple of PLAYERS. The report of each run goes to the .txt file
# beside its records. BOHN (default .venv/bin/bohn) is the command run and
# STRENGTH_DIR (default docs/strength) the folder of the records; JOBS (default
# 1) worker processes, which change no game, only how many run at once.
# DUPLICATE=1 plays each deal with ismcts at every seat (bohn tournament
# --duplicate) into VARIANT<PLAYERS>-duplicate.jsonl: GAMES/PLAYERS deals.
set -eu
if [ $# -lt 2 ]; then
  echo "usage: tools/strength.sh GAMES VARIANT:PLAYERS ..." >&2
  exit 2
fi
bohn=${BOHN:-.venv/bin/bohn}
dir=${STRENGTH_DIR:-docs/strength}
jobs=${JOBS:-1}
flags=()
suffix=
if [ "${DUPLICATE:-0}" = 1 ]; then
  flags=(--duplicate)
  suffix=-duplicate
fi
games=$1
shift
for spec in "$@"; do
  variant=${spec%%:*}
  players=${spec##*:}
  out="$dir/$variant$players$suffix.jsonl"
  resume=()
  if [ -s "$out" ]; then resume=(--resume); fi
  echo "$(date +%T) $variant, $players players, $games games -> $out"
  "$bohn" tournament "$variant" --bots ismcts,greedy --mode challenge --seed 9 \
    --players "$players" --games "$games" --jobs "$jobs" --out "$out" "${flags[@]}" "${resume[@]}" \
    > "$dir/$variant$players$suffix.txt"
  echo "$(date +%T) $variant done"
done
