"""Numbered schema revisions; each file is one Alembic migration."""
