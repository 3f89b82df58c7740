"""Alembic migrations for the store, applied by `Store.open` and `python -m bot.store upgrade`."""
