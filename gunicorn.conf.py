"""Gunicorn settings for the Restart rules service, all overridable from the environment.

Run with `gunicorn -c gunicorn.conf.py service.wsgi:app`. docs/DEPLOY.md lists every variable.
"""

import glob
import os
import shutil
import tempfile

from service.settings import EnvironmentReader, Settings, positive_int

# The service's own settings, read as the app reads them (and refused as it refuses them).
_settings = Settings.from_environment()
_env = EnvironmentReader(os.environ)

# Local runs stay on loopback; containers set BIND=0.0.0.0:8000 (deploy/Dockerfile).
bind = _env.read("BIND", str) or f"127.0.0.1:{_env.read('PORT', positive_int) or 8000}"

# Without REDIS_URL each worker would get its own embedded in-memory store, so a
# game created by one worker would be missing in the next: one process only.
_embedded_store = _settings.redis is None

# Gevent workers: each serves many connections at once, switching whenever one waits on
# the network (Redis, a slow client), so one per core keeps the CPU busy; and a stream
# holds its connection as long as its game lasts, which a gevent worker can do thousands of
# times over. `sync` (one request at a time per worker) and `gthread` remain for the
# curious: with them a stream holds a whole worker or thread.
_WORKER_CLASSES = ("gevent", "sync", "gthread")


def _worker_class(text):
    if text not in _WORKER_CLASSES:
        raise ValueError(f"{text!r} is not one of {', '.join(_WORKER_CLASSES)}")
    return text


worker_class = _env.read("GUNICORN_WORKER_CLASS", _worker_class) or "gevent"
# Connections one gevent worker holds at once (streams included).
worker_connections = _env.read("GUNICORN_WORKER_CONNECTIONS", positive_int) or 4000
# Threads per gthread worker.
threads = _env.read("GUNICORN_THREADS", positive_int) or 1

# os.cpu_count() sees the whole node inside a container, hence the cap: scale out with
# replicas, not workers. Blocking workers wait on Redis, so two per core; gevent, one.
_MAX_DEFAULT_WORKERS = 8
_per_core = 1 if worker_class == "gevent" else 2
_default_workers = min(_per_core * (os.cpu_count() or 1), _MAX_DEFAULT_WORKERS)
_requested_workers = _env.read("WEB_CONCURRENCY", positive_int) or _default_workers
workers = 1 if _embedded_store else _requested_workers

# A request normally takes milliseconds; a worker silent for `timeout` seconds is stuck.
timeout = _env.read("GUNICORN_TIMEOUT", positive_int) or 30
# Shorter than Kubernetes' 30 s terminationGracePeriodSeconds minus the 5 s preStop
# sleep (deploy/k8s/deployment.yaml), so in-flight requests finish before SIGKILL.
graceful_timeout = _env.read("GUNICORN_GRACEFUL_TIMEOUT", positive_int) or 20
# Seconds an idle keep-alive connection stays open (gevent and gthread; the sync worker
# closes each connection after its response).
keepalive = _env.read("GUNICORN_KEEPALIVE", positive_int) or 5

# The app writes its own JSON access log line per request; a second one is noise.
accesslog = None
errorlog = "-"
loglevel = _settings.log_level.lower()

# No gunicornc control socket: it would be created under $HOME, which is read-only in
# the pod, and could raise the worker count past the embedded store's single process.
control_socket_disable = True

# The worker heartbeat file must live on tmpfs: on a disk-backed /tmp a slow fsync
# can make the arbiter think a healthy worker hung. Docker and Kubernetes mount /dev/shm.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None


# Prometheus metrics across workers (service/api/metrics.py): every worker writes its
# values to files in PROMETHEUS_MULTIPROC_DIR and a scrape of any worker sums them all.
# Set here, before any worker is forked, so that every worker inherits it: a fresh
# private directory (removed on exit) unless the operator names one.
_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or ""
_private_metrics_dir = not _metrics_dir
if _private_metrics_dir:
    _metrics_dir = tempfile.mkdtemp(prefix="restart-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _metrics_dir


def on_starting(server):
    """Start metrics from zero, and say loudly when the embedded store forced a single worker."""
    # A directory the operator names may hold an earlier run's files (a container restart
    # keeps an emptyDir): their counters would be added to this run's.
    os.makedirs(_metrics_dir, exist_ok=True)
    for stale in glob.glob(os.path.join(_metrics_dir, "*.db")):
        os.remove(stale)
    if _embedded_store:
        server.log.warning(
            "REDIS_URL is not set: using the embedded in-memory store, which lives in one "
            "process, so workers=1 (WEB_CONCURRENCY=%s ignored). Games vanish on restart.",
            os.environ.get("WEB_CONCURRENCY", "unset"),
        )


def post_fork(server, worker):
    """Gunicorn refuses a request it cannot parse with an HTML page: make it problem+json."""
    from service.api.server_errors import install  # in the worker: the app imports it anyway

    install()


def post_worker_init(worker):
    """On SIGTERM the worker ends its open streams first (their clients reconnect to another
    instance), so that it stops within its graceful timeout rather than at its end."""
    import signal

    from service.app import close_streams

    stop = worker.handle_exit

    def close_streams_and_stop(sig, frame):
        close_streams(worker.wsgi)
        stop(sig, frame)

    signal.signal(signal.SIGTERM, close_streams_and_stop)



def child_exit(server, worker):
    """A dead worker's counters stay summed; only its live-gauge files must go."""
    from prometheus_client import multiprocess  # here: only once PROMETHEUS_MULTIPROC_DIR is set

    multiprocess.mark_process_dead(worker.pid, _metrics_dir)


def on_exit(server):
    if _private_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)
