"""Tournament pairings and standings: knockout, round robin and Swiss. Pure: no I/O, no clock.

The rules, as the bot applies them:

Everyone
- Points: a win 1, a draw ½, a loss 0, a bye 1. A bye is a round without a game, counted as a
  win; it is recorded as a result like a game.
- Tie-breaks (round robin and Swiss): Buchholz, the sum of the points of every opponent met (a
  bye adds nothing), then Sonneborn–Berger, the sum of the points of every opponent beaten plus
  half the points of every opponent drawn. Players still level share a rank.

Knockout
- The number of rounds is the number of halvings to one winner: 8 players play 3 rounds, 5 or 6
  play 3 as well.
- Seeds follow rating, highest first (equal ratings: the lower user id first). Round 1 is the
  standard bracket: 1 against the last seed, 2 against the second last, and so on, placed so that
  1 and 2 can meet only in the final. When the field is not a power of two the top seeds get a
  bye into round 2.
- Each later round pairs the winners of neighbouring games of the bracket. A knockout game needs
  a winner: a drawn game is replayed.
- The player who has played first fewer times plays first; if equal, the higher seed.
- Standing: by the round reached; players knocked out in the same round share a rank and are
  listed by seed.

Round robin
- Everyone meets everyone once: n-1 rounds for an even field, n for an odd one, where each
  player has one bye.
- Rounds follow the circle method: the players sit in seed order around a table, the last seed
  (or the bye) in the middle; each round everyone but the middle moves one seat.
- Over the tournament each player plays first as often as second, or one time more or less.

Swiss
- Players are ranked by points, then rating, then user id. A score group is the players on the
  same points.
- The bye goes to the lowest-ranked player who has not had one and whose bye still lets everyone
  else be paired without a repeat (if nobody's does, to the lowest-ranked who has not had one).
- Nobody meets the same opponent twice while any pairing of the round avoids it; when none does,
  the round has as few repeats as the bye allows.
- Score groups are paired from the top. A group, with the players who came down to it, keeps as
  many pairs inside itself as it can while everyone below can still be paired without a repeat.
  The players left over come down to the next group, where they rank first; when several sets
  of them would do, the one whose highest-ranked player is lowest (then the next one) comes down.
- Inside a group the top half meets the bottom half in order: the group's top player meets the
  first of the bottom half, then the next player the next one, and so on; within the bottom half
  a player due the other turn (first or second) is preferred. A pair that would repeat, or would
  leave the rest of the group no pairing without one, is passed over for the next in the bottom
  half, then for the top half from its bottom up.
- The player who has played first fewer times plays first; if equal, the one who played second
  in the latest game; if still equal, the higher-ranked.

The caller (the tournament service) keeps the entrants and results; each call gets all of them.
For a knockout and a round robin the entrants are everyone who started (a removed player loses the
games it does not play); for a Swiss, the players to pair (a removed player is left out, and its
games still count in its opponents' tie-breaks).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from bot.service.tournaments import knockout, round_robin, swiss
from bot.service.tournaments.model import Entrant, Format, Pairing, PairingResult, Standing, by_seed

__all__ = [
    "Entrant",
    "Format",
    "Pairing",
    "PairingResult",
    "Standing",
    "pair_round",
    "rounds",
    "standings",
]


def rounds(format: Format, players: int, swiss_rounds: int | None = None) -> int:
    """How many rounds the tournament has; `swiss_rounds` is the organizer's choice for a Swiss (at
    most a round robin's count, so that nobody needs a second bye) and is ignored otherwise."""
    if players < 2:
        raise ValueError(f"a tournament needs at least 2 players, not {players}")
    round_robin_rounds = players - 1 if players % 2 == 0 else players
    match Format(format):
        case Format.KNOCKOUT:
            return (players - 1).bit_length()
        case Format.ROUND_ROBIN:
            return round_robin_rounds
        case Format.SWISS:
            if swiss_rounds is None:
                raise ValueError("a Swiss needs its number of rounds")
            if not 1 <= swiss_rounds <= round_robin_rounds:
                raise ValueError(
                    f"a Swiss of {players} players has 1 to {round_robin_rounds} rounds,"
                    f" not {swiss_rounds}"
                )
            return swiss_rounds


def pair_round(
    format: Format, entrants: Sequence[Entrant], results: Sequence[PairingResult], round_number: int
) -> list[Pairing]:
    """The pairings of round `round_number` (1-based), given every result of the rounds before.

    Raises ValueError when a round before is not finished, a round is out of range, or the
    entrants or results do not fit together.
    """
    _check_entrants(entrants)
    _check_results(results)
    if round_number < 1:
        raise ValueError(f"rounds are numbered from 1, not {round_number}")
    late = [r for r in results if r.round >= round_number]
    if late:
        raise ValueError(f"round {late[0].round} already has results; round {round_number} is next")
    format = Format(format)
    if format is Format.SWISS:
        return _swiss(entrants, results, round_number)
    last = rounds(format, len(entrants))
    if round_number > last:
        name = "knockout" if format is Format.KNOCKOUT else "round robin"
        raise ValueError(
            f"a {name} of {len(entrants)} players has {last} rounds, not {round_number}"
        )
    if format is Format.KNOCKOUT:
        return knockout.pair(entrants, results, round_number)
    return round_robin.pair(entrants, results, round_number)


def standings(
    format: Format, entrants: Sequence[Entrant], results: Sequence[PairingResult]
) -> list[Standing]:
    """Every entrant's points, tie-breaks and rank, best first, from the results so far."""
    _check_entrants(entrants)
    _check_results(results)
    points, buchholz, berger = _scores(results)
    # A knockout ranks by the round reached: one more for every game won, or bye.
    wins = Counter(r.first if r.second is None else r.winner for r in results)

    def merit(e: Entrant) -> tuple[float, ...]:
        if Format(format) is Format.KNOCKOUT:
            return (-wins[e.id],)
        return (-points[e.id], -buchholz[e.id], -berger[e.id])

    seed = {e.id: n for n, e in enumerate(by_seed(entrants))}
    order = sorted(entrants, key=lambda e: (merit(e), seed[e.id]))
    table: list[Standing] = []
    for n, e in enumerate(order):
        rank = n + 1 if n == 0 or merit(order[n - 1]) != merit(e) else table[-1].rank
        table.append(Standing(e.id, points[e.id], buchholz[e.id], berger[e.id], rank))
    return table


def _scores(
    results: Sequence[PairingResult],
) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """Points, Buchholz and Sonneborn–Berger of everyone named in the results (0 if unnamed)."""
    points: dict[int, float] = defaultdict(float)
    for r in results:
        if r.second is None:
            points[r.first] += 1
        elif r.winner is None:
            points[r.first] += 0.5
            points[r.second] += 0.5
        else:
            points[r.winner] += 1
    buchholz: dict[int, float] = defaultdict(float)
    berger: dict[int, float] = defaultdict(float)
    for r in results:
        if r.second is None:
            continue
        for me, them in ((r.first, r.second), (r.second, r.first)):
            buchholz[me] += points[them]
            if r.winner is None:
                berger[me] += points[them] / 2
            elif r.winner == me:
                berger[me] += points[them]
    return points, buchholz, berger


def _check_entrants(entrants: Sequence[Entrant]) -> None:
    if len(entrants) < 2:
        raise ValueError(f"a tournament needs at least 2 players, not {len(entrants)}")
    twice = [i for i, count in Counter(e.id for e in entrants).items() if count > 1]
    if twice:
        raise ValueError(f"player {twice[0]} is entered twice")
    odd = [e for e in entrants if not math.isfinite(e.rating)]
    if odd:
        raise ValueError(f"player {odd[0].id} has no usable rating ({odd[0].rating})")


def _check_results(results: Sequence[PairingResult]) -> None:
    seen: set[tuple[int, int]] = set()
    for r in results:
        if r.round < 1:
            raise ValueError(f"rounds are numbered from 1, not {r.round}")
        if r.first == r.second:
            raise ValueError(f"player {r.first} cannot play itself (round {r.round})")
        allowed = (r.first, None) if r.second is None else (r.first, r.second, None)
        if r.winner not in allowed:
            raise ValueError(f"player {r.winner} won a game it did not play (round {r.round})")
        for player in (r.first, r.second):
            if player is None:
                continue
            if (r.round, player) in seen:
                raise ValueError(f"player {player} has two results in round {r.round}")
            seen.add((r.round, player))


def _swiss(
    entrants: Sequence[Entrant], results: Sequence[PairingResult], round_number: int
) -> list[Pairing]:
    ids = {e.id for e in entrants}
    for number in range(1, round_number):
        present = {p for r in results if r.round == number for p in (r.first, r.second)}
        missing = sorted(ids - present)
        if missing:
            raise ValueError(f"round {number} is not finished: no result for player {missing[0]}")
    points, _, _ = _scores(results)
    met: dict[int, set[int]] = defaultdict(set)
    balance: Counter[int] = Counter()
    last_first: dict[int, bool] = {}
    for r in sorted(results, key=lambda r: r.round):
        if r.second is None:
            continue
        met[r.first].add(r.second)
        met[r.second].add(r.first)
        balance[r.first] += 1
        balance[r.second] -= 1
        last_first[r.first], last_first[r.second] = True, False
    byes = Counter(r.first for r in results if r.second is None)
    players = [
        swiss.Player(
            id=e.id,
            points=points[e.id],
            rating=e.rating,
            met=frozenset(met[e.id]),
            byes=byes[e.id],
            balance=balance[e.id],
            last_first=last_first.get(e.id),
        )
        for e in entrants
    ]
    return [Pairing(first, second) for first, second in swiss.pair(players)]
