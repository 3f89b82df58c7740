"""Board pictures: engine values in, PNG/GIF bytes and alt text out (Pillow only).

Every function here is pure and synchronous: the bot calls them through `asyncio.to_thread`.
"""

from __future__ import annotations

from render.backgammon import draw_backgammon, render_backgammon
from render.backgammon_layout import BackgammonLayout
from render.backgammon_scene import BackgammonScene, Prompt
from render.chart import RatingChart, render_chart
from render.checkers import CheckersLayout, CheckersScene, draw_checkers, render_checkers
from render.describe import MAX_ALT_TEXT
from render.replay import (
    backgammon_replay_scenes,
    checkers_replay_scenes,
    describe_replay,
    replay_frames,
    replay_gif,
    replay_of,
)
from render.scenes import SCENES, Scene, SceneKind, describe, draw_scene, render_png
from render.standings import (
    Bracket,
    BracketMatch,
    StandingsScene,
    StandingsTable,
    render_standings,
)
from render.theme import DARK, LIGHT, THEMES, Theme, theme_named
from render.words import (
    ENDING_FIELDS,
    ENGLISH,
    PLURAL_FIELDS,
    SIZE_FIELDS,
    TEMPLATE_FIELDS,
    Words,
)

__all__ = [
    "DARK",
    "ENDING_FIELDS",
    "ENGLISH",
    "LIGHT",
    "MAX_ALT_TEXT",
    "PLURAL_FIELDS",
    "SCENES",
    "SIZE_FIELDS",
    "TEMPLATE_FIELDS",
    "THEMES",
    "BackgammonLayout",
    "BackgammonScene",
    "Bracket",
    "BracketMatch",
    "CheckersLayout",
    "CheckersScene",
    "Prompt",
    "RatingChart",
    "Scene",
    "SceneKind",
    "StandingsScene",
    "StandingsTable",
    "Theme",
    "Words",
    "backgammon_replay_scenes",
    "checkers_replay_scenes",
    "describe",
    "describe_replay",
    "draw_backgammon",
    "draw_checkers",
    "draw_scene",
    "render_backgammon",
    "render_chart",
    "render_checkers",
    "render_png",
    "render_standings",
    "replay_frames",
    "replay_gif",
    "replay_of",
    "theme_named",
]
