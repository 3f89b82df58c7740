"""`bot.launch.run`: the exit both `python -m bot` and `python -m tryout` end with."""

from __future__ import annotations

import pytest

from bot.launch import EXIT_REFUSED, Wording, run


class Refused(Exception):
    pass


class RefusedHarder(Refused):
    pass


async def _raise(error: BaseException) -> None:
    raise error


async def _finish() -> None:
    return None


def test_a_run_to_its_end_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("prog", _finish(), {Refused: str}) == 0
    assert capsys.readouterr().err == ""


def test_a_refusal_is_one_line_and_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("prog", _raise(Refused("no room")), {Refused: str}) == EXIT_REFUSED == 2
    assert capsys.readouterr().err == "prog: no room\n"


def test_the_first_kind_that_matches_words_it(capsys: pytest.CaptureFixture[str]) -> None:
    refusals: dict[type[BaseException], Wording] = {
        RefusedHarder: lambda _: "harder",
        Refused: lambda _: "plain",
    }
    assert run("prog", _raise(RefusedHarder()), refusals) == 2
    assert run("prog", _raise(Refused()), refusals) == 2
    assert capsys.readouterr().err == "prog: harder\nprog: plain\n"


def test_an_error_worded_none_or_not_listed_is_raised_as_it_came(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(Refused, match="curable"):
        run("prog", _raise(Refused("curable")), {Refused: lambda _: None})
    with pytest.raises(KeyError):
        run("prog", _raise(KeyError("other")), {Refused: str})
    assert capsys.readouterr().err == ""
