"""The web page's server: static files, the actions a person takes, and live updates.

Everything a person does goes through the emulator's driver, exactly as the tests act: a slash
command, an autocomplete, a button, a menu pick. The driver refuses what Discord's client would
not let a user do (an unknown command, a value outside the choices, a click on a message they
cannot see...), and that refusal is the page's answer, with nothing changed. Every view is for one
member (`as`): another member's private replies never reach it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from emulator import Emulator
from emulator.handle import DriverError
from emulator.signal import BotFailure, EmulatorTimeout
from emulator.state import DM, GROUP_DM, Channel, Message, Role, User
from tryout.guard import Guard
from tryout.world import World

STATIC = Path(__file__).resolve().parent / "static"
# The page's own files, by name: anything else under /static/ is not found, whatever its path.
STATIC_FILES = {path.name: path for path in STATIC.iterdir() if path.is_file()}
MAX_BODY = 16 * 1024  # an action is a few hundred bytes; anything near this is not from the page
USER_OPTION, CHANNEL_OPTION, ROLE_OPTION = 6, 7, 8
GROUPS = (1, 2)  # a subcommand, a subcommand group
# How often a live feed looks again when nothing has signalled (the bot's own state never does).
LOOK_AGAIN = 0.5
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class BadAction(Exception):
    """An action the page cannot take as asked; its text is shown to the person."""


class Page:
    """Serves one local server's page; holds no state of its own besides the emulator."""

    def __init__(self, emulator: Emulator, world: World, guard: Guard) -> None:
        """Serve `world`, populated in `emulator`, to the requests `guard` lets through."""
        self.emulator = emulator
        self.world = world
        self.guard = guard
        self._sockets: set[web.WebSocketResponse] = set()

    def app(self) -> web.Application:
        """The aiohttp application."""
        middlewares = [self.guard.middleware, _refusals]
        app = web.Application(client_max_size=MAX_BODY, middlewares=middlewares)
        app.router.add_get("/", self._index)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/api/world", self._world)
        app.router.add_get("/api/live", self._live)
        app.router.add_post("/api/slash", self._slash)
        app.router.add_post("/api/autocomplete", self._autocomplete)
        app.router.add_post("/api/click", self._click)
        app.router.add_post("/api/select", self._select)
        app.router.add_post("/api/locale", self._locale)
        app.router.add_get("/files/{message}/{attachment}", self._file)
        app.on_shutdown.append(self._close_sockets)
        return app

    async def _close_sockets(self, app: web.Application) -> None:
        """Close the live feeds, which would otherwise hold the server open until they end."""
        for socket in list(self._sockets):
            await socket.close(code=WSCloseCode.GOING_AWAY, message=b"the local server stops")

    # Reading.

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        found = STATIC_FILES.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound(text="no such file")
        return web.FileResponse(found)

    async def _world(self, request: web.Request) -> web.Response:
        """The world for `as`; the page's first visit (or a member it no longer knows) gets the
        first member."""
        wanted = request.query.get("as")
        known = any(str(person.id) == wanted for person in self.world.people)
        member = self._member(wanted) if known else self.world.people[0]
        return web.json_response(self.world_json(member))

    def world_json(self, member: User) -> dict[str, Any]:
        """The server as `member` sees it: channels, members, the bot's commands."""
        guild = self.emulator.guild
        return {
            "server": guild.name,
            "member": str(member.id),
            "bot": _person(self.emulator.bot_user),
            "people": [_person(person) for person in self.world.people],
            "channels": [
                *(_channel(c, member) for c in sorted(guild.channels.values(), key=_order)),
                *(_channel(c, member) for c in self.world.private if self.world.sees(member, c)),
            ],
            "roles": [{"id": str(role.id), "name": role.name} for role in self.world.roles],
            "commands": [c.body for c in self.emulator.state.commands.values()],
            "locales": LOCALES,
        }

    async def _file(self, request: web.Request) -> web.Response:
        member = self._member(request.query.get("as"))
        message = self.emulator.state.messages.get(_number(request.match_info["message"]))
        if message is None or message.deleted or not self._visible(message, member):
            raise web.HTTPNotFound(text="no such file")
        wanted = _number(request.match_info["attachment"])
        for attachment in message.attachments:
            if attachment.id == wanted:
                kind = attachment.content_type or _content_type(attachment.filename)
                return web.Response(body=attachment.data, content_type=kind)
        raise web.HTTPNotFound(text="no such file")

    async def _live(self, request: web.Request) -> web.WebSocketResponse:
        """Every message `member` can see, then each change as it happens."""
        member = self._member(request.query.get("as"))
        socket = web.WebSocketResponse(heartbeat=30)
        await socket.prepare(request)
        self._sockets.add(socket)
        reader = asyncio.create_task(_drain(socket))
        shown: dict[int, tuple[int, int, int]] = {}
        channels = -1
        try:
            while not socket.closed and not reader.done():
                if len(self.emulator.guild.channels) != channels:
                    channels = len(self.emulator.guild.channels)
                    await socket.send_json({"type": "world", "world": self.world_json(member)})
                for message in self._changed(member, shown):
                    await socket.send_json({"type": "message", "message": message})
                await self.emulator.state.signal.changed(LOOK_AGAIN)
        except ConnectionResetError:
            pass  # the page went away
        finally:
            reader.cancel()
            self._sockets.discard(socket)
        return socket

    def _changed(
        self, member: User, shown: dict[int, tuple[int, int, int]]
    ) -> list[dict[str, Any]]:
        """The messages `member` sees that are new or changed since `shown`, oldest first."""
        changed: list[dict[str, Any]] = []
        for message in sorted(self.emulator.state.messages.values(), key=lambda m: m.id):
            if message.deleted:
                if shown.pop(message.id, None) is not None:
                    changed.append({"id": str(message.id), "deleted": True})
                continue
            if not self._visible(message, member):
                continue
            mark = (message.edits, message.flags, len(message.attachments))
            if shown.get(message.id) != mark:
                shown[message.id] = mark
                changed.append(message_json(message))
        return changed

    # Acting: each returns at once; what the bot does shows through the live feed.

    async def _slash(self, request: web.Request) -> web.Response:
        body = await _body(request)
        user = self._member(body.get("as"))
        channel = self._channel(body.get("channel"), user)
        name = _text(body, "command")
        options = self._options(name, _object(body, "options"))
        await self.emulator.slash(user, name, options, channel=channel)
        return web.json_response({"ok": True})

    async def _autocomplete(self, request: web.Request) -> web.Response:
        body = await _body(request)
        user = self._member(body.get("as"))
        channel = self._channel(body.get("channel"), user)
        name = _text(body, "command")
        options = self._options(name, _object(body, "options"))
        focused = _text(body, "focused")
        choices = await self.emulator.autocomplete(
            user, name, options, focused=focused, channel=channel
        )
        return web.json_response({"choices": choices})

    async def _click(self, request: web.Request) -> web.Response:
        body = await _body(request)
        user = self._member(body.get("as"))
        message = self._message(body.get("message"), user)
        await self.emulator.click(user, message, _text(body, "custom_id"))
        return web.json_response({"ok": True})

    async def _select(self, request: web.Request) -> web.Response:
        body = await _body(request)
        user = self._member(body.get("as"))
        message = self._message(body.get("message"), user)
        values = body.get("values")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise BadAction("values must be a list of texts")
        await self.emulator.select(user, message, _text(body, "custom_id"), values)
        return web.json_response({"ok": True})

    async def _locale(self, request: web.Request) -> web.Response:
        body = await _body(request)
        user = self._member(body.get("as"))
        locale = _text(body, "locale")
        if locale not in LOCALES:
            raise BadAction(f"{locale!r} is not a Discord language")
        user.locale = locale
        return web.json_response({"ok": True})

    # Looking things up: anything unknown is refused by name.

    def _member(self, raw: object) -> User:
        for person in self.world.people:
            if str(person.id) == str(raw):
                return person
        raise BadAction(f"nobody in this server has the id {str(raw)[:40]!r}")

    def _channel(self, raw: object, member: User | None = None) -> Channel:
        found = self.emulator.state.channel(_number(raw))
        if found is None or (member is not None and not self.world.sees(member, found)):
            raise BadAction(f"there is no channel {str(raw)[:40]!r}")
        return found

    def _visible(self, message: Message, member: User) -> bool:
        """A message of a channel `member` is in, and not another member's private reply."""
        channel = self.emulator.state.channel(message.channel_id)
        if channel is None or not self.world.sees(member, channel):
            return False
        return _visible(message, member)

    def _message(self, raw: object, member: User) -> Message:
        found = self.emulator.state.messages.get(_number(raw))
        channel = None if found is None else self.emulator.state.channel(found.channel_id)
        if found is None or found.deleted or not (channel and self.world.sees(member, channel)):
            raise BadAction(f"there is no message {str(raw)[:40]!r}")
        return found

    def _options(self, command: str, given: dict[str, Any]) -> dict[str, Any]:
        """Option values as the driver takes them: a member (a user option), a channel or a
        role by their id.

        `command` is a command's name, or its path to a subcommand (`tournament create`), as
        Discord's client offers each subcommand on its own.
        """
        name, *path = command.split() or [""]
        registered = next(
            (c.body for c in self.emulator.state.commands.values() if c.name == name), None
        )
        if registered is None:
            raise BadAction(f"there is no command /{command[:40]}")
        options = registered.get("options") or []
        for word in path:
            sub = next((o for o in options if o["name"] == word and o.get("type") in GROUPS), None)
            if sub is None:
                raise BadAction(f"/{name} has no subcommand {word[:40]!r}")
            options = sub.get("options") or []
        types = {o["name"]: o.get("type") for o in options}
        values = dict(given)
        for name, value in given.items():
            if types.get(name) == USER_OPTION:
                values[name] = self._user(value)
            elif types.get(name) == CHANNEL_OPTION:
                values[name] = self._channel(value)
            elif types.get(name) == ROLE_OPTION:
                values[name] = self._role(value)
        return values

    def _role(self, raw: object) -> Role:
        for role in self.world.roles:
            if str(role.id) == str(raw):
                return role
        raise BadAction(f"there is no role {str(raw)[:40]!r}")

    def _user(self, raw: object) -> User:
        if str(raw) == str(self.emulator.bot_user.id):
            return self.emulator.bot_user
        return self._member(raw)


# Discord locales a person can choose on the page (Discord's own list, languages the box speaks).
LOCALES = {
    "en-US": "English",
    "en-GB": "English (UK)",
    "fr": "Français",
    "de": "Deutsch",
    "nl": "Nederlands",
    "it": "Italiano",
    "es-ES": "Español",
    "es-419": "Español (LATAM)",
    "pt-BR": "Português do Brasil",
    "el": "Ελληνικά",
    "pl": "Polski",
    "ro": "Română",
    "zh-CN": "中文",
    "cs": "Čeština",
}


@web.middleware
async def _refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A refused action is a 400 with the reason; the bot not answering is a 504."""
    try:
        return await handler(request)
    except (BadAction, DriverError) as refusal:
        return web.json_response({"error": str(refusal)}, status=400)
    except web.HTTPRequestEntityTooLarge:
        return web.json_response({"error": f"the request is over {MAX_BODY} bytes"}, status=413)
    except (EmulatorTimeout, BotFailure) as failure:
        return web.json_response({"error": str(failure)}, status=504)


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadAction("the request is not JSON") from None
    if not isinstance(body, dict):
        raise BadAction("the request must be a JSON object")
    return body


def _text(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value:
        raise BadAction(f"{key} must be a non-empty text")
    return value


def _object(body: dict[str, Any], key: str) -> dict[str, Any]:
    value = body.get(key, {})
    if not isinstance(value, dict):
        raise BadAction(f"{key} must be an object")
    return value


def _number(raw: object) -> int:
    text = str(raw)
    # Only ASCII digits: `int` reads other scripts' digits but refuses `²`, which `isdigit` passes.
    if not (text.isascii() and text.isdigit()) or len(text) > 20:
        raise BadAction(f"{text[:40]!r} is not an id")
    return int(text)


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read (and ignore) what the page sends, so a closed page ends the live feed."""
    async for message in socket:
        if message.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
            break


def _visible(message: Message, member: User) -> bool:
    """Everyone sees a message but an ephemeral one, which only its interaction's user sees."""
    if not message.ephemeral:
        return True
    return message.interaction is not None and message.interaction.user is member


def _order(channel: Channel) -> tuple[int, int]:
    return (channel.parent_id or channel.id, channel.id)


def _person(user: User) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "name": user.display_name or user.name.capitalize(),
        "bot": user.bot,
        "locale": user.locale,
    }


def _channel(channel: Channel, member: User) -> dict[str, Any]:
    """A channel as the page lists it; a DM is named after the other person, as Discord does."""
    parent = None if channel.parent_id is None else str(channel.parent_id)
    name = channel.name
    if channel.type == DM:
        other = next(user for user in channel.recipients if user is not member)
        name = other.display_name or other.name.capitalize()
    kind = {DM: "dm", GROUP_DM: "group"}.get(channel.type, "text")
    return {"id": str(channel.id), "name": name, "parent": parent, "kind": kind}


def _content_type(filename: str) -> str:
    suffix = filename.rsplit(".", 1)[-1].lower()
    return {"png": "image/png", "gif": "image/gif"}.get(suffix, "text/plain")


def message_json(message: Message) -> dict[str, Any]:
    """A message as the page draws it (ids as text: they exceed JavaScript's exact integers)."""
    interaction = message.interaction
    used = None
    if interaction is not None and interaction.type == 2 and interaction.data is not None:
        used = {"user": _person(interaction.user), "command": interaction.data.get("name")}
    return {
        "id": str(message.id),
        "channel": str(message.channel_id),
        "author": _person(message.author),
        "content": message.content,
        "components": message.components,
        "attachments": [
            {
                "url": f"/files/{message.id}/{a.id}",
                "filename": a.filename,
                "description": a.description,
                "image": a.filename.lower().endswith((".png", ".gif")),
            }
            for a in message.attachments
        ],
        "ephemeral": message.ephemeral,
        "loading": message.loading,
        "edited": message.edits > 0,
        "used": used,
        "notified": [str(user.id) for user in message.notified],
    }
