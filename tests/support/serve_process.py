"""``skullgames serve --db FILE`` in its own process, for the tests that kill it.

A server in a thread (:func:`tests.support.serve_client.running`) cannot be killed with
``SIGKILL``; this one can, and can be started again on the same file (and port).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from skullgames.serve import HUMAN

ROOT = Path(__file__).resolve().parents[2]


class Served:
    """``skullgames serve`` in its own process, and the join links it printed."""

    def __init__(self, db: Path, *flags: str, port: int = 0) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.log = db.with_suffix(".log")  # the request log: a file, not a pipe to fill
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "skullgames", "serve", "king", "--port", str(port),
                 "--db", str(db), *flags], stdout=subprocess.PIPE, stderr=log, text=True,
                env=env, cwd=ROOT)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:([0-9]+)/", first)
        assert found, first + self.log.read_text()
        self.port = int(found.group(1))
        self.lines = [first]
        self.joins: dict[int, tuple[str, str]] = {}  # seat: (table, token)
        if "--seats" in flags:
            self.lines.append(self.process.stdout.readline())  # "table ID (...):"
            for _ in range(flags[flags.index("--seats") + 1].split(",").count(HUMAN)):
                line = self.process.stdout.readline()
                self.lines.append(line)
                link = re.search(r"seat ([0-9]+): .*#table=([\w-]+)&token=([\w-]+)", line)
                assert link, self.lines
                self.joins[int(link.group(1))] = (link.group(2), link.group(3))

    @property
    def url(self) -> str:
        """The server's address, for a browser."""
        return f"http://127.0.0.1:{self.port}/"

    def call(self, method: str, path: str, body: Any = None,
             token: str | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path,
                               body=None if body is None else json.dumps(body),
                               headers=headers)
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read())
        finally:
            connection.close()

    def view(self, table: str, token: str) -> dict[str, Any]:
        status, view = self.call("GET", f"/api/games/{table}", token=token)
        assert status == 200, view
        return view  # type: ignore[no-any-return]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        assert self.process.stdout
        self.process.stdout.close()
        assert "Traceback" not in self.log.read_text()
