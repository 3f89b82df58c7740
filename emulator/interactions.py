"""Interaction routes: the one callback, follow-ups, and the webhook messages of a response."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from emulator import limits, payloads
from emulator.core import CORE, Body, Core, json_response, read_body, snowflake_arg
from emulator.state import Interaction, Message

PING, APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
PONG, REPLY, DEFER, DEFER_UPDATE, UPDATE, CHOICES, MODAL = 1, 4, 5, 6, 7, 8, 9

# Follow-ups an interaction may have where only a user's install authorised the app; a server's
# install has no such limit (Discord's change log, user-installed apps, June 2024).
MAX_USER_FOLLOWUPS = 5

# Which callback types Discord accepts for which interaction types.
_ALLOWED: dict[int, set[int]] = {
    PING: {PONG},
    APPLICATION_COMMAND: {REPLY, DEFER, MODAL},
    COMPONENT: {REPLY, DEFER, DEFER_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
    MODAL_SUBMIT: {REPLY, DEFER, DEFER_UPDATE, UPDATE},
}


def routes() -> list[web.RouteDef]:
    """The interaction and webhook routes."""
    base = "/api/v10"
    webhook = base + "/webhooks/{app_id}/{token}"
    return [
        web.post(base + "/interactions/{interaction_id}/{token}/callback", callback),
        web.post(webhook, create_followup),
        web.get(webhook + "/messages/{message_id}", get_webhook_message),
        web.patch(webhook + "/messages/{message_id}", edit_webhook_message),
        web.delete(webhook + "/messages/{message_id}", delete_webhook_message),
    ]


async def callback(request: web.Request) -> web.Response:
    """`POST /interactions/{id}/{token}/callback`: the first and only acknowledgement."""
    core = request.app[CORE]
    # The body is read first: from here to the acknowledgement nothing awaits, so of two
    # callbacks racing for one interaction exactly one wins.
    body = await read_body(request)
    interaction = core.state.interactions.get(snowflake_arg(request.match_info["interaction_id"]))
    if interaction is None or interaction.token != request.match_info["token"]:
        raise limits.unknown_interaction()
    if interaction.acknowledged:
        raise limits.already_acknowledged()
    if core.state.clock() - interaction.created_at > core.reply_window:
        raise limits.unknown_interaction()
    if not isinstance(body.data, dict) or not isinstance(body.data.get("type"), int):
        raise limits.invalid("type", "An interaction response needs an integer type.")
    kind = body.data["type"]
    if kind not in _ALLOWED.get(interaction.type, set()):
        raise limits.invalid("type", f"Callback type {kind} is not valid here.")
    if kind in (DEFER_UPDATE, UPDATE) and interaction.source_message is None:
        raise limits.invalid("type", f"Callback type {kind} needs a message to update.")
    data: dict[str, Any] = body.data.get("data") or {}
    result, event = _respond(core, interaction, kind, Body(data, body.files))
    interaction.callback_type = kind
    if result is not None and event:
        await core.announce(event, result)
    core.state.signal.fire(interaction)
    if request.query.get("with_response") in ("1", "true", "True"):
        return json_response(payloads.callback_response(interaction, kind, result))
    return web.Response(status=204)


def _respond(core: Core, i: Interaction, kind: int, body: Body) -> tuple[Message | None, str]:
    """Apply a callback; returns the message it made or updated and the event to announce.

    Nothing here awaits, so no other request can slip in between the checks and the change.
    """
    data: dict[str, Any] = body.data
    if kind == REPLY:
        i.original = core.new_message(i.channel_id, body, interaction=i, allow_ephemeral=True)
        return i.original, "MESSAGE_CREATE"
    if kind == DEFER:
        flags = int(data.get("flags") or 0) & payloads.EPHEMERAL_FLAG
        if i.forced_ephemeral:
            flags |= payloads.EPHEMERAL_FLAG
        channel = core.state.channel(i.channel_id)
        if channel is None:
            raise limits.unknown_channel()
        i.original = Message(
            id=core.state.snowflake(),
            channel_id=i.channel_id,
            guild_id=channel.guild_id,
            author=core.bot_user,
            flags=flags | payloads.LOADING_FLAG,
            webhook_id=core.app_id,
            interaction=i,
        )
        core.state.messages[i.original.id] = i.original
        return i.original, "MESSAGE_CREATE"
    if kind in (DEFER_UPDATE, UPDATE):
        assert i.source_message is not None
        i.original = i.source_message
        if kind == UPDATE:
            core.edit_message(i.source_message, body)
            return i.source_message, "MESSAGE_UPDATE"
        return i.source_message, ""
    if kind == CHOICES:
        choices = data.get("choices")
        if not isinstance(choices, list):
            raise limits.invalid("data.choices", "Expected a list of choices.")
        limits.check_choices(choices)
        i.choices = choices
    elif kind == MODAL:
        limits.check_modal(data)
        i.modal = data
    return None, ""


def _interaction(core: Core, request: web.Request) -> Interaction:
    interaction = core.state.interactions_by_token.get(request.match_info["token"])
    if interaction is None or snowflake_arg(request.match_info["app_id"]) != core.app_id:
        raise limits.unknown_webhook()
    if core.state.clock() - interaction.created_at > core.token_lifetime:
        raise limits.DiscordError(401, 50027, "Invalid Webhook Token")
    if not interaction.acknowledged:
        raise limits.unknown_webhook()
    return interaction


def _webhook_message(core: Core, request: web.Request) -> tuple[Interaction, Message]:
    interaction = _interaction(core, request)
    wanted = request.match_info["message_id"]
    if wanted == "@original":
        found = interaction.original
    else:
        number = snowflake_arg(wanted)
        candidates = [*interaction.followups]
        # By its id, only a message this interaction made: its follow-ups, and its reply. The
        # message a component's update changed is its `@original`, never reached by id.
        if interaction.original is not None and interaction.callback_type in (REPLY, DEFER):
            candidates.append(interaction.original)
        found = next((m for m in candidates if m.id == number), None)
    if found is None or found.deleted:
        raise limits.unknown_message()
    return interaction, found


async def create_followup(request: web.Request) -> web.Response:
    """`POST /webhooks/{app}/{token}`: a follow-up (the first after a defer fills the original)."""
    core = request.app[CORE]
    body = await read_body(request)
    interaction = _interaction(core, request)
    original = interaction.original
    if interaction.callback_type == DEFER and original is not None and original.loading:
        core.edit_message(original, body)
        message = original
        announced = await core.announce("MESSAGE_UPDATE", message)
    else:
        if interaction.user_installed_only and len(interaction.followups) >= MAX_USER_FOLLOWUPS:
            raise limits.DiscordError(
                400, 40094, "This interaction has hit the maximum number of follow up messages"
            )
        message = core.new_message(
            interaction.channel_id, body, interaction=interaction, allow_ephemeral=True
        )
        interaction.followups.append(message)
        announced = await core.announce("MESSAGE_CREATE", message)
    if request.query.get("wait") in ("1", "true", "True"):
        return core.answer(message, announced)
    return web.Response(status=204)


async def get_webhook_message(request: web.Request) -> web.Response:
    """`GET …/messages/@original` or a follow-up by id."""
    _, message = _webhook_message(request.app[CORE], request)
    return json_response(payloads.message(message))


async def edit_webhook_message(request: web.Request) -> web.Response:
    """`PATCH …/messages/@original` or a follow-up by id."""
    core = request.app[CORE]
    body = await read_body(request)
    interaction, message = _webhook_message(core, request)
    core.edit_message(message, body)
    announced = await core.announce("MESSAGE_UPDATE", message)
    core.state.signal.fire(interaction)  # its @original may be a message it did not make
    return core.answer(message, announced)


async def delete_webhook_message(request: web.Request) -> web.Response:
    """`DELETE …/messages/@original` or a follow-up by id."""
    core = request.app[CORE]
    interaction, message = _webhook_message(core, request)
    message.deleted = True
    await core.announce("MESSAGE_DELETE", message)
    core.state.signal.fire(interaction)
    return web.Response(status=204)
