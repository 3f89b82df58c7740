"""Every word the renderer draws into a picture or writes in its alt text, as one value.

A scene carries its `Words` (English by default), so a picture can be worded in the reader's
language without the renderer knowing any catalog: the bot builds a `Words` per language once and
hands it in. Templates are `str.format` fields; a count has one template per plural form of the
language (English: one, other) and `plural_form` picks the form for a number, as gettext's
`Plural-Forms` does. A sentence about a backgammon win or resignation has one whole template per
size (single game, gammon, backgammon: BG-13), and one about a checkers win or draw one per way
the game ended (the engine's `EndReason`), so a language can inflect each as it needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from engine.checkers import EndReason

BySize = tuple[str, str, str]
"""One template per backgammon size: a single game, a gammon, a backgammon (1, 2, 3)."""
ByEnding = Mapping[EndReason, str]
"""One template per way a checkers game can end as the field says (won, or drawn), by the
engine's `EndReason`."""


def _by_ending(templates: dict[EndReason, str]) -> Callable[[], ByEnding]:
    """A field default: the templates, read-only."""
    return lambda: MappingProxyType(templates)


def english_plural_form(count: int) -> int:
    """English's plural rule (gettext `plural=(n != 1)`): form 0 for one, 1 for any other."""
    return int(count != 1)


@dataclass(frozen=True, slots=True)
class Words:
    """Templates of the words in board pictures, replays and their alt text."""

    # The prompt drawn on a backgammon picture, and its match line.
    bg_to_roll: str = "{name} to roll"
    bg_to_play: str = "{name} to play {roll}"
    bg_to_play_left: str = "{name} to play {roll}, {left} left"
    bg_doubles: str = "{name} doubles to {cube}: {taker} to take or pass"
    bg_resigns: BySize = (
        "{name} offers to resign a single game: {taker} to accept or decline",
        "{name} offers to resign a gammon: {taker} to accept or decline",
        "{name} offers to resign a backgammon: {taker} to accept or decline",
    )
    bg_wins: BySize = (
        "{name} wins a single game",
        "{name} wins a gammon",
        "{name} wins a backgammon",
    )
    game_over: str = "Game over"
    money_game: str = "Money game"
    match_to: str = "Match to {length}"
    crawford_mark: str = "{match} · Crawford"
    pips: tuple[str, ...] = ("{count} pip", "{count} pips")
    points: tuple[str, ...] = ("{count} pt", "{count} pts")
    # The clock of the side to act, on both games' pictures.
    time_left: str = "{clock} to play"
    clock_days: str = "{days}d {hours}h"
    clock_hours: str = "{hours}h {minutes:02d}m"
    # The prompt and counts drawn on a checkers picture.
    ck_to_move: str = "{name} to move"
    ck_must_capture: str = "{name} to move: capture is compulsory"
    ck_no_move: str = "{name} has no move"
    ck_offers_draw: str = "{name} offers a draw: {taker} to accept or decline"
    ck_wins: ByEnding = field(
        default_factory=_by_ending(
            {
                EndReason.NO_PIECES: "{name} wins: no pieces left",
                EndReason.NO_MOVES: "{name} wins: no legal move",
                EndReason.KING_COUNT: "{name} wins: no man move or capture left; kings counted",
            }
        ),
        hash=False,
    )
    ck_draw: ByEnding = field(
        default_factory=_by_ending(
            {
                EndReason.AGREEMENT: "Draw: draw agreed",
                EndReason.REPETITION: "Draw: the same position for the third time",
                EndReason.NO_PROGRESS: "Draw: only kings moving, without capture, for too long",
                EndReason.KING_COUNT: "Draw: no man move or capture left; kings counted",
            }
        ),
        hash=False,
    )
    men: tuple[str, ...] = ("{count} man", "{count} men")
    kings: tuple[str, ...] = ("{count} king", "{count} kings")
    ck_variant: str = "{title} · {size}×{size}"
    # Alt text: the colours and whose turn it is. Templates with "you" speak to the reader of a
    # private picture; a picture everyone sees is described in the third person.
    white: str = "White"
    black: str = "Black"
    alt_who: str = "{name}, {colour}"
    alt_your_turn: str = "Your turn"
    alt_their_turn: str = "{name}'s turn"
    # Alt text of a backgammon picture.
    alt_game_over: str = "Game over."
    alt_you_win: BySize = (
        "Game over. You win a single game.",
        "Game over. You win a gammon.",
        "Game over. You win a backgammon.",
    )
    alt_they_win: BySize = (
        "Game over. {name} wins a single game.",
        "Game over. {name} wins a gammon.",
        "Game over. {name} wins a backgammon.",
    )
    alt_you_double: str = "You double to {cube}; {taker} to take or pass."
    alt_they_double: str = "{name} doubles to {cube}; take or pass?"
    alt_you_resign: BySize = (
        "You offer to resign a single game; {taker} to accept or decline.",
        "You offer to resign a gammon; {taker} to accept or decline.",
        "You offer to resign a backgammon; {taker} to accept or decline.",
    )
    alt_they_resign: BySize = (
        "{name} offers to resign a single game; accept or decline?",
        "{name} offers to resign a gammon; accept or decline?",
        "{name} offers to resign a backgammon; accept or decline?",
    )
    alt_to_roll: str = "{whose}, to roll."
    alt_to_play: str = "{whose}, {roll} to play."
    alt_to_play_left: str = "{whose}, {roll} rolled, {left} still to play."
    alt_dice_two: str = "two {number}s"
    alt_dice_three: str = "three {number}s"
    alt_you_are: str = "You are {who}; points are numbered from your side."
    alt_numbered: str = "Points are numbered from {name}'s side."
    alt_yours: str = "You: {pieces}."
    alt_theirs: str = "{name}: {pieces}."
    alt_point: str = "{point}-point {count}"
    alt_bar: str = "bar {count}"
    alt_off: str = "off {count}"
    alt_pips: str = "Pips: you {mine}, {name} {theirs}."
    alt_pips_both: str = "Pips: {name} {pips}, {other} {other_pips}."
    alt_clock_yours: str = "You had {clock} left to play when this picture was drawn."
    alt_clock: str = "{name} had {clock} left to play when this picture was drawn."
    alt_dice: str = "Dice {roll}."
    alt_match: str = "Match to {length}: you {mine}, {name} {theirs}."
    alt_match_crawford: str = "Match to {length}, Crawford game: you {mine}, {name} {theirs}."
    alt_match_both: str = "Match to {length}: {name} {score}, {other} {other_score}."
    alt_match_crawford_both: str = (
        "Match to {length}, Crawford game: {name} {score}, {other} {other_score}."
    )
    alt_cube_middle: str = "Cube in the middle."
    alt_cube_yours: str = "Cube at {cube}, owned by you."
    alt_cube_theirs: str = "Cube at {cube}, owned by {name}."
    alt_last_play_yours: str = "Last play by you: {play}, in {name}'s numbering."
    alt_last_play_theirs: str = "Last play by {name}: {play}, in {name}'s numbering."
    # Alt text of a checkers picture.
    alt_ck_no_move: str = "{whose}, with no move left"
    alt_ck_must_capture: str = "{whose}, capture is compulsory"
    alt_you_offer_draw: str = "You offer a draw; {taker} to accept or decline."
    alt_they_offer_draw: str = "{name} offers a draw; accept or decline?"
    alt_ck_board: str = "{title}, {size}×{size}. You are {who}, at the bottom."
    alt_ck_bottom: str = "{title}, {size}×{size}. At the bottom: {who}."
    alt_men_on: str = "men on {squares}"
    alt_kings_on: str = "kings on {squares}"
    alt_no_pieces: str = "no pieces"
    # Between a side's men and its kings: a semicolon where the language has one (Greek's `;` is
    # its question mark).
    alt_separator: str = "; "
    # Between the items of a list (a side's points, a checkers side's squares), and the full stop
    # the alt text closes a sentence with: each language writes its own (`、` and `。` in Chinese).
    alt_list: str = ", "
    full_stop: str = "."
    alt_ck_last_yours: str = "Last move by you: {move}."
    alt_ck_last_theirs: str = "Last move by {name}: {move}."
    # Replays: frame captions and the GIF's alt text.
    replay_start: str = "Start"
    replay_bg_turn: str = "{number}. {name} {roll}: {play}"
    replay_bg_won: str = "{turn}. {name} wins"
    replay_ck_turn: str = "{number}. {name}: {move}"
    replay_ck_white_wins: ByEnding = field(
        default_factory=_by_ending(
            {
                EndReason.NO_PIECES: "{turn}. White wins: no pieces left.",
                EndReason.NO_MOVES: "{turn}. White wins: no legal move.",
                EndReason.KING_COUNT: (
                    "{turn}. White wins: no man move or capture left; kings counted."
                ),
            }
        ),
        hash=False,
    )
    replay_ck_black_wins: ByEnding = field(
        default_factory=_by_ending(
            {
                EndReason.NO_PIECES: "{turn}. Black wins: no pieces left.",
                EndReason.NO_MOVES: "{turn}. Black wins: no legal move.",
                EndReason.KING_COUNT: (
                    "{turn}. Black wins: no man move or capture left; kings counted."
                ),
            }
        ),
        hash=False,
    )
    replay_ck_draw: ByEnding = field(
        default_factory=_by_ending(
            {
                EndReason.AGREEMENT: "{turn}. Draw: draw agreed.",
                EndReason.REPETITION: "{turn}. Draw: the same position for the third time.",
                EndReason.NO_PROGRESS: (
                    "{turn}. Draw: only kings moving, without capture, for too long."
                ),
                EndReason.KING_COUNT: "{turn}. Draw: no man move or capture left; kings counted.",
            }
        ),
        hash=False,
    )
    replay_alt: tuple[str, ...] = (
        "Animated replay of {count} move. Final position: {final}",
        "Animated replay of {count} moves. Final position: {final}",
    )
    # Words the bot's catalog already has elsewhere: a checkers variant's title by variant name.
    # A variant missing from the mapping is titled in the engine's English.
    titles: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    plural_form: Callable[[int], int] = field(default=english_plural_form, hash=False)

    def by_size(self, forms: BySize, size: int, **values: object) -> str:
        """The template of a backgammon size (1 single game, 2 gammon, 3 backgammon), filled."""
        return forms[size - 1].format(**values)

    def count(self, forms: tuple[str, ...], count: int, **values: object) -> str:
        """A count in the form its number takes (`1 man`, `3 men`)."""
        return forms[self.plural_form(count)].format(count=count, **values)


TEMPLATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Words) if f.type == "str")
"""The `str.format` templates of `Words`, in order: what a catalog must give for a language."""
PLURAL_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Words) if f.type == "tuple[str, ...]")
"""The counted templates of `Words` (one per plural form), in order."""
SIZE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Words) if f.type == "BySize")
"""The templates of `Words` with one whole sentence per backgammon size, in order."""
ENDING_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Words) if f.type == "ByEnding")
"""The templates of `Words` with one whole sentence per way a checkers game ends, in order."""

ENGLISH = Words()
