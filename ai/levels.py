"""The computer's playing strengths, shared by both games."""

from __future__ import annotations

from enum import Enum


class Level(Enum):
    """How strongly the computer plays; `INTERMEDIATE` is the default.

    `WORLD_CLASS` thinks longest: Open Sage at 3 plies within a time budget in backgammon
    (`ai.backgammon.world_class`), the deepest search in the same budget in checkers."""

    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    WORLD_CLASS = "world_class"

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from its name, or a clear error listing the names."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(level.value for level in cls)
            raise ValueError(f"unknown level {text!r}; choose one of {names}") from None


DEFAULT_LEVEL = Level.INTERMEDIATE
