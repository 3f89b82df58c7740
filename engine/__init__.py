"""The rules of backgammon and checkers: pure, synchronous, standard library only."""
