"""Tournaments in a server: knockout, round robin and Swiss events run by the bot."""
