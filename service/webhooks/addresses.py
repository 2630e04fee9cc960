"""Which URLs a delivery may be sent to: ``https`` to public addresses only (no SSRF); plain ``http``
only inside the networks the operator opened (``WEBHOOK_ALLOWED_NETWORKS``: an intranet, a test).

A webhook's URL is the customer's, so it must not reach what only the service can reach: its own
loopback, the private networks it runs in, the cloud's metadata address. ``check_url`` resolves the
host once and checks every address it answers (a host with one public and one private answer is
refused: DNS rebinding); the sender then connects to an address it checked, never resolving again.
It runs at registration and before every attempt (a name can change its answers in between).
"""

from __future__ import annotations

import functools
import ipaddress
import re
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from service.webhooks.config import Network, WebhookSettings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Sequence[str]]
"""``(host, port)`` -> the addresses the name has, as text; raises ``OSError`` when it has none."""

MAX_URL_LENGTH = 2048
HOST_NAME = re.compile(r"(?=.{1,253}$)(?!-)[a-z0-9_-]{1,63}(?<!-)(\.(?!-)[a-z0-9_-]{1,63}(?<!-))*")
"""Labels of letters, digits, ``-`` (not at either end) and ``_``, as DNS has them (IDNA: ``xn--``)."""
HTTPS_PORT = 443
DEFAULT_PORTS = {"https": HTTPS_PORT, "http": 80}


class AddressRefused(Exception):
    """A URL a delivery may not be sent to; ``reason`` is a short English sentence saying why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnresolvedHost(AddressRefused):
    """The URL's host has no address (now): refused at registration, worth retrying at an attempt."""


@dataclass(frozen=True, slots=True)
class Target:
    """A URL that was checked, and the addresses it was checked at: the only ones to connect to."""

    url: str
    host: str
    """The host as the certificate must name it (lower case, IDNA, an IPv6 address without brackets)."""
    port: int
    path: str
    """The path and query to request (``/`` at least)."""
    addresses: tuple[str, ...]
    tls: bool = True
    """``https``; plain ``http`` only when every address is in an opened network."""


REFUSED_V4: tuple[tuple[ipaddress.IPv4Network, str], ...] = tuple(
    (ipaddress.IPv4Network(network), kind)
    for network, kind in (
        ("0.0.0.0/8", "an unspecified"),
        ("10.0.0.0/8", "a private"),
        ("100.64.0.0/10", "a shared (carrier-grade NAT)"),
        ("127.0.0.0/8", "a loopback"),
        ("169.254.0.0/16", "a link-local (cloud metadata)"),
        ("172.16.0.0/12", "a private"),
        ("192.0.0.0/24", "a reserved"),
        ("192.0.2.0/24", "a documentation"),
        ("192.88.99.0/24", "a reserved (6to4 relay)"),
        ("192.168.0.0/16", "a private"),
        ("198.18.0.0/15", "a benchmarking"),
        ("198.51.100.0/24", "a documentation"),
        ("203.0.113.0/24", "a documentation"),
        ("224.0.0.0/4", "a multicast"),
        ("240.0.0.0/4", "a reserved (or broadcast)"),
    )
)
REFUSED_V6: tuple[tuple[ipaddress.IPv6Network, str], ...] = tuple(
    (ipaddress.IPv6Network(network), kind)
    for network, kind in (
        ("::/128", "an unspecified"),
        ("::1/128", "a loopback"),
        ("64:ff9b:1::/48", "a local NAT64"),
        ("100::/64", "a discard-only"),
        ("2001::/23", "a reserved (IETF protocol assignments, Teredo)"),
        ("2001:db8::/32", "a documentation"),
        ("3fff::/20", "a documentation"),
        ("fc00::/7", "a private (unique local)"),
        ("fe80::/10", "a link-local"),
        ("fec0::/10", "a site-local"),
        ("ff00::/8", "a multicast"),
    )
)
GLOBAL_UNICAST_V6 = ipaddress.IPv6Network("2000::/3")
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def embedded_v4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one stands for: IPv4-mapped (``::ffff:a.b.c.d``), 6to4, NAT64."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def refused_kind(address: Address) -> str | None:
    """What kind of address a delivery may not reach this is (``"a loopback address"``), or None: public."""
    if isinstance(address, ipaddress.IPv4Address):
        found = next((kind for network, kind in REFUSED_V4 if address in network), None)
        return None if found is None else f"{found} address"
    inner = embedded_v4(address)
    if inner is not None:
        kind = refused_kind(inner)
        return None if kind is None else f"{kind} ({inner} inside IPv6)"
    found = next((kind for network, kind in REFUSED_V6 if address in network), None)
    if found is None and address not in GLOBAL_UNICAST_V6:
        found = "a reserved (not global unicast)"
    return None if found is None else f"{found} address"


def allowed(address: Address, networks: Sequence[Network]) -> bool:
    """Whether the operator opened a network holding the address (or the IPv4 address it embeds)."""
    inner = embedded_v4(address) if isinstance(address, ipaddress.IPv6Address) else None
    return any(address in network or (inner is not None and inner in network) for network in networks)


def resolve_host(host: str, port: int) -> list[str]:
    """The name's addresses, in the order the system's resolver gives them, each once."""
    answers = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(sockaddr[0]) for _family, _type, _proto, _name, sockaddr in answers))


def check_url(url: str, settings: WebhookSettings, resolve: Resolver = resolve_host) -> Target:
    """The URL's target when a delivery may be sent there; ``AddressRefused`` saying why not."""
    scheme, host, port, path = _parts(url)
    literal = _literal(host)
    if literal is not None:
        texts: Sequence[str] = [str(literal)]
    else:
        try:
            texts = resolve(host, port)
        except TimeoutError:
            raise  # the attempt's time ran out (a resolver bounded by it): a timeout, not a missing name
        except (OSError, UnicodeError):
            raise UnresolvedHost(f"{host} does not resolve to any address") from None
        if not texts:
            raise UnresolvedHost(f"{host} does not resolve to any address")
    addresses = tuple(_checked(host, literal is not None, text, settings.allowed_networks) for text in texts)
    tls = scheme == "https"
    if not tls and not all(allowed(ipaddress.ip_address(a), settings.allowed_networks) for a in addresses):
        raise AddressRefused("The URL must use https (plain http only inside WEBHOOK_ALLOWED_NETWORKS).")
    return Target(url, host, port, path, addresses, tls)


# The checks below are pure functions of their arguments, cached so that an attempt's check costs its
# resolution and little more: the resolution itself is never cached (a name may change its answers).
@functools.lru_cache(maxsize=1024)
def _parts(url: str) -> tuple[str, str, int, str]:
    if len(url) > MAX_URL_LENGTH:
        raise AddressRefused(f"The URL is longer than {MAX_URL_LENGTH} characters.")
    if not url.isascii() or any(character.isspace() or ord(character) < 32 for character in url):
        raise AddressRefused("The URL has spaces, control or non-ASCII characters (encode them).")
    try:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in DEFAULT_PORTS:
            raise AddressRefused("The URL must use https.")
        port = DEFAULT_PORTS[scheme] if parts.port is None else parts.port
    except ValueError:
        raise AddressRefused("The URL cannot be read.") from None
    if port == 0:
        raise AddressRefused("The URL's port must not be 0.")
    if parts.username is not None or parts.password is not None:
        raise AddressRefused("The URL must not hold a user name or password.")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise AddressRefused("The URL has no host.")
    if _literal(host) is None and not HOST_NAME.fullmatch(host):
        raise AddressRefused(f"{host} is not a host name.")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host, port, path


@functools.lru_cache(maxsize=1024)
def _literal(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


@functools.lru_cache(maxsize=1024)
def _checked(host: str, is_literal: bool, text: str, networks: Sequence[Network]) -> str:
    address = ipaddress.ip_address(text.split("%", 1)[0])
    kind = refused_kind(address)
    if kind is not None and not allowed(address, networks):
        named = f"{host} is" if is_literal else f"{host} resolves to {address},"
        raise AddressRefused(f"{named} {kind}: webhooks may not reach it.")
    return str(address)
