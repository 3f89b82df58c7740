"""The PNG writer: a well-formed PNG (chunks, CRCs, unfiltered rows) that holds the picture's
palette indices and the theme's palette exactly."""

from __future__ import annotations

import struct
import zlib

import pytest

from engine.checkers import Game
from render import DARK, LIGHT, CheckersScene, Theme, draw_checkers
from render.encode import palette_colours, png_bytes, to_palette
from tests.render.pictures import PNG_SIGNATURE


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """Each chunk's type and data, every length and CRC checked on the way (Pillow's decoder
    does not check the CRC of the image data)."""
    assert data.startswith(PNG_SIGNATURE)
    found: list[tuple[bytes, bytes]] = []
    at = len(PNG_SIGNATURE)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        found.append((kind, body))
        at += 12 + length
    return found


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_a_board_png_is_well_formed_and_holds_the_palette_indices(theme: Theme) -> None:
    game = Game.new("box").play("22-18").play("11-15").play("18x11")
    # An odd width: rows of a length no word size divides.
    picture = draw_checkers(CheckersScene(game.position, last_move=game.moves[-1]), width=333)
    found = chunks(png_bytes(picture, theme))
    assert [kind for kind, _ in found] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    width, height, *fields = struct.unpack(">IIBBBBB", found[0][1])
    assert (width, height) == picture.size == (333, 266)
    assert fields == [8, 3, 0, 0, 0]  # 8 bits of palette index, deflate, no interlace
    indices = to_palette(picture, theme).tobytes()
    # Each row is its filter type, 0 (none), then the row's palette indices.
    rows = [b"\0" + indices[y * width : (y + 1) * width] for y in range(height)]
    assert zlib.decompress(found[2][1]) == b"".join(rows)
    colours = palette_colours(theme)
    assert found[1][1][: 3 * len(colours)] == bytes(c for colour in colours for c in colour)
    assert len(found[1][1]) == 3 * 256 and found[3][1] == b""
