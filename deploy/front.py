"""The site as in production on one machine: nginx in front (foreground, ``daemon off``), gunicorn
behind it on a Unix socket. Ctrl-C (or SIGTERM) stops both and removes what they made.

    .venv/bin/python -m deploy.front [--host 127.0.0.1] [--port 8000] [--workers N]
                                     [--exempt ADDR ...] [--no-cache] [--run-dir DIR]

``make serve`` runs it (after ``make front`` installed Debian's nginx). In order, it:

1. makes a run folder (``--run-dir``, else a fresh one under /tmp, removed at the end): the
   socket, nginx's configuration, pid, cache and temporary files, and a copy of the built
   static assets (var/static) that nginx serves itself;
2. starts gunicorn (deploy/gunicorn.conf.py) on ``unix:<run>/app.sock`` and waits for /healthz;
3. fetches from it the pages the front shows itself, in every language: 429 (too many
   requests) and 503 (for 502-504: the site cannot answer), HTML and JSON, with the site's
   security headers;
4. writes nginx.conf from deploy/nginx.conf.in, checks it (``nginx -t``) and runs nginx.

Both children get SIGTERM if this process dies (PR_SET_PDEATHSIG): nothing is left running.
"""
from __future__ import annotations

import argparse
import ctypes
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.in"
GUNICORN_CONF = Path(__file__).resolve().parent / "gunicorn.conf.py"
LANGS = ("lt", "et", "ko", "fi", "en")
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options")


def nginx_binary() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx")
                                           if os.access(p, os.X_OK)), None)
    if found is None:
        raise SystemExit("nginx is not installed: run  make front  (or: sudo apt-get install -y nginx)")
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _die_with_parent() -> None:
    """In the child: receive SIGTERM when this launcher dies, however it dies."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10) -> None:
        super().__init__("127.0.0.1", timeout=timeout)
        self.path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def fetch(sock: str, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = UnixHTTPConnection(sock)
    try:
        conn.request("GET", path, headers={"Host": "127.0.0.1"})
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        conn.close()


def wait_healthy(sock: str, proc: subprocess.Popen, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited ({proc.returncode}) before it answered")
        try:
            if fetch(sock, "/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)  # waiting for the server to listen
    raise SystemExit("gunicorn did not answer /healthz")


def front_pages(sock: str, www: Path) -> dict[str, str]:
    """The 429 and 503 pages in every language, HTML and JSON; the site's security headers."""
    headers: dict[str, str] = {}
    for status, name in ((429, "too-many-requests"), (503, "unavailable")):
        folder = www / "_front" / str(status)
        folder.mkdir(parents=True, exist_ok=True)
        for lang in LANGS:
            for kind, path in (("html", f"/{name}?lang={lang}"), ("json", f"/api/v1/{name}?lang={lang}")):
                got, got_headers, body = fetch(sock, path)
                if got not in (status, 200):
                    raise SystemExit(f"{path} answered {got}")
                (folder / f"{lang}.{kind}").write_bytes(body)
                if kind == "html":
                    headers = {k: v for k, v in got_headers.items() if k in SECURITY}
    return headers


def render(values: dict[str, str]) -> str:
    text = TEMPLATE.read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace(f"@{key}@", value)
    missing = sorted(set(re.findall(r"@([A-Z_]+)@", text)))
    if missing:
        raise SystemExit(f"nginx.conf.in: nothing given for {missing}")
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m deploy.front", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: cores + 1)")
    ap.add_argument("--run-dir", type=Path, default=None, help="where the socket, config and cache go")
    ap.add_argument("--exempt", action="append", default=[], metavar="ADDR",
                    help="an address or CIDR the rate limit never applies to (a load test's client)")
    ap.add_argument("--search-rate", default="5r/s")
    ap.add_argument("--search-burst", type=int, default=20)
    ap.add_argument("--api-rate", default="10r/s")
    ap.add_argument("--api-burst", type=int, default=40)
    ap.add_argument("--conn-per-addr", type=int, default=100)
    ap.add_argument("--no-cache", action="store_true", help="no proxy cache (the 'cold' benchmark)")
    ap.add_argument("--access-log", default="stdout", help="stdout, off or a file path")
    ap.add_argument("--app-log", action="store_true", help="the site's own request log too")
    ap.add_argument("--nginx-workers", default="1")
    ap.add_argument("--worker-timeout", type=int, default=None, help="gunicorn's worker timeout (s)")
    ap.add_argument("--app", default=None, help="another WSGI app for gunicorn (the bare-page benchmark)")
    args = ap.parse_args(argv)

    nginx = nginx_binary()
    own_run = args.run_dir is None
    run = Path(tempfile.mkdtemp(prefix="rules-front-")) if own_run else args.run_dir.resolve()
    run.mkdir(parents=True, exist_ok=True)
    os.chmod(run, 0o755)  # nginx's workers run as nobody when started by root
    if os.geteuid() == 0:
        closed = [p for p in [run, *run.parents] if not os.stat(p).st_mode & 0o001]
        if closed:
            raise SystemExit(f"nginx's workers (user nobody) cannot reach {run}: {closed[0]} is closed to "
                             "others; choose a run folder they can reach (the default is under /tmp)")
    for sub in ("tmp", "www"):
        (run / sub).mkdir(exist_ok=True)
    www = run / "www"
    shutil.rmtree(www / "static", ignore_errors=True)
    built = ROOT / "var" / "static"
    if not (built / "manifest.json").is_file():
        raise SystemExit("static assets not built: run make setup")
    shutil.copytree(built, www / "static")
    sock = str(run / "app.sock")
    children: list[subprocess.Popen] = []

    pidfile = run / "gunicorn.pid"

    def masters() -> list[int]:
        """The gunicorn masters alive now: ours, or the one a USR2 started (``gunicorn.pid.2``
        until the old master leaves, then ``gunicorn.pid``: docs/deploy.md)."""
        out = []
        for path in (pidfile, Path(f"{pidfile}.2")):
            try:
                pid = int(path.read_text())
            except (OSError, ValueError):
                continue
            if _alive(pid):
                out.append(pid)
        return out

    def stop(*_):
        for proc in reversed(children):
            if proc.poll() is None:
                proc.send_signal(signal.SIGQUIT if proc.args[0] == nginx else signal.SIGTERM)
        for pid in masters():
            os.kill(pid, signal.SIGTERM)
        for proc in reversed(children):
            try:
                proc.wait(timeout=25)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        deadline = time.monotonic() + 25
        while masters() and time.monotonic() < deadline:
            time.sleep(0.1)
        if own_run:
            shutil.rmtree(run, ignore_errors=True)

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(0))
    try:
        env = {**os.environ, "REQUEST_LOG": "1" if args.app_log else "0"}
        if args.workers:
            env["WORKERS"] = str(args.workers)
        if args.worker_timeout:
            env["WORKER_TIMEOUT"] = str(args.worker_timeout)
        # the venv's gunicorn script, not `python -m gunicorn`: USR2 re-executes the command
        # line, and run as a module gunicorn's own `http` package would hide the standard one
        cmd = [str(Path(sys.executable).with_name("gunicorn")), "-c", str(GUNICORN_CONF), "--bind", f"unix:{sock}",
               "--pid", str(pidfile)]
        if args.app:
            cmd.append(args.app)
        children.append(subprocess.Popen(cmd, cwd=ROOT, env=env, preexec_fn=_die_with_parent))
        wait_healthy(sock, children[0])
        security = front_pages(sock, www) if not args.app else {}
        values = {
            "RUN": str(run), "WWW": str(www), "UPSTREAM": f"unix:{sock}",
            "LISTEN": f"{args.host}:{args.port}", "MIME_TYPES": "/etc/nginx/mime.types",
            "WORKER_PROCESSES": args.nginx_workers,
            "USER": "user nobody nogroup;" if os.geteuid() == 0 else "",
            "EXEMPT": "\n".join(f"        {addr} 1;" for addr in args.exempt),
            "SEARCH_RATE": args.search_rate, "SEARCH_BURST": str(args.search_burst),
            "API_RATE": args.api_rate, "API_BURST": str(args.api_burst),
            "CONN_PER_ADDR": str(args.conn_per_addr),
            "PROXY_CACHE": "off" if args.no_cache else "pages",
            "ACCESS_LOG": "off" if args.access_log == "off" else
                          f"{'/dev/stdout' if args.access_log == 'stdout' else args.access_log} site buffer=64k flush=1s",
            "SECURITY_HEADERS": "\n".join(f'            add_header {k} "{v}" always;' for k, v in security.items()),
        }
        values["STATIC_LOG"] = values["ACCESS_LOG"]
        conf = run / "nginx.conf"
        conf.write_text(render(values), encoding="utf-8")
        base = [nginx, "-p", str(run), "-c", str(conf), "-e", "stderr"]
        subprocess.run([*base, "-t", "-q"], check=True)
        children.append(subprocess.Popen(base, preexec_fn=_die_with_parent))
        print(f"serving on http://{args.host}:{args.port}  (nginx, then gunicorn on unix:{sock}; "
              f"run folder {run}; Ctrl-C stops both)", flush=True)
        gunicorn, front = children
        while front.poll() is None:
            if gunicorn.poll() is not None and not masters():
                # (our gunicorn may have handed over to a new master after a USR2: go on
                # while one is alive)
                print(f"gunicorn exited ({gunicorn.returncode}): stopping", file=sys.stderr)
                return 1
            time.sleep(0.5)
        print(f"nginx exited ({front.returncode}): stopping", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        stop()


if __name__ == "__main__":
    sys.exit(main())
