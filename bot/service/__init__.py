"""The game table: challenges, turns, dice, clocks and ratings, with no Discord import."""
