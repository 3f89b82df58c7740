"""Who may use the local page: this machine's browser, with the run's secret, from the page itself.

Any web site open in the same browser can send requests to 127.0.0.1, and a host name can be made
to point there (DNS rebinding); so, as notebook servers do, every request must carry the secret
printed with the address (the page's first visit trades it for a cookie), name this server as its
`Host`, come from the page's own origin when a browser says where it comes from, and send its
actions as JSON (a browser does not send JSON to another origin without asking it first, and this
server never says yes).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Awaitable, Callable

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
ANY_ADDRESS = frozenset({"", "0.0.0.0", "::"})  # the names of listening on every address


def new_token() -> str:
    """A fresh secret for one run."""
    return secrets.token_urlsafe(24)


class Guard:
    """Refuses requests from anywhere but the page, opened from the printed address."""

    def __init__(self, token: str, host: str, port: int) -> None:
        """Guard a server listening on `host` (as given to it) and `port` (set again once bound,
        when it was 0: any free port), whose secret is `token`."""
        self.token = token
        self.host = host.strip("[]").lower()
        self.port = port

    @property
    def cookie(self) -> str:
        """The cookie holding the secret: cookies are shared by every port of a host, so each
        port's has a name of its own."""
        return f"duelboard-local-{self.port}"

    def known_host(self, header: str) -> bool:
        """Whether a `Host` header names this server: a loopback name, the address it was told to
        listen on, or (listening on every address) any IP address, never another host's name."""
        name, port = _split_host(header)
        if (80 if port is None else port) != self.port:
            return False
        if name in LOOPBACK_NAMES or name == self.host:
            return True
        return self.host in ANY_ADDRESS and _is_address(name)

    def has_token(self, request: web.Request) -> bool:
        """Whether `request` carries this run's secret (cookie, `?token=` or `Authorization`)."""
        given = [request.cookies.get(self.cookie), request.query.get("token")]
        scheme, _, value = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "token":
            given.append(value)
        return any(hmac.compare_digest(g.encode(), self.token.encode()) for g in given if g)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a request that fails any rule, before it reaches the page."""
        if not self.known_host(request.host):
            return _refused(400, "this server does not answer to that host name")
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            return _refused(403, "requests from other web sites are refused")
        if request.headers.get("Sec-Fetch-Site") == "cross-site":
            return _refused(403, "requests from other web sites are refused")
        if not self.has_token(request):
            return _refused(
                403, "open the address `python -m tryout` printed: it carries this run's secret"
            )
        if request.method == "POST" and request.content_type != "application/json":
            return _refused(415, "actions are sent as JSON (Content-Type: application/json)")
        if request.path == "/" and "token" in request.query:
            # The page's first visit: the secret goes into a cookie, and out of the address bar.
            found = web.Response(status=302, headers={"Location": "/"})
            found.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict")
            return found
        return await handler(request)


def _refused(status: int, reason: str) -> web.Response:
    return web.json_response({"error": reason}, status=status)


def _split_host(header: str) -> tuple[str, int | None]:
    """A `Host` header's name and port (`[::1]:8765` -> `::1`, 8765); a bad port is -1."""
    name, port = header, None
    if header.startswith("["):
        name, _, rest = header[1:].partition("]")
        port = rest.removeprefix(":") or None
    elif header.count(":") == 1:
        name, port = header.split(":")
    if port is None:
        return name.lower(), None
    number = int(port) if port.isascii() and port.isdigit() and len(port) <= 5 else -1
    return name.lower(), number


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True
