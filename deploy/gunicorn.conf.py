"""gunicorn's configuration for this site: make run, make serve (behind the front), the tests.

    .venv/bin/gunicorn -c deploy/gunicorn.conf.py [--bind HOST:PORT | --bind unix:PATH] [--workers N]

- The app is loaded once, in the master, before the workers are forked (``preload_app``): a
  worker starts in milliseconds and shares the content, the indexes and the Korean dictionary
  with the others, copy-on-write (web/__init__.py freezes them out of the garbage collector,
  which would otherwise touch every shared page).
- Workers: ``WORKERS`` from the environment, else one more than the machine's cores (sync
  workers, CPU-bound; behind the front none ever waits on a slow client).
- Each request is logged once, by the app (web/ops.py): gunicorn's access log stays off.
- Content versions arrive without a restart (web/live.py). Before forking a worker the master
  opens the live version if it has changed, so a new worker starts on it. Under preload a HUP
  re-forks workers from the master but reloads no code: new code needs USR2 (docs/deploy.md).
"""
import os

wsgi_app = "app:create_app()"
bind = [os.environ.get("BIND", "127.0.0.1:8000")]
workers = int(os.environ.get("WORKERS") or (os.cpu_count() or 1) + 1)
worker_class = "sync"
preload_app = os.environ.get("PRELOAD", "1") != "0"  # PRELOAD=0: each worker loads the app itself
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
timeout = int(os.environ.get("WORKER_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 2
control_socket_disable = True  # gunicorn 27's control socket: one per user by default, shared by every instance


def pre_fork(server, worker):
    """Bring the master's content up to date before forking: the new worker starts on the live
    version, shared with the master, instead of opening it alone."""
    if not server.cfg.preload_app:
        return  # each worker loads the app itself, and checks at its first request
    live = server.app.wsgi().extensions.get("live")
    if live is not None:
        live.check()


def when_ready(server):
    server.log.info("ready: %d workers on %s", server.num_workers, ", ".join(str(s) for s in server.LISTENERS))
