"""`/stats dice` through Discord: a player's and the server's dice, counted again here from the
stored rolls by the rules alone (who rolls when), and each roll checked against its seed."""

from __future__ import annotations

import math
from collections import Counter

from bot.service.dice import derive_roll
from bot.service.views import steps_of
from bot.store import GameStatus, Store
from emulator import Emulator, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import bg_session, click, command, confirm, game_message

TURNS = 16


async def played_and_resigned(
    emulator: Emulator, store: Store, first: User, second: User, game_id: int
) -> None:
    """A money game without the cube (every roll automatic): `TURNS` plays by /move, then
    `first` resigns a single game and `second` accepts."""
    users = {first.id: first, second.id: second}
    await command(emulator, first, "backgammon", {"opponent": second, "cube": False})
    await game_message(emulator, store, game_id)
    await click(emulator, store, second, "accept", game_id)
    for turn in range(TURNS):
        session = await bg_session(store, game_id)
        assert session.match is not None and session.seats is not None
        plays = session.match.game.legal_plays()
        actor = users[session.seats[session.actor()]]  # type: ignore[index]
        await command(emulator, actor, "move", {"play": plays[turn % len(plays)].notation()})
    session = await bg_session(store, game_id)
    assert session.seats is not None
    resigner = users[session.seats[session.actor()]]  # type: ignore[index]
    await confirm(emulator, resigner, "askresign", "resign:1", game_id)
    winner = second if resigner is first else first
    await click(emulator, store, winner, "yes", game_id)
    assert (await store.get_game(game_id)).status is GameStatus.FINISHED


async def rolls_by_player(store: Store, game_id: int) -> dict[int, list[tuple[int, int]]]:
    """Each player's rolls after the opening, counted from the log by the rules: the higher
    opening die starts and plays those numbers, then rolls alternate, the other player first."""
    row = await store.get_game(game_id)
    assert row.dice_secret is not None
    steps = [s for e in await store.events_for(game_id) for s in steps_of(e)]
    [seat] = [s for s in steps if s["op"] == "seat"]
    white, black = seat["seats"]
    [opening] = [s for s in steps if s["op"] == "opening"]  # no tie with these seeds
    starter = white if opening["dice"][0] > opening["dice"][1] else black
    order = [black, white] if starter == white else [white, black]
    found: dict[int, list[tuple[int, int]]] = {white: [], black: []}
    for n, step in enumerate(s for s in steps if s["op"] == "roll"):
        dice = (step["dice"][0], step["dice"][1])
        assert derive_roll(row.dice_secret, step["number"]) == dice  # as /verify checks
        found[order[n % 2]].append(dice)
    return found


def expected_lines(rolls: list[tuple[int, int]]) -> list[str]:
    faces = Counter(die for roll in rolls for die in roll)
    doubles = sum(a == b for a, b in rolls)
    pips = sum((a + b) * (2 if a == b else 1) for a, b in rolls)
    shown = " · ".join(f"{face}: {faces[face]}" for face in range(1, 7))
    return [
        f"Faces {shown} (fair dice: {2 * len(rolls) / 6:.1f} each)",
        f"Doubles: {doubles} of {len(rolls)} rolls, {100 * doubles / len(rolls):.1f}% "
        "(fair dice: 16.7%)",
        f"Pips per roll: {pips / len(rolls):.2f} (fair dice: 8.17)",
    ]


async def test_dice_statistics_match_a_count_of_the_stored_rolls(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await played_and_resigned(emulator, store, players.alice, players.carol, 1)
        await played_and_resigned(emulator, store, players.carol, players.bob, 2)
        mine = await command(emulator, players.carol, "stats", {"dice": True})
        alice = await command(
            emulator, players.carol, "stats", {"player": players.alice, "dice": True}
        )
    first, second = await rolls_by_player(store, 1), await rolls_by_player(store, 2)
    carols = first[players.carol.id] + second[players.carol.id]
    everyone = [roll for game in (first, second) for rolls in game.values() for roll in rolls]
    assert mine.ephemeral
    player_part, server_part = mine.content.split("\n\n")
    assert player_part.startswith("**Dice of Carol** (every roll recomputed")
    for line in expected_lines(carols):
        assert line in player_part.splitlines(), (line, player_part)
    assert server_part.startswith("**Dice of this server**")
    for line in expected_lines(everyone):
        assert line in server_part.splitlines(), (line, server_part)
    alices_part = alice.content.split("\n\n")[0]
    for line in expected_lines(first[players.alice.id]):
        assert line in alices_part.splitlines(), (line, alices_part)
    # Under 15 rolls the faces are not judged yet; the server's rolls are judged.
    assert len(first[players.alice.id]) < 15
    assert "Too few rolls to judge the faces yet: the test needs 15." in alices_part
    assert len(everyone) >= 15
    chi, p = chi_square(everyone)
    verdict = "Nothing unusual" if p >= 0.01 else "Unusual"
    assert (
        f"Chi-square test of the faces: {chi:.2f} (5 degrees of freedom), p = {p:.3f}. {verdict}"
        in server_part
    ), server_part


def chi_square(rolls: list[tuple[int, int]]) -> tuple[float, float]:
    """Pearson's statistic of the faces, and its p-value by integrating the chi-square density
    of 5 degrees of freedom numerically (Simpson's rule) from the statistic to far out."""
    faces = Counter(die for roll in rolls for die in roll)
    expected = 2 * len(rolls) / 6
    chi = sum((faces[face] - expected) ** 2 / expected for face in range(1, 7))

    def density(x: float) -> float:
        return float(x**1.5 * math.exp(-x / 2) / (2**2.5 * math.gamma(2.5)))

    end, steps = chi + 200, 200_000
    width = (end - chi) / steps
    total = density(chi) + density(end)
    total += sum((4 if n % 2 else 2) * density(chi + n * width) for n in range(1, steps))
    return chi, total * width / 3
