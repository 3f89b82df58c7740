"""Duelboard's Discord front end, the service and the store."""
