"""Drawing primitives: shapes cut out once paste back as they were drawn."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from render.draw import cut_out


def test_shapes_cut_out_paste_back_the_pixels_drawing_them_gives() -> None:
    """Rounded rectangles at fractional places (as the tray's slabs lie), drawn on a picture or
    pasted from their cut-out: the same pixels, on any background."""
    rng = random.Random(7)
    below = Image.frombytes("RGB", (300, 200), rng.randbytes(300 * 200 * 3))
    boxes = [(40.2 + 3.7 * k, 20 + 11.3 * k, 120.6 + 3.7 * k, 30.3 + 11.3 * k) for k in range(12)]
    drawn = below.copy()
    canvas = Image.new("RGBA", below.size)
    for target in (ImageDraw.Draw(drawn), ImageDraw.Draw(canvas)):
        for box in boxes:
            target.rounded_rectangle(box, radius=2.5, fill=(250, 246, 236), outline=(30, 30, 30))
    shapes, corner = cut_out(canvas)
    assert shapes.size[1] < below.size[1] and corner[1] >= 20
    pasted = below.copy()
    pasted.paste(shapes, corner, shapes)
    assert pasted.tobytes() == drawn.tobytes()
    assert pasted.tobytes() != below.tobytes()
