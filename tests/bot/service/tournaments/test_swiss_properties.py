"""Swiss pairings on random fields and results, against what the rules promise.

On small fields (up to 10 players) every pairing of the round is enumerated, and the module's
choice is checked to be the one the rules pick: the bye, the fewest repeats, and in every score
group the fewest players sent down, the lowest-ranked ones. On fields up to 256, where that is out
of reach: everyone is paired once, byes at most once each, no repeats (a pairing without one
always exists there, by Dirac's theorem), no exchange of two pairings that would keep two more
players in their group or send a lower-ranked one down, and, where the players below a group
can always be paired, as many pairs kept inside the group as its own maximum matching (checked
with a Tutte-matrix rank).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournaments import swiss
from bot.service.tournaments.pairing import (
    Entrant,
    Format,
    Pairing,
    PairingResult,
    pair_round,
    rounds,
)
from tests.bot.service.tournaments.oracle import (
    History,
    every_pairing,
    history,
    matching_size,
    play,
    random_results,
)

SWISS = Format.SWISS


def partners(pairings: Sequence[Pairing]) -> dict[int, int]:
    found = {}
    for p in pairings:
        if p.second is not None:
            found[p.first], found[p.second] = p.second, p.first
    return found


def check_everyone_once(entrants: Sequence[Entrant], pairings: Sequence[Pairing]) -> None:
    named = [x for p in pairings for x in (p.first, p.second) if x is not None]
    assert sorted(named) == sorted(e.id for e in entrants)
    assert sum(p.second is None for p in pairings) == len(entrants) % 2


def brackets(past: History, pairings: Sequence[Pairing]) -> list[tuple[list[int], list[int]]]:
    """Each score group with the players who came down to it, as the round paired it, and the
    players it sent down, both in rank order."""
    mate = partners(pairings)
    field = [i for i in past.rank if i in mate]
    found = []
    carried: list[int] = []
    for score in sorted({past.points[i] for i in field}, reverse=True):
        bracket = carried + [i for i in field if past.points[i] == score]
        carried = [i for i in bracket if mate[i] not in bracket]
        found.append((bracket, carried))
    return found


def check_exhaustively(
    entrants: Sequence[Entrant], results: Sequence[PairingResult], pairings: Sequence[Pairing]
) -> None:
    past = history(entrants, results)

    def new(a: int, b: int) -> bool:
        return b not in past.met[a]

    def repeat_free(players: set[int]) -> bool:
        ordered = sorted(players, key=past.position)
        return next(every_pairing(ordered, new), None) is not None

    everyone = {e.id for e in entrants}
    bye = [p.first for p in pairings if p.second is None]
    if bye:
        fewest = min(past.byes[i] for i in everyone)
        eligible = [i for i in reversed(past.rank) if past.byes[i] == fewest]
        good = [i for i in eligible if repeat_free(everyone - {i})]
        assert bye == [good[0] if good else eligible[0]]
    field = everyone - set(bye)
    mate = partners(pairings)
    repeats = sum(1 for a, b in mate.items() if a < b and not new(a, b))
    if not repeat_free(field):
        # Then only the count is promised: the fewest any pairing of the field can have.
        ordered = sorted(field, key=past.position)
        least = min(
            sum(1 for a, b in pairing if not new(a, b))
            for pairing in every_pairing(ordered, lambda a, b: True)
        )
        assert repeats == least
        return
    assert repeats == 0
    unpaired = set(field)
    for bracket, sent_down in brackets(past, pairings):
        # Every repeat-free way to pair what is left, and whom each would send down.
        options = set()
        for pairing in every_pairing(sorted(unpaired, key=past.position), new):
            mates = {a: b for pair in pairing for a, b in (pair, pair[::-1])}
            options.add(tuple(i for i in bracket if mates[i] not in bracket))
        least = min(len(o) for o in options)
        assert len(sent_down) == least
        # The lowest-ranked: the highest-ranked of them as low as possible, then the next...
        best = max((o for o in options if len(o) == least), key=lambda o: [*map(past.position, o)])
        assert tuple(sent_down) == best
        unpaired -= set(bracket) - set(sent_down)


def check_large_field(
    entrants: Sequence[Entrant], results: Sequence[PairingResult], pairings: Sequence[Pairing]
) -> None:
    past = history(entrants, results)
    check_everyone_once(entrants, pairings)
    mate = partners(pairings)
    played = max((len(past.met[i]) for i in mate), default=0)
    even_field = len(mate)
    # Dirac: everyone may still meet at least even_field - 1 - played others, which is at least
    # half the field, so a pairing without repeats exists, whoever has the bye.
    assert played <= even_field // 2 - 1, "the test keeps to fields where Dirac applies"
    assert all(b not in past.met[a] for a, b in mate.items())
    bye = [p.first for p in pairings if p.second is None]
    if bye:
        fewest = min(past.byes[e.id] for e in entrants)
        lowest = next(i for i in reversed(past.rank) if past.byes[i] == fewest)
        assert bye == [lowest]

    def new(a: int, b: int) -> bool:
        return b not in past.met[a]

    unpaired = len(mate)
    for bracket, sent_down in brackets(past, pairings):
        inside = [i for i in bracket if i not in sent_down]
        for n, d1 in enumerate(sent_down):
            for d2 in sent_down[n + 1 :]:
                # Pairing d1-d2 and their partners together would keep two more inside.
                assert not (new(d1, d2) and new(mate[d1], mate[d2]))
            for s in inside:
                if past.position(s) > past.position(d1) and mate[s] != d1:
                    # s could go down in d1's place: a lower-ranked player sent down.
                    assert not (new(s, mate[d1]) and new(d1, mate[s]))
        unpaired -= len(bracket) - len(sent_down)
        below = unpaired - len(sent_down)
        if below >= 2 * played + 2 and len(sent_down) >= 2:
            # Dirac again: the players below can always be paired, so only the group's own
            # maximum matching limits the pairs kept inside it.
            assert len(sent_down) == len(bracket) - 2 * matching_size(bracket, new)


def field_of(players: int, rng: random.Random) -> list[Entrant]:
    # Few distinct ratings, so that ties fall to the user id as well.
    return [Entrant(100 + n, rng.choice((1400, 1500, 1500, 1600))) for n in range(players)]


def arbitrary_history(
    entrants: Sequence[Entrant], before: int, rng: random.Random
) -> list[PairingResult]:
    """Rounds paired at random (repeats and all), to reach situations a Swiss rarely does."""
    results: list[PairingResult] = []
    for number in range(1, before + 1):
        ids = [e.id for e in entrants]
        rng.shuffle(ids)
        pairings = [Pairing(ids.pop(), None)] if len(ids) % 2 else []
        pairings += [Pairing(a, b) for a, b in zip(ids[::2], ids[1::2], strict=True)]
        results += random_results(number, pairings, rng, draws=0.3)
    return results


@pytest.mark.parametrize("quick_tries", [swiss._QUICK_TRIES, 0], ids=["usual", "weighted"])
@settings(max_examples=150, deadline=None)
@given(st.integers(2, 10), st.integers(1, 12), st.randoms(use_true_random=False))
def test_small_fields_pair_as_the_rules_say(
    quick_tries: int, players: int, number: int, rng: random.Random
) -> None:
    entrants = field_of(players, rng)
    results = arbitrary_history(entrants, number - 1, rng)
    with pytest.MonkeyPatch.context() as patch:
        # 0: every group's floaters come from the weighted matching, which must agree.
        patch.setattr(swiss, "_QUICK_TRIES", quick_tries)
        pairings = pair_round(SWISS, entrants, results, number)
    check_everyone_once(entrants, pairings)
    check_exhaustively(entrants, results, pairings)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.randoms(use_true_random=False))
def test_small_events_played_out(players: int, rng: random.Random) -> None:
    entrants = field_of(players, rng)
    total = rng.randint(1, rounds(Format.ROUND_ROBIN, players))
    byes: set[int] = set()
    for results, pairings in play(SWISS, entrants, total, rng, draws=0.2):
        check_everyone_once(entrants, pairings)
        check_exhaustively(entrants, results, pairings)
        for p in pairings:
            if p.second is None:
                assert p.first not in byes, "at most one bye each"
                byes.add(p.first)


def check_event(players: int, rng: random.Random) -> None:
    entrants = field_of(players, rng)
    total = rng.randint(1, max(1, min(10, (players - 1) // 2)))
    byes: set[int] = set()
    for results, pairings in play(SWISS, entrants, total, rng, draws=rng.choice((0, 0.1, 0.5))):
        check_large_field(entrants, results, pairings)
        for p in pairings:
            if p.second is None:
                assert p.first not in byes, "at most one bye each"
                byes.add(p.first)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 64), st.randoms(use_true_random=False))
def test_fields_up_to_64(players: int, rng: random.Random) -> None:
    check_event(players, rng)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(65, 256), st.randoms(use_true_random=False))
def test_fields_up_to_256(players: int, rng: random.Random) -> None:
    check_event(players, rng)
