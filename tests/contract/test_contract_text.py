"""How recorded examples are written into the contract's text: only the generated section and each media
type's ``examples`` change, whatever the media type had (nothing, a typed ``example``, ``examples``)."""

from __future__ import annotations

import yaml

from harness.examples.contract_text import BEGIN, END, Example, rewrite

TEXT = f"""openapi: 3.1.0
paths:
  /v1/bots:
    post:
      operationId: createBot   # a comment the rewrite keeps
      responses:
        '201':
          content:
            application/json:
              schema: {{type: object}}

        '400':
          content:
            application/problem+json:
              schema: {{type: object}}
              example: {{typed: by hand}}
              # a comment of the media type
            text/plain:
              examples:
                typed: {{value: by hand}}
              schema: {{type: string}}
components:
  examples:
    Kept: {{value: hand-written above the markers}}
    {BEGIN}
    old.200.entry: {{value: replaced}}
    {END}
"""
CREATED = ("paths", "/v1/bots", "post", "responses", "201", "content", "application/json")
REFUSED = ("paths", "/v1/bots", "post", "responses", "400", "content", "application/problem+json")


def test_a_media_type_gets_references_and_the_section_the_values() -> None:
    examples = [
        Example("createBot.201.created", "created", "A bot", {"id": "b1", "tags": ["a", "b"]}, CREATED),
        Example("createBot.400.malformed", "malformed", "Not JSON", {"code": "malformed_json"}, REFUSED),
    ]
    written = rewrite(TEXT, examples)
    document = yaml.safe_load(written)
    media = document["paths"]["/v1/bots"]["post"]["responses"]
    assert media["201"]["content"]["application/json"]["examples"] == {
        "created": {"$ref": "#/components/examples/createBot.201.created"}
    }
    refused = media["400"]["content"]["application/problem+json"]
    assert "example" not in refused and set(refused["examples"]) == {"malformed"}
    assert media["400"]["content"]["text/plain"]["examples"] == {"typed": {"value": "by hand"}}
    assert document["components"]["examples"] == {
        "Kept": {"value": "hand-written above the markers"},
        "createBot.201.created": {"summary": "A bot", "value": {"id": "b1", "tags": ["a", "b"]}},
        "createBot.400.malformed": {"summary": "Not JSON", "value": {"code": "malformed_json"}},
    }
    assert "# a comment the rewrite keeps" in written and "# a comment of the media type" in written
    assert "      tags: [a, b]" in written
    assert rewrite(written, examples) == written
