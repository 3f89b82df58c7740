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
