#!/usr/bin/env bash
# Runs a command as on a fresh machine that has Node and nothing else: CHROME_PATH unset and
# every system Chrome or Chromium hidden (bind-mounted over with /dev/null in a private mount
# namespace, so nothing outside the command changes). Needs root and unshare; without them it
# only unsets CHROME_PATH and says so. Usage: scripts/without-system-browser.sh npm test
[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARGS...]"; exit 2; }
unset CHROME_PATH CHROMIUM_PATH PUPPETEER_EXECUTABLE_PATH
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null 2>&1; then
  echo "(not root or no unshare: a system browser, if any, stays visible)"
  exec "$@"
fi
exec unshare -m bash -c '
  for f in /usr/bin/chromium /usr/lib/chromium/chromium /usr/bin/chromium-browser /usr/bin/google-chrome \
           /usr/bin/google-chrome-stable /opt/google/chrome/chrome /snap/bin/chromium; do
    [ -e "$f" ] && mount --bind /dev/null "$f"
  done
  exec "$@"
' bash "$@"
