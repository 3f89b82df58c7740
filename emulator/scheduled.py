"""Scheduled event routes: create, fetch, edit (status), delete; external events only.

As Discord: the bot needs Manage Events; an external event (entity_type 3) needs a location
(1-100 characters) and an end after its start; a name of 1-100 characters, a description of at
most 1000; privacy level 2 (the server only); it may not start in the past (the emulator's wall
clock, `State.wall`). Its status moves scheduled → active or cancelled, active → completed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aiohttp import web

from emulator import limits, payloads
from emulator.core import CORE, Core, json_response, read_body, snowflake_arg
from emulator.state import Guild, ScheduledEvent

MANAGE_EVENTS = 1 << 33
EXTERNAL = 3
GUILD_ONLY = 2
SCHEDULED, ACTIVE, COMPLETED, CANCELLED = 1, 2, 3, 4
# Which status an event may move to from each status.
_NEXT = {SCHEDULED: {ACTIVE, CANCELLED}, ACTIVE: {COMPLETED}}


def routes() -> list[web.RouteDef]:
    """The scheduled event routes."""
    events = "/api/v10/guilds/{guild_id}/scheduled-events"
    one = events + "/{event_id}"
    return [
        web.post(events, create_event),
        web.get(one, get_event),
        web.patch(one, edit_event),
        web.delete(one, delete_event),
    ]


def _guild(core: Core, request: web.Request) -> Guild:
    guild = core.state.guilds.get(snowflake_arg(request.match_info["guild_id"]))
    if guild is None:
        raise limits.DiscordError(404, 10004, "Unknown Guild")
    return guild


def _event(core: Core, request: web.Request) -> tuple[Guild, ScheduledEvent]:
    guild = _guild(core, request)
    found = guild.events.get(snowflake_arg(request.match_info["event_id"]))
    if found is None:
        raise limits.DiscordError(404, 10070, "Unknown Guild Scheduled Event")
    return guild, found


def _require_manage_events(core: Core, guild: Guild) -> None:
    if not core.state.permissions(guild, core.bot_user.id) & MANAGE_EVENTS:
        raise limits.DiscordError(403, 50013, f"Missing Permissions ({MANAGE_EVENTS:#x})")


def _moment(data: dict[str, Any], field: str) -> datetime:
    text = data.get(field)
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        raise limits.invalid(field, "Could not parse the timestamp.") from None
    if moment.tzinfo is None:
        raise limits.invalid(field, "A timestamp needs its time zone.")
    return moment


def _text(data: dict[str, Any], field: str, longest: int, *, required: bool) -> str | None:
    value = data.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= longest:
        raise limits.invalid(field, f"Must be between 1 and {longest} in length.")
    return value


async def create_event(request: web.Request) -> web.Response:
    """`POST /guilds/{id}/scheduled-events`."""
    core = request.app[CORE]
    guild = _guild(core, request)
    _require_manage_events(core, guild)
    data = (await read_body(request)).data or {}
    if data.get("entity_type") != EXTERNAL:
        raise limits.invalid("entity_type", "Only external events are modelled.")
    if data.get("privacy_level") != GUILD_ONLY:
        raise limits.invalid("privacy_level", "The privacy level must be 2 (GUILD_ONLY).")
    if data.get("channel_id") is not None:
        raise limits.invalid("channel_id", "An external event has no channel.")
    metadata = data.get("entity_metadata") or {}
    location = _text(metadata, "location", 100, required=True)
    name = _text(data, "name", 100, required=True)
    description = _text(data, "description", 1000, required=False)
    start = _moment(data, "scheduled_start_time")
    end = _moment(data, "scheduled_end_time")
    if start <= core.state.wall():
        raise limits.invalid("scheduled_start_time", "Cannot schedule event in the past.")
    if end <= start:
        raise limits.invalid("scheduled_end_time", "The end must come after the start.")
    assert location is not None and name is not None
    event = ScheduledEvent(
        core.state.snowflake(),
        guild.id,
        core.bot_user.id,
        name,
        description,
        start,
        end,
        location,
    )
    guild.events[event.id] = event
    core.state.signal.fire()
    return json_response(payloads.scheduled_event(event))


async def get_event(request: web.Request) -> web.Response:
    """`GET /guilds/{id}/scheduled-events/{id}`."""
    _, event = _event(request.app[CORE], request)
    return json_response(payloads.scheduled_event(event))


async def edit_event(request: web.Request) -> web.Response:
    """`PATCH /guilds/{id}/scheduled-events/{id}`: its status (the only change modelled)."""
    core = request.app[CORE]
    guild, event = _event(core, request)
    _require_manage_events(core, guild)
    data = (await read_body(request)).data or {}
    unknown = sorted(set(data) - {"status"})
    if unknown:
        raise limits.invalid(unknown[0], "Only the status of an event can be changed here.")
    status = data.get("status")
    if status not in _NEXT.get(event.status, set()):
        raise limits.invalid(
            "status", f"An event cannot go from status {event.status} to {status}."
        )
    event.status = status
    core.state.signal.fire()
    return json_response(payloads.scheduled_event(event))


async def delete_event(request: web.Request) -> web.Response:
    """`DELETE /guilds/{id}/scheduled-events/{id}`."""
    core = request.app[CORE]
    guild, event = _event(core, request)
    _require_manage_events(core, guild)
    del guild.events[event.id]
    core.state.signal.fire()
    return web.Response(status=204)
