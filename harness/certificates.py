"""A certificate authority and a server certificate for 127.0.0.1, made with ``openssl`` in a directory.

For the private servers that tests and benchmarks start over TLS (``redis-server --tls-port``):
made at run time, never committed, valid two days, for ``127.0.0.1`` and ``localhost``.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

MISSING_OPENSSL = "openssl is missing: run 'sudo apt-get install openssl' and retry"
_CURVE = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1")


@dataclass(frozen=True, slots=True)
class Certificates:
    ca: Path
    """The authority's certificate: what a client trusts."""
    certificate: Path
    key: Path


def make_certificates(directory: Path, host: str = "127.0.0.1") -> Certificates:
    """An authority and a certificate it signed for ``host`` (an IP address) and ``localhost``."""
    if shutil.which("openssl") is None:
        raise RuntimeError(MISSING_OPENSSL)
    directory.mkdir(parents=True, exist_ok=True)
    ca, ca_key = directory / "ca.crt", directory / "ca.key"
    certificate, key, request = directory / "server.crt", directory / "server.key", directory / "server.csr"
    extensions = directory / "server.ext"
    extensions.write_text(f"subjectAltName=IP:{host},DNS:localhost\n")
    _openssl("req", "-x509", *_CURVE, "-nodes", "-keyout", ca_key, "-out", ca, "-days", "2",
             "-subj", "/CN=restart test authority")  # fmt: skip
    _openssl("req", *_CURVE, "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=localhost")
    _openssl("x509", "-req", "-in", request, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial",
             "-out", certificate, "-days", "2", "-extfile", extensions)  # fmt: skip
    return Certificates(ca, certificate, key)


def _openssl(*arguments: str | Path) -> None:
    subprocess.run(["openssl", *map(str, arguments)], check=True, capture_output=True)
