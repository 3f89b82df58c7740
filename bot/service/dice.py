"""Dice players can verify: a secret seed per game, its SHA-256 published, every roll derived.

How a roll is made (so anyone can recompute it from the revealed seed):
- the seed is 32 random bytes from the OS's cryptographic generator, written as 64 hex digits;
- the commitment published when the game starts is `sha256(seed_hex.encode("ascii")).hexdigest()`
  (what `printf %s SEED | sha256sum` prints);
- roll number n (1, 2, …) is two dice read from the byte stream
  `HMAC-SHA256(key=bytes.fromhex(seed), msg=f"duelboard-roll:{n}:{block}")` for block = 0, 1, …;
  a byte b below 252 gives the die `b % 6 + 1`, bytes 252-255 are skipped, so each face is exactly
  equally likely (252 = 42 × 6; no modulo bias).
- An opening roll (BG-2) is a roll like any other: its first die is White's, its second Black's;
  a tie is rolled again under the next roll number.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

Dice = tuple[int, int]
SEED_BYTES = 32
_ACCEPT_BELOW = 252  # the largest multiple of 6 that fits a byte
_SEED_TEXT = re.compile(r"[0-9a-f]{64}")


class DiceError(ValueError):
    """A seed, commitment or roll number that cannot be used; the message says which."""


def check_seed(seed: str) -> str:
    """The seed itself if it is 64 lower-case hex digits; otherwise `DiceError`."""
    if not isinstance(seed, str) or not _SEED_TEXT.fullmatch(seed):
        raise DiceError(f"a dice seed is 64 lower-case hex digits, not {seed!r}")
    return seed


def _check_number(number: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise DiceError(f"roll numbers start at 1, not {number!r}")
    return number


def new_seed() -> str:
    """A fresh secret seed from the OS's cryptographic generator."""
    return secrets.token_bytes(SEED_BYTES).hex()


def commitment(seed: str) -> str:
    """The SHA-256 of the seed's hex text: published at the start, checked at the end."""
    return hashlib.sha256(check_seed(seed).encode("ascii")).hexdigest()


def _die_stream(seed: str, number: int) -> Iterator[int]:
    key = bytes.fromhex(check_seed(seed))
    block = 0
    while True:
        message = f"duelboard-roll:{_check_number(number)}:{block}".encode("ascii")
        for byte in hmac.new(key, message, hashlib.sha256).digest():
            if byte < _ACCEPT_BELOW:
                yield byte % 6 + 1
        block += 1


def derive_roll(seed: str, number: int) -> Dice:
    """The two dice of roll `number` for this seed (the same every time, for anyone)."""
    stream = _die_stream(seed, number)
    return next(stream), next(stream)


class DiceSource(Protocol):
    """Where the service gets seeds and rolls; the crypto source in play, scripted ones in tests."""

    def new_seed(self) -> str:
        """A seed for a new game (64 hex digits)."""
        ...

    def roll(self, seed: str, number: int) -> Dice:
        """The two dice of roll `number` of the game with this seed."""
        ...


def roller(source: DiceSource, seed: str | None) -> Callable[[int], Dice]:
    """The rolls of the game with `seed` from `source`, by number."""
    secret = seed or ""
    return lambda number: source.roll(secret, number)


class CryptoDice:
    """The real source: OS-random seeds, rolls derived as described in this module."""

    def new_seed(self) -> str:
        """A fresh secret seed."""
        return new_seed()

    def roll(self, seed: str, number: int) -> Dice:
        """Roll `number`, derived from the seed."""
        return derive_roll(seed, number)


class SeededDice:
    """Derived (verifiable) rolls from seeds given in advance: deterministic games for tests."""

    def __init__(self, seeds: Iterable[str]) -> None:
        """Hand out `seeds` in order to new games; runs dry with a clear error."""
        self._seeds = iter([check_seed(seed) for seed in seeds])

    def new_seed(self) -> str:
        """The next prepared seed."""
        try:
            return next(self._seeds)
        except StopIteration:
            raise DiceError("SeededDice has no seeds left for another game") from None

    def roll(self, seed: str, number: int) -> Dice:
        """Roll `number`, derived from the seed like the real source."""
        return derive_roll(seed, number)


class ScriptedDice:
    """Rolls given by number (1, 2, …) for every game: for tests that need particular dice.

    Its rolls are not derived from the seed, so `verify` rightly reports them as wrong.
    """

    SEED = "0" * 64

    def __init__(self, rolls: Sequence[Dice]) -> None:
        """Script the rolls; each die must be 1-6."""
        for dice in rolls:
            if len(dice) != 2 or not all(1 <= die <= 6 for die in dice):
                raise DiceError(f"a scripted roll is two dice from 1 to 6, not {dice!r}")
        self._rolls = tuple((int(a), int(b)) for a, b in rolls)

    def new_seed(self) -> str:
        """Always the all-zero seed (the script, not the seed, decides the dice)."""
        return self.SEED

    def roll(self, seed: str, number: int) -> Dice:
        """The scripted roll `number`."""
        _check_number(number)
        if number > len(self._rolls):
            raise DiceError(f"the dice script has {len(self._rolls)} rolls; roll {number} asked")
        return self._rolls[number - 1]


@dataclass(frozen=True, slots=True)
class RollMismatch:
    """One logged roll that the seed does not produce."""

    number: int
    logged: Dice
    derived: Dice


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """What `verify` found: whether the seed matches the commitment and every roll matches."""

    commitment_ok: bool
    rolls_checked: int
    mismatches: tuple[RollMismatch, ...]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when the commitment and every logged roll check out."""
        return self.commitment_ok and not self.mismatches and not self.problems

    def describe(self) -> str:
        """A short plain-text summary for players."""
        if self.ok:
            return f"All {self.rolls_checked} rolls match the revealed seed and its commitment."
        lines = []
        if not self.commitment_ok:
            lines.append("The revealed seed does not match the commitment published at the start.")
        lines.extend(self.problems)
        lines.extend(
            f"Roll {m.number} was logged as {m.logged[0]}-{m.logged[1]}, "
            f"but the seed gives {m.derived[0]}-{m.derived[1]}."
            for m in self.mismatches
        )
        return "\n".join(lines)


def verify(seed: str, published: str, logged_rolls: Mapping[int, Dice]) -> VerifyReport:
    """Check a revealed seed against its commitment and recompute every logged roll by number."""
    problems: list[str] = []
    try:
        check_seed(seed)
    except DiceError as error:
        return VerifyReport(False, 0, (), (str(error),))
    mismatches = []
    for number, dice in sorted(logged_rolls.items()):
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            problems.append(f"Roll number {number!r} is not a positive integer.")
            continue
        derived = derive_roll(seed, number)
        if tuple(dice) != derived:
            mismatches.append(RollMismatch(number, (dice[0], dice[1]), derived))
    return VerifyReport(
        commitment_ok=commitment(seed) == published.strip().lower(),
        rolls_checked=len(logged_rolls),
        mismatches=tuple(mismatches),
        problems=tuple(problems),
    )
