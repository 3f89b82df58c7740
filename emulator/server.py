"""The aiohttp application: request recording, auth, identity, gateway and command-sync routes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.web_urldispatcher import MatchInfoError

from emulator import channels, interactions, limits, payloads, polls, roles, scheduled
from emulator.core import BODY, CORE, Core, json_response, read_body, snowflake_arg
from emulator.state import Command, Guild, RecordedRequest

API = "/api/v10"
# Interaction callbacks and webhooks are authorised by their token, not by the bot token.
_TOKEN_ROUTES = (API + "/interactions/", API + "/webhooks/")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def build_app(core: Core) -> web.Application:
    """The whole emulated Discord as one aiohttp application."""
    app = web.Application(middlewares=[_record], client_max_size=64 * 1024 * 1024)
    app[CORE] = core
    app.add_routes(
        [
            web.get("/gateway", core.gateway.handle),
            web.get(API + "/gateway", get_gateway),
            web.get(API + "/gateway/bot", get_gateway_bot),
            web.get(API + "/users/@me", get_me),
            web.get(API + "/oauth2/applications/@me", get_application),
            web.get(API + "/users/{user_id}", get_user),
            web.get(API + "/guilds/{guild_id}", get_guild),
            web.get(API + "/guilds/{guild_id}/members/{user_id}", get_member),
            web.get(API + "/applications/{app_id}/commands", get_commands),
            web.put(API + "/applications/{app_id}/commands", put_commands),
            web.get(API + "/applications/{app_id}/guilds/{guild_id}/commands", get_commands),
            web.put(API + "/applications/{app_id}/guilds/{guild_id}/commands", put_commands),
            *interactions.routes(),
            *channels.routes(),
            *polls.routes(),
            *scheduled.routes(),
            *roles.routes(),
        ]
    )
    return app


@web.middleware
async def _record(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Record every request; turn refusals into Discord's error bodies; flag unknown routes."""
    core = request.app[CORE]
    route: str | None = None
    code: int | None = None
    if isinstance(request.match_info, MatchInfoError):
        core.state.unknown_routes.append(f"{request.method} {request.path}")
        response: web.StreamResponse = json_response(payloads.error(0, "404: Not Found"), 404)
    else:
        route = (
            request.match_info.route.resource.canonical
            if request.match_info.route.resource
            else None
        )
        try:
            _authorise(core, request)
            response = await handler(request)
        except limits.DiscordError as error:
            code = error.code
            response = json_response(
                payloads.error(code, error.message, error.errors()), error.status
            )
        except Exception as error:
            # Input the emulator cannot make sense of fails the test at once. The answer is 400,
            # not 500, because discord.py retries a 5xx for seconds before it gives up.
            reason = f"emulator could not handle {request.method} {request.path}: {error!r}"
            core.state.signal.fail(reason)
            response = json_response(payloads.error(0, reason), 400)
    body = request.get(BODY)
    core.state.requests.append(
        RecordedRequest(
            method=request.method,
            path=request.path,
            route=route,
            status=response.status,
            body=body.data if body is not None else None,
            files=tuple(body.files[k] for k in sorted(body.files)) if body is not None else (),
            error_code=code,
        )
    )
    core.state.signal.fire()
    return response


def _authorise(core: Core, request: web.Request) -> None:
    if not request.path.startswith(API) or request.path.startswith(_TOKEN_ROUTES):
        return
    if request.headers.get("Authorization") != f"Bot {core.state.token}":
        raise limits.DiscordError(401, 0, "401: Unauthorized")


def _gateway_url(request: web.Request) -> str:
    return f"ws://{request.host}/gateway"


async def get_gateway(request: web.Request) -> web.Response:
    """`GET /gateway`."""
    return json_response({"url": _gateway_url(request)})


async def get_gateway_bot(request: web.Request) -> web.Response:
    """`GET /gateway/bot`: what AutoShardedClient asks for."""
    return json_response(payloads.gateway_bot(_gateway_url(request)))


async def get_me(request: web.Request) -> web.Response:
    """`GET /users/@me`: the bot user (discord.py's login)."""
    return json_response(payloads.user(request.app[CORE].bot_user))


def _guild(core: Core, request: web.Request) -> Guild:
    guild = core.state.guilds.get(snowflake_arg(request.match_info["guild_id"]))
    if guild is None:
        raise limits.DiscordError(404, 10004, "Unknown Guild")
    if core.bot_user.id not in guild.members:
        core.state.missing_access.append(f"{request.method} {request.path}")
        raise limits.DiscordError(403, 50001, "Missing Access")
    return guild


async def get_user(request: web.Request) -> web.Response:
    """`GET /users/{id}`: any member of any guild."""
    core = request.app[CORE]
    user_id = snowflake_arg(request.match_info["user_id"])
    for guild in core.state.guilds.values():
        if user_id in guild.members:
            return json_response(payloads.user(guild.members[user_id].user))
    for channel in core.state.private.values():
        for user in channel.recipients:
            if user.id == user_id:
                return json_response(payloads.user(user))
    raise limits.DiscordError(404, 10013, "Unknown User")


async def get_guild(request: web.Request) -> web.Response:
    """`GET /guilds/{id}`."""
    return json_response(payloads.guild(_guild(request.app[CORE], request)))


async def get_member(request: web.Request) -> web.Response:
    """`GET /guilds/{id}/members/{id}`."""
    guild = _guild(request.app[CORE], request)
    member = guild.members.get(snowflake_arg(request.match_info["user_id"]))
    if member is None:
        raise limits.DiscordError(404, 10007, "Unknown Member")
    return json_response(payloads.member(member))


async def get_application(request: web.Request) -> web.Response:
    """`GET /oauth2/applications/@me`."""
    core = request.app[CORE]
    guild = next(iter(core.state.guilds.values()))
    owner = guild.members[guild.owner_id].user
    return json_response(payloads.application(core.app_id, core.bot_user.name, owner))


def _scope(core: Core, request: web.Request) -> int | None:
    if snowflake_arg(request.match_info["app_id"]) != core.app_id:
        raise limits.DiscordError(403, 50001, "Missing Access")
    if "guild_id" not in request.match_info:
        return None
    guild_id = snowflake_arg(request.match_info["guild_id"])
    guild = core.state.guilds.get(guild_id)
    if guild is None or core.bot_user.id not in guild.members:
        raise limits.DiscordError(403, 50001, "Missing Access")
    return guild_id


async def get_commands(request: web.Request) -> web.Response:
    """`GET …/commands`: global or one guild's."""
    core = request.app[CORE]
    guild_id = _scope(core, request)
    found = [c for c in core.state.commands.values() if c.guild_id == guild_id]
    return json_response([payloads.command(c) for c in found])


async def put_commands(request: web.Request) -> web.Response:
    """`PUT …/commands`: bulk overwrite; a command that keeps its name keeps its id."""
    core = request.app[CORE]
    guild_id = _scope(core, request)
    bodies = (await read_body(request)).data
    limits.check_commands(bodies)
    old = {
        (c.body.get("type", 1), c.name): c
        for c in core.state.commands.values()
        if c.guild_id == guild_id
    }
    for command in old.values():
        del core.state.commands[command.id]
    result = []
    for body in bodies:
        previous = old.get((body.get("type", 1), body["name"]))
        command_id = previous.id if previous is not None else core.state.snowflake()
        command = Command(command_id, core.app_id, guild_id, body)
        core.state.commands[command_id] = command
        result.append(payloads.command(command))
    core.state.signal.fire()
    return json_response(result)
