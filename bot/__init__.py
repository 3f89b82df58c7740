"""Duelboard's Discord front end, the game table (service) and the store."""
