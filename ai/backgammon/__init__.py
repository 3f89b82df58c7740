"""The backgammon computer: pubeval, Open Sage, cube advice, hints and analysis."""
