"""The lock in requirements/ pins what pyproject.toml asks for, within its ranges, with hashes
and no index address; and the README's commands install from it, as .ci/run does."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
# Which extras each lock file installs.
LOCKS = {"bot.txt": (), "ai.txt": ("ai",), "dev.txt": ("dev", "ai")}
PINNED = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")
# The Pythons the project supports, as the lock's markers see them.
PYTHONS = ("3.11", "3.12", "3.13", "3.14")


def pins(name: str) -> list[tuple[str, Version, Marker | None]]:
    """A lock file's pins: name, version and the marker that limits it, if any."""
    found: list[tuple[str, Version, Marker | None]] = []
    for line in (ROOT / "requirements" / name).read_text().splitlines():
        match = PINNED.match(line)
        if match:
            marker = Marker(match[3]) if match[3] else None
            found.append((canonicalize_name(match[1]), Version(match[2]), marker))
    return found


def asked(extras: tuple[str, ...]) -> list[Requirement]:
    """What pyproject.toml asks for with `extras` (the project's own extras left out)."""
    texts = [*PROJECT["dependencies"]]
    for extra in extras:
        texts += PROJECT["optional-dependencies"][extra]
    return [r for r in map(Requirement, texts) if canonicalize_name(r.name) != "duelboard"]


@pytest.mark.parametrize("lock", sorted(LOCKS))
@pytest.mark.parametrize("python", PYTHONS)
def test_the_lock_pins_every_dependency_within_its_range(lock: str, python: str) -> None:
    environment = {"python_version": python, "python_full_version": f"{python}.0"}
    pinned: dict[str, Version] = {}
    for name, version, marker in pins(lock):
        if marker is None or marker.evaluate(environment):
            assert name not in pinned, f"{name} is pinned twice for Python {python}"
            pinned[name] = version
    for requirement in asked(LOCKS[lock]):
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{lock} does not pin {name}: run scripts/lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{lock} pins {name}=={pinned[name]}, outside {requirement.specifier}: run scripts/lock"
        )


@pytest.mark.parametrize("lock", sorted(LOCKS))
def test_every_pin_has_hashes_and_no_index_is_named(lock: str) -> None:
    text = (ROOT / "requirements" / lock).read_text()
    assert not re.search(r"--(extra-)?index-url|--find-links|https?://", text)
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.strip())
    assert entries and all("--hash=sha256:" in entry for entry in entries if "==" in entry)


def test_the_readme_and_ci_install_from_the_lock() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci in readme  # the test command, verbatim
    assert "pip install -q -r requirements/dev.txt" in ci
    assert "pip install -q -r requirements/bot.txt" in readme
