"""A real, private Redis Cluster for tests: a few `redis-server` masters on free ports.

Each node is a `RedisServer` (own temporary directory, never port 6379) started with
cluster mode on; `redis-cli --cluster create` then spreads the 16384 slots over them.
A node also listens on its port + 10000 (the cluster bus), so both must be free.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from types import TracebackType
from typing import Any

import redis
from redis.cluster import RedisCluster as ClusterClient

from harness.redis_server import RedisServer, free_port

BUS_OFFSET = 10000
MISSING_CLI = "redis-cli is missing: run 'sudo apt-get install redis-tools' and retry"


def is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_cluster_port(taken: set[int]) -> int:
    """A free port whose cluster bus port (+10000) is free too, and not in ``taken``."""
    while True:
        port = free_port()
        bus = port + BUS_OFFSET
        if port not in taken and bus not in taken and bus <= 65535 and is_free(bus):
            return port


class ClusterNode(RedisServer):
    """A `RedisServer` on a chosen port with cluster mode on."""

    def __init__(self, port: int, node_timeout_ms: int) -> None:
        super().__init__(
            extra_args=[
                "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(node_timeout_ms),
            ]
        )  # fmt: skip
        self._port = port  # RedisServer.start() keeps a port it already has


class RedisCluster:
    """A Redis Cluster of ``masters`` nodes and no replicas; use as a context manager."""

    def __init__(self, masters: int = 3, start_timeout: float = 20.0, node_timeout_ms: int = 2000) -> None:
        self.masters = masters
        self.start_timeout = start_timeout
        self.node_timeout_ms = node_timeout_ms
        self.nodes: list[ClusterNode] = []

    @property
    def ports(self) -> list[int]:
        return [node.port for node in self.nodes]

    @property
    def url(self) -> str:
        """A URL of one node: cluster clients discover the others from it."""
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def client(self, **kwargs: Any) -> ClusterClient:
        """A new cluster client; the caller closes it."""
        return ClusterClient.from_url(self.url, **kwargs)

    def node_clients(self) -> list[redis.Redis]:
        """One plain client per node, to look at what each node holds; the caller closes them."""
        return [node.client() for node in self.nodes]

    def start(self) -> RedisCluster:
        if shutil.which("redis-cli") is None:
            raise RuntimeError(MISSING_CLI)
        taken: set[int] = set()
        for _ in range(self.masters):
            self.nodes.append(self._start_node(taken))
        addresses = [f"127.0.0.1:{port}" for port in self.ports]
        created = subprocess.run(
            ["redis-cli", "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
            capture_output=True,
            text=True,
            timeout=self.start_timeout,
            stdin=subprocess.DEVNULL,
        )
        if created.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed:\n{created.stdout}\n{created.stderr}")
        self._wait_until_ok()
        return self

    def close(self) -> None:
        """Stop every node and delete its directory."""
        for node in self.nodes:
            node.close()
        self.nodes = []

    def __enter__(self) -> RedisCluster:
        try:
            return self.start()
        except BaseException:
            self.close()
            raise

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _start_node(self, taken: set[int]) -> ClusterNode:
        for attempt in range(3):
            port = free_cluster_port(taken)
            node = ClusterNode(port, self.node_timeout_ms)
            try:
                node.start()
            except RuntimeError as error:
                node.close()
                # Another process may take the port (or its bus port) between the check and bind.
                if "Address already in use" not in str(error) or attempt == 2:
                    raise
                continue
            taken.update((port, port + BUS_OFFSET))
            return node
        raise AssertionError("unreachable")

    def _wait_until_ok(self) -> None:
        """Wait until every node sees every node, all slots assigned and the cluster ok."""
        deadline = time.monotonic() + self.start_timeout
        wanted = ("cluster_state:ok", "cluster_slots_assigned:16384", f"cluster_known_nodes:{self.masters}")
        while time.monotonic() < deadline:
            infos = []
            for node in self.nodes:
                with node.client() as client:
                    infos.append(client.execute_command("CLUSTER", "INFO").decode())
            if all(line in info.split() for info in infos for line in wanted):
                return
            time.sleep(0.05)
        raise RuntimeError(f"the cluster did not become ok in {self.start_timeout} s: {infos}")
