"""A resignation level is worded by one whole sentence per level in every language, never by a
translated phrase ("a gammon") slotted into another sentence: a language with case or gender
(Polish, Czech, Greek) must be able to inflect each sentence as a whole (issue 14).

The expected texts are written here by hand, so they hold whatever the catalogs' keys become."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.frontend.controls import GameButton, confirm_resign
from bot.i18n import CATALOGS, Localizer, placeholders
from bot.pictures import Look, scene_of
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.views import GameView
from bot.wording.game import event_line, status_line
from bot.wording.terms import ending
from engine.backgammon import Side
from render import LEVEL_FIELDS, CheckersScene, describe
from render.backgammon_scene import status_line as picture_prompt
from tests.bot.wording.test_game import ALICE, BOB, NAMES, opened

GAMMON = 2
PLAYERS = ("Alice", "Bob")
# language: (event, status, button, picture prompt, alt text to the resigner, ending, caption)
SAMPLES = {
    "en": (
        "Alice offers to resign a gammon.",
        "Alice offers to resign a gammon: <@22> to accept or decline.",
        "Resign a gammon",
        "Alice offers to resign a gammon: Bob to accept or decline",
        "You offer to resign a gammon; Bob to accept or decline.",
        "resigned, a gammon",
        "Bob wins a gammon: Alice resigned",
    ),
    "fr": (
        "Alice propose d'abandonner un gammon.",
        "Alice propose d'abandonner un gammon : à <@22> d'accepter ou de refuser.",
        "Abandonner un gammon",
        "Alice propose d'abandonner un gammon : à Bob d'accepter ou de refuser",
        "Vous proposez d'abandonner un gammon ; à Bob d'accepter ou de refuser.",
        "abandon, un gammon",
        "Bob gagne un gammon, Alice abandonne",
    ),
    "de": (
        "Alice bietet an, ein Gammon aufzugeben.",
        "Alice bietet an, ein Gammon aufzugeben: <@22> nimmt an oder lehnt ab.",
        "Gammon aufgeben",
        "Alice bietet an, ein Gammon aufzugeben: Bob nimmt an oder lehnt ab",
        "Du bietest an, ein Gammon aufzugeben; Bob muss annehmen oder ablehnen.",
        "Aufgabe, ein Gammon",
        "Bob gewinnt ein Gammon: Alice gibt auf",
    ),
}
BUTTONS = {
    "en": ["Resign a single game", "Resign a gammon", "Resign a backgammon"],
    "fr": ["Abandonner une partie simple", "Abandonner un gammon", "Abandonner un backgammon"],
    "de": ["Einfaches Spiel aufgeben", "Gammon aufgeben", "Backgammon aufgeben"],
}


def labels(controls: discord.ui.View) -> list[str | None]:
    """The labels of a view's game buttons, in order."""
    return [child.item.label for child in controls.children if isinstance(child, GameButton)]


def resigning(accepted: bool = False) -> GameView:
    """Alice (white, on turn) has offered to resign a gammon; Bob accepted if `accepted`."""
    view = opened(6, 1)  # white's 6 beats black's 1 (BG-2)
    assert isinstance(view.session, BackgammonSession) and view.session.match is not None
    match = view.session.match.offer_resignation(GAMMON, Side.WHITE)
    if accepted:
        match = match.accept_resignation()
    # Bob is to answer the offer: the table's view names him as the one to act.
    return replace(view, session=replace(view.session, match=match), to_move_id=BOB)


@pytest.mark.parametrize("language", sorted(SAMPLES))
async def test_each_resignation_text_is_one_whole_sentence(language: str) -> None:
    event, status, button, prompt, alt_yours, how, caption = SAMPLES[language]
    t = Localizer(language)
    view = resigning()
    assert event_line(t, out.ResignationOffered(7, ALICE, GAMMON), NAMES) == event
    assert status_line(t, view, NAMES) == status
    assert labels(confirm_resign(t, view))[GAMMON - 1] == button
    scene = scene_of(view.session, PLAYERS, Look(locale=language))
    assert scene is not None and not isinstance(scene, CheckersScene)
    assert picture_prompt(scene) == prompt
    assert describe(replace(scene, reader=Side.WHITE)).startswith(alt_yours)
    assert ending(t, "resigned: gammon") == how
    ended = scene_of(resigning(accepted=True).session, PLAYERS, Look(locale=language))
    assert ended is not None and ended.caption == caption


@pytest.mark.parametrize("language", sorted(BUTTONS))
async def test_every_level_has_its_own_button_sentence(language: str) -> None:
    controls = confirm_resign(Localizer(language), opened(6, 1))
    assert labels(controls) == BUTTONS[language]


RESIGNATION_FAMILIES = (
    "status.resign_offer",
    "ev.resign_offer",
    "btn.resign_level",
    "board.end.resigned_bg",
    "ending.bg.played",
    "ending.bg.resigned",
    *(f"picture.{name}" for name in LEVEL_FIELDS),
)


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_no_level_phrase_is_slotted_into_a_sentence(language: str) -> None:
    """Each family has a sentence per level and no placeholder left for a level's words."""
    catalog = CATALOGS[language]
    slotted = {
        f"{family}.{level}": placeholders(catalog.get(f"{family}.{level}", "{missing}"))
        & {"level", "kind", "missing"}
        for family in RESIGNATION_FAMILIES
        for level in (1, 2, 3)
    }
    assert {key: names for key, names in slotted.items() if names} == {}
    assert not [key for key in catalog if key.startswith("level.")]
