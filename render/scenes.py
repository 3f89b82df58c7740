"""Every kind of board scene, with how it is drawn and spoken: the one place a game's picture
is registered (`render_png`, `describe` and the replay frames look a scene up here)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

from PIL import Image

from render.backgammon import draw_backgammon
from render.backgammon_scene import BackgammonScene
from render.checkers import CheckersScene, draw_checkers
from render.describe import MAX_ALT_TEXT, describe_backgammon, describe_checkers
from render.encode import png_bytes
from render.theme import LIGHT, Theme

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)

Scene = BackgammonScene | CheckersScene
"""A board of any game kind, as drawn (a new kind adds its scene here and in `SCENES`)."""


class Drawing(Protocol[S_contra]):
    """Draws one kind of scene as an RGB image `width` × `width * 0.8` pixels."""

    def __call__(self, scene: S_contra, *, theme: Theme, width: int) -> Image.Image:
        """The picture of `scene`."""
        ...


@dataclass(frozen=True)
class SceneKind(Generic[S]):
    """How one kind of scene is drawn and told as alt text."""

    draw: Drawing[S]
    describe: Callable[[S], str]

    def image(self, scene: S, theme: Theme, width: int) -> Image.Image:
        """The picture of `scene`, `width` × `width * 0.8` pixels."""
        return self.draw(scene, theme=theme, width=width)


SCENES: Mapping[type[Any], SceneKind[Any]] = MappingProxyType(
    {
        BackgammonScene: SceneKind(draw_backgammon, describe_backgammon),
        CheckersScene: SceneKind(draw_checkers, describe_checkers),
    }
)


def scene_kind(scene: object) -> SceneKind[Any]:
    """The registered kind of `scene`; anything else is a `TypeError` naming what it is."""
    kind = SCENES.get(type(scene))
    if kind is None:
        known = " or ".join(scene_type.__name__ for scene_type in SCENES)
        raise TypeError(f"a board scene is a {known}, not {scene!r}")
    return kind


def draw_scene(scene: Scene, *, theme: Theme = LIGHT, width: int = 800) -> Image.Image:
    """The picture of a scene of any kind (see `SceneKind.image`)."""
    return scene_kind(scene).image(scene, theme, width)


def render_png(scene: Scene, *, theme: Theme = LIGHT, width: int = 800) -> bytes:
    """The picture of a scene of any kind as PNG bytes, `width` × `width * 0.8` pixels (5:4)."""
    return png_bytes(draw_scene(scene, theme=theme, width=width), theme)


def describe(scene: Scene) -> str:
    """A short alt text for the picture of `scene`, at most 1024 characters."""
    text = scene_kind(scene).describe(scene)
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"
