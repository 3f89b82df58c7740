"""GNU Backgammon's 14-character Position ID (BG-17), encoded and decoded.

The key is 80 bits: for the side not on roll and then the side on roll, each of its points 1-24
(its own numbering) and then its bar, that many 1 bits followed by a 0. The bits fill ten bytes
least significant bit first; the ID is their base64 without the `==` padding.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence

ID_LENGTH = 14
SLOTS = 25
_KEY_BYTES = 10
_CHECKERS = 15


def encode(waiting: Sequence[int], on_roll: Sequence[int]) -> str:
    """The ID of two sides' 25 slots (points 1-24 in their own numbering, then the bar)."""
    bits: list[int] = []
    for row in (waiting, on_roll):
        for count in row:
            bits.extend([1] * count)
            bits.append(0)
    key = bytearray(_KEY_BYTES)
    for index, bit in enumerate(bits):
        key[index // 8] |= bit << (index % 8)
    return base64.b64encode(bytes(key)).decode("ascii")[:ID_LENGTH]


def decode(text: str) -> tuple[list[int], list[int]]:
    """The 25 slots of the side not on roll and of the side on roll; ValueError if malformed."""
    if not isinstance(text, str) or len(text.strip()) != ID_LENGTH:
        raise ValueError(f"a Position ID has {ID_LENGTH} characters, not {text!r}")
    try:
        key = base64.b64decode(text.strip() + "==", validate=True)
    except binascii.Error as error:
        raise ValueError(f"{text!r} is not a Position ID: {error}") from None
    bits = [key[i // 8] >> (i % 8) & 1 for i in range(_KEY_BYTES * 8)]
    rows: list[list[int]] = []
    index = 0
    for _ in range(2):
        row: list[int] = []
        while len(row) < SLOTS:
            count = 0
            while index < len(bits) and bits[index]:
                count += 1
                index += 1
            if index >= len(bits):
                raise ValueError(f"{text!r} is not a Position ID: its bits run out")
            index += 1
            row.append(count)
        if sum(row) > _CHECKERS:
            raise ValueError(f"{text!r} is not a Position ID: more than {_CHECKERS} checkers")
        rows.append(row)
    if any(bits[index:]):
        raise ValueError(f"{text!r} is not a Position ID: stray bits after the checkers")
    return rows[0], rows[1]
