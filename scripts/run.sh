#!/usr/bin/env bash
# The README's run command: installs the runtime libraries a fresh Debian/Ubuntu machine
# may lack for an OpenGL window (when run as root or with sudo), then builds and opens
# treelab. Arguments go to treelab (e.g. `scripts/run.sh perft --game othello --depth 9`).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNTIME_PKGS=(libegl1 libgl1-mesa-dri libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0)
if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  missing=()
  for p in "${RUNTIME_PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "installing runtime libraries: ${missing[*]}"
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi
exec cargo run --locked --release -- "$@"
