"""The shipped fonts draw every character of every catalog (no empty boxes), the Chinese subset
holds only what the catalogs need, and a text is drawn in runs: DejaVu Sans where it covers a
character, the CJK subset elsewhere. Checked with fontTools, which the renderer does not use."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from PIL import Image

import render.draw
import render.fonts
from render.draw import text_width, wrapped, write_text
from render.fonts import FILES, font, runs
from render.fonts.cmap import code_points

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "render" / "fonts"
CATALOGS = sorted((ROOT / "bot" / "locales").glob("**/*.po*"))
RERUN = "run `python -m scripts.subset_cjk_font` (see docs/TRANSLATING.md)"
WEIGHTS = {  # the fonts that draw one weight: DejaVu first, then the CJK subset
    "regular": ("DejaVuSans.ttf", "NotoSansCJKsc-Regular.subset.otf"),
    "bold": ("DejaVuSans-Bold.ttf", "NotoSansCJKsc-Bold.subset.otf"),
}


def ink(image: Image.Image, x: int, y: int) -> int:
    """The value of a pixel of a one-band ("L") image."""
    value = image.getpixel((x, y))
    assert isinstance(value, int)
    return value


def cmap(name: str) -> set[int]:
    """The code points a shipped font maps to a glyph, as fontTools reads them."""
    return set(TTFont(FONTS / name).getBestCmap() or {})


def catalog_characters(path: Path) -> set[str]:
    """Every character of a catalog's English and its translations, less control characters."""
    with path.open("rb") as file:
        catalog = read_po(file)
    found: set[str] = set()
    for message in catalog:
        for text in (message.id, message.string):
            for form in [text] if isinstance(text, str) else text or ():
                found.update(form)
    return {c for c in found if unicodedata.category(c) != "Cc"}


def test_the_catalogs_are_found() -> None:
    names = {path.relative_to(ROOT / "bot" / "locales").as_posix() for path in CATALOGS}
    assert {"duelboard.pot", "fr/LC_MESSAGES/duelboard.po"} <= names


@pytest.mark.parametrize("weight", sorted(WEIGHTS))
@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: path.parent.parent.name)
def test_every_character_of_every_catalog_is_in_a_shipped_font(catalog: Path, weight: str) -> None:
    """Picture words, alt texts and every other text: nothing the catalogs hold is a box."""
    drawn = set().union(*(cmap(name) for name in WEIGHTS[weight]))
    missing = sorted(c for c in catalog_characters(catalog) if ord(c) not in drawn)
    assert missing == [], f"no shipped {weight} font draws {missing}: {RERUN}"


@pytest.mark.parametrize("weight", sorted(WEIGHTS))
def test_the_cjk_subset_holds_only_what_the_catalogs_need(weight: str) -> None:
    """Nothing DejaVu draws, nothing no catalog uses: the subset stays small."""
    dejavu, cjk = WEIGHTS[weight]
    used = {ord(c) for path in CATALOGS for c in catalog_characters(path)}
    extra = cmap(cjk) - (used - cmap(dejavu))
    assert sorted(map(chr, extra)) == [], f"the subset holds more than it needs: {RERUN}"


@pytest.mark.parametrize("name", FILES)
def test_the_renderers_cmap_reader_agrees_with_fonttools(name: str) -> None:
    assert code_points(FONTS / name) == cmap(name)


def square_font(path: Path) -> Path:
    """A TrueType font whose one character, 中, is a filled square one em wide (100-900 units
    across, -100 to 800 up), and which covers nothing else."""
    pen = TTGlyphPen(None)
    for point in [(100, -100), (100, 800), (900, 800), (900, -100)]:
        (pen.lineTo if pen.points else pen.moveTo)(point)
    pen.closePath()
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "zhong"])
    builder.setupCharacterMap({ord("中"): "zhong"})
    builder.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "zhong": pen.glyph()})
    builder.setupHorizontalMetrics({".notdef": (1000, 0), "zhong": (1000, 100)})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Square", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(path))
    return path


def _clear_caches() -> None:
    for cached in (
        render.fonts.font,
        render.fonts.runs,
        render.fonts._covered,
        render.draw._text_sprite,
        render.draw.text_width,
    ):
        cached.cache_clear()


@pytest.fixture
def square_cjk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The square font stands in for the CJK subset (whose characters depend on the catalogs)."""
    path = square_font(tmp_path / "square.ttf")
    monkeypatch.setattr(render.fonts, "_CJK", {False: str(path), True: str(path)})
    _clear_caches()
    yield path
    _clear_caches()


def test_the_cmap_reader_reads_a_bmp_only_font(square_cjk: Path) -> None:
    assert code_points(square_cjk) == {ord("中")}


def test_a_text_is_cut_where_dejavu_stops_covering(square_cjk: Path) -> None:
    assert runs("Άλφα 中 x") == (("Άλφα ", False), ("中", True), (" x", False))
    assert runs("中中", bold=True) == (("中中", True),)
    assert runs("🎲") == (("🎲", False),)  # neither font: DejaVu's box, as before


def test_a_mixed_text_is_as_wide_as_its_runs(square_cjk: Path) -> None:
    """The square is one em wide: 40 pixels at 40 pixels."""
    dejavu = font(40).getlength("Ab ")
    assert text_width("Ab 中", 40) == pytest.approx(dejavu + 40)


def test_a_character_dejavu_lacks_is_drawn_with_the_cjk_font_on_dejavus_baseline(
    square_cjk: Path,
) -> None:
    """`A中` with its baseline at y=50 from x=10: after DejaVu's `A`, the square fills 0.1-0.9 em
    across, from 0.8 em above the baseline to 0.1 below."""
    image = Image.new("L", (120, 80), 0)
    write_text(image, (10, 50), "A中", size=40, fill=(255, 255, 255), anchor="ls")
    left = 10 + font(40).getlength("A")
    inked = [(x, y) for x in range(120) for y in range(80) if ink(image, x, y) > 128]
    # Pixels more than half inked, by their centres.
    square = [(x + 0.5, y + 0.5) for x, y in inked if x >= left + 2]
    assert min(x for x, _ in square) == pytest.approx(left + 4, abs=1)
    assert max(x for x, _ in square) == pytest.approx(left + 36, abs=1)
    assert min(y for _, y in square) == pytest.approx(50 - 32, abs=1)
    assert max(y for _, y in square) == pytest.approx(50 + 4, abs=1)
    assert image.getpixel((round(left + 20), 36)) == 255  # filled, not an empty box


def test_a_mixed_text_keeps_the_anchor_of_a_dejavu_text(square_cjk: Path) -> None:
    """Centred on a point ("mm"), "A中" sits on the baseline "A" alone would have there."""
    mixed = Image.new("L", (200, 100), 0)
    alone = Image.new("L", (200, 100), 0)
    write_text(mixed, (100, 50), "A中", size=40, fill=(255, 255, 255), anchor="mm")
    write_text(alone, (100, 50), "A", size=40, fill=(255, 255, 255), anchor="mm")

    def lowest(picture: Image.Image) -> int:
        width, height = picture.size
        return max(y for x in range(width) for y in range(height) if picture.getpixel((x, y)))

    # The "A" of the mixed text (left of the centre) stands on the baseline of "A" alone.
    assert lowest(mixed.crop((0, 0, 95, 100))) == lowest(alone)
    width = font(40).getlength("A") + 40
    columns = [x for x in range(200) for y in range(100) if ink(mixed, x, y) > 128]
    assert min(columns) >= round(100 - width / 2) - 1 and max(columns) <= round(100 + width / 2)


def test_chinese_breaks_between_characters_but_not_before_its_punctuation(
    square_cjk: Path,
) -> None:
    """Each 中 of the square font is one em (w): four fit a line of 4.5 w. The second line could
    hold four as well, but then the comma would start the third: the fourth goes down with it."""
    w = text_width("中", 20, bold=True)
    lines = wrapped("中中中中中中中中，中中", 20, 4.5 * w, bold=True)
    assert lines == ["中中中中", "中中中", "中，中中"]


def test_latin_text_still_breaks_between_words_only() -> None:
    width = text_width("Bob to move:", 20, bold=True)
    assert wrapped("Bob to move: capture is compulsory", 20, width, bold=True) == [
        "Bob to move:",
        "capture is",
        "compulsory",
    ]


@pytest.mark.parametrize("text", ["59:48 to play", "Ωμέγα Привет", "محمد علي", "🎲 AVA Wj"])
@pytest.mark.parametrize("anchor", ["la", "lm", "mm"])
def test_a_text_drawn_once_has_the_pixels_of_its_sprite(text: str, anchor: str) -> None:
    """A clock is drawn straight onto the picture (`cached=False`), a name pasted from its
    sprite: whatever lies below, the pixels cannot tell them apart."""
    rng = random.Random(text + anchor)
    below = Image.frombytes("RGB", (240, 80), rng.randbytes(240 * 80 * 3))
    for origin in [(20.0, 40.0), (31.5, 40.4), (119.6, 39.5)]:
        drawn, pasted = below.copy(), below.copy()
        write_text(drawn, origin, text, size=21, fill=(92, 88, 84), anchor=anchor, cached=False)
        write_text(pasted, origin, text, size=21, fill=(92, 88, 84), anchor=anchor)
        assert drawn.tobytes() == pasted.tobytes(), origin
        assert drawn.tobytes() != below.tobytes()
