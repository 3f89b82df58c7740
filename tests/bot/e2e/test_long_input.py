"""Long input: every string option has a length Discord enforces, and every reply fits Discord.

The walk reads the command tree the bot registered, so an option added later is covered
without touching this test.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import Store
from emulator import DriverError, Emulator, Message, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import OPENING_31, WAIT, command, start_game

STRING, INTEGER = 3, 4
MOST_TYPED = 100  # no free-text option takes more than this


def longest(option: dict[str, Any]) -> str:
    """The longest value a user can give a string option."""
    choices = option.get("choices")
    if choices:
        return str(max((choice["value"] for choice in choices), key=len))
    return "9" * int(option["max_length"])


def required(options: list[dict[str, Any]], member: User) -> dict[str, object]:
    """Plain values for the options a command cannot go without."""
    values: dict[str, object] = {}
    for option in options:
        if not option.get("required"):
            continue
        if option["type"] == STRING:
            choices = option.get("choices")
            values[option["name"]] = choices[0]["value"] if choices else "13/10 24/23"
        elif option["type"] == INTEGER:
            values[option["name"]] = int(option.get("min_value", 1))
        else:
            values[option["name"]] = member
    return values


async def test_every_string_option_at_its_longest_gets_a_reply_within_discords_limits(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    owner = emulator.owner  # may use every command, /settings included
    tried: list[str] = []
    replies: list[Message] = []
    async with start_bot(OPENING_31):
        await start_game(emulator, store, owner, players.bob)  # owner to move with 3-1
        commands = sorted(emulator.state.commands.values(), key=lambda c: c.name)
        for registered in commands:
            options = registered.body.get("options") or []
            for option in [o for o in options if o["type"] == STRING]:
                where = f"/{registered.name} {option['name']}"
                if not option.get("choices"):
                    assert "max_length" in option, f"{where} has no max_length"
                    assert 1 <= option["max_length"] <= MOST_TYPED, where
                values = {**required(options, players.bob), option["name"]: longest(option)}
                handle = await emulator.slash(owner, registered.name, values)
                replies.append(await handle.original(timeout=WAIT))
                if option.get("autocomplete"):
                    await emulator.autocomplete(
                        owner, registered.name, values, focused=option["name"]
                    )
                tried.append(where)
    assert len(tried) >= 16  # the string options the bot had when this test was written
    assert emulator.unanswered() == [] and emulator.refusals() == []
    assert all(len(reply.content) <= 2000 for reply in replies)


@pytest.mark.parametrize(
    ("name", "option", "most"),
    [("move", "play", 100), ("backgammon", "time", 20), ("settings", "time", 20)],
)
async def test_a_refusal_repeats_at_most_100_characters_and_longer_input_cannot_be_sent(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    name: str,
    option: str,
    most: int,
) -> None:
    owner = emulator.owner
    async with start_bot(OPENING_31):
        await start_game(emulator, store, owner, players.bob)
        typed = "x" * most
        reply = await command(emulator, owner, name, {option: typed})
        with pytest.raises(DriverError, match=f"1 to {most} characters"):
            await emulator.slash(owner, name, {option: "x" * {"move": 5000}.get(name, 3000)})
    assert reply.ephemeral and reply.content.startswith("Not possible: ")
    assert "x" * min(most, 99) in reply.content and "x" * 101 not in reply.content
