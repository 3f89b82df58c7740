"""The local page in a real browser: games played as people play them, seen as each member."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.store import GameStatus
from tests.tryout.drive import WAIT_MS, Visitor
from tryout.run import Local

GAME = 1  # the first game on a fresh store


async def visit(browser: Any, local: Local) -> Visitor:
    page = await browser.new_page(viewport={"width": 1280, "height": 860})
    visitor = Visitor(page, local)
    await visitor.open()
    return visitor


async def test_two_members_play_backgammon_until_one_resigns(
    browser: Any, local: Local, screenshots: Path
) -> None:
    you = await visit(browser, local)
    await you.slash("backgammon", opponent=you.member_id("Bruno"))
    await you.act_as("Bruno")
    await you.press(f"db:{GAME}:accept")
    view = await you.changed(GAME, 0)
    turns = 0
    while turns < 3:
        await you.act_as(you.name_of(view.to_move_id))
        before = view.version
        if "roll" in (view.awaiting or ""):
            await you.press(f"db:{GAME}:roll")
        else:
            await you.first_move(GAME)
            turns += 1
        view = await you.changed(GAME, before)
    await you.page.screenshot(path=str(screenshots / "local-backgammon.png"))
    # The player to act resigns a single game; the other accepts.
    resigner = you.name_of(view.to_move_id)
    await you.act_as(resigner)
    await you.press(f"db:{GAME}:askresign")
    await you.press(f"db:{GAME}:resign:1")
    view = await you.changed(GAME, view.version)
    winner = next(name for name in ("Ada", "Bruno") if name != resigner)
    await you.act_as(winner)
    await you.press(f"db:{GAME}:yes")
    await you.changed(GAME, view.version)
    message = you.page.locator(".message", has_text="wins 1 point").last
    await message.wait_for(timeout=WAIT_MS)
    assert winner in await message.inner_text()
    # The recap: the replay as an animated picture with its alt text, and the record file.
    replay = you.page.locator('img[src*="/files/"]').last
    await replay.wait_for(timeout=WAIT_MS)
    assert await replay.get_attribute("alt")
    assert await you.page.locator('a.file[download$=".mat"]').count() == 1
    assert (await you.view(GAME)).status is GameStatus.FINISHED


async def test_a_checkers_game_against_the_computer(browser: Any, local: Local) -> None:
    you = await visit(browser, local)
    bot = you.member_id("Duelboard")
    await you.slash("checkers", opponent=bot, first="challenger")
    view = await you.changed(GAME, 0)
    for _ in range(3):
        assert view.to_move_id == you.member_id("Ada")
        before = view.version
        await you.first_move(GAME)
        view = await you.changed(GAME, before)
        while view.to_move_id == bot:  # the computer's reply
            view = await you.changed(GAME, view.version)
    # The board picture is on the page with its alt text, and the menu offers the next moves.
    picture = you.page.locator('.message img[src*="/files/"]').last
    assert "checkers" in (await picture.get_attribute("alt") or "").lower()
    await you.press(f"db:{GAME}:askresign")
    await you.press(f"db:{GAME}:resign:1")
    await you.changed(GAME, view.version)
    assert (await you.view(GAME)).status is GameStatus.FINISHED


async def test_an_illegal_move_is_answered_only_to_its_player(
    browser: Any, local: Local, screenshots: Path
) -> None:
    you = await visit(browser, local)
    await you.slash("backgammon", opponent=you.member_id("Bruno"))
    await you.act_as("Bruno")
    await you.press(f"db:{GAME}:accept")
    view = await you.changed(GAME, 0)
    mover = you.name_of(view.to_move_id)
    await you.act_as(mover)
    await you.slash("move", play="20/99")  # no point 99: nothing else on the page says "20/99"
    refusal = you.page.locator(".message.ephemeral", has_text="20/99")
    await refusal.wait_for(timeout=WAIT_MS)
    assert "Only you can see this" in await refusal.inner_text()
    await you.page.screenshot(path=str(screenshots / "local-refusal.png"))
    other = next(name for name in ("Ada", "Bruno") if name != mover)
    await you.act_as(other)
    await you.page.locator(f'.message button[data-custom-id^="db:{GAME}:"]').first.wait_for(
        timeout=WAIT_MS
    )
    assert await you.page.locator(".message", has_text="20/99").count() == 0
    assert (await you.view(GAME)).version == view.version  # the refusal changed nothing


async def test_a_french_member_sees_french_commands_and_replies(
    browser: Any, local: Local, screenshots: Path
) -> None:
    you = await visit(browser, local)
    await you.act_as("Bruno")
    await you.page.fill("#input", "/")
    menu = you.page.locator("#command-menu")
    assert "/aide" in await menu.inner_text()  # name.cmd.help in French
    await you.page.click('#command-menu [data-command="help"]')
    await you.page.press("#input", "Enter")
    reply = you.page.locator(".message.ephemeral", has_text="backgammon et dames dans ce salon")
    await reply.wait_for(timeout=WAIT_MS)
    await you.page.screenshot(path=str(screenshots / "local-french.png"))
    await you.act_as("Ada")
    assert await you.page.locator(".message", has_text="dans ce salon").count() == 0


async def test_a_game_in_its_own_thread_shows_under_its_channel(browser: Any, local: Local) -> None:
    """With /settings threads on, a challenge opens a thread; the page lists it under #general
    and shows the game there."""
    you = await visit(browser, local)
    await you.slash("settings", threads="true")
    await you.page.locator(".message.ephemeral").first.wait_for(timeout=WAIT_MS)
    await you.slash("checkers", opponent=you.member_id("Bruno"))
    thread = you.page.locator(".channel.thread")
    await thread.wait_for(timeout=WAIT_MS)
    assert "Ada" in await thread.inner_text()
    await thread.click()
    await you.page.locator(f'button[data-custom-id="db:{GAME}:accept"]').wait_for(timeout=WAIT_MS)
    header = await you.page.locator("#channel-header").inner_text()
    assert header == "# " + (await thread.inner_text()).removeprefix("↳ ")


async def test_a_game_in_the_group_dm_where_the_bot_is_not_a_member(
    browser: Any, local: Local
) -> None:
    """The page lists the group DM; a challenge there is played as in a channel, by buttons."""
    you = await visit(browser, local)
    group = you.page.locator(".channel", has_text="Friday night")
    await group.click()
    assert (await you.page.locator("#channel-header").inner_text()).startswith("👥 ")
    await you.slash("backgammon", opponent=you.member_id("Bruno"))
    await you.act_as("Bruno")
    await you.press(f"db:{GAME}:accept")
    view = await you.changed(GAME, 0)
    assert view.status is GameStatus.ACTIVE
    picture = you.page.locator('.message img[src*="/files/"]').last
    await picture.wait_for(timeout=WAIT_MS)
    assert not local.emulator.state.missing_access  # nothing went around the interactions
