#!/usr/bin/env bash
# Takes the docs' screenshots again from the app as it is (docs/screenshots/), each from
# a session file of saves/ or the first-start session, at the window size the docs name,
# so that they stay true after a change of the app. Uses scripts/screenshot.sh for each
# shot (Xvfb; installs what it needs when run as root).
#
# Usage: scripts/screenshots.sh [NAME ...]   (default: every shot below; NAME as app.png)
set -euo pipefail
cd "$(dirname "$0")/.."

shots_dir=docs/screenshots
# Inside the checkout, so that the app's status line names a path of the repository.
work=target/screenshots
mkdir -p "$work"

# A session of saves/ opened on another tab: FILE TAB -> a copy in $work.
on_tab() {
    local file="$1" tab="$2" out="$work/$(basename "$1" .ron)-$2.ron"
    sed -E "s/tab: [A-Za-z]+/tab: $tab/" "$file" >"$out"
    echo "$out"
}

# name | size | session ('' = first start) | xdotool actions after start-up ('' = none)
shots=(
    "app.png|1280x800||key F5"
    "window-1024x700.png|1024x700||key F5"
    "window-1024x700-folded.png|1024x700||key F5 sleep 1 key ctrl+b"
    "window-1280x800.png|1280x800||key F5"
    "window-1920x1080.png|1920x1080||key F5"
    "table.png|1280x800|$(on_tab saves/e1.ron Table)|"
    "article-layout.png|1280x800|saves/e1.ron|"
    "across-article-1280.png|1280x800|saves/e1.ron|"
    "charts.png|1280x800|$(on_tab saves/e4.ron Charts)|"
    "across-charts-1280.png|1280x800|$(on_tab saves/e1.ron Charts)|"
    "running.png|1280x800|saves/e1.ron|key F5 sleep 2"
    "stopped.png|1280x800|saves/e1.ron|key F5 sleep 3 key Escape"
    "tree-custom.png|1280x800|saves/tree-custom.ron|"
    "tree-random.png|1280x800|saves/tree-random.ron|"
    "tree-tictactoe.png|1280x800|saves/tree-tictactoe.ron|"
)

wanted=("$@")
for shot in "${shots[@]}"; do
    IFS='|' read -r name size session actions <<<"$shot"
    if ((${#wanted[@]})) && [[ ! " ${wanted[*]} " == *" $name "* ]]; then
        continue
    fi
    echo "== $name ($size${session:+, $session})"
    SIZE="$size" XDO="$actions" WAIT_SECS=4 scripts/screenshot.sh "$shots_dir/$name" $session
done
