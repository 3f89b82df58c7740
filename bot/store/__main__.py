"""`python -m bot.store upgrade [--url URL]`: bring a database's schema up to date."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy.engine import make_url

from bot.settings import database_url_from_env
from bot.store.errors import StoreError
from bot.store.store import Store


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    upgrade = commands.add_parser("upgrade", help="apply every pending migration")
    upgrade.add_argument(
        "--url", help="database URL (default: DATABASE_URL from the environment or .env)"
    )
    upgrade.add_argument("--schema", help="PostgreSQL schema to use (must exist)")
    return parser


async def _upgrade(url: str, schema: str | None) -> str | None:
    store = await Store.open(url, schema=schema)
    await store.close()
    return store.revision


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (2 when the database cannot be used)."""
    arguments = _parser().parse_args(argv)
    url = arguments.url or database_url_from_env(Path(".env"))
    try:
        revision = asyncio.run(_upgrade(url, arguments.schema))
    except (StoreError, ValueError) as error:
        print(f"bot.store: {error}", file=sys.stderr)
        return 2
    shown = make_url(url).render_as_string(hide_password=True)
    print(f"{shown} is at revision {revision} (head).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
