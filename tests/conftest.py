"""Session-wide test guards shared by every test package, and the emulator's schema checks
remembered across the run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from emulator import openapi


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail a run in which no test passed: a green run that proved nothing is a red run."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or exitstatus != 0:
        return
    if not reporter.stats.get("passed"):
        session.exitstatus = pytest.ExitCode.NO_TESTS_COLLECTED


LONG_BODY = 10_000  # characters of JSON: a body this long is worth remembering the answer for


@pytest.fixture(autouse=True, scope="session")
def schema_checks_remembered() -> Iterator[None]:
    """Every bot a test starts registers the same commands, a body of some hundred kilobytes the
    emulator checks against Discord's schema for its route: half a second each time, for the
    same answer. The answer depends only on the description, the method, the route and the body,
    so a long body met again on the same route gets the answer it got the first time (a refusal
    too: the emulator still records and refuses it); short ones are checked every time."""
    unchecked = openapi.Description.problem
    answers: dict[tuple[int, str, str | None, str], str | None] = {}

    def problem(self: openapi.Description, method: str, path: str, body: Any) -> str | None:
        text = json.dumps(body, sort_keys=True)
        if len(text) < LONG_BODY:
            return unchecked(self, method, path, body)
        key = (id(self), method, self.route(path), text)
        if key not in answers:
            answers[key] = unchecked(self, method, path, body)
        return answers[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(openapi.Description, "problem", problem)
        yield
