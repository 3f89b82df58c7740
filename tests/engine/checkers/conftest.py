"""Fixtures for the checkers tests: the pydraughts oracle, installed on first use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

PYDRAUGHTS = "pydraughts==0.6.7"
ORACLE_SCRIPT = Path(__file__).with_name("pydraughts_oracle.py")

# [path, captures] per move, per position
OracleAnswer = list[list[list[list[int]]]]


@pytest.fixture(scope="session")
def pydraughts_dir() -> Path:
    """A directory holding pydraughts, installed there from PyPI once and then reused.

    It lives inside the virtualenv (CI recreates that, so CI installs it afresh) and apart from
    site-packages, because pydraughts and py-draughts both import as `draughts`. A failed install
    fails the tests that need it: the oracle is part of the proof, not optional.
    """
    target = Path(sys.prefix) / "oracles" / PYDRAUGHTS.replace("==", "-")
    marker = target / ".installed"
    if not marker.exists():
        command = [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            PYDRAUGHTS,
        ]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            pytest.fail(f"could not install {PYDRAUGHTS} for the oracle:\n{result.stderr}")
        marker.touch()
    return target


@pytest.fixture(scope="session")
def pydraughts_moves(pydraughts_dir: Path) -> Callable[[str, list[str]], OracleAnswer]:
    """Ask pydraughts, in a subprocess, for the legal moves of many positions of one variant."""

    def ask(variant: str, fens: list[str]) -> OracleAnswer:
        env = {**os.environ, "PYTHONPATH": str(pydraughts_dir)}
        result = subprocess.run(
            [sys.executable, str(ORACLE_SCRIPT)],
            input=json.dumps({"variant": variant, "fens": fens}),
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        if result.returncode != 0:
            pytest.fail(f"pydraughts oracle failed:\n{result.stderr}")
        answer: OracleAnswer = json.loads(result.stdout)
        return answer

    return ask
