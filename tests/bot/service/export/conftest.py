"""Export test fixtures: pydraughts, the second PDN reader (shared with the checkers oracles)."""

from __future__ import annotations

from tests.engine.checkers.conftest import pydraughts_dir

__all__ = ["pydraughts_dir"]
