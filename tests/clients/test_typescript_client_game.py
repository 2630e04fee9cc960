"""The TypeScript client (clients/typescript) plays one whole game against the real service on a real Redis.

The game itself is a Node test (clients/typescript/test/play.test.ts, ``node --test``): this
starts the service, hands the test its address and a client key, and holds it to Node's verdict.
"""

from __future__ import annotations

import os
import re

from harness.generated_clients import npm_script
from harness.service_process import ServiceProcess


def test_the_typescript_client_plays_a_whole_game(service: ServiceProcess) -> None:
    env = {**os.environ, "RESTART_BASE_URL": service.url, "RESTART_API_KEY": service.api_key}
    ran = npm_script("test", check=False, env=env)  # builds the client and its test, then node --test
    said = ran.stdout + ran.stderr
    assert ran.returncode == 0, said
    counts = dict(re.findall(r"^# (tests|pass|fail) (\d+)$", said, flags=re.MULTILINE))
    assert counts == {"tests": "1", "pass": "1", "fail": "0"}, said
