"""A resignation's size is worded by one whole sentence per size in every language, never by a
translated phrase ("a gammon") slotted into another sentence: a language with case or gender
(Polish, Czech, Greek) must be able to inflect each sentence as a whole.

The expected texts are written here by hand, so they hold whatever the catalogs' keys become."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.frontend.buttons import GameButton
from bot.frontend.controls import confirm_resign
from bot.i18n import CATALOGS, TEXTS, Localizer, placeholders
from bot.pictures import Look, scene_of
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.views import GameView
from bot.wording.game import event_line, status_line
from engine.backgammon import Side
from engine.backgammon.cube import Size
from render import SIZE_FIELDS, CheckersScene, describe
from render.backgammon_scene import status_line as picture_prompt
from tests.bot.wording.test_game import ALICE, BOB, NAMES, opened

GAMMON = Size.GAMMON
PLAYERS = ("Alice", "Bob")
# language: (event, status, button, picture prompt, alt text to the resigner, end, caption)
SAMPLES = {
    "en": (
        "Alice offers to resign a gammon.",
        "Alice offers to resign a gammon: <@22> to accept or decline.",
        "Resign a gammon",
        "Alice offers to resign a gammon: Bob to accept or decline",
        "You offer to resign a gammon; Bob to accept or decline.",
        "Bob wins 2 points (resigned, a gammon).",
        "Bob wins a gammon: Alice resigned",
    ),
    "fr": (
        "Alice propose d'abandonner un gammon.",
        "Alice propose d'abandonner un gammon : à <@22> d'accepter ou de refuser.",
        "Abandonner un gammon",
        "Alice propose d'abandonner un gammon : à Bob d'accepter ou de refuser",
        "Tu proposes d'abandonner un gammon ; à Bob d'accepter ou de refuser.",
        "Bob remporte un gammon sur abandon et marque 2 points.",
        "Bob gagne un gammon, Alice abandonne",
    ),
    "de": (
        "Alice bietet an, ein Gammon aufzugeben.",
        "Alice bietet an, ein Gammon aufzugeben: <@22> nimmt an oder lehnt ab.",
        "Gammon aufgeben",
        "Alice bietet an, ein Gammon aufzugeben: Bob nimmt an oder lehnt ab",
        "Du bietest an, ein Gammon aufzugeben; Bob muss annehmen oder ablehnen.",
        "Bob gewinnt durch Aufgabe ein Gammon und erhält 2 Punkte.",
        "Bob gewinnt ein Gammon: Alice gibt auf",
    ),
}
BUTTONS = {
    "en": ["Resign a single game", "Resign a gammon", "Resign a backgammon"],
    "fr": ["Abandonner une partie simple", "Abandonner un gammon", "Abandonner un backgammon"],
    "de": ["Einfaches Spiel aufgeben", "Gammon aufgeben", "Backgammon aufgeben"],
}


def labels(controls: discord.ui.View) -> list[str | None]:
    """The labels of the game buttons among `controls`, in order."""
    return [child.item.label for child in controls.children if isinstance(child, GameButton)]


def resigning(accepted: bool = False) -> GameView:
    """Alice (white, on turn) has offered to resign a gammon; Bob accepted if `accepted`."""
    view = opened(6, 1)  # white's 6 beats black's 1 (BG-2)
    assert isinstance(view.session, BackgammonSession) and view.session.match is not None
    match = view.session.match.offer_resignation(GAMMON, Side.WHITE)
    if accepted:
        match = match.accept_resignation()
    # Bob is to answer the offer: the `GameView` names him as the one to act.
    return replace(view, session=replace(view.session, match=match), to_move_id=BOB)


@pytest.mark.parametrize("language", sorted(SAMPLES))
async def test_each_resignation_text_is_one_whole_sentence(language: str) -> None:
    event, status, button, prompt, alt_yours, end, caption = SAMPLES[language]
    t = Localizer(language)
    view = resigning()
    assert event_line(t, out.ResignationOffered(7, ALICE, GAMMON), NAMES) == event
    assert status_line(t, view, NAMES) == status
    assert labels(confirm_resign(t, view))[GAMMON - 1] == button
    scene = scene_of(view.session, PLAYERS, Look(locale=language))
    assert scene is not None and not isinstance(scene, CheckersScene)
    assert picture_prompt(scene) == prompt
    assert describe(replace(scene, reader=Side.WHITE)).startswith(alt_yours)
    accepted = out.GameEnded(7, BOB, ALICE, 2, out.Finish.RESIGNED, size=GAMMON)
    assert event_line(t, accepted, NAMES) == end
    ended = scene_of(resigning(accepted=True).session, PLAYERS, Look(locale=language))
    assert ended is not None and ended.caption == caption


@pytest.mark.parametrize("language", sorted(BUTTONS))
async def test_every_size_has_its_own_button_sentence(language: str) -> None:
    controls = confirm_resign(Localizer(language), opened(6, 1))
    assert labels(controls) == BUTTONS[language]


RESIGNATION_FAMILIES = (
    "status.resign_offer",
    "ev.resign_offer",
    "btn.resign_size",
    "board.end.resigned_bg",
    "ev.ended.played",
    "ev.ended.resigned",
    *(f"picture.{name}" for name in SIZE_FIELDS),
)


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_no_size_phrase_is_slotted_into_a_sentence(language: str) -> None:
    """Each family has a sentence per size and no placeholder left for a size's words."""
    catalog = CATALOGS[language]
    slotted = {
        f"{family}.{size}": set().union(*map(placeholders, forms(language, f"{family}.{size}")))
        & {"level", "kind", "reason", "missing"}
        for family in RESIGNATION_FAMILIES
        for size in (1, 2, 3)
    }
    assert {key: names for key, names in slotted.items() if names} == {}
    assert not [key for key in catalog if key.startswith("level.")]


def forms(language: str, key: str) -> tuple[str, ...]:
    """The text of `key` in `language`: its plural forms, or its one form (`{missing}`)."""
    texts = TEXTS[language]
    return texts.plurals.get(key) or (texts.messages.get(key, "{missing}"),)


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_no_ending_or_game_kind_is_slotted_into_a_sentence(language: str) -> None:
    """How a game ended (by size, by checkers ending) and which game it is are worded in whole
    sentences. The one text with a `{reason}` is the refusal's "Not possible: {reason}", whose
    reason is a clause of its own; the `{kind}` of an option refusal is the game as the player
    chose it (the command's value), not a translated name."""
    texts = TEXTS[language]
    every = {**{key: (text,) for key, text in texts.messages.items()}, **texts.plurals}
    slotted = {
        key: names
        for key, texts_of_key in every.items()
        for text in texts_of_key
        if (names := placeholders(text) & {"reason", "kind", "ending"})
    }
    assert slotted == {
        "error.refused": {"reason"},
        "refusal.svc.option.unknown_game": {"kind"},
        "refusal.svc.option.unknown_variant": {"kind"},
    }
