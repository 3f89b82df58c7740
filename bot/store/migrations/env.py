"""Alembic environment: migrations run only on a connection the store hands over."""

from __future__ import annotations

from alembic import context

from bot.store.schema import metadata

connection = context.config.attributes.get("connection")
if context.is_offline_mode() or connection is None:
    raise RuntimeError(
        "Duelboard migrations run on a live connection: use `python -m bot.store upgrade "
        "[--url URL]` (Store.open applies them too)."
    )
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
