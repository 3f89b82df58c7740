"""The service's refusals carry registered codes, every code worded in English, French, German.

The contract: each refusal a player can meet has a stable `code` and language-neutral
`params`; `str()` is the English template; the bot words `refusal.<code>` from its catalog.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from datetime import timedelta
from pathlib import Path
from typing import ClassVar

import pytest

import bot.service
from bot.frontend.replies import explain
from bot.i18n import CATALOGS, Localizer, placeholders, translated_languages
from bot.service.backgammon import BackgammonSession
from bot.service.errors import (
    REFUSALS,
    ActionNotAllowedError,
    GameOverError,
    MoveFirstError,
    NotYourTurnError,
    OptionError,
    ServiceError,
)
from bot.service.games import Games
from bot.service.operations import Double, Move
from bot.service.session import Awaiting
from bot.store import GameKind, GameStatus
from tests.bot.service.conftest import ALICE, BOB, CHANNEL
from tests.bot.service.drive import start_game

SERVICE_ROOT = Path(bot.service.__file__).parent
FR, DE = Localizer("fr"), Localizer("de")

for _info in pkgutil.walk_packages([str(SERVICE_ROOT)], prefix="bot.service."):
    importlib.import_module(_info.name)  # so every refusal class is a known subclass below


def refusal_classes() -> dict[str, type[ServiceError]]:
    """Every `ServiceError` subclass defined in `bot/service`, by name."""
    found: dict[str, type[ServiceError]] = {}
    pending: list[type[ServiceError]] = [ServiceError]
    while pending:
        cls = pending.pop()
        found[cls.__name__] = cls
        pending.extend(cls.__subclasses__())
    return found


# Refusals whose code the class builds itself from what the session waits for, the game's
# status or the player; their codes are checked one by one below.
SELF_CODED = {"NotAPlayerError", "NotYourTurnError", "GameOverError", "MoveFirstError"}


def unregistered_raises(source: str, classes: set[str]) -> list[str]:
    """`raise Refusal(...)` calls in `source` that do not pass a registered code and its params."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        call, where = node.exc, f"line {node.lineno}"
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr == "passed_on":
            continue  # an engine refusal passed on with its own code
        name = func.id if isinstance(func, ast.Name) else None
        if name not in classes or name in SELF_CODED:
            continue
        first = call.args[0] if call.args else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            problems.append(f"{where}: {name} without a literal code")
            continue
        template = REFUSALS.get(first.value)
        if template is None:
            problems.append(f"{where}: {name}({first.value!r}) is not a registered code")
            continue
        given = {keyword.arg for keyword in call.keywords}
        if given != set(placeholders(template)):
            problems.append(f"{where}: {first.value} takes {sorted(placeholders(template))}")
    return problems


def test_every_code_is_in_every_catalog_with_the_template_placeholders() -> None:
    for code, template in REFUSALS.items():
        key = f"refusal.{code}"
        for language in translated_languages():
            assert placeholders(CATALOGS[language][key]) == placeholders(template), (language, key)


def test_every_raise_in_the_service_passes_a_registered_code() -> None:
    classes = set(refusal_classes())
    problems = {
        str(path.relative_to(SERVICE_ROOT)): found
        for path in sorted(SERVICE_ROOT.rglob("*.py"))
        if (found := unregistered_raises(path.read_text(), classes))
    }
    assert problems == {}


def test_the_scan_finds_english_text_unknown_codes_and_missing_params() -> None:
    source = (
        'raise ChallengeError("You cannot challenge yourself")\n'
        'raise OptionError(f"unknown game {kind}")\n'
        'raise ActionNotAllowedError("svc.not_started")\n'
        'raise ActionNotAllowedError("svc.not_started", game=4)\n'
        "raise ActionNotAllowedError.passed_on(error)\n"
    )
    problems = unregistered_raises(source, set(refusal_classes()))
    assert [problem.split(":")[0] for problem in problems] == ["line 1", "line 2", "line 3"]


def test_what_a_session_waits_for_has_its_not_your_turn_code() -> None:
    for awaiting in Awaiting:
        error = NotYourTurnError(4, awaiting)
        assert error.code in REFUSALS and "#4" in str(error)
    # Moving is refused while backgammon waits for anything but a move (or nothing at all).
    for awaiting in set(Awaiting) - {Awaiting.MOVE, Awaiting.ANSWER_DRAW, Awaiting.NOTHING}:
        assert MoveFirstError(awaiting).code in REFUSALS


def test_every_closed_status_has_its_game_over_code() -> None:
    for status in GameStatus:
        if not status.is_open:
            assert GameOverError(4, status.value).code in REFUSALS


def test_str_is_the_english_template_with_the_params() -> None:
    error = ActionNotAllowedError("svc.verify.open", game=12)
    assert str(error) == "The seed of game #12 is revealed when the game ends."
    assert Localizer("en")("refusal.svc.verify.open", game=12) == str(error)
    assert (error.code, dict(error.params)) == ("svc.verify.open", {"game": 12})


def test_an_engine_refusal_passed_on_keeps_its_code_and_params() -> None:
    class EngineRefusal(ValueError):
        code = "bg.cube_owned"
        params: ClassVar[dict[str, object]] = {"side": "black"}

    passed = ActionNotAllowedError.passed_on(EngineRefusal("the cube is owned by black"))
    assert (passed.code, dict(passed.params)) == ("bg.cube_owned", {"side": "black"})
    assert str(passed) == "the cube is owned by black"
    uncoded = OptionError.passed_on(ValueError("no code here"))
    assert (uncoded.code, dict(uncoded.params)) == (None, {})


# Real refusals through the service, worded for French and German readers.


async def test_challenging_yourself_is_refused_in_french(games: Games) -> None:
    with pytest.raises(ServiceError) as caught:
        await games.challenges.post(
            channel_id=CHANNEL, challenger=ALICE, opponent=ALICE, kind=GameKind.CHECKERS
        )
    text = explain(FR, caught.value)
    assert text.startswith("Impossible : Tu ne peux pas te défier")
    assert "challenge" not in text


async def test_out_of_turn_is_refused_in_german_with_the_game_number(games: Games) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    with pytest.raises(NotYourTurnError) as caught:
        await games.act(result.game.id, BOB.id, Move("11-15"))
    text = explain(DE, caught.value)
    assert text == f"Nicht möglich: Du bist in Partie #{result.game.id} nicht dran: " + (
        "wir warten darauf, dass dein Gegner zieht."
    )


async def test_moving_before_answering_a_double_is_refused_in_french(games: Games) -> None:
    result = await start_game(games, "backgammon")
    game_id = result.game.id
    session = result.game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    opener = result.game.to_move_id
    assert opener is not None
    played = await games.act(game_id, opener, Move(session.match.game.legal_plays()[0].notation()))
    doubler = played.game.to_move_id
    assert doubler is not None and doubler != opener
    await games.act(game_id, doubler, Double())
    with pytest.raises(MoveFirstError) as caught:
        await games.act(game_id, opener, Move("13/7 8/7"))
    text = explain(FR, caught.value)
    assert text == "Impossible : Tu ne peux pas jouer maintenant : " + (
        "accepte ou refuse d'abord le double."
    )


async def test_a_time_limit_out_of_range_is_refused_in_german_with_the_limit(
    games: Games,
) -> None:
    with pytest.raises(OptionError) as caught:
        await games.challenges.post(
            channel_id=CHANNEL,
            challenger=ALICE,
            opponent=BOB,
            kind=GameKind.BACKGAMMON,
            time_limit=timedelta(days=8),
        )
    assert caught.value.code == "svc.time.range"
    text = explain(DE, caught.value)
    assert (
        text
        == "Nicht möglich: Die Zeit pro Zug muss zwischen 5 Minuten und 7 Tagen liegen, "
        + ("nicht 8d")
    )
    assert await games.store.active_game_in_channel(CHANNEL) is None


async def test_an_engine_refusal_in_a_game_keeps_its_code_and_is_worded_in_german(
    games: Games,
) -> None:
    result = await start_game(games, "backgammon", cube=False)
    game_id = result.game.id
    session = result.game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    opener = result.game.to_move_id
    assert opener is not None
    played = await games.act(game_id, opener, Move(session.match.game.legal_plays()[0].notation()))
    on_roll = played.game.to_move_id
    assert on_roll is not None
    version = played.game.version
    with pytest.raises(ActionNotAllowedError) as caught:
        # Without the cube nobody may double (BG-14), so the service has rolled for them already.
        await games.act(game_id, on_roll, Double())
    assert caught.value.code == "bg.not_now.double.moving"
    text = explain(DE, caught.value)
    assert text.startswith("Nicht möglich: ") and "cube" not in text and "double" not in text
    assert (await games.view(game_id)).version == version


def test_a_sentence_that_is_not_a_code_stays_an_uncoded_english_refusal() -> None:
    # What a raise written before its code was registered gives (the scan above refuses it).
    error = ActionNotAllowedError("The moon is not aligned.")
    assert (error.code, dict(error.params), str(error)) == (None, {}, "The moon is not aligned.")
    assert explain(FR, error) == "Impossible : The moon is not aligned."
    assert NotYourTurnError(3, "your opponent to dance").code is None
