#!/usr/bin/env bash
# Run the production setup locally: gunicorn and the background worker (BACKGROUND_WORKERS of them,
# default 1: they play the bots' seats) against a real Redis. With REDIS_URL set, that Redis is used. Without it, a private redis-server is
# started on port 6390 (REDIS_LOCAL_PORT) in a temporary directory with
# appendonly on, and stopped, with its directory removed, when this script exits
# (Ctrl-C, or TERM/HUP to this script or to `make serve`: gunicorn stops first).
set -euo pipefail

cd "$(dirname "$0")/.."
venv="${VENV:-.venv}"
gunicorn=("$venv/bin/gunicorn" -c gunicorn.conf.py service.wsgi:app)
url="http://127.0.0.1:${PORT:-8000}"

worker=("$venv/bin/python" -m service.worker)
workers="${BACKGROUND_WORKERS:-1}"

# gunicorn and the workers run in the background so that a TERM or HUP sent to this script (bash
# would act on it only after a foreground child exits) reaches them at once. gunicorn stops first,
# finishing its requests, and the workers after the item at hand; then the EXIT trap stops Redis
# (when this script started it), which flushes its AOF.
serve() {
    local pids=()
    stop_all() { kill -TERM "${pids[@]}" 2>/dev/null || true; }
    trap stop_all INT TERM HUP
    "${gunicorn[@]}" &
    local gunicorn_pid=$!
    pids+=("$gunicorn_pid")
    for _ in $(seq "$workers"); do
        "${worker[@]}" &
        pids+=("$!")
    done
    local status=0
    # `wait` returns early when a trapped signal arrives: wait again until gunicorn is gone.
    while kill -0 "$gunicorn_pid" 2>/dev/null; do
        wait "$gunicorn_pid" && status=0 || status=$?
    done
    stop_all
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    return "$status"
}

if [ -n "${REDIS_URL:-}" ]; then
    echo "Serving on $url (Redis: $REDIS_URL; $workers background worker(s))"
    serve
    exit $?
fi

command -v redis-server >/dev/null 2>&1 || {
    echo "redis-server is missing: run 'sudo apt-get install redis-server' and retry" >&2
    exit 1
}

port="${REDIS_LOCAL_PORT:-6390}"
data_dir="$(mktemp -d -t restart-serve-redis.XXXXXX)"
redis_pid=""

stop_redis() {
    if [ -n "$redis_pid" ] && kill -0 "$redis_pid" 2>/dev/null; then
        kill -TERM "$redis_pid" 2>/dev/null || true
        wait "$redis_pid" 2>/dev/null || true
    fi
    rm -rf "$data_dir"
}
trap stop_redis EXIT

redis-server --port "$port" --bind 127.0.0.1 --dir "$data_dir" --appendonly yes \
    --save "" --daemonize no --logfile "$data_dir/redis.log" &
redis_pid=$!

ping_redis() {
    if command -v redis-cli >/dev/null 2>&1; then
        [ "$(redis-cli -p "$port" ping 2>/dev/null)" = PONG ]
    else
        "$venv/bin/python" -c 'import sys, redis; redis.Redis(port=int(sys.argv[1])).ping()' "$port"
    fi
}

for _ in $(seq 100); do
    if ! kill -0 "$redis_pid" 2>/dev/null; then
        echo "redis-server failed to start on port $port:" >&2
        cat "$data_dir/redis.log" >&2 || true
        exit 1
    fi
    if ping_redis 2>/dev/null; then
        break
    fi
    sleep 0.1
done
ping_redis >/dev/null 2>&1 || { echo "redis-server on port $port did not answer PING" >&2; exit 1; }

export REDIS_URL="redis://127.0.0.1:$port/0"
echo "Redis on $REDIS_URL (data in $data_dir, removed on exit)"
echo "Serving on $url"
echo "Make a client app (its key is printed once): REDIS_URL=$REDIS_URL $venv/bin/python -m service.client_apps create NAME"

echo "$workers background worker(s) play the bots' seats"
status=0
serve || status=$?
exit "$status"
