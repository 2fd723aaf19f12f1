#!/usr/bin/env bash
# The project's one test command (npm test), as CI runs it in a fresh clone after npm install:
# lint, typecheck, unit + API tests, the compiled binary and its own tests, then the browser
# tests against it; the binary always runs with the checkout hidden (needs root or user namespaces).
# Ends with one line, "tests: N passed, M failed", summed over bun test and Playwright.
set -euo pipefail

cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

passed=0
failed=0
problems=()
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

section() { printf '\n=== %s\n' "$1"; }

# Runs a step; on failure records it and returns 1 so callers can skip what depends on it.
step() {
  local name=$1
  shift
  section "$name"
  if "$@"; then return 0; fi
  problems+=("$name")
  return 1
}

# Runs a test runner, showing its output live, and adds its pass/fail counts to the totals.
# $1 names the step, $2 and $3 are patterns whose first number is the passed/failed count.
count_tests() {
  local name=$1 pass_re=$2 fail_re=$3 log status=0
  log=$(mktemp -p "$logs")
  shift 3
  section "$name"
  # The full log is kept for counting; bun's one line per passing test is left off screen.
  "$@" 2>&1 | tee "$log" | { grep --line-buffered -v '^(pass) ' || true; } || status=$?
  # Colours would hide the numbers from the patterns below (FORCE_COLOR in some CI).
  sed -i 's/\x1b\[[0-9;]*m//g' "$log"
  local p f
  p=$(grep -Eo "$pass_re" "$log" | grep -Eo '[0-9]+' | head -1 || true)
  f=$(grep -Eo "$fail_re" "$log" | grep -Eo '[0-9]+' | head -1 || true)
  passed=$((passed + ${p:-0}))
  # A runner that crashed before its summary still counts as one failure.
  if [[ $status -ne 0 && ${f:-0} -eq 0 ]]; then f=1; fi
  failed=$((failed + ${f:-0}))
  if [[ $status -ne 0 ]]; then problems+=("$name"); fi
}

step "biome check" biome check . || true
step "typecheck (tsc --noEmit)" tsc --noEmit || true

if step "build client assets and geo data" npm run build:assets --silent; then
  # Password hashing and the SMTP tests can pass bun's 5 s default on a busy CI machine.
  # Two worker processes, each file in its own: the files spend much of their time waiting
  # (hashing, servers, windows), and every test app has its own database file and port.
  count_tests "unit + API tests (bun test)" '^ *[0-9]+ pass$' '^ *[0-9]+ fail$' \
    bun test --parallel=2 --timeout 20000 src tests/api
fi

# deploy/: the systemd unit and the nginx config, checked by the tools that run them.
if step "tools for the deploy checks (systemd, nginx)" \
  bash scripts/ensure-debian-tools.sh systemd-analyze:systemd nginx:nginx openssl:openssl; then
  count_tests "deploy files (bun test tests/deploy)" '^ *[0-9]+ pass$' '^ *[0-9]+ fail$' \
    bun test tests/deploy
fi

if step "build binary (npm run build)" npm run build --silent; then
  # The binary alone, with the checkout hidden in a mount namespace (tests/support/binary.ts).
  count_tests "compiled binary tests (bun test tests/binary)" '^ *[0-9]+ pass$' '^ *[0-9]+ fail$' \
    bun test --timeout 30000 tests/binary
  section "chromium"
  if CHROMIUM_PATH=$(bash scripts/ensure-chromium.sh); then
    export CHROMIUM_PATH
    echo "using $CHROMIUM_PATH"
    count_tests "browser tests (playwright)" '^ *[0-9]+ passed' '^ *[0-9]+ failed' playwright test
  else
    problems+=("chromium")
  fi
fi

echo
for problem in ${problems[@]+"${problems[@]}"}; do echo "FAILED: $problem"; done
echo "tests: $passed passed, $failed failed"
[[ ${#problems[@]} -eq 0 && $failed -eq 0 ]]
