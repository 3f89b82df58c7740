"""Texts of the computer's level, the Open Sage notice and /hint (issue 8)."""

from __future__ import annotations

EN = {
    "cmd.hint": (
        "Show the best plays for your turn (against the bot, or unrated games with hints on)"
    ),
    "opt.bot_level": "How strongly the bot plays, when you play against it",
    "opt.hints": "Let both players ask /hint (unrated games only; accepting is consent)",
    "coach.bot.beginner": "{name} (beginner)",
    "coach.bot.intermediate": "{name} (intermediate)",
    "coach.bot.expert": "{name} (expert)",
    "coach.level_ignored": "The level only applies to games against the bot; it was left out.",
    "coach.option_hints": "hints allowed",
    "coach.hints_consent": (
        "Hints are on: accepting this challenge agrees that both players may ask /hint."
    ),
    "coach.builtin": "The computer plays at its built-in level.",
    "coach.title_backgammon": "Best plays for your {dice} in game #{game}:",
    "coach.title_checkers": "Best moves in game #{game}:",
    "coach.line.equity_best": "{play} — equity {equity}",
    "coach.line.equity": "{play} — equity {equity} ({loss} against the best)",
    "coach.line.men_best": "{play} — {score} men",
    "coach.line.men": "{play} — {score} men ({loss} against the best)",
    "coach.line.win": "{play} — wins by force",
    "coach.line.loss": "{play} — loses by force",
    "coach.note.equity": (
        "Equity: points you win per game on average at the current cube (Open Sage, expert)."
    ),
    "coach.note.rank": (
        "Ranked by the built-in level (pubeval): its scores are not equities, so none are shown."
    ),
    "coach.note.men": (
        "Scores from Duelboard's own search, in men for you (1 = a man ahead; a king counts more)."
    ),
    "coach.decimal": ".",
}

FR = {
    "cmd.hint": (
        "Afficher les meilleurs coups pour votre tour (contre le bot, ou partie non classée"
        " avec conseils)"
    ),
    "opt.bot_level": "La force du bot, quand vous jouez contre lui",
    "opt.hints": (
        "Permettre aux deux joueurs de demander /conseil (parties non classées ;"
        " accepter vaut accord)"
    ),
    "coach.bot.beginner": "{name} (débutant)",
    "coach.bot.intermediate": "{name} (intermédiaire)",
    "coach.bot.expert": "{name} (niveau expert)",
    "coach.level_ignored": (
        "Le niveau ne vaut que pour les parties contre le bot ; il n'a pas été retenu."
    ),
    "coach.option_hints": "conseils permis",
    "coach.hints_consent": (
        "Conseils activés : accepter ce défi, c'est accepter que les deux joueurs"
        " demandent /conseil."
    ),
    "coach.builtin": "L'ordinateur joue à son niveau intégré.",
    "coach.title_backgammon": "Meilleurs coups pour votre {dice} dans la partie n°{game} :",
    "coach.title_checkers": "Meilleurs coups dans la partie n°{game} :",
    "coach.line.equity_best": "{play} — équité {equity}",
    "coach.line.equity": "{play} — équité {equity} ({loss} par rapport au meilleur)",
    "coach.line.men_best": "{play} — {score} pion(s)",
    "coach.line.men": "{play} — {score} pion(s) ({loss} par rapport au meilleur)",
    "coach.line.win": "{play} — gain forcé",
    "coach.line.loss": "{play} — perte forcée",
    "coach.note.equity": (
        "Équité : points gagnés en moyenne par partie au videau actuel (Open Sage, expert)."
    ),
    "coach.note.rank": (
        "Classés par le niveau intégré (pubeval) : ses scores ne sont pas des équités, aucun"
        " n'est affiché."
    ),
    "coach.note.men": (
        "Scores de la recherche de Duelboard, en pions pour vous (1 = un pion d'avance ;"
        " une dame compte davantage)."
    ),
    "coach.decimal": ",",
}

DE = {
    "cmd.hint": ("Die besten Züge für deinen Zug zeigen (gegen den Bot oder ungewertet mit Tipps)"),
    "opt.bot_level": "Wie stark der Bot spielt, wenn du gegen ihn spielst",
    "opt.hints": "Beide Spieler dürfen /tipp nutzen (nur ungewertet; Annehmen ist Zustimmung)",
    "coach.bot.beginner": "{name} (Anfänger)",
    "coach.bot.intermediate": "{name} (Fortgeschritten)",
    "coach.bot.expert": "{name} (Experte)",
    "coach.level_ignored": (
        "Die Stärke gilt nur für Partien gegen den Bot; sie wurde weggelassen."
    ),
    "coach.option_hints": "Tipps erlaubt",
    "coach.hints_consent": (
        "Tipps sind an: Wer diese Herausforderung annimmt, stimmt zu, dass beide Spieler"
        " /tipp nutzen dürfen."
    ),
    "coach.builtin": "Der Computer spielt auf seiner eingebauten Stufe.",
    "coach.title_backgammon": "Die besten Züge für deine {dice} in Partie #{game}:",
    "coach.title_checkers": "Die besten Züge in Partie #{game}:",
    "coach.line.equity_best": "{play} — Equity {equity}",
    "coach.line.equity": "{play} — Equity {equity} ({loss} gegenüber dem besten)",
    "coach.line.men_best": "{play} — {score} Steine",
    "coach.line.men": "{play} — {score} Steine ({loss} gegenüber dem besten)",
    "coach.line.win": "{play} — erzwungener Gewinn",
    "coach.line.loss": "{play} — erzwungener Verlust",
    "coach.note.equity": (
        "Equity: im Schnitt gewonnene Punkte pro Partie beim jetzigen Würfel (Open Sage, Experte)."
    ),
    "coach.note.rank": (
        "Gereiht von der eingebauten Stufe (pubeval): ihre Werte sind keine Equities, daher"
        " keine Zahlen."
    ),
    "coach.note.men": (
        "Werte aus Duelboards eigener Suche, in Steinen für dich (1 = ein Stein mehr;"
        " eine Dame zählt mehr)."
    ),
    "coach.decimal": ",",
}
