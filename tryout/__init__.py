"""Try Duelboard without a Discord account: the real bot on a local Discord, played in a browser.

`python -m tryout` starts the emulator (`emulator/`), the unmodified
bot connected to it on its own SQLite file, and a web page that looks and behaves like a Discord
channel. Like the emulator, this package sits beside the bot: the bot's wheel holds neither.
"""
