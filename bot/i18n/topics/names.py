"""Command, option and choice names as French and German users see them in Discord's client.

Keys: `name.cmd.<command>`, `name.opt.<option>` (the same word on every command), or
`name.opt.<command>.<option>` where one command means something else by it (`/verify game` is a
game number, not a game kind), and `name.choice.<value>` (a choice's value never changes; only
its name is translated). The English entry is the name itself: English users see the names as
documented, and the translator never returns them. The cogs build their choices from it
(`bot.i18n.translator.named_choices`), so no choice shows its raw value (`checkers:box`).

Discord's rule for command and option names: 1-32 lowercase letters, digits, `-` or `_`, no
spaces. Choice names are free text (1-100 characters): German nouns keep their capital there.
"""

from __future__ import annotations

# key: (English, French, German)
_NAMES: dict[str, tuple[str, str, str]] = {
    # Commands
    "name.cmd.backgammon": ("backgammon", "backgammon", "backgammon"),
    "name.cmd.checkers": ("checkers", "dames", "dame"),
    "name.cmd.move": ("move", "jouer", "ziehen"),
    "name.cmd.roll": ("roll", "lancer", "würfeln"),
    "name.cmd.double": ("double", "doubler", "doppeln"),
    "name.cmd.resign": ("resign", "abandonner", "aufgeben"),
    "name.cmd.draw": ("draw", "nulle", "remis"),
    "name.cmd.abort": ("abort", "annuler", "abbrechen"),
    "name.cmd.board": ("board", "plateau", "brett"),
    "name.cmd.rules": ("rules", "règles", "regeln"),
    "name.cmd.help": ("help", "aide", "hilfe"),
    "name.cmd.hint": ("hint", "conseil", "tipp"),
    "name.cmd.leaderboard": ("leaderboard", "classement", "rangliste"),
    "name.cmd.stats": ("stats", "statistiques", "statistik"),
    "name.cmd.history": ("history", "historique", "verlauf"),
    "name.cmd.export": ("export", "exporter", "exportieren"),
    "name.cmd.verify": ("verify", "vérifier", "prüfen"),
    "name.cmd.settings": ("settings", "paramètres", "einstellungen"),
    # Options
    "name.opt.opponent": ("opponent", "adversaire", "gegner"),
    "name.opt.points": ("points", "points", "punkte"),
    "name.opt.cube": ("cube", "videau", "dopplerwürfel"),
    "name.opt.jacoby": ("jacoby", "jacoby", "jacoby"),
    "name.opt.time": ("time", "temps", "zeit"),
    "name.opt.rated": ("rated", "classée", "gewertet"),
    "name.opt.variant": ("variant", "variante", "variante"),
    "name.opt.first": ("first", "premier", "wer_beginnt"),
    "name.opt.level": ("level", "niveau", "stärke"),
    "name.opt.hints": ("hints", "conseils", "tipps"),
    "name.opt.play": ("play", "coup", "zug"),
    "name.opt.game": ("game", "jeu", "spiel"),
    "name.opt.scope": ("scope", "portée", "bereich"),
    "name.opt.page": ("page", "page", "seite"),
    "name.opt.player": ("player", "joueur", "spieler"),
    "name.opt.threads": ("threads", "fils", "threads"),
    "name.opt.games": ("games", "jeux", "spiele"),
    "name.opt.theme": ("theme", "thème", "farbschema"),
    "name.opt.private": ("private", "privé", "privat"),
    # The resign level is how much is given up, not the computer's strength.
    "name.opt.resign.level": ("level", "niveau", "stufe"),
    # A game number on these two, not a game kind.
    "name.opt.verify.game": ("game", "partie", "partie"),
    "name.opt.export.game": ("game", "partie", "partie"),
    # Choices: games, ladders and the games a server allows
    "name.choice.backgammon": ("backgammon", "backgammon", "Backgammon"),
    "name.choice.checkers": ("checkers", "dames", "Dame"),
    "name.choice.both": ("both", "les deux", "beide"),
    # Choices: the theme of board pictures
    "name.choice.light": ("light", "clair", "hell"),
    "name.choice.dark": ("dark", "sombre", "dunkel"),
    "name.choice.checkers:box": (
        "checkers (box rules)",
        "dames (règles du coffret)",
        "Dame (Regeln der Schachtel)",
    ),
    "name.choice.checkers:english": ("English draughts", "dames anglaises", "englische Dame"),
    "name.choice.checkers:russian": ("Russian draughts", "dames russes", "russische Dame"),
    "name.choice.checkers:brazilian": (
        "Brazilian draughts",
        "dames brésiliennes",
        "brasilianische Dame",
    ),
    "name.choice.checkers:pool": ("pool checkers", "dames pool américain", "Pool-Dame"),
    "name.choice.checkers:international": (
        "international draughts",
        "dames internationales",
        "internationale Dame",
    ),
    # Choices: variants (French adjectives agree with « variante »)
    "name.choice.standard": ("standard", "standard", "Standard"),
    "name.choice.five_limit": (
        "five checkers a point at most",
        "cinq pions par flèche au plus",
        "höchstens fünf Steine pro Feld",
    ),
    "name.choice.badgammon": ("Bad'Gammon", "Bad'Gammon", "Bad'Gammon"),
    "name.choice.box": ("box rules", "règles du coffret", "Regeln der Schachtel"),
    "name.choice.english": ("English", "anglaise", "englisch"),
    "name.choice.russian": ("Russian", "russe", "russisch"),
    "name.choice.brazilian": ("Brazilian", "brésilienne", "brasilianisch"),
    "name.choice.pool": ("pool", "pool américain", "Pool (amerikanisch)"),
    "name.choice.international": ("international", "internationale", "international"),
    # Choices: who moves first
    "name.choice.challenger": ("challenger", "qui lance le défi", "Herausforderer"),
    "name.choice.opponent": ("opponent", "l'adversaire", "Gegner"),
    "name.choice.random": ("random", "au hasard", "zufällig"),
    # Choices: leaderboard scope
    "name.choice.server": ("this server", "ce serveur", "dieser Server"),
    "name.choice.global": ("all servers", "tous les serveurs", "alle Server"),
    # Choices: resign levels (the values are the points given up)
    "name.choice.1": ("single", "simple", "einfach"),
    "name.choice.2": ("gammon", "gammon", "Gammon"),
    "name.choice.3": ("backgammon", "backgammon", "Backgammon"),
    # Choices: the computer's level
    "name.choice.beginner": ("beginner", "débutant", "Anfänger"),
    "name.choice.intermediate": ("intermediate", "intermédiaire", "fortgeschritten"),
    "name.choice.expert": ("expert", "expert", "Experte"),
}

EN = {key: names[0] for key, names in _NAMES.items()}
FR = {key: names[1] for key, names in _NAMES.items()}
DE = {key: names[2] for key, names in _NAMES.items()}
