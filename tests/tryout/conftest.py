"""A local server (emulator, real bot, page) per test, and a real browser looking at it.

The browser is Debian's Chromium driven by Playwright (its own browser download is not reachable
here); without either, the browser tests skip and say why. `.ci/run` installs Chromium.

Starting a server takes seconds (the store made, the bot connected and its commands synced) and
so does starting Chromium, so: one Chromium serves the whole run, each test in browser contexts
of its own (closed after it, so no cookie, storage or open page passes to the next test); and the
modules whose tests only try requests the server must refuse, or that add nothing a later test
reads, share one server (`shared_local`), each test starting once the bot has answered all it
was asked before. Everything here runs in the session's event loop: Chromium and a module's
server outlive a test, and their connections belong to the loop they were made in.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.frontend.client import PlayParts
from tryout.run import Local, serve

CHROMIUM = os.environ.get("DUELBOARD_CHROMIUM", "/usr/bin/chromium")
# Where screenshots go: a temporary directory, or docs/images when making the README's.
SCREENSHOTS = os.environ.get("DUELBOARD_SCREENSHOTS")
HERE = Path(__file__).resolve().parent
SETTLE_SECONDS = 30.0  # generous: the machine may be busy; nothing depends on it being fast


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests' coroutines run in the session's event loop (see above)."""
    in_session_loop = pytest.mark.asyncio(loop_scope="session")
    for item in items:
        if HERE in item.path.parents and asyncio.iscoroutinefunction(getattr(item, "obj", None)):
            item.add_marker(in_session_loop, append=False)


async def _serve(folder: Path) -> AsyncIterator[Local]:
    """The local server on a free port, on its own SQLite file in `folder`."""
    url = f"sqlite+aiosqlite:///{folder / 'local.sqlite3'}"
    async with serve(url, port=0, parts=PlayParts()) as running:
        yield running


@pytest_asyncio.fixture(loop_scope="session")
async def local(tmp_path: Path) -> AsyncIterator[Local]:
    """The local server on a free port, on its own SQLite file."""
    async for running in _serve(tmp_path):
        yield running


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def module_local(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Local]:
    """One local server for all the tests of a module (through `shared_local`)."""
    async for running in _serve(tmp_path_factory.mktemp("local")):
        yield running


async def settled(local: Local) -> None:
    """Wait until the bot has answered every interaction sent to it, and finished each reply it
    deferred: what a test asked for cannot then land in the next test's server."""

    def answered() -> bool | None:
        return (
            all(
                i.callback_type is not None and (i.original is None or not i.original.loading)
                for i in local.emulator.state.interactions.values()
            )
            or None
        )

    await local.emulator.wait_until(answered, "every interaction answered", SETTLE_SECONDS)


@pytest_asyncio.fixture(loop_scope="session")
async def shared_local(module_local: Local) -> AsyncIterator[Local]:
    """The module's server, once what earlier tests asked of it is done; for tests that leave
    it as they found it, or add only what no later test of the module reads."""
    await settled(module_local)
    yield module_local
    await settled(module_local)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium for the whole run, or a skip that names what is missing."""
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


@pytest_asyncio.fixture(loop_scope="session")
async def browser(chromium: Any) -> AsyncIterator[Any]:
    """The run's Chromium, for one test: every context (and page) it opens is closed after it."""
    before = set(chromium.contexts)
    yield chromium
    for context in chromium.contexts:
        if context not in before:
            await context.close()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where a test saves its screenshots."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
