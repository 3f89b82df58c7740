"""Which characters a shipped font draws: the Unicode code points of its `cmap` table.

Pillow draws a character a font lacks as the font's empty box and cannot say which ones it
lacks, so the renderer reads the table itself to choose a font per character. Only what the
shipped fonts use is read: an OpenType/TrueType file's full-Unicode subtable (format 12) when
it has one, else its Unicode BMP one (format 4). tests/render/test_fonts.py checks the result
against fontTools'.
"""

from __future__ import annotations

import struct
from pathlib import Path

UNICODE_ENCODINGS = {(0, 3), (0, 4), (3, 1), (3, 10)}  # (platform, encoding) that are Unicode


def code_points(path: Path) -> frozenset[int]:
    """Every code point the font at `path` maps to a glyph."""
    data = path.read_bytes()
    cmap = _table(data, b"cmap")
    subtables: dict[int, int] = {}
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        if (platform, encoding) in UNICODE_ENCODINGS:
            (form,) = struct.unpack_from(">H", data, cmap + offset)
            subtables.setdefault(form, cmap + offset)
    if 12 in subtables:
        return _format_12(data, subtables[12])
    if 4 in subtables:
        return _format_4(data, subtables[4])
    if count == 0:  # a subset of no characters
        return frozenset()
    raise ValueError(f"{path.name} has no Unicode cmap of format 4 or 12")


def _table(data: bytes, tag: bytes) -> int:
    """Where the table `tag` starts in a font file."""
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        found, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if found == tag:
            return int(offset)
    raise ValueError(f"the font has no {tag.decode()} table")


def _format_12(data: bytes, start: int) -> frozenset[int]:
    """Segmented coverage: groups of consecutive code points on consecutive glyphs."""
    (groups,) = struct.unpack_from(">I", data, start + 12)
    points: set[int] = set()
    for index in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * index)
        points.update(range(first + (glyph == 0), last + 1))  # glyph 0 is the missing glyph
    return frozenset(points)


def _format_4(data: bytes, start: int) -> frozenset[int]:
    """Segment mapping to delta values: four parallel arrays of segments, then glyph ids."""
    (double_count,) = struct.unpack_from(">H", data, start + 6)
    segments = double_count // 2
    ends = start + 14
    starts = ends + double_count + 2  # past the reserved pad
    deltas = starts + double_count
    range_offsets = deltas + double_count
    points: set[int] = set()
    for index in range(segments):
        (last,) = struct.unpack_from(">H", data, ends + 2 * index)
        (first,) = struct.unpack_from(">H", data, starts + 2 * index)
        (delta,) = struct.unpack_from(">h", data, deltas + 2 * index)
        here = range_offsets + 2 * index
        (range_offset,) = struct.unpack_from(">H", data, here)
        for point in range(first, min(last, 0xFFFE) + 1):
            if range_offset == 0:
                glyph = (point + delta) & 0xFFFF
            else:
                (glyph,) = struct.unpack_from(">H", data, here + range_offset + 2 * (point - first))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                points.add(point)
    return frozenset(points)
