"""Verifiable dice: commitment, derivation from (seed, roll number), tampering, uniformity."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from bot.service.dice import (
    CryptoDice,
    DiceError,
    ScriptedDice,
    SeededDice,
    commitment,
    derive_roll,
    new_seed,
    verify,
)

SEED = bytes(range(32)).hex()


def spec_roll(seed: str, number: int) -> tuple[int, int]:
    """The derivation exactly as the module docstring publishes it, written independently."""
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        digest = hmac.new(
            bytes.fromhex(seed), f"duelboard-roll:{number}:{block}".encode(), hashlib.sha256
        ).digest()
        dice.extend(b % 6 + 1 for b in digest if b < 252)
        block += 1
    return dice[0], dice[1]


def test_commitment_is_sha256_of_the_seed_text() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED.encode()).hexdigest()


def test_new_seeds_are_fresh_hex() -> None:
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(seed) == 64 and int(seed, 16) >= 0 for seed in seeds)


@pytest.mark.parametrize("number", [1, 2, 3, 17, 1000])
def test_rolls_follow_the_published_derivation(number: int) -> None:
    assert derive_roll(SEED, number) == spec_roll(SEED, number)
    assert CryptoDice().roll(SEED, number) == spec_roll(SEED, number)


def test_rejection_sampling_skips_high_bytes() -> None:
    # Find a (seed, number) whose first HMAC byte is >= 252: a modulo reduction would use it,
    # the published scheme must skip it.
    for index in range(5000):
        seed = hashlib.sha256(str(index).encode()).hexdigest()
        digest = hmac.new(bytes.fromhex(seed), b"duelboard-roll:1:0", hashlib.sha256).digest()
        if digest[0] >= 252:
            break
    else:
        pytest.fail("no seed with a high first byte among 5000 (expected about 80)")
    accepted = [b % 6 + 1 for b in digest if b < 252]
    assert derive_roll(seed, 1) == (accepted[0], accepted[1])


def test_rolls_are_reproducible_and_differ_by_number() -> None:
    rolls = [derive_roll(SEED, n) for n in range(1, 200)]
    assert rolls == [derive_roll(SEED, n) for n in range(1, 200)]
    assert len(set(rolls)) > 20


def test_verify_accepts_an_honest_log() -> None:
    log = {n: spec_roll(SEED, n) for n in range(1, 60)}
    report = verify(SEED, commitment(SEED), log)
    assert report.ok
    assert report.rolls_checked == 59
    assert "59 rolls match" in report.describe()


def test_verify_catches_a_tampered_roll() -> None:
    log = {n: spec_roll(SEED, n) for n in range(1, 10)}
    real = log[4]
    log[4] = (real[0] % 6 + 1, real[1])
    report = verify(SEED, commitment(SEED), log)
    assert not report.ok
    assert [m.number for m in report.mismatches] == [4]
    assert "Roll 4 was logged" in report.describe()


def test_verify_catches_a_swapped_seed() -> None:
    other = new_seed()
    log = {n: spec_roll(SEED, n) for n in range(1, 10)}
    report = verify(other, commitment(SEED), log)
    assert not report.commitment_ok
    assert not report.ok
    assert "does not match the commitment" in report.describe()


def test_verify_reports_an_unreadable_seed() -> None:
    report = verify("not a seed", commitment(SEED), {1: (1, 2)})
    assert not report.ok
    assert "64 lower-case hex digits" in report.describe()


@pytest.mark.parametrize("bad", ["", "ab", "G" * 64, SEED.upper(), 42])
def test_bad_seeds_are_refused(bad: object) -> None:
    with pytest.raises(DiceError, match="64 lower-case hex digits"):
        derive_roll(bad, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, -1, True, "1"])
def test_bad_roll_numbers_are_refused(bad: object) -> None:
    with pytest.raises(DiceError, match="roll numbers start at 1"):
        derive_roll(SEED, bad)  # type: ignore[arg-type]


def test_faces_are_uniform_chi_square() -> None:
    # 30,000 rolls (60,000 dice) from fixed seeds: deterministic, so it cannot flake.
    # Critical values at p = 0.001: 20.52 for 5 degrees of freedom, 66.62 for 35.
    faces: Counter[int] = Counter()
    pairs: Counter[tuple[int, int]] = Counter()
    for game in range(30):
        seed = hashlib.sha256(f"game {game}".encode()).hexdigest()
        for number in range(1, 1001):
            dice = derive_roll(seed, number)
            faces.update(dice)
            pairs[dice] += 1
    expected_face = sum(faces.values()) / 6
    chi_faces = sum((faces[f] - expected_face) ** 2 / expected_face for f in range(1, 7))
    expected_pair = sum(pairs.values()) / 36
    chi_pairs = sum(
        (pairs[(a, b)] - expected_pair) ** 2 / expected_pair
        for a in range(1, 7)
        for b in range(1, 7)
    )
    assert chi_faces < 20.52
    assert chi_pairs < 66.62


def test_seeded_dice_hand_out_seeds_in_order_then_refuse() -> None:
    source = SeededDice([SEED])
    assert source.new_seed() == SEED
    assert source.roll(SEED, 3) == spec_roll(SEED, 3)
    with pytest.raises(DiceError, match="no seeds left"):
        source.new_seed()


def test_scripted_dice_follow_the_script_and_fail_verification() -> None:
    source = ScriptedDice([(6, 6), (1, 2)])
    seed = source.new_seed()
    assert [source.roll(seed, 1), source.roll(seed, 2)] == [(6, 6), (1, 2)]
    with pytest.raises(DiceError, match="2 rolls; roll 3 asked"):
        source.roll(seed, 3)
    with pytest.raises(DiceError, match="two dice from 1 to 6"):
        ScriptedDice([(0, 7)])
    honest = [spec_roll(seed, 1), spec_roll(seed, 2)] == [(6, 6), (1, 2)]
    assert verify(seed, commitment(seed), {1: (6, 6), 2: (1, 2)}).ok == honest
