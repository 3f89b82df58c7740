"""The bot application's process-level helpers."""

from __future__ import annotations

import gc

from bot.frontend.client import settle_heap


def test_settle_heap_keeps_what_is_alive_out_of_later_collections() -> None:
    gc.unfreeze()
    kept = [[n] for n in range(10)]  # lists are tracked by the collector
    try:
        assert {id(item) for item in kept} <= {id(seen) for seen in gc.get_objects()}
        settle_heap()
        # The collector no longer sees them: they are in the permanent generation.
        assert not {id(item) for item in kept} & {id(seen) for seen in gc.get_objects()}
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()


def test_settle_heap_collects_the_young_generation_less_often() -> None:
    before = gc.get_threshold()
    try:
        settle_heap()
        # Python's default is 700 allocations; a move alone allocates a few hundred objects.
        assert gc.get_threshold()[0] >= 10_000
        assert gc.get_threshold()[1:] == before[1:]
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
