"""The service: challenges, turns, dice, clocks and ratings, with no Discord import."""
