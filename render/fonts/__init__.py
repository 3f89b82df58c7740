"""The shipped fonts, so no picture depends on the host's: DejaVu Sans, and for what it cannot
draw (Chinese) a subset of Noto Sans CJK SC.

A text is drawn in runs: each character DejaVu Sans covers (Latin, Greek, Cyrillic, digits,
punctuation) with DejaVu, every other one with the CJK subset, which holds exactly the
catalogs' characters that DejaVu lacks (`scripts/subset_cjk_font.py` makes it). So a Chinese
sentence keeps DejaVu's digits, names and notation, and a Greek name in it is still Greek. A
character neither font has (an emoji in a name) is left to DejaVu, which draws its empty box.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import groupby
from pathlib import Path

from PIL import ImageFont

from render.fonts.cmap import code_points

_HERE = Path(__file__).resolve().parent
_DEJAVU = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_CJK = {False: "NotoSansCJKsc-Regular.subset.otf", True: "NotoSansCJKsc-Bold.subset.otf"}
FILES = (*_DEJAVU.values(), *_CJK.values())


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False, cjk: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans, or the CJK subset, at `size` pixels (bold or not), loaded once per size."""
    name = (_CJK if cjk else _DEJAVU)[bold]
    return ImageFont.truetype(str(_HERE / name), max(6, size))


@cache
def _covered(name: str) -> frozenset[int]:
    return code_points(_HERE / name)


def _in_cjk(character: str, bold: bool) -> bool:
    """Whether the CJK subset draws `character`, because DejaVu cannot."""
    point = ord(character)
    return point not in _covered(_DEJAVU[bold]) and point in _covered(_CJK[bold])


@lru_cache(maxsize=4096)
def runs(text: str, *, bold: bool = False) -> tuple[tuple[str, bool], ...]:
    """`text` cut where the font changes: (run, drawn with the CJK subset), in order."""
    return tuple(
        ("".join(group), cjk)
        for cjk, group in groupby(text, key=lambda character: _in_cjk(character, bold))
    )
