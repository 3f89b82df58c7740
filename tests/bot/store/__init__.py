"""Tests for bot.store: every store test runs on SQLite files and, when configured, PostgreSQL."""
