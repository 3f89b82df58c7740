"""Refusals a player can meet, as a stable code and language-neutral parameters.

Each game package declares its codes once, in a registry `code -> English template` next to its
errors; an error built from a code keeps the English sentence as `str()` (for logs and callers
that only read English), while a front end words `code` and `params` in the reader's language.
Parameters hold only what needs no translation: numbers, point and square numbers, notations,
the player's own text, and lists of notations as a `Listing`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Self

# Longer lists are cut short: a reply names a dozen moves, not every one of forty.
MAX_LISTED = 12


class Listing(tuple[str, ...]):
    """Notations joined for a sentence; the format spec names the word before the last item.

    `"{choices:or}"` gives `a, b or c`, `"{choices:ou}"` gives `a, b ou c`; after a slash comes a
    suffix for every item, so `"{points:and/-}points"` gives `19-, 18- and 17-points`. Without a
    spec the items are joined by commas. Past `MAX_LISTED` items the rest is counted as `… (+n)`.
    """

    __slots__ = ()

    def __new__(cls, items: Iterable[object]) -> Self:
        """The items as text, in the given order."""
        return super().__new__(cls, (str(item) for item in items))

    def __format__(self, spec: str) -> str:
        word, _, suffix = spec.partition("/")
        items = [item + suffix for item in self]
        if len(items) > MAX_LISTED:
            items = [*items[: MAX_LISTED - 1], f"… (+{len(items) - MAX_LISTED + 1})"]
        if not word or len(items) < 2:
            return ", ".join(items)
        return f"{', '.join(items[:-1])} {word} {items[-1]}"

    def __str__(self) -> str:
        return format(self, "")


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something is refused, before it is raised: a registered code and its parameters."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


class RefusalError(ValueError):
    """A `ValueError` with a registered `code` and `params`; `str()` is the English template.

    Subclasses set `templates` to their package's registry; an unregistered code is a
    programming error and fails at once with a `KeyError`.
    """

    templates: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def __init__(self, code: str, /, **params: object) -> None:
        """The refusal `code` with `params` filled into its English template."""
        super().__init__(self.templates[code].format(**params))
        self.code = code
        self.params: Mapping[str, object] = MappingProxyType(params)

    @classmethod
    def because(cls, reason: Reason, /, **more: object) -> Self:
        """The error for a `Reason` worked out elsewhere, with `more` parameters added."""
        return cls(reason.code, **reason.params, **more)

    def __reduce__(self) -> tuple[Any, ...]:
        # Keyword parameters do not survive the default pickling of exceptions (args only).
        return (_rebuild, (type(self), self.code, dict(self.params)))


def _rebuild(cls: type[RefusalError], code: str, params: dict[str, object]) -> RefusalError:
    """Unpickle a refusal."""
    return cls(code, **params)
