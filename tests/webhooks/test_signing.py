"""Our signatures are Standard Webhooks ``v1``: the standardwebhooks library's verifier (what a receiver
runs) accepts our deliveries, with either secret while one is rotated, and refuses them changed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Callable

import pytest
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from service.webhooks.signing import new_secret, signed_headers

Change = Callable[[dict[str, str], bytes], tuple[dict[str, str], bytes]]
BODY = b'{"type":"game.finished","data":{"game_id":"g_1","winners":[2]},"text":"\\u00e9t\\u00e9 \xc3\xa9"}'


def test_a_secret_is_whsec_and_base64_of_32_random_bytes() -> None:
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    for secret in secrets:
        assert secret.startswith("whsec_")
        assert len(base64.b64decode(secret.removeprefix("whsec_"), validate=True)) == 32


def test_the_library_accepts_our_headers() -> None:
    secret, now = new_secret(), int(time.time())
    headers = signed_headers("msg_1", now, BODY, [secret])
    assert Webhook(secret).verify(BODY, headers)["data"]["game_id"] == "g_1"
    assert headers["webhook-id"] == "msg_1" and headers["webhook-timestamp"] == str(now)
    assert headers["content-type"] == "application/json"


def test_during_a_rotation_each_secret_verifies_alone() -> None:
    new, old = new_secret(), new_secret()
    headers = signed_headers("msg_2", int(time.time()), BODY, [new, old])
    assert len(headers["webhook-signature"].split(" ")) == 2
    for secret in (new, old):
        assert Webhook(secret).verify(BODY, headers) is not None
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(BODY, headers)


def test_the_signature_is_hmac_sha256_of_id_timestamp_and_body() -> None:
    """What a receiver without the library computes (the spec's own words), byte for byte."""
    secret = new_secret()
    key = base64.b64decode(secret.removeprefix("whsec_"))
    expected = hmac.new(key, b"msg_3.1700000000." + BODY, hashlib.sha256).digest()
    signature = signed_headers("msg_3", 1700000000, BODY, [secret])["webhook-signature"]
    assert signature == "v1," + base64.b64encode(expected).decode()


@pytest.mark.parametrize(
    "change",
    [
        lambda headers, body: (headers, body + b" "),
        lambda headers, body: ({**headers, "webhook-id": "msg_other"}, body),
        lambda headers, body: (
            {**headers, "webhook-timestamp": str(int(headers["webhook-timestamp"]) + 1)},
            body,
        ),
        lambda headers, body: ({**headers, "webhook-timestamp": str(int(time.time()) - 3600)}, body),
    ],
    ids=["body", "id", "timestamp", "an hour old"],
)
def test_a_changed_delivery_is_refused(change: Change) -> None:
    secret = new_secret()
    headers, body = change(signed_headers("msg_4", int(time.time()), BODY, [secret]), BODY)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, headers)


def test_a_delivery_needs_a_secret() -> None:
    with pytest.raises(ValueError, match="one secret"):
        signed_headers("msg_5", int(time.time()), BODY, [])
