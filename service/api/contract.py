"""The committed contract (openapi.yaml), read once at startup and served as YAML and JSON.

The file ships inside the package (``service/api/openapi.yaml`` links to the one at
the repository's top, and setuptools copies the target into wheels), so an installed
service serves the very contract it was tested against.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from service.api.encoding import dumps


@dataclass(frozen=True, slots=True)
class Contract:
    yaml_text: str
    document: dict[str, Any]
    json_text: str


@cache
def load_contract() -> Contract:
    text = files("service.api").joinpath("openapi.yaml").read_text(encoding="utf-8")
    document = yaml.safe_load(text)
    return Contract(text, document, dumps(document))
