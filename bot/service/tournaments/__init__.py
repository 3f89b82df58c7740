"""Tournaments in a server: knockout, round robin and Swiss, run by the bot from sign-up
to the winner; every pairing is played as an ordinary game."""
