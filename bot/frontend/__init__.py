"""The Discord front end: the only code that imports discord.

Slash commands (`cogs`), the buttons and move menu (`controls`), the game actions behind them
(`actions`), the game messages they update (`messages`), and the one place refusals are worded
(`replies`). `client` builds them all.
"""
