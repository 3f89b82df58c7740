"""Topic catalogs: each module holds one feature's texts as `EN`, `FR` and `DE` dicts."""
