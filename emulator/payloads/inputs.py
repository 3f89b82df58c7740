"""What users send: the `data` of the interactions the driver dispatches."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from emulator.payloads.objects import JSON, channel, member

if TYPE_CHECKING:
    from emulator.state import (
        Channel,
        Command,
        Member,
    )


def command_data(c: Command, options: list[JSON], resolved: JSON) -> JSON:
    """An application command interaction's data."""
    data: JSON = {"id": str(c.id), "name": c.name, "type": 1, "options": options}
    if c.guild_id is not None:
        data["guild_id"] = str(c.guild_id)
    if resolved:
        data["resolved"] = resolved
    return data


def option(kind: int, name: str, value: Any, *, focused: bool = False) -> JSON:
    """One filled-in option (the focused one of an autocomplete carries the raw text)."""
    payload: JSON = {"type": kind, "name": name, "value": value}
    if focused:
        payload["focused"] = True
    return payload


def subcommand(kind: int, name: str, options: list[JSON]) -> JSON:
    """A subcommand or subcommand group wrapping its options."""
    return {"type": kind, "name": name, "options": options}


def resolved_channel(c: Channel) -> JSON:
    """A channel in `resolved`."""
    return channel(c) | {"permissions": "0"}


def resolved_member(m: Member, permissions: int) -> JSON:
    """A member in `resolved` (the user sits beside it, under `users`)."""
    payload = member(m, permissions=permissions)
    del payload["user"]
    return payload


def button_data(custom_id: str) -> JSON:
    """A button press."""
    return {"custom_id": custom_id, "component_type": 2}


def select_data(custom_id: str, values: list[str]) -> JSON:
    """A string select choice."""
    return {"custom_id": custom_id, "component_type": 3, "values": list(values)}


def modal_submit_data(custom_id: str, components: list[JSON]) -> JSON:
    """A modal submission."""
    return {"custom_id": custom_id, "components": components}


def submitted_row(inputs: list[JSON]) -> JSON:
    """An action row of submitted inputs (classic modals)."""
    return {"type": 1, "components": inputs}


def submitted_label(submitted: JSON) -> JSON:
    """A label wrapping one submitted input (modals with label components)."""
    return {"type": 18, "component": submitted}


def submitted_input(kind: int, custom_id: str, value: str) -> JSON:
    """One submitted modal input."""
    return {"type": kind, "custom_id": custom_id, "value": value}
