#!/usr/bin/env bash
# Runs treelab under Xvfb and writes docs/screenshots/app.png.
# Usage: scripts/screenshot.sh [OUT.png] [SESSION.ron]  (a session file to open)
# SIZE=1024x700 sets the screen and the window size (default 1280x800).
# XDO="mousemove 587 43 click 1" runs xdotool with those arguments after start-up (that
# one presses Run); WAIT_SECS sets the wait before the shot.
#
# Installs the few run-time libraries it needs with apt-get when run as root and they
# are missing. Uses a throw-away config dir, so the user's last session is not opened.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-docs/screenshots/app.png}"
session="${2:-}"
wait_secs="${WAIT_SECS:-6}"
size="${SIZE:-1280x800}"
width="${size%x*}"
height="${size#*x}"

need=()
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v import >/dev/null || need+=(imagemagick)
xdo="${XDO:-}"
command -v xdotool >/dev/null || need+=(xdotool)
for lib in libEGL.so.1 libGL.so.1 libXcursor.so.1 libXi.so.6 libxkbcommon-x11.so.0; do
    ldconfig -p | grep -q "$lib" || need+=(libegl1 libegl-mesa0 libgl1-mesa-dri libxcursor1 libxi6 libxkbcommon-x11-0)
done
if ((${#need[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            $(printf '%s\n' "${need[@]}" | sort -u)
    else
        echo "missing: ${need[*]} (run as root or install them)" >&2
        exit 1
    fi
fi

cargo build --release --locked
mkdir -p "$(dirname "$out")"
config_home="$(mktemp -d)"
trap 'rm -rf "$config_home"' EXIT

XDG_CONFIG_HOME="$config_home" xvfb-run -a -s "-screen 0 ${width}x${height}x24" bash -c "
    ./target/release/treelab $session &
    app=\$!
    # The window opens at 1280x800; fit it to the screen as a window manager would.
    sleep 2
    xdotool search --sync --name treelab windowmove 0 0 windowsize $width $height windowfocus || true
    if [[ -n '$xdo' ]]; then
        sleep 3
        xdotool $xdo || true
    fi
    sleep $wait_secs
    xdotool mousemove $((width - 2)) $((height - 2)) || true
    sleep 0.5
    import -window root '$out'
    kill \$app
    wait \$app 2>/dev/null || true
"
# Keep the PNG small: 8-bit palette is plenty for a flat UI.
if command -v convert >/dev/null; then
    convert "$out" -colors 256 -strip "PNG8:$out"
fi
ls -l "$out"
