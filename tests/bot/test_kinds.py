"""Every game kind is registered in every layer, and each registry's entry is for its own game:
adding a `GameKind` without its rules, words, pictures, controls, AI, scene, command and catalog
texts fails here; every list of games a command offers comes from the registries."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from discord import app_commands

import engine.backgammon as bg
import engine.checkers as ck
from ai.backgammon.player import BackgammonPlayer
from ai.coach import ComputerCoach
from ai.kinds import AIS
from ai.kinds.backgammon import BackgammonCoach
from ai.kinds.checkers import CheckersCoach, CheckersPlayer
from ai.levels import Level
from ai.player import ComputerPlayer
from bot.frontend.cogs.admin import Admin
from bot.frontend.cogs.guide import Guide
from bot.frontend.cogs.kinds import COMMANDS
from bot.frontend.cogs.kinds.backgammon import BackgammonCommands
from bot.frontend.cogs.kinds.checkers import CheckersCommands
from bot.frontend.cogs.results import ResultsCog
from bot.frontend.cogs.tournaments import TournamentCommands
from bot.frontend.kinds import CONTROLS, BackgammonControls, CheckersControls
from bot.i18n import CATALOGS, DEFAULT_LANGUAGE
from bot.pictures import PICTURES
from bot.pictures.backgammon import BackgammonPictures
from bot.pictures.checkers import CheckersPictures
from bot.service.achievements import EARNERS
from bot.service.achievements.backgammon import backgammon_earned
from bot.service.achievements.checkers import checkers_earned
from bot.service.computer.backgammon import SimpleBackgammonPlayer
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.errors import OptionError
from bot.service.kinds import KINDS, SimplePlayer, rules_for
from bot.service.kinds.backgammon import BackgammonRules
from bot.service.kinds.checkers import CheckersRules
from bot.service.session import Awaiting
from bot.store import GameKind
from bot.wording.kinds import WORDS
from bot.wording.kinds.backgammon import BackgammonWords
from bot.wording.kinds.checkers import CheckersWords
from render import SCENES, BackgammonScene, CheckersScene, describe, render_png
from render.scenes import scene_kind

ENGLISH = CATALOGS[DEFAULT_LANGUAGE]
# Written out by hand, so that a registry listing the wrong game's object fails.
EXPECTED = {
    GameKind.BACKGAMMON: (BackgammonRules, BackgammonWords, BackgammonPictures, BackgammonControls),
    GameKind.CHECKERS: (CheckersRules, CheckersWords, CheckersPictures, CheckersControls),
}
ENGINE_VARIANTS = {GameKind.BACKGAMMON: set(bg.VARIANTS), GameKind.CHECKERS: set(ck.VARIANTS)}


def test_the_game_kinds_are_backgammon_and_checkers_as_stored() -> None:
    assert {kind.value for kind in GameKind} == {"backgammon", "checkers"}
    assert set(EXPECTED) == set(GameKind)  # a new kind needs a line here, and in each registry


@pytest.mark.parametrize(
    ("layer", "registry"),
    [(0, KINDS), (1, WORDS), (2, PICTURES), (3, CONTROLS)],
    ids=["service", "wording", "pictures", "controls"],
)
def test_every_registry_covers_every_kind_with_its_own_entry(
    layer: int, registry: Mapping[GameKind, object]
) -> None:
    assert set(registry) == set(GameKind)
    for kind in GameKind:
        assert type(registry[kind]) is EXPECTED[kind][layer]


@pytest.mark.parametrize("kind", list(GameKind))
def test_each_kinds_rules_name_their_kind_and_offer_every_engine_variant(kind: GameKind) -> None:
    rules = KINDS[kind]
    assert rules.kind is kind
    assert set(rules.variants) == ENGINE_VARIANTS[kind]
    assert len(rules.variants) == len(set(rules.variants))
    assert rules.default_variant in rules.variants


@pytest.mark.parametrize("kind", list(GameKind))
def test_each_kind_has_its_names_in_the_catalog(kind: GameKind) -> None:
    rules = KINDS[kind]
    keys = {f"kind.{kind}", f"name.choice.{kind}", f"name.cmd.{kind}"}
    keys |= {f"variant.{kind}.{variant}" for variant in rules.variants}
    keys |= {f"name.choice.{variant}" for variant in rules.variants}
    keys |= {f"name.choice.{rules.ladder(variant)}" for variant in rules.variants}
    assert sorted(keys - set(ENGLISH)) == []


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(
        OptionError, match="unknown game 'chess'; choose one of: backgammon, checkers"
    ):
        rules_for("chess")
    assert rules_for("checkers") is KINDS[GameKind.CHECKERS]


def test_only_rolling_waits_for_the_dice() -> None:
    rolling = {awaiting for awaiting in Awaiting if awaiting.rolls}
    assert rolling == {Awaiting.ROLL, Awaiting.ROLL_OR_DOUBLE}


# The layers outside the service, and every list of games the commands offer, come from the
# registries: a kind registered is offered everywhere, with nothing else to edit.

AI_EXPECTED = {
    GameKind.BACKGAMMON: (BackgammonPlayer, BackgammonCoach, BackgammonScene, BackgammonCommands),
    GameKind.CHECKERS: (CheckersPlayer, CheckersCoach, CheckersScene, CheckersCommands),
}
SIMPLE_EXPECTED = {
    GameKind.BACKGAMMON: SimpleBackgammonPlayer,
    GameKind.CHECKERS: SimpleCheckersPlayer,
}


def test_the_ai_registers_every_kind_under_its_stored_name() -> None:
    assert set(AIS) == {kind.value for kind in GameKind}
    players = ComputerPlayer(Level.BEGINNER)
    coach = ComputerCoach(Level.BEGINNER)
    for kind in GameKind:
        assert type(players.for_kind(kind)) is AI_EXPECTED[kind][0]
        assert type(coach.for_kind(kind)) is AI_EXPECTED[kind][1]
    with pytest.raises(ValueError, match="does not play 'chess'; it plays backgammon, checkers"):
        players.for_kind("chess")


def test_every_kind_earns_its_own_achievements() -> None:
    assert set(EARNERS) == set(GameKind)
    assert EARNERS[GameKind.BACKGAMMON] is backgammon_earned
    assert EARNERS[GameKind.CHECKERS] is checkers_earned


def test_the_simple_player_is_each_kinds_own() -> None:
    simple = SimplePlayer()
    for kind in GameKind:
        assert type(simple.for_kind(kind)) is SIMPLE_EXPECTED[kind]
        assert simple.for_kind(kind) is KINDS[kind].simple_player
    replaced = SimpleCheckersPlayer()
    assert SimplePlayer({GameKind.CHECKERS: replaced}).for_kind(GameKind.CHECKERS) is replaced


@pytest.mark.parametrize("kind", list(GameKind))
def test_each_kinds_board_is_a_registered_scene(kind: GameKind) -> None:
    scene = PICTURES[kind].sample()
    assert type(scene) is AI_EXPECTED[kind][2]
    assert SCENES[type(scene)] is scene_kind(scene)
    assert render_png(scene, width=320).startswith(b"\x89PNG")
    assert describe(scene)
    assert len(SCENES) == len(GameKind)


def _choices(command: object, option: str) -> list[str]:
    """The values offered for `option` of an app command."""
    assert isinstance(command, app_commands.Command)
    [parameter] = [p for p in command.parameters if p.name == option]
    return [str(choice.value) for choice in parameter.choices]


def test_each_kind_has_its_own_commands_its_challenge_offering_its_variants() -> None:
    assert set(COMMANDS) == set(GameKind)
    for kind, cog in COMMANDS.items():
        assert cog is AI_EXPECTED[kind][3]
        [command] = [c for c in cog.__cog_app_commands__ if c.name == kind.value]
        assert _choices(command, "variant") == list(KINDS[kind].variants)
    own = {kind: {c.name for c in cog.__cog_app_commands__} for kind, cog in COMMANDS.items()}
    assert own == {
        GameKind.BACKGAMMON: {"backgammon", "roll", "double"},
        GameKind.CHECKERS: {"checkers", "draw"},
    }


def test_every_list_of_games_offers_every_registered_kind() -> None:
    kinds = [str(kind) for kind in KINDS]
    variants = [variant for rules in KINDS.values() for variant in rules.variants]
    create = TournamentCommands.create
    assert _choices(create, "game") == kinds
    assert _choices(create, "variant") == variants
    assert _choices(Admin.settings, "games") == ["both", *kinds]
    assert _choices(Guide.rules, "game") == kinds
    ladders = {rules.ladder(variant) for rules in KINDS.values() for variant in rules.variants}
    assert set(_choices(ResultsCog.leaderboard, "game")) == ladders
