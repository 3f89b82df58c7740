"""Every game kind is registered in every layer, and each registry's entry is for its own game:
adding a `GameKind` without its rules, words, pictures, controls and catalog texts fails here."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import engine.backgammon as bg
import engine.checkers as ck
from bot.frontend.controls import CONTROLS, BackgammonControls, CheckersControls
from bot.i18n import CATALOGS, DEFAULT_LANGUAGE
from bot.pictures import PICTURES
from bot.pictures.backgammon import BackgammonPictures
from bot.pictures.checkers import CheckersPictures
from bot.service.errors import OptionError
from bot.service.kinds import KINDS, rules_for
from bot.service.kinds.backgammon import BackgammonRules
from bot.service.kinds.checkers import CheckersRules
from bot.service.session import Awaiting
from bot.store import GameKind
from bot.wording.kinds import WORDS
from bot.wording.kinds.backgammon import BackgammonWords
from bot.wording.kinds.checkers import CheckersWords

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
