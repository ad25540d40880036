#!/bin/sh
# The front (make serve, and its test in make test) is Debian's nginx, run in the foreground by
# deploy/front.py. Installs it when running as root; otherwise says what to run. The package's
# own service is never started (policy-rc.d): this project starts nginx itself, and only while
# it needs it.
set -eu
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  echo "installing nginx for the front" >&2
  policy=/usr/sbin/policy-rc.d
  made=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod 755 "$policy" && made=1
  fi
  trap 'if [ -n "$made" ]; then rm -f "$policy"; fi' EXIT
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
else
  echo "The front needs Debian's nginx. Run:" >&2
  echo "  sudo apt-get install -y nginx" >&2
  exit 2
fi
