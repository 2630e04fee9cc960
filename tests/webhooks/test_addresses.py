"""Where a delivery may go: https only, public addresses only (each answer of the name checked), unless the
operator opened a network. DNS answers are a stub (``resolve``); nothing here touches the network."""

from __future__ import annotations

import ipaddress

import pytest

from service.settings import WebhookSettings, networks
from service.webhooks.addresses import (
    AddressRefused,
    Resolver,
    Target,
    UnresolvedHost,
    check_url,
    resolve_host,
)

SETTINGS = WebhookSettings()
PUBLIC_V4, PUBLIC_V6 = "93.184.215.14", "2606:4700:4700::1111"


def resolving(*addresses: str) -> Resolver:
    """A DNS stub: every name has these addresses."""
    return lambda host, port: list(addresses)


def normal(address: str) -> str:
    return str(ipaddress.ip_address(address.split("%")[0]))


REFUSED = [
    ("127.0.0.1", "loopback"),
    ("127.255.0.9", "loopback"),
    ("::1", "loopback"),
    ("10.1.2.3", "private"),
    ("172.16.0.1", "private"),
    ("192.168.1.1", "private"),
    ("fd00::1", "private"),
    ("169.254.169.254", "link-local"),
    ("169.254.1.1", "link-local"),
    ("fe80::1", "link-local"),
    ("fe80::1%eth0", "link-local"),
    ("0.0.0.0", "unspecified"),
    ("::", "unspecified"),
    ("224.0.0.1", "multicast"),
    ("ff02::1", "multicast"),
    ("100.64.0.1", "shared"),
    ("240.0.0.1", "reserved"),
    ("255.255.255.255", "reserved"),
    ("192.0.2.7", "documentation"),
    ("2001:db8::1", "documentation"),
    ("fec0::1", "site-local"),
    ("::ffff:127.0.0.1", "loopback"),
    ("::ffff:169.254.169.254", "link-local"),
    ("::ffff:10.0.0.1", "private"),
    ("2002:0a00:0001::1", "private"),  # 6to4 of 10.0.0.1
    ("2002:7f00:0001::1", "loopback"),  # 6to4 of 127.0.0.1
    ("64:ff9b::a9fe:a9fe", "link-local"),  # NAT64 of 169.254.169.254
    ("64:ff9b:1::1", "NAT64"),
    ("2001::1", "Teredo"),
    ("100::1", "discard"),
    ("::7f00:1", "reserved"),  # IPv4-compatible, deprecated
]


@pytest.mark.parametrize(("address", "kind"), REFUSED)
def test_a_name_resolving_to_a_refused_address_is_refused(address: str, kind: str) -> None:
    with pytest.raises(AddressRefused, match=kind) as refused:
        check_url("https://hooks.example.com/in", SETTINGS, resolving(address))
    assert refused.value.reason.startswith(f"hooks.example.com resolves to {normal(address)},")
    assert not isinstance(refused.value, UnresolvedHost)


@pytest.mark.parametrize(("address", "kind"), [(a, k) for a, k in REFUSED if "%" not in a])
def test_a_refused_address_written_in_the_url_is_refused(address: str, kind: str) -> None:
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(AddressRefused, match=kind):
        check_url(f"https://{host}/in", SETTINGS, resolving(PUBLIC_V4))


@pytest.mark.parametrize(
    "address", [PUBLIC_V4, PUBLIC_V6, "8.8.8.8", "::ffff:8.8.8.8", "2002:0808:0808::1", "64:ff9b::808:808"]
)
def test_a_public_address_passes(address: str) -> None:
    target = check_url("https://hooks.example.com/in", SETTINGS, resolving(address))
    assert target.addresses == (normal(address),)


def test_the_reason_names_the_address_and_its_kind() -> None:
    with pytest.raises(AddressRefused) as refused:
        check_url("https://hooks.example.com/in", SETTINGS, resolving("::ffff:169.254.169.254"))
    assert refused.value.reason == (
        "hooks.example.com resolves to ::ffff:a9fe:a9fe, a link-local (cloud metadata) address"
        " (169.254.169.254 inside IPv6): webhooks may not reach it."
    )
    with pytest.raises(AddressRefused) as refused:
        check_url("https://10.0.0.1/in", SETTINGS)
    assert refused.value.reason == "10.0.0.1 is a private address: webhooks may not reach it."


def test_one_private_answer_among_public_ones_refuses_the_name() -> None:
    """A rebinding host answers a public address and a private one: whichever came first, refused."""
    for answers in ((PUBLIC_V4, "10.0.0.7"), ("10.0.0.7", PUBLIC_V4), (PUBLIC_V6, "::1")):
        with pytest.raises(AddressRefused, match="private|loopback"):
            check_url("https://rebind.example/in", SETTINGS, resolving(*answers))


def test_the_target_is_what_was_checked() -> None:
    target = check_url(
        "https://Hooks.Example.com:8443/in/coming?team=7#ignored", SETTINGS, resolving(PUBLIC_V4, PUBLIC_V6)
    )
    assert target == Target(
        "https://Hooks.Example.com:8443/in/coming?team=7#ignored",
        "hooks.example.com",
        8443,
        "/in/coming?team=7",
        (PUBLIC_V4, PUBLIC_V6),
    )
    assert check_url("https://hooks.example.com", SETTINGS, resolving(PUBLIC_V4)).path == "/"
    assert check_url("https://hooks.example.com", SETTINGS, resolving(PUBLIC_V4)).port == 443


@pytest.mark.parametrize(
    "host", ["hooks.example.com", "a-b.c_d.example", "xn--htel-bpa.example", "localhost", "x"]
)
def test_a_host_name_as_dns_has_them_passes(host: str) -> None:
    assert check_url(f"https://{host}/in", SETTINGS, resolving(PUBLIC_V4)).host == host


def test_an_ip_literal_is_not_resolved() -> None:
    def resolve(host: str, port: int) -> list[str]:
        raise AssertionError("resolved")

    assert check_url(f"https://[{PUBLIC_V6}]/in", SETTINGS, resolve).host == PUBLIC_V6
    assert check_url(f"https://{PUBLIC_V4}/in", SETTINGS, resolve).addresses == (PUBLIC_V4,)


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://hooks.example.com/in", "https"),
        ("ftp://hooks.example.com/in", "https"),
        ("hooks.example.com/in", "https"),
        ("https:///in", "no host"),
        ("https://user:secret@hooks.example.com/in", "user name or password"),
        ("https://hooks.example.com:99999/in", "cannot be read"),
        ("https://hooks.example.com:0/in", "port"),
        ("https://hooks.example.com/in put", "spaces"),
        ("https://hooks.example.com/in\r\nx: y", "control"),
        ("https://hôtel.example/in", "non-ASCII"),
        ("https://hooks.example.com/" + "a" * 2048, "longer"),
        ("https://.example.com/in", "not a host name"),
        ("https://hooks..example.com/in", "not a host name"),
        ("https://-hooks.example.com/in", "not a host name"),
        ("https://hooks!.example.com/in", "not a host name"),
        ("https://" + "a" * 64 + ".example/in", "not a host name"),
    ],
)
def test_a_url_a_delivery_cannot_use_is_refused(url: str, why: str) -> None:
    with pytest.raises(AddressRefused, match=why):
        check_url(url, SETTINGS, resolving(PUBLIC_V4))


def test_an_allowed_network_opens_only_itself() -> None:
    opened = WebhookSettings(allowed_networks=networks("127.0.0.0/8, fd00:1::/32"))
    assert check_url("https://localhost:9/in", opened, resolving("127.0.0.1")).addresses == ("127.0.0.1",)
    assert check_url("https://[::ffff:127.0.0.1]/in", opened, resolving()).addresses == ("::ffff:7f00:1",)
    assert check_url("https://h.example/in", opened, resolving("fd00:1::5")).addresses == ("fd00:1::5",)
    for closed in ("::1", "10.0.0.1", "fd00:2::5", "169.254.169.254"):
        with pytest.raises(AddressRefused):
            check_url("https://h.example/in", opened, resolving(closed))
    assert check_url("http://127.0.0.1:8080/in", opened, resolving()).tls is False  # plain http: opened only
    assert check_url("https://127.0.0.1/in", opened, resolving()).tls is True
    with pytest.raises(AddressRefused, match="https"):
        check_url("http://h.example/in", opened, resolving("127.0.0.1", "93.184.215.14"))


def test_a_name_without_an_address_is_unresolved() -> None:
    def fails(host: str, port: int) -> list[str]:
        raise OSError("Name or service not known")

    for resolve in (fails, resolving()):
        with pytest.raises(UnresolvedHost, match="does not resolve"):
            check_url("https://nowhere.invalid/in", SETTINGS, resolve)


def test_the_system_resolver_answers_each_address_once() -> None:
    addresses = resolve_host("localhost", 443)
    assert addresses and len(addresses) == len(set(addresses))
    with pytest.raises(AddressRefused, match="loopback"):
        check_url("https://localhost/in", SETTINGS)
