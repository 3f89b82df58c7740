"""Refusals a player can meet, as a stable code and language-neutral parameters.

Each game package declares its codes once, in a registry `code -> English template` next to its
errors; an error built from a code keeps the English sentence as `str()` (for logs and callers
that only read English), while a front end words `code` and `params` in the reader's language.
Parameters hold only what needs no translation: numbers, point and square numbers, notations,
the player's own text, and lists of notations as a `Listing`
(`AllListed` when they are all meant).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Self

# Longer lists are cut short: a reply names a dozen moves, not every one of forty.
MAX_LISTED = 12


class Listing(tuple[str, ...]):
    """Notations a sentence lists as one of them: `a, b or c`.

    The template has a plain field (`{choices}`); a front end joins the items by the reader's
    list pattern (CLDR's "or" list, `style`), while `str()` joins them in English. Past
    `MAX_LISTED` items the rest is counted as `… (+n)` (`shown`).
    """

    __slots__ = ()
    style: ClassVar[str] = "or"
    word: ClassVar[str] = "or"

    def __new__(cls, items: Iterable[object]) -> Self:
        """The items as text, in the given order."""
        return super().__new__(cls, (str(item) for item in items))

    def shown(self) -> list[str]:
        """The items a reply names: at most `MAX_LISTED`, the rest counted."""
        if len(self) <= MAX_LISTED:
            return list(self)
        return [*self[: MAX_LISTED - 1], f"… (+{len(self) - MAX_LISTED + 1})"]

    def __format__(self, spec: str) -> str:
        # CLDR's English list pattern, so that a log reads as the English reply: `a or b`,
        # `a, b, or c`.
        items = self.shown()
        if len(items) < 3:
            return f" {self.word} ".join(items)
        return f"{', '.join(items[:-1])}, {self.word} {items[-1]}"

    def __str__(self) -> str:
        return format(self, "")


class AllListed(Listing):
    """Notations a sentence lists all together: `a, b and c` (CLDR's "standard" list)."""

    __slots__ = ()
    style: ClassVar[str] = "standard"
    word: ClassVar[str] = "and"


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
