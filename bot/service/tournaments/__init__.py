"""Tournaments run by the bot (issue 18): sign-ups, rounds paired and played as ordinary tables,
standings, the winner."""
