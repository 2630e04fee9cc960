#!/usr/bin/env bash
# Make sure a `redis-server` binary is on PATH. Tests start their own servers on
# free ports, so only the binary matters: the distro's service is never started.
set -euo pipefail

if command -v redis-server >/dev/null 2>&1; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "redis-server is missing: run 'sudo apt-get install redis-server' and retry" >&2
    exit 1
fi

# policy-rc.d answering 101 tells Debian's maintainer scripts not to start services.
policy=/usr/sbin/policy-rc.d
placed_policy=no
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod 755 "$policy"
    placed_policy=yes
fi
remove_policy() { if [ "$placed_policy" = yes ]; then rm -f "$policy"; fi; }
trap remove_policy EXIT

echo "Installing redis-server with apt-get ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends redis-server >/dev/null

command -v redis-server >/dev/null 2>&1 || {
    echo "redis-server is missing: run 'sudo apt-get install redis-server' and retry" >&2
    exit 1
}
