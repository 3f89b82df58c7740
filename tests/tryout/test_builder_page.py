"""The builder in a real browser: a roll with more plays than a menu holds is played by picking
one checker move at a time, taking one back, and pressing Play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tryout.drive import WAIT_MS, Visitor
from tryout.run import Local

GAME = 1


async def picked(you: Visitor, prefix: str, count: int) -> None:
    """Wait until the page shows the builder `count` picks in: Undo then holds one pick fewer
    (three characters a pick: source, target, die), or no Undo before the first pick."""
    undo = f"{prefix}u:"
    await you.page.wait_for_function(
        """([undo, count]) => {
            const ids = [...document.querySelectorAll("button[data-custom-id]")]
                .map((b) => b.dataset.customId).filter((id) => id.startsWith(undo));
            const length = undo.length + 3 * (count - 1);
            return count === 0 ? ids.length === 0 : ids.some((id) => id.length === length);
        }""",
        arg=[undo, count],
        timeout=WAIT_MS,
    )


async def test_a_big_roll_is_built_move_by_move_with_a_step_back(
    browser: Any, local: Local, screenshots: Path
) -> None:
    you = Visitor(await browser.new_page(viewport={"width": 1280, "height": 1000}), local)
    await you.open()
    await you.slash("backgammon", opponent=you.member_id("Bruno"), cube="false")
    await you.act_as("Bruno")
    await you.press(f"db:{GAME}:accept")
    view = await you.changed(GAME, 0)
    for _ in range(60):  # plays from the one-step menu until a roll needs the builder
        await you.act_as(you.name_of(view.to_move_id))
        before = view.version
        prefix = f"dbk:{GAME}:{before}:"
        menus = you.page.locator(f'select[data-custom-id^="dbs:{GAME}:{before}:"]')
        if not await menus.count():
            await you.first_move(GAME)
            view = await you.changed(GAME, before)
            continue
        await menus.first.select_option(index=1)
        await picked(you, prefix, 1)
        await you.page.screenshot(path=str(screenshots / "local-builder.png"))
        await you.press(f"{prefix}u:")  # the pick taken back
        await picked(you, prefix, 0)
        play = you.page.locator(f'button[data-custom-id^="{prefix}c:"]')
        picks = 0
        while not await play.count():
            await menus.first.select_option(index=1)
            picks += 1
            await picked(you, prefix, picks)
        assert (await play.inner_text()).startswith("Play ")
        await play.click()
        view = await you.changed(GAME, before)
        assert view.version > before
        return
    raise AssertionError("no roll of sixty needed the builder")
