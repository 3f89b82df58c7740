"""Tier roles: a server's rating thresholds per ladder, each naming a Discord role, and which
tier a rating earns. A provisional rating (the "?") earns none."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.glicko2 import PROVISIONAL_DEVIATION
from bot.store import JsonValue

TIERS_SETTING = "tiers"
MAX_TIERS = 25


@dataclass(frozen=True, slots=True)
class Tier:
    """A role given from `rating` up on `ladder`."""

    ladder: str
    rating: int
    role_id: int


def tiers_of(stored: JsonValue) -> list[Tier]:
    """The tiers as stored in the server's settings (anything unreadable is left out)."""
    found = []
    for item in stored if isinstance(stored, list) else []:
        if not isinstance(item, dict):
            continue
        ladder, rating, role = item.get("ladder"), item.get("rating"), item.get("role")
        if isinstance(ladder, str) and isinstance(rating, int) and isinstance(role, int):
            found.append(Tier(ladder, rating, role))
    return sorted(found, key=lambda tier: (tier.ladder, tier.rating, tier.role_id))


def stored_tiers(tiers: Sequence[Tier]) -> list[JsonValue]:
    """The tiers as the server's settings keep them."""
    return [{"ladder": t.ladder, "rating": t.rating, "role": t.role_id} for t in tiers]


def with_tier(tiers: Sequence[Tier], tier: Tier) -> list[Tier]:
    """The tiers with `tier` set: its role takes that threshold on that ladder (and no other)."""
    kept = [t for t in tiers if t.role_id != tier.role_id]
    if len(kept) >= MAX_TIERS:
        raise ValueError(f"a server has at most {MAX_TIERS} tiers")
    return sorted([*kept, tier], key=lambda t: (t.ladder, t.rating, t.role_id))


def without_role(tiers: Sequence[Tier], role_id: int) -> list[Tier]:
    """The tiers without the role's."""
    return [t for t in tiers if t.role_id != role_id]


def earned_role(
    tiers: Sequence[Tier], ladder: str, rating: float | None, deviation: float | None
) -> int | None:
    """The role of the highest tier of `ladder` the rating reaches; None when unrated,
    provisional, or below every tier."""
    if rating is None or deviation is None or deviation > PROVISIONAL_DEVIATION:
        return None
    reached = [t for t in tiers if t.ladder == ladder and round(rating) >= t.rating]
    return max(reached, key=lambda t: t.rating).role_id if reached else None
