#!/usr/bin/env bash
# ensure-tool.sh COMMAND PACKAGE: make sure COMMAND is on PATH, installing Debian's
# PACKAGE with apt-get when it is missing and we are root. Only the binary matters:
# tests and benchmarks start their own servers, so the distro's service is never started.
set -euo pipefail
command_name=$1
package=$2
instruction="$command_name is missing: run 'sudo apt-get install $package' and retry"

if command -v "$command_name" >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "$instruction" >&2
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

echo "Installing $package with apt-get ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$package" >/dev/null

command -v "$command_name" >/dev/null 2>&1 || { echo "$instruction" >&2; exit 1; }
