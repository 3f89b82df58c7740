"""Only the page, opened from the printed address, may use the local server: other web sites,
other host names, requests without the run's secret and actions not sent as JSON are refused."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from yarl import URL

from tests.tryout.drive import WAIT_MS
from tests.tryout.test_bad_input import allowed, footprint
from tryout.run import Local


@pytest.fixture
def local(shared_local: Local) -> Local:
    """One server for the module: each test compares what it changed, or reads only its own."""
    return shared_local


def help_request(local: Local) -> dict[str, str]:
    """An action the page's server would take: Ada asks for /help in #general."""
    ada, general = local.world.people[0], local.world.channels[0]
    return {"as": str(ada.id), "channel": str(general.id), "command": "help"}


async def status_of(
    local: Local, method: str, path: str, *, headers: dict[str, str], **extra: Any
) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"{local.url}{path}", headers=headers, **extra) as response,
    ):
        return response.status, await response.text()


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/"), ("GET", "/api/world"), ("GET", "/static/app.js"), ("POST", "/api/slash")],
)
async def test_a_request_without_the_secret_is_refused(
    local: Local, method: str, path: str
) -> None:
    before = footprint(local)
    for headers in ({}, {"Authorization": "token guessed"}):
        status, text = await status_of(
            local, method, path, headers=headers, json=help_request(local)
        )
        assert (status, "printed" in text) == (403, True), headers
    status, _ = await status_of(
        local, method, f"{path}?token={local.token[:-1]}", headers={}, json=help_request(local)
    )
    assert status == 403
    assert footprint(local) == before


async def test_the_printed_address_trades_its_secret_for_a_cookie(local: Local) -> None:
    assert local.address == f"{local.url}/?token={local.token}"
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async with session.get(local.address, allow_redirects=False) as response:
            assert response.status == 302
            assert response.headers["Location"] == "/"  # the secret leaves the address bar
            cookie = response.cookies[f"duelboard-local-{URL(local.url).port}"]
            assert (cookie.value, cookie["httponly"], cookie["samesite"]) == (
                local.token,
                True,
                "Strict",
            )
        async with session.get(local.address) as response:
            assert (response.status, response.url.path) == (200, "/")
            assert "<title>Duelboard" in await response.text()
        async with session.get(f"{local.url}/api/world") as response:
            assert response.status == 200
        async with session.post(f"{local.url}/api/slash", json=help_request(local)) as response:
            assert response.status == 200


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1"]
)
async def test_another_origin_is_refused(local: Local, origin: str) -> None:
    before = footprint(local)
    headers = {**allowed(local), "Origin": origin}
    status, text = await status_of(
        local, "POST", "/api/slash", headers=headers, json=help_request(local)
    )
    assert (status, "other web sites" in text) == (403, True)
    status, _ = await status_of(local, "GET", "/api/world", headers=headers)
    assert status == 403
    async with aiohttp.ClientSession(headers=headers) as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"{local.url}/api/live?as={local.world.people[0].id}")
        assert refused.value.status == 403
    assert footprint(local) == before


async def test_the_pages_own_origin_is_let_through(local: Local) -> None:
    headers = {**allowed(local), "Origin": local.url, "Sec-Fetch-Site": "same-origin"}
    status, _ = await status_of(
        local, "POST", "/api/slash", headers=headers, json=help_request(local)
    )
    assert status == 200


async def test_a_cross_site_fetch_is_refused_whatever_its_origin(local: Local) -> None:
    headers = {**allowed(local), "Sec-Fetch-Site": "cross-site"}
    status, _ = await status_of(local, "GET", "/api/world", headers=headers)
    assert status == 403


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1:1",
        "localhost.evil.example:{port}",
        "[::2]",
    ],
)
async def test_a_foreign_host_name_is_refused(local: Local, host: str) -> None:
    headers = {**allowed(local), "Host": host.format(port=URL(local.url).port)}
    before = footprint(local)
    status, text = await status_of(
        local, "POST", "/api/slash", headers=headers, json=help_request(local)
    )
    assert (status, "host name" in text) == (400, True)
    assert footprint(local) == before


@pytest.mark.parametrize("name", ["localhost", "127.0.0.1", "[::1]", "LOCALHOST"])
async def test_this_machines_names_are_let_through(local: Local, name: str) -> None:
    headers = {**allowed(local), "Host": f"{name}:{URL(local.url).port}"}
    status, _ = await status_of(local, "GET", "/api/world", headers=headers)
    assert status == 200


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
async def test_an_action_not_sent_as_json_is_refused(local: Local, content_type: str) -> None:
    """What a web page may send anywhere without asking: a cross-site text/plain POST ran
    /settings."""
    before = footprint(local)
    body = json.dumps({**help_request(local), "command": "settings", "options": {"threads": True}})
    headers = {**allowed(local), "Content-Type": content_type}
    status, text = await status_of(local, "POST", "/api/slash", headers=headers, data=body)
    assert (status, "JSON" in text) == (415, True)
    assert footprint(local) == before


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/files/\u00b2/1", 400),
        ("/files/\u0661/1", 400),
        ("/static/" + "a" * 5000, 404),
        ("/static/" + "%2e%2e%2f" * 300 + "etc/passwd", 404),
        ("/static/..%2frun.py", 404),
        ("/static/nothing.js", 404),
    ],
)
async def test_an_odd_id_or_file_name_is_a_clear_refusal(
    local: Local, path: str, status: int
) -> None:
    ada = local.world.people[0].id
    got, text = await status_of(local, "GET", f"{path}?as={ada}", headers=allowed(local))
    assert got == status
    assert "Traceback" not in text
    assert len(text) < 200


async def test_an_id_in_another_scripts_digits_is_refused_by_name(local: Local) -> None:
    before = footprint(local)
    for raw in ("\u00b2", "\u0663", "\uff11"):
        body = {**help_request(local), "channel": raw}
        status, text = await status_of(
            local, "POST", "/api/slash", headers=allowed(local), json=body
        )
        assert (status, json.loads(text)["error"]) == (400, f"{raw!r} is not an id")
    assert footprint(local) == before


@pytest_asyncio.fixture(loop_scope="session")  # the loop the test runs in (see conftest.py)
async def other_site() -> AsyncIterator[str]:
    """Another web site on this machine (another port: another origin, but the same site), whose
    page tries the local server the ways a browser lets any page try."""

    async def page(request: web.Request) -> web.Response:
        return web.Response(
            text="<!doctype html><title>elsewhere</title>", content_type="text/html"
        )

    app = web.Application()
    app.router.add_get("/", page)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/"
    finally:
        await runner.cleanup()


ATTACK = """async ([server, ada, channel]) => {
  const body = JSON.stringify({as: ada, channel, command: "settings", options: {threads: true}});
  const tried = [];
  for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
    await fetch(server + "/api/slash", {method: "POST", mode: "no-cors", credentials: "include",
      headers: {"Content-Type": type}, body}).then(() => tried.push(type), () => tried.push(type));
  }
  const read = await fetch(server + "/api/world?as=" + ada, {credentials: "include"})
    .then((r) => r.text(), (e) => "refused: " + e);
  const feed = await new Promise((done) => {
    const socket = new WebSocket(server.replace("http", "ws") + "/api/live?as=" + ada);
    const seen = [];
    socket.onmessage = (event) => seen.push(event.data);
    socket.onclose = () => done(seen);
    socket.onerror = () => done(seen);
    setTimeout(() => { socket.close(); done(seen); }, 3000);
  });
  return {tried, read, feed};
}"""


async def test_another_web_site_in_the_same_browser_can_neither_act_nor_read(
    browser: Any, local: Local, other_site: str
) -> None:
    """The member opened the page (the browser holds its cookie); a page of another site then
    posts what no preflight guards, reads the world and opens the live feed."""
    context = await browser.new_context()
    mine = await context.new_page()
    await mine.goto(local.address)
    await mine.locator(".member.current").wait_for(timeout=WAIT_MS)
    await mine.close()  # the page's own live feed is gone: any reading now is the other site's
    before = footprint(local)
    theirs = await context.new_page()
    await theirs.goto(other_site)
    ada, general = local.world.people[0], local.world.channels[0]
    found = await theirs.evaluate(ATTACK, [local.url, str(ada.id), str(general.id)])
    assert found["tried"] == ["text/plain", "application/x-www-form-urlencoded"]
    assert "refused" in found["read"] or "other web sites" in found["read"]
    assert "general" not in found["read"]
    assert found["feed"] == []
    assert footprint(local) == before
    await context.close()
