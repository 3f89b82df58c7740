"""`ai` is a satellite of `engine`: it never pulls in the bot, Discord or the store."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ai_imports_neither_bot_nor_discord() -> None:
    """Importing every ai module loads no `bot`, `discord` or database module."""
    code = (
        "import sys, ai.player, ai.backgammon.analysis, ai.checkers.search;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('bot', 'discord', 'sqlalchemy', 'aiosqlite', 'asyncpg'));"
        "print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == ""
