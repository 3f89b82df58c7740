"""Latency of the local page (`python -m tryout`): from a person's action to the updated view.

The local server (emulator, real bot on SQLite, page) runs in this process; Debian's Chromium,
driven by Playwright, is the person. One action: type `/help` or `/rules` in the composer and
press Enter, then wait until the bot's private reply is drawn on the page. Measured from the key
press to the reply in the page's DOM: the page's request, the emulator, discord.py, the bot, the
emulator's live update over the WebSocket and the page drawing it.

Run: .venv/bin/python -m benchmarks.local_page [--actions 200]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from playwright.async_api import async_playwright

from bot.frontend.client import PlayParts
from tryout.run import serve

CHROMIUM = "/usr/bin/chromium"
COMMANDS = ("help", "rules")


async def measure(actions: int) -> list[float]:
    """Milliseconds from Enter to the drawn reply, one per action."""
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite+aiosqlite:///{Path(folder) / 'local.sqlite3'}"
        async with serve(url, port=0, parts=PlayParts()) as local, async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM)
            page = await browser.new_page()
            await page.goto(local.address)
            await page.locator(".member.current").wait_for()
            replies = page.locator(".message.ephemeral:not(:has(.thinking))")
            for index in range(actions):
                command = COMMANDS[index % len(COMMANDS)]
                await page.fill("#input", "/")
                await page.click(f'#command-menu [data-command="{command}"]')
                if command == "rules":
                    await page.locator('[data-option="game"]').select_option("backgammon")
                started = time.perf_counter()
                await page.press("#input", "Enter")
                await replies.nth(index).wait_for()
                timings.append((time.perf_counter() - started) * 1000)
            await browser.close()
    return timings


def main() -> None:
    """Print p50, p99 and the worst action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    arguments = parser.parse_args()
    timings = sorted(asyncio.run(measure(arguments.actions)))
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, round(0.99 * (len(timings) - 1)))]
    print(f"{len(timings)} actions: p50 {p50:.1f} ms, p99 {p99:.1f} ms, worst {timings[-1]:.1f} ms")


if __name__ == "__main__":
    main()
