"""Game records other programs open: Jellyfish .mat for backgammon, PDN for checkers."""
