"""Stoplight Prism mocking openapi.yaml on a free port: the mock third parties test their clients against.

Prism 5 (``@stoplight/prism-cli``, locked in clients/typescript) answers each request with the
first recorded example of the status it picks (``Prefer: code=422, example=notYourTurn`` picks
another), and with ``--errors`` it refuses what breaks the contract either way: a request that
does not match gets the operation's 4xx, an answer that would not match gets a 500 naming each
violation. Its log says which (clients/README.md lists what Prism cannot do).
"""

from __future__ import annotations

import time
from pathlib import Path

from harness.generated_clients import CONTRACT, TYPESCRIPT_CLIENT
from harness.processes import LoggedProcess
from harness.redis_server import free_port

PRISM = TYPESCRIPT_CLIENT / "node_modules" / ".bin" / "prism"
LISTENING = "Prism is listening on"
TROUBLE = ("✖", "Violation", "violation")
"""What Prism's log shows for an error, and for each request or answer that breaks the contract."""


class PrismMock(LoggedProcess):
    """``prism mock openapi.yaml --errors`` on a free port; use as a context manager."""

    def __init__(self, contract: Path = CONTRACT, start_timeout: float = 60.0) -> None:
        super().__init__("restart-prism-")
        self.contract, self.start_timeout = contract, start_timeout
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def troubles(self) -> list[str]:
        """Every line of Prism's log that tells of an error or a violation of the contract."""
        return [line for line in self.log().splitlines() if any(sign in line for sign in TROUBLE)]

    def start(self) -> PrismMock:
        if not PRISM.exists():
            raise RuntimeError(f"{PRISM} is missing: run `make node-modules`")
        command = [str(PRISM), "mock", str(self.contract), "--host", "127.0.0.1", "--port", str(self.port)]
        process = self.launch([*command, "--errors"])
        deadline = time.monotonic() + self.start_timeout
        while LISTENING not in self.log():
            if process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"prism did not start:\n{self.log()[-3000:]}")
            time.sleep(0.1)
        return self
