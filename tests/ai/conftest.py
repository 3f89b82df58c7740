"""The AI worker's fixtures: one worker a module shares, and one of a test's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ai.worker import AIWorker


@pytest.fixture(scope="module")
def worker() -> Iterator[AIWorker]:
    """One worker for the module's comparisons (starting one costs a fresh interpreter)."""
    shared = AIWorker()
    yield shared
    shared.close()


@pytest.fixture
def own_worker() -> Iterator[AIWorker]:
    """A worker of the test's own, for tests that kill it or need its seed."""
    fresh = AIWorker(seed=7)
    yield fresh
    fresh.close()
