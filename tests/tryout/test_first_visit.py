"""A first visit to the local page: an empty channel says what to try, subcommands can be used
as Discord's client offers them, and a phone's width still leaves the messages room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tryout.drive import WAIT_MS, Visitor
from tryout.run import Local

PHONE = {"width": 390, "height": 844}  # an iPhone 12 to 15's viewport, in CSS pixels


async def visit(browser: Any, local: Local, viewport: dict[str, int]) -> Visitor:
    page = await browser.new_page(viewport=viewport)
    visitor = Visitor(page, local)
    await visitor.open()
    return visitor


async def test_an_empty_channel_says_what_to_try(browser: Any, local: Local) -> None:
    you = await visit(browser, local, {"width": 1280, "height": 860})
    hint = you.page.locator("#messages .empty")
    await hint.wait_for(timeout=WAIT_MS)
    text = await hint.inner_text()
    assert all(command in text for command in ("Type /", "/help", "/backgammon", "/checkers"))
    await you.act_as("Bruno")  # French: the commands as Bruno's menu names them
    text = await you.page.locator("#messages .empty").inner_text()
    assert all(command in text for command in ("/aide", "/backgammon", "/dames"))
    await you.slash("help")
    await you.page.locator(".message.ephemeral").wait_for(timeout=WAIT_MS)
    assert await you.page.locator("#messages .empty").count() == 0


async def test_a_tournament_is_made_and_joined_through_its_subcommands(
    browser: Any, local: Local
) -> None:
    you = await visit(browser, local, {"width": 1280, "height": 860})
    await you.page.fill("#input", "/tourn")
    offered = await you.page.locator("#command-menu button").evaluate_all(
        "items => items.map(b => b.dataset.command)"
    )
    assert "tournament" not in offered
    assert {"tournament create", "tournament join", "tournament standings"} <= set(offered)
    await you.page.click('#command-menu [data-command="tournament create"]')
    fields = await you.page.locator("#options [data-option]").evaluate_all(
        "items => items.map(f => f.dataset.option)"
    )
    assert fields[:2] == ["game", "format"]  # create's own options, not eleven subcommands
    await you.page.select_option('[data-option="game"]', value="checkers")
    await you.page.select_option('[data-option="format"]', value="knockout")
    await you.page.press("#input", "Enter")
    signup = you.page.locator(".message:not(.ephemeral)", has_text="Ada")
    await signup.locator("button").first.wait_for(timeout=WAIT_MS)
    await you.act_as("Clara")
    await you.slash("tournament join")
    joined = you.page.locator(".message:not(.ephemeral)", has_text="Clara")
    await joined.first.wait_for(timeout=WAIT_MS)
    assert await you.page.locator("#notice").is_hidden()


async def test_at_a_phones_width_the_messages_keep_the_width(
    browser: Any, local: Local, screenshots: Path
) -> None:
    you = await visit(browser, local, PHONE)
    await you.slash("backgammon", opponent=you.member_id("Bruno"))
    await you.page.locator('button[data-custom-id="db:1:accept"]').wait_for(timeout=WAIT_MS)
    await you.act_as("Bruno")
    await you.press("db:1:accept")
    await you.changed(1, 0)
    board = you.page.locator('.message img[src*="/files/"]').last
    await board.wait_for(timeout=WAIT_MS)
    await you.page.screenshot(path=str(screenshots / "local-phone.png"))
    width = await you.page.evaluate("() => document.getElementById('messages').clientWidth")
    assert width >= 0.9 * PHONE["width"]
    box = await board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    overflow = await you.page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= PHONE["width"]  # nothing makes the page scroll sideways
    for place in ("#input", ".member[data-id]", "#channel-list .channel"):
        assert await you.page.locator(place).first.is_visible(), place
