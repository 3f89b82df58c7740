"""Slash commands, one cog per area; every module here is loaded as an extension at start."""
