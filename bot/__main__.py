"""`python -m bot` / `duelboard`: read settings, start the bot, stop cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from bot.settings import TOKEN_HELP, Settings, SettingsError

log = logging.getLogger("duelboard")


async def _run(settings: Settings) -> None:
    intents = discord.Intents.default()
    client = discord.Client(intents=intents)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, lambda: asyncio.ensure_future(client.close()))
    async with client:
        await client.start(settings.discord_token)


def main() -> int:
    """Entry point; returns the process exit code."""
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"duelboard: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        asyncio.run(_run(settings))
    except discord.LoginFailure:
        print(f"duelboard: Discord refused the token. {TOKEN_HELP}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
