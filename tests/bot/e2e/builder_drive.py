"""Playing a turn through the game message's components only: the one-step menu or the builder.

The player reads what the message offers (menus, Undo, Play), picks among it at random, and
the test checks the play that was stored against the picks applied by hand to the position
before the turn (`Position.apply` checks each move on the board, `Game.play` each square).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.service.backgammon import play_of
from bot.store import Store
from emulator import Emulator, Message, User
from engine.backgammon import Move, Play
from tests.bot.e2e.drive import after_edit, bg_session, ck_session, game_message


@dataclass
class Turn:
    """What one turn through the components was: how many legal choices it had, whether it
    was built move by move, and whether a pick was taken back and made again."""

    choices: int
    built: bool
    stepped_back: bool


def _ids(message: Message, prefix: str) -> list[str]:
    return [c for c in message.custom_ids if c.startswith(prefix)]


async def _select(
    emulator: Emulator, user: User, message: Message, custom_id: str, value: str
) -> None:
    before = message.edits
    handle = await emulator.select(user, message, custom_id, [value])
    await after_edit(emulator, message, before, handle)


async def _press(emulator: Emulator, user: User, message: Message, custom_id: str) -> None:
    before = message.edits
    handle = await emulator.click(user, message, custom_id)
    await after_edit(emulator, message, before, handle)


def _offered(message: Message) -> list[tuple[str, dict[str, Any]]]:
    """Every builder menu on the message and one of its options, as (menu id, option)."""
    return [
        (menu, option)
        for menu in _ids(message, "dbs:")
        for option in (message.component(menu) or {}).get("options", [])
    ]


async def build_turn(
    emulator: Emulator,
    store: Store,
    user: User,
    rng: random.Random,
    *,
    step_back: bool,
    shown: list[str],
) -> list[str]:
    """Pick through the builder until Play shows, press it; the labels picked, in order.

    With `step_back`, the first pick is taken back with Undo (the menus must be as before it)
    and made again. `shown` gets each placeholder and the Play button's label.
    """
    message = await game_message(emulator, store)
    picked: list[str] = []
    stepped = not step_back
    while True:
        plays = [c for c in _ids(message, "dbk:") if ":c:" in c]
        if plays:
            [play] = plays
            shown.append(str((message.component(play) or {}).get("label")))
            await _press(emulator, user, message, play)
            return picked
        offered = _offered(message)
        assert offered, f"neither a move to pick nor Play: {message.custom_ids}"
        menu, option = rng.choice(offered)
        before = sorted(str(o) for o in offered)
        await _select(emulator, user, message, menu, option["value"])
        if not stepped:
            [undo] = [c for c in _ids(message, "dbk:") if ":u:" in c]
            await _press(emulator, user, message, undo)
            assert sorted(str(o) for o in _offered(message)) == before, "Undo went back"
            await _select(emulator, user, message, menu, option["value"])
            stepped = True
        picked.append(str(option["label"]))
        for menu_id in _ids(message, "dbs:"):
            shown.append(str((message.component(menu_id) or {}).get("placeholder")))


async def backgammon_turn(
    emulator: Emulator, store: Store, user: User, rng: random.Random, *, step_back: bool
) -> Turn:
    """One backgammon turn through the components; the stored play is checked by hand."""
    session = await bg_session(store)
    assert session.match is not None
    game = session.match.game
    before, plays = game.position, game.legal_plays()
    version = (await store.get_game(1)).version
    message = await game_message(emulator, store)
    shown: list[str] = []
    if _ids(message, "dbp:"):
        assert len(plays) <= 25
        [menu] = _ids(message, "dbp:")
        values = [o["value"] for o in (message.component(menu) or {}).get("options", [])]
        assert sorted(values) == sorted(p.notation() for p in plays)
        await _select(emulator, user, message, menu, rng.choice(values))
        built, stepped = False, False
        picked_play = None
    else:
        assert len(plays) > 25, "the builder only where a menu cannot hold the plays"
        labels = await build_turn(emulator, store, user, rng, step_back=step_back, shown=shown)
        picked_play = Play(tuple(Move.from_text(label) for label in labels))
        built, stepped = True, step_back
        # The partial play is in the text the player reads, the whole play on Play.
        for index in range(1, len(labels)):
            partial = Play(tuple(Move.from_text(label) for label in labels[:index]))
            assert any(text.startswith(partial.notation()) for text in shown), (partial, shown)
        assert shown[-1].endswith(picked_play.notation()) or picked_play.notation() in shown[-1]
    events = await store.events_for(1)
    [event] = [e for e in events if e.seq == version + 1]
    steps: Any = event.payload["steps"]
    assert steps[0]["op"] == "move" and event.actor_id == user.id
    stored = play_of(steps[0]["moves"])
    assert stored in plays  # exactly one of the engine's legal plays
    if picked_play is not None:
        # The picks, applied one by one on the board as it was, reach the stored play's position.
        assert before.apply(picked_play) == before.apply(stored)
    return Turn(len(plays), built, stepped)


async def checkers_turn(
    emulator: Emulator, store: Store, user: User, rng: random.Random, *, step_back: bool
) -> Turn:
    """One checkers turn through the components, steered towards kings (so towards more moves
    than a menu holds); the stored move is checked by hand."""
    session = await ck_session(store)
    assert session.game is not None
    game = session.game
    moves = game.position.legal_moves()
    version = (await store.get_game(1)).version
    message = await game_message(emulator, store)
    shown: list[str] = []
    if _ids(message, "dbp:"):
        [menu] = _ids(message, "dbp:")
        values = [o["value"] for o in (message.component(menu) or {}).get("options", [])]
        assert sorted(values) == sorted(m.pdn() for m in moves) and len(moves) <= 25
        await _select(emulator, user, message, menu, _steered(game, values, rng))
        built = stepped = False
        squares = None
    else:
        assert len(moves) > 25
        labels = await build_turn(emulator, store, user, rng, step_back=step_back, shown=shown)
        squares = [int(label) for label in labels]
        built, stepped = True, step_back
    events = await store.events_for(1)
    [event] = [e for e in events if e.seq == version + 1]
    steps: Any = event.payload["steps"]
    assert event.actor_id == user.id
    assert steps[0]["op"] == "move"
    played = [m for m in moves if list(m.path) == steps[0]["path"]]
    assert len(played) == 1  # exactly one of the engine's legal moves
    if squares is not None:
        assert steps[0]["path"] == squares  # the squares picked, in order
    return Turn(len(moves), built, stepped)


def _steered(game: Any, values: list[str], rng: random.Random) -> str:
    """A move that leaves the opponent fewest captures, then makes the most kings: play that
    crowns and keeps pieces, so kings come and with them more moves than a menu holds."""

    def score(value: str) -> tuple[int, int, float]:
        after = game.play(value)
        if after.result() is not None:
            return (0, 0, rng.random())
        captures = sum(1 for m in after.position.legal_moves() if m.is_capture)
        return (-captures, after.position.to_fen().count("K"), rng.random())

    return max(values, key=score)
