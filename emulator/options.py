"""What a user's input becomes: typed command options with `resolved`, and filled-in modals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from emulator import payloads
from emulator.handle import DriverError
from emulator.state import Channel, Guild, Role, User

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10

JSON = dict[str, Any]
MAX_STRING_LENGTH = 6000  # a string option's longest value, and its max_length's default


@dataclass(frozen=True)
class World:
    """The guild an interaction happens in, and how to work out a member's permissions."""

    guild: Guild
    permissions: Callable[[int], int]


def build_options(
    command: JSON, path: list[str], given: dict[str, Any], world: World, focused: str | None
) -> tuple[list[JSON], JSON]:
    """The `options` and `resolved` of an application command interaction."""
    definitions: list[JSON] = command.get("options") or []
    resolved: JSON = {}
    if path:
        options = _nest(definitions, path, given, world, focused, resolved, command["name"])
    else:
        options = _fill(definitions, given, world, focused, resolved, command["name"])
    return options, resolved


def _nest(
    definitions: list[JSON],
    path: list[str],
    given: dict[str, Any],
    world: World,
    focused: str | None,
    resolved: JSON,
    where: str,
) -> list[JSON]:
    word, *rest = path
    found = next(
        (
            d
            for d in definitions
            if d["name"] == word and d.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
        ),
        None,
    )
    if found is None:
        raise DriverError(f"/{where} has no subcommand {word!r}")
    inner_definitions = found.get("options") or []
    if rest:
        inner = _nest(inner_definitions, rest, given, world, focused, resolved, f"{where} {word}")
    elif found["type"] == SUB_COMMAND_GROUP:
        raise DriverError(f"/{where} {word} needs a subcommand")
    else:
        inner = _fill(inner_definitions, given, world, focused, resolved, f"{where} {word}")
    return [payloads.subcommand(found["type"], word, inner)]


def _fill(
    definitions: list[JSON],
    given: dict[str, Any],
    world: World,
    focused: str | None,
    resolved: JSON,
    where: str,
) -> list[JSON]:
    if any(d.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for d in definitions):
        raise DriverError(f"/{where} needs a subcommand")
    known = {d["name"] for d in definitions}
    unknown = sorted(set(given) - known)
    if unknown:
        raise DriverError(f"/{where} has no options {unknown}; it has {sorted(known)}")
    options: list[JSON] = []
    for definition in definitions:
        name = definition["name"]
        if name == focused:
            if not definition.get("autocomplete"):
                raise DriverError(f"option {name!r} of /{where} has no autocomplete")
            typed = str(given.get(name, ""))
            if len(typed) > _max_length(definition):
                raise DriverError(
                    f"option {name!r} of /{where} takes {_max_length(definition)}"
                    " characters at most"
                )
            options.append(payloads.option(definition["type"], name, typed, focused=True))
            continue
        if name not in given:
            if definition.get("required") and focused is None:
                raise DriverError(f"/{where} needs option {name!r}")
            continue
        value = _value(definition, given[name], world, resolved, where)
        options.append(payloads.option(definition["type"], name, value))
    if focused is not None and focused not in known:
        raise DriverError(f"/{where} has no option {focused!r} to focus")
    return options


def _value(definition: JSON, raw: Any, world: World, resolved: JSON, where: str) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind == STRING:
        value: Any = str(raw)
        low, high = int(definition.get("min_length", 0)), _max_length(definition)
        if not low <= len(value) <= high:
            raise DriverError(f"option {name!r} of /{where} takes {low} to {high} characters")
    elif kind in (INTEGER, NUMBER):
        if isinstance(raw, bool) or not isinstance(raw, int | float):
            raise DriverError(f"option {name!r} of /{where} takes a number, not {raw!r}")
        value = int(raw) if kind == INTEGER else float(raw)
        if kind == INTEGER and value != raw:
            raise DriverError(f"option {name!r} of /{where} takes a whole number, not {raw!r}")
        low_value, high_value = definition.get("min_value"), definition.get("max_value")
        if (low_value is not None and value < low_value) or (
            high_value is not None and value > high_value
        ):
            raise DriverError(f"option {name!r} of /{where} takes {low_value} to {high_value}")
    elif kind == BOOLEAN:
        if not isinstance(raw, bool):
            raise DriverError(f"option {name!r} of /{where} takes True or False, not {raw!r}")
        value = raw
    elif kind in (USER, MENTIONABLE) and isinstance(raw, User):
        value = _resolve_user(raw, world, resolved)
    elif kind in (ROLE, MENTIONABLE) and isinstance(raw, Role):
        resolved.setdefault("roles", {})[str(raw.id)] = payloads.role(raw)
        value = str(raw.id)
    elif kind == CHANNEL and isinstance(raw, Channel):
        resolved.setdefault("channels", {})[str(raw.id)] = payloads.resolved_channel(raw)
        value = str(raw.id)
    else:
        raise DriverError(f"option {name!r} (type {kind}) of /{where} cannot take {raw!r}")
    choices = definition.get("choices")
    if choices and value not in [choice["value"] for choice in choices]:
        raise DriverError(f"option {name!r} of /{where} must be one of its choices, not {value!r}")
    return value


def _max_length(definition: JSON) -> int:
    """The most characters Discord's client lets a user type into a string option."""
    return int(definition.get("max_length", MAX_STRING_LENGTH))


def _resolve_user(user: User, world: World, resolved: JSON) -> str:
    resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
    member = world.guild.members.get(user.id)
    if member is not None:
        resolved.setdefault("members", {})[str(user.id)] = payloads.resolved_member(
            member, world.permissions(user.id)
        )
    return str(user.id)


def fill_modal(components: list[dict[str, Any]], values: dict[str, str]) -> list[dict[str, Any]]:
    """The submitted components of a modal: each input echoed back with its value."""
    filled: list[dict[str, Any]] = []
    for component in components:
        if component.get("type") == 1:
            inner = [_fill_input(c, values) for c in component.get("components", [])]
            filled.append(payloads.submitted_row(inner))
        elif component.get("type") == 18:
            submitted = _fill_input(component["component"], values)
            filled.append(payloads.submitted_label(submitted))
    if values:
        raise DriverError(f"the modal has no inputs {sorted(values)}")
    return filled


def _fill_input(component: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    custom_id = component["custom_id"]
    value = values.pop(custom_id, "")
    if component.get("required", True) and not value:
        raise DriverError(f"modal input {custom_id!r} is required")
    low, high = int(component.get("min_length", 0)), int(component.get("max_length", 4000))
    if value and not low <= len(value) <= high:
        raise DriverError(f"modal input {custom_id!r} takes {low} to {high} characters")
    return payloads.submitted_input(component["type"], custom_id, value)
