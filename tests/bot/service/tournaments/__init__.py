"""Tests of the tournament pairing and standings module."""
