"""Engine refusals carry registered codes and neutral params, worded in English, French, German.

The contract: every refusal a player can meet has a `code` in its package's registry and
`params` that need no translation; `str()` stays the English template; the bot's catalog has
`refusal.<code>` in every language with the same placeholders.
"""

from __future__ import annotations

import ast
import pickle
import re
import string
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

from bot.i18n import CATALOGS, placeholders, text
from engine import reason
from engine.backgammon import Move, Play, Position, Side, parse_play
from engine.backgammon import errors as bg_errors
from engine.backgammon.cube import Cube
from engine.backgammon.game import Game as BackgammonGame
from engine.backgammon.game import GameActionError, MatchOptions, Phase
from engine.checkers import EndReason, GameResult, parse_move
from engine.checkers import Game as CheckersGame
from engine.checkers import Position as CheckersPosition
from engine.checkers import errors as ck_errors
from engine.checkers.variant import Color
from engine.reason import AllListed, Listing, RefusalError
from tests.engine.backgammon.boards import row

ENGINE = Path(reason.__file__).parent
PACKAGES: dict[str, ModuleType] = {"backgammon": bg_errors, "checkers": ck_errors}
ALL_CODES = {**bg_errors.REFUSALS, **ck_errors.REFUSALS}
MONEY = MatchOptions()


def user_facing(errors: ModuleType) -> set[str]:
    """The error classes of a package that carry codes."""
    return {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, RefusalError) and value is not RefusalError
    }


def _code_problem(node: ast.expr | None, registry: Mapping[str, str]) -> str | None:
    """Why the first argument of a refusal is not a registered code, or None when it is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return None if node.value in registry else f"unregistered code {node.value!r}"
    if isinstance(node, ast.JoinedStr):
        # A code built from parts (`bg.not_now.{action}.{phase}`) must fit registered codes.
        pattern = "".join(
            re.escape(str(part.value)) if isinstance(part, ast.Constant) else "[a-z_]+"
            for part in node.values
        )
        if any(re.fullmatch(pattern, code) for code in registry):
            return None
        return f"no registered code fits {pattern!r}"
    if isinstance(node, ast.IfExp):
        return _code_problem(node.body, registry) or _code_problem(node.orelse, registry)
    if isinstance(node, ast.Attribute) and node.attr == "code":
        return None  # an existing refusal's code passed on
    return "no code: " + (ast.unparse(node) if node is not None else "no argument")


def unregistered(source: str, classes: set[str], registry: Mapping[str, str]) -> list[str]:
    """Every refusal built in `source` (error classes, `Reason`) without a registered code."""
    problems: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Name):
            if node.exc.id in classes:
                problems.append(f"line {node.lineno}: raise {node.exc.id} without a code")
            continue
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "because":
            continue  # the Reason it is given is checked where that is built
        name = func.id if isinstance(func, ast.Name) else None
        if name not in classes | {"Reason"}:
            continue
        problem = _code_problem(node.args[0] if node.args else None, registry)
        if problem:
            problems.append(f"line {node.lineno}: {name}: {problem}")
    return problems


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_refusal_in_the_engine_source_passes_a_registered_code(package: str) -> None:
    errors = PACKAGES[package]
    classes = user_facing(errors)
    assert {"InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"} <= classes
    found = {
        path.name: unregistered(path.read_text(), classes, errors.REFUSALS)
        for path in sorted((ENGINE / package).glob("*.py"))
    }
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_source_scan_catches_english_messages_and_unknown_codes() -> None:
    """The scan above can fail: each of these refusals is reported."""
    classes = user_facing(bg_errors)
    bad = """
raise IllegalMoveError("13/7: your 7-point is blocked")
raise GameActionError(f"you cannot {action} now")
raise InvalidMoveError(message)
raise IllegalMoveError
problem = Reason("bg.move.no_such_code")
"""
    assert len(unregistered(bad, classes, bg_errors.REFUSALS)) == 5
    good = """
raise IllegalMoveError("bg.play.no_blot", point=3)
raise GameActionError(f"bg.not_now.{action}.{phase}")
raise IllegalMoveError.because(problem, move="24/19")
"""
    assert unregistered(good, classes, bg_errors.REFUSALS) == []


def test_engine_refusals_are_value_errors_with_code_params_and_english_str() -> None:
    with pytest.raises(ValueError, match="your 19-point is blocked") as caught:
        parse_play(Position.initial(), (5, 1), "24/19 6/5")
    error = caught.value
    assert isinstance(error, RefusalError)
    assert error.code == "bg.move.point_blocked"
    assert dict(error.params) == {"move": "24/19", "point": 19}
    assert str(error) == "24/19: your 19-point is blocked"


@pytest.mark.parametrize("language", sorted(CATALOGS))
@pytest.mark.parametrize("code", sorted(ALL_CODES))
def test_every_code_is_in_every_catalog_with_the_template_placeholders(
    code: str, language: str
) -> None:
    catalog = CATALOGS[language]
    key = "refusal." + code
    assert key in catalog
    assert placeholders(catalog[key]) == placeholders(ALL_CODES[code])


def _sample_params(template: str) -> dict[str, object]:
    """Values for every field: a `Listing` for a list field, else a number."""
    return {
        name: Listing(["24", "18", "13"]) if name in ("choices", "points") else 7
        for _, name, _, _ in string.Formatter().parse(template)
        if name is not None
    }


@pytest.mark.parametrize("code", sorted(ALL_CODES))
def test_every_translation_formats_with_the_english_params(code: str) -> None:
    """Every language words every refusal, a list field included, the English as the engine."""
    params = _sample_params(ALL_CODES[code])
    worded = {language: text(language, "refusal." + code, **params) for language in CATALOGS}
    assert worded["en"] == ALL_CODES[code].format(**params)
    assert len(set(worded.values())) == len(CATALOGS)


def test_an_english_reader_reads_the_engines_own_words() -> None:
    assert text("en", "refusal.bg.move.point_blocked", move="24/19", point=19) == (
        "24/19: your 19-point is blocked"
    )
    assert text("en", "refusal.ck.move.empty_square", square=15) == "there is no piece on 15"


def test_every_phase_and_action_has_a_not_now_reason() -> None:
    """`Game._require` names an action of `ACTIONS`; every phase has its reason."""
    assert {phase.value for phase in Phase} == set(bg_errors.PHASE_REASONS)
    game_source = (ENGINE / "backgammon" / "game.py").read_text()
    required = {
        node.args[1].value
        for node in ast.walk(ast.parse(game_source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "_require"
        and isinstance(node.args[1], ast.Constant)
    }
    assert required == set(bg_errors.ACTIONS)


# CK-10..CK-12: a win by capture, blockade or king count; a draw by agreement, repetition, no
# progress or equal king count.
ENDINGS = {
    (Color.WHITE, EndReason.NO_PIECES),
    (Color.BLACK, EndReason.NO_PIECES),
    (Color.WHITE, EndReason.NO_MOVES),
    (Color.BLACK, EndReason.NO_MOVES),
    (Color.WHITE, EndReason.KING_COUNT),
    (Color.BLACK, EndReason.KING_COUNT),
    (None, EndReason.KING_COUNT),
    (None, EndReason.AGREEMENT),
    (None, EndReason.REPETITION),
    (None, EndReason.NO_PROGRESS),
}


@pytest.mark.parametrize(("winner", "ending"), sorted(ENDINGS, key=str))
def test_each_checkers_ending_has_a_code_saying_what_describe_says(
    winner: Color | None, ending: EndReason
) -> None:
    side = "draw" if winner is None else winner.name.lower()
    template = ck_errors.REFUSALS[f"ck.over.{side}.{ending.name.lower()}"]
    assert template == "the game is over: " + GameResult(winner, ending).describe()
    assert len([code for code in ck_errors.REFUSALS if code.startswith("ck.over.")]) == len(ENDINGS)


def test_a_refusal_survives_pickling_with_its_code_and_params() -> None:
    with pytest.raises(RefusalError) as caught:
        parse_move(CheckersPosition.from_fen("W:W22:B9,10,17,18", "english"), "22x6")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (type(copy), copy.code, dict(copy.params), str(copy)) == (
        type(caught.value),
        caught.value.code,
        dict(caught.value.params),
        str(caught.value),
    )


def test_listing_joins_in_english_and_counts_what_it_cuts() -> None:
    assert str(Listing(["a"])) == "a"
    assert str(Listing(["a", "b"])) == "a or b"
    assert str(Listing(["a", "b", "c"])) == "a, b, or c"
    assert str(AllListed([19, 18])) == "19 and 18"
    many = Listing(str(n) for n in range(1, 21))
    assert str(many) == ", ".join(str(n) for n in range(1, 12)) + ", or … (+9)"


@pytest.mark.parametrize(
    ("language", "joined"),
    [
        ("en", "22x15, 23x14, or 24x15"),
        ("fr", "22x15, 23x14 ou 24x15"),
        ("de", "22x15, 23x14 oder 24x15"),
    ],
)
def test_a_listing_is_joined_by_the_readers_list_pattern(language: str, joined: str) -> None:
    """The catalogs have a plain `{choices}` field; the language's CLDR pattern joins the list."""
    choices = Listing(["22x15", "23x14", "24x15"])
    assert joined in text(language, "refusal.ck.move.must_capture", choices=choices)


def worded(error: RefusalError, language: str) -> str:
    """The refusal as the bot words it for a reader of `language`."""
    return text(language, "refusal." + error.code, **error.params)


def test_bg_blocked_point_in_french_and_german() -> None:
    """BG-3: Black's 6-point (five checkers) is White's 19: 24/19 lands on it."""
    with pytest.raises(RefusalError) as caught:
        parse_play(Position.initial(), (5, 1), "24/19 6/5")
    assert worded(caught.value, "fr") == "24/19 : ta flèche 19 est bloquée"
    assert worded(caught.value, "de") == "24/19: dein Punkt 19 ist blockiert"


def test_bg_both_stops_blocked_lists_the_points_in_each_language() -> None:
    """BG-3/BG-5: with 6-5, 24/13 stops on 18 or 19; Black holds both."""
    position = Position((row(p24=1, p1=14), row(p7=2, p6=2, p2=11)))
    with pytest.raises(RefusalError) as caught:
        parse_play(position, (6, 5), "24/13")
    assert worded(caught.value, "fr") == "24/13 : tes flèches 19 et 18 sont bloquées en chemin"
    assert worded(caught.value, "de") == "24/13: deine Punkte 19 und 18 auf dem Weg sind blockiert"


def test_bg_take_while_moving_and_redouble_refused_in_french_and_german() -> None:
    """BG-14: a take answers a double; only the cube's owner may redouble."""
    moving = BackgammonGame.start(MONEY).opening_roll(3, 1)
    with pytest.raises(GameActionError) as take:
        moving.take()
    assert worded(take.value, "fr") == (
        "tu ne peux pas accepter le videau maintenant : les dés sont lancés : joue-les d'abord"
    )
    owned = BackgammonGame(MONEY, Position.initial(Side.WHITE), Cube(2, Side.BLACK), Phase.ROLLING)
    with pytest.raises(GameActionError) as double:
        owned.double()
    assert worded(double.value, "de") == (
        "du kannst nicht verdoppeln: dein Gegner besitzt den Verdopplungswürfel"
    )


def test_bg_play_with_a_blocked_move_names_the_play_in_german() -> None:
    """BG-3: 24/19 lands on Black's 6-point even as part of a whole play."""
    game = BackgammonGame.start(MONEY).opening_roll(5, 1)
    with pytest.raises(RefusalError) as caught:
        game.move(Play((Move(24, 19), Move(6, 5))))
    assert (
        worded(caught.value, "de")
        == "24/19 6/5 ist nicht erlaubt: 24/19: dein Punkt 19 ist blockiert"
    )


def test_ck_compulsory_capture_in_french_and_german() -> None:
    """CK-5: two white men can each take the black man on 18; a quiet move is refused."""
    fork = CheckersPosition.from_fen("W:W22,23:B18", "box")
    with pytest.raises(RefusalError) as caught:
        parse_move(fork, "22-17")
    assert worded(caught.value, "fr") == "la prise est obligatoire : 22x15 ou 23x14"
    assert worded(caught.value, "de") == "es herrscht Schlagzwang: 22x15 oder 23x14"


def test_ck_finished_game_refuses_in_french() -> None:
    """CK-10: White's only man on 29 is blocked by 25 and 22 behind it: Black has won."""
    game = CheckersGame.new("box", CheckersPosition.from_fen("W:W29:B22,25", "box"))
    with pytest.raises(RefusalError) as caught:
        game.play("29-25")
    assert worded(caught.value, "fr") == (
        "la partie est terminée : les noirs gagnent, les blancs n'ont plus de coup légal."
    )
