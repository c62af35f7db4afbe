#!/usr/bin/env bash
# How long a fresh clone takes to test, as CI and a new engineer see it:
# clones this repository's HEAD into a temporary folder, installs with npm ci, then times
# `npm run test:unit` (the fast run) and `npm test` (everything). Prints one line each, and for
# `npm test` how much of the cores' time was busy: the run is bound by CPU, so a machine slower on
# the day shows as more core-seconds for the same tests.
# Run it on a quiet machine: other work on the same cores slows the browser tests.
#   bash scripts/test-times.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$repo" "$work/clone"
cd "$work/clone"
if [ -d "$repo/../shared" ] && [ ! -e "$work/shared" ]; then ln -s "$repo/../shared" "$work/shared"; fi

# The CPU the whole machine was busy for, in hundredths of a core-second (Linux's /proc/stat; 0 elsewhere).
busy() { if [ -r /proc/stat ]; then awk '/^cpu /{print $2+$3+$4+$7+$8; exit}' /proc/stat; else echo 0; fi; }
seconds() { local start=$SECONDS; "$@" >"$work/log" 2>&1 || { tail -60 "$work/log" >&2; echo "failed: $*" >&2; exit 1; }; echo $((SECONDS - start)); }
format() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }

install=$(seconds npm ci --no-audit --no-fund)
unit=$(seconds npm run test:unit)
unit_count=$(grep -Eo '[0-9]+ passed' "$work/log" | tail -1)
before=$(busy)
all=$(seconds npm test)
all_busy=$((($(busy) - before) / 100))
all_count=$(grep -Eo '[0-9]+ passed' "$work/log" | tail -1)
echo "$(date -u +%Y-%m-%d), $(nproc) cores, Node $(npm exec --no -- node --version):"
echo "  npm ci             $(format "$install")"
echo "  npm run test:unit  $(format "$unit")  ($unit_count)"
echo "  npm test           $(format "$all")  ($all_count; the machine busy $all_busy core-seconds of $(($(nproc) * all)))"
