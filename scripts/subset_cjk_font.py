"""Make the Chinese font the pictures draw with: a subset of Noto Sans CJK SC, in both weights,
holding only the characters of the catalogs that DejaVu Sans cannot draw.

The pictures draw every character DejaVu Sans covers (Latin, Greek, Cyrillic, digits, most
punctuation) with DejaVu, and the rest with this subset (`render.fonts`). Re-run it whenever a
catalog gains such a character (a new Chinese word): `tests/render/test_fonts.py` fails until
then. From the repository root:

    apt-get install -y fonts-noto-cjk     # once: Debian's Noto Sans CJK (SIL Open Font License)
    .venv/bin/python -m scripts.subset_cjk_font

It writes `render/fonts/NotoSansCJKsc-Regular.subset.otf` and `-Bold.subset.otf` (their licence
is `render/fonts/LICENSE-NotoSansCJK.txt`). The result depends only on the catalogs and the
source fonts: no timestamp, no hinting (FreeType's own serves at these sizes), no vertical
metrics or OpenType features (Pillow lays the text out horizontally, character by character).
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

from bot.i18n import TEMPLATE, catalog_path, forms, read_catalog, translated_languages

FONTS = Path(__file__).resolve().parent.parent / "render" / "fonts"
SOURCE = Path("/usr/share/fonts/opentype/noto")
FACE = "Noto Sans CJK SC"  # simplified Chinese forms, for zh_CN
WEIGHTS = {  # the subset's file: (the source collection, the DejaVu face of the same weight)
    "NotoSansCJKsc-Regular.subset.otf": ("NotoSansCJK-Regular.ttc", "DejaVuSans.ttf"),
    "NotoSansCJKsc-Bold.subset.otf": ("NotoSansCJK-Bold.ttc", "DejaVuSans-Bold.ttf"),
}
# The name records kept: the names, the copyright and version, and the licence (OFL condition 2).
NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14]


def catalog_characters() -> set[str]:
    """Every character of every catalog's English and translations, but control characters
    (a newline is never drawn)."""
    characters: set[str] = set()
    for path in [TEMPLATE, *(catalog_path(language) for language in translated_languages())]:
        for message in read_catalog(path):
            for text in (*forms(message.id), *forms(message.string)):
                characters.update(text)
    return {c for c in characters if unicodedata.category(c) != "Cc"}


def face_number(collection: Path) -> int:
    """The index of `FACE` in a Noto Sans CJK collection."""
    for number, font in enumerate(TTCollection(collection).fonts):
        if font["name"].getDebugName(4) == FACE or font["name"].getDebugName(1) == FACE:
            return number
    raise SystemExit(f"{collection} has no {FACE}")


def make_subset(collection: Path, characters: set[str], out: Path) -> None:
    """Write the subset of `FACE` in `collection` holding `characters` to `out`."""
    options = subset.Options(
        font_number=face_number(collection),
        hinting=False,
        layout_features=[],
        name_IDs=NAME_IDS,
        notdef_outline=True,
    )
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
    font = subset.load_font(str(collection), options, dontLoadGlyphNames=True)
    missing = sorted(c for c in characters if ord(c) not in font.getBestCmap())
    if missing:
        shown = ", ".join(f"U+{ord(c):04X} {c}" for c in missing)
        raise SystemExit(f"neither DejaVu Sans nor {FACE} draws {shown}")
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in characters])
    subsetter.subset(font)
    font.recalcTimestamp = False  # the same catalogs give the same file
    font.save(str(out))


def main(argv: list[str] | None = None) -> int:
    """Write both weights' subsets; say what each holds."""
    parser = argparse.ArgumentParser(prog="python -m scripts.subset_cjk_font", description=__doc__)
    parser.add_argument("--source", type=Path, default=SOURCE, help="where the .ttc files are")
    parser.add_argument("--out", type=Path, default=FONTS, help="where the subsets go")
    arguments = parser.parse_args(argv)
    characters = catalog_characters()
    for name, (collection, dejavu) in WEIGHTS.items():
        source = arguments.source / collection
        if not source.exists():
            raise SystemExit(f"{source} is missing: apt-get install -y fonts-noto-cjk")
        drawn_by_dejavu = TTFont(FONTS / dejavu).getBestCmap()
        needed = {c for c in characters if ord(c) not in drawn_by_dejavu}
        out = arguments.out / name
        make_subset(source, needed, out)
        print(f"{out.name}: {len(needed)} characters, {out.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
