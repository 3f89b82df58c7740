"""A local server (emulator, real bot, page) per test, and a real browser looking at it.

The browser is Debian's Chromium driven by Playwright (its own browser download is not reachable
here); without either, the browser tests skip and say why. `.ci/run` installs Chromium.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.frontend.client import PlayParts
from tryout.run import Local, serve

CHROMIUM = os.environ.get("DUELBOARD_CHROMIUM", "/usr/bin/chromium")
# Where screenshots go: a temporary directory, or docs/images when making the README's.
SCREENSHOTS = os.environ.get("DUELBOARD_SCREENSHOTS")


@pytest.fixture
async def local(tmp_path: Path) -> AsyncIterator[Local]:
    """The local server on a free port, on its own SQLite file."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'local.sqlite3'}"
    async with serve(url, port=0, parts=PlayParts()) as running:
        yield running


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    """A headless Chromium, or a skip that names what is missing."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[dev]')")
    if shutil.which(CHROMIUM) is None:
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install -y chromium")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where a test saves its screenshots."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
