"""Each game kind's interface to the computer, one module per kind: what its session asks the
bot's player (`Opponent.for_kind`) and what its rules ask the coach (`Coach.for_kind`), plus the
simple player that picks the first legal choice (the bot's player when none is given)."""
