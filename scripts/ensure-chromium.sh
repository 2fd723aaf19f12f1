#!/usr/bin/env bash
# Prints the path of a Chromium for the end-to-end tests. Only Debian's package is used:
# Playwright's own browser download (npx playwright install) is unavailable here.
# Progress goes to stderr so callers can capture the path: CHROMIUM_PATH=$(bash scripts/ensure-chromium.sh)
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]]; then
  echo "${CHROMIUM_PATH}"
  exit 0
fi
if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  echo "warning: CHROMIUM_PATH=${CHROMIUM_PATH} is not an executable; looking elsewhere." >&2
fi
if [[ -x /usr/bin/chromium ]]; then
  echo /usr/bin/chromium
  exit 0
fi

if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "Chromium not found; installing Debian's chromium package with apt-get..." >&2
  export DEBIAN_FRONTEND=noninteractive
  # apt's output goes to a log that is shown only when it fails, to keep test output readable.
  log=$(mktemp)
  if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq chromium >>"$log" 2>&1 \
    && [[ -x /usr/bin/chromium ]]; then
    rm -f "$log"
    echo /usr/bin/chromium
    exit 0
  fi
  cat "$log" >&2
  rm -f "$log"
  echo "error: apt-get could not install chromium (see above)." >&2
  exit 1
fi

echo "error: no Chromium found for the end-to-end tests." >&2
echo "  Install Debian's package (sudo apt-get install chromium)" >&2
echo "  or set CHROMIUM_PATH to a Chromium or Chrome executable." >&2
exit 1
