#!/bin/sh
# The browser tests drive Debian's chromium (Playwright cannot download browsers here).
# Installs it with a Hangul font when running as root; otherwise says what to run.
set -eu
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi "noto.*cjk"; then
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  echo "installing chromium and fonts-noto-cjk for the browser tests" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
else
  echo "The browser tests need Debian's chromium and a Hangul font. Run:" >&2
  echo "  sudo apt-get install -y chromium fonts-noto-cjk" >&2
  exit 2
fi
