"""What a hint holds, as every game's coach answers it (the service's `Advice` shape)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One candidate: notation, value for the mover and loss against the best (see `Advice`).

    `forced` is "win" or "loss" when a search proved the result (then no value).
    """

    notation: str
    value: float | None = None
    loss: float | None = None
    forced: str | None = None


@dataclass(frozen=True, slots=True)
class Advice:
    """The best candidates first; `unit` is "equity", "rank" (no values) or "men" (checkers)."""

    suggestions: tuple[Suggestion, ...]
    unit: str
