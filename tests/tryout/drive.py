"""A person at the page: act as a member, type slash commands, press buttons, pick moves.

Every step goes through the page as a person would (the command menu, option fields, buttons,
menus); the test reads the bot's state only to know whose turn it is and to wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from bot.service.views import GameView
from bot.store import GameNotFoundError
from tryout.run import Local

WAIT_MS = 30_000  # generous: the machine may be busy; nothing depends on it being fast


class Visitor:
    """One browser tab on the local server."""

    def __init__(self, page: Any, local: Local) -> None:
        self.page = page
        self.local = local

    async def open(self) -> None:
        """Load the page and wait for its first member's view."""
        await self.page.goto(self.local.address)
        await self.page.locator(".member.current").wait_for(timeout=WAIT_MS)

    def member_id(self, name: str) -> int:
        """A member's id by display name (the bot's too)."""
        everyone = [*self.local.world.people, self.local.emulator.bot_user]
        return next(p.id for p in everyone if (p.display_name or p.name).lower() == name.lower())

    async def act_as(self, name: str) -> None:
        """One click on a member in the list: the page is now theirs."""
        member = self.page.locator(f'.member[data-id="{self.member_id(name)}"]')
        await member.click()
        await self.page.locator(f'.member.current[data-id="{self.member_id(name)}"]').wait_for(
            timeout=WAIT_MS
        )

    async def slash(self, command: str, **options: Any) -> None:
        """Type `/`, pick `command` in the menu, fill its options, press Enter."""
        await self.page.fill("#input", "/")
        await self.page.click(f'#command-menu [data-command="{command}"]', timeout=WAIT_MS)
        for name, value in options.items():
            field = self.page.locator(f'[data-option="{name}"]')
            if await field.evaluate("e => e.tagName") == "SELECT":
                await field.select_option(value=str(value))
            else:
                await field.fill(str(value))
        await self.page.press("#input", "Enter")

    async def press(self, custom_id: str) -> None:
        """Press the button with `custom_id` (the newest one, where a dialog repeats it)."""
        await self.page.locator(f'button[data-custom-id="{custom_id}"]').last.click(timeout=WAIT_MS)

    async def first_move(self, game_id: int) -> None:
        """Play the first legal move: from the board's menu, or /move with its first suggestion."""
        view = await self.view(game_id)
        menu = self.page.locator(f'select[data-custom-id="dbp:{game_id}:{view.version}"]')
        if await menu.count():
            await menu.select_option(index=1)
            return
        await self.page.fill("#input", "/")
        await self.page.click('#command-menu [data-command="move"]', timeout=WAIT_MS)
        await self.page.locator('[data-option="play"]').fill("")
        await self.page.locator("#choices .choice").first.click(timeout=WAIT_MS)
        await self.page.press("#input", "Enter")

    async def view(self, game_id: int) -> GameView:
        """The game as the bot has it."""
        return await self.local.client.games.view(game_id)

    async def changed(self, game_id: int, version: int) -> GameView:
        """Wait until the game exists and is past `version`."""
        for _ in range(WAIT_MS // 20):
            with contextlib.suppress(GameNotFoundError):
                view = await self.view(game_id)
                if view.version > version:
                    return view
            await asyncio.sleep(0.02)
        raise TimeoutError(f"game {game_id} stayed at version {version}")

    def name_of(self, user_id: int | None) -> str:
        """A member's display name by id."""
        for person in self.local.world.people:
            if person.id == user_id:
                return person.display_name or person.name
        raise LookupError(f"{user_id} is not a member of the local server")
