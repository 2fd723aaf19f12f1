#!/usr/bin/env bash
# Installs Debian packages for tools the tests use, when a tool is missing and we may (root
# with apt-get), as scripts/ensure-chromium.sh does for Chromium. Arguments: command:package
# pairs, e.g. `nginx:nginx systemd-analyze:systemd`. Progress goes to stderr; exits non-zero
# naming what is still missing.
set -euo pipefail

missing=()
packages=()
for pair in "$@"; do
  command=${pair%%:*}
  package=${pair#*:}
  if ! command -v "$command" >/dev/null && [[ ! -x "/usr/sbin/$command" ]]; then
    missing+=("$command")
    packages+=("$package")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages for the tests: ${packages[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  log=$(mktemp)
  if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq --no-install-recommends "${packages[@]}" >>"$log" 2>&1; then
    rm -f "$log"
    exit 0
  fi
  cat "$log" >&2
  rm -f "$log"
fi
echo "error: missing ${missing[*]} (Debian packages: ${packages[*]}); install them to run these tests." >&2
exit 1
