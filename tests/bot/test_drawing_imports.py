"""The drawing process imports what drawing needs, and no database library."""

from __future__ import annotations

import subprocess
import sys

# Read in a fresh interpreter: this one has imported the whole bot already.
LISTED = (
    "import sys, bot.pictures.worker; "
    "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
)


def test_drawing_process_imports_no_database_library() -> None:
    """SQLAlchemy, Alembic and the database drivers cost the drawing process tens of MB and
    draw nothing: importing its module loads none of them."""
    listed = subprocess.run(
        [sys.executable, "-c", LISTED], check=True, capture_output=True, text=True
    ).stdout.split()
    assert "PIL" in listed and "render" in listed  # what it draws with is there
    loaded = {"sqlalchemy", "alembic", "asyncpg", "aiosqlite", "discord", "aiohttp"} & set(listed)
    assert not loaded
