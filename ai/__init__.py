"""The computer player: checkers search, backgammon evaluation, hints and post-game analysis.

A satellite of `engine` (like `render`): it imports the rules and never `bot`, `discord` or the
store. Whatever it decides is one of the engine's own legal plays or moves. Each game kind's
player and coach is registered once, in `ai.kinds.AIS`.
"""
