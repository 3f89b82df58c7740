"""The gallery script still plays its games through the bot and saves every README picture
(but the local page's, which the browser tests take: tests/tryout, `DUELBOARD_SCREENSHOTS`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts import gallery

README = Path(__file__).resolve().parents[2] / "README.md"

pytestmark = pytest.mark.slow


async def test_the_gallery_saves_every_picture_the_readme_shows(tmp_path: Path) -> None:
    await gallery.main(tmp_path)
    shown = set(re.findall(r"docs/images/([\w.-]+)", README.read_text()))
    saved = {path.name for path in tmp_path.iterdir()}
    page = {name for name in shown if name.startswith("local-")}
    assert page and all((README.parent / "docs" / "images" / name).is_file() for name in page)
    assert shown - page <= saved
    for name in saved:
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\x89PNG" if name.endswith(".png") else b"GIF89a"), name
