"""Words the bot splices into other texts: what a player is awaited to do (`session.AWAITING`)."""

from __future__ import annotations

EN: dict[str, str] = {
    "awaiting.roll": "to roll",
    "awaiting.roll_or_double": "to roll or double",
    "awaiting.move": "to move",
    "awaiting.answer_double": "to take or pass the double",
    "awaiting.answer_resignation": "to accept or decline the resignation",
    "awaiting.answer_draw": "to accept or decline the draw",
    "awaiting.opening": "the opening roll",
    "awaiting.nothing": "nothing: the table is closed",
}

FR: dict[str, str] = {
    "awaiting.roll": "lancer les dés",
    "awaiting.roll_or_double": "lancer les dés ou doubler",
    "awaiting.move": "jouer",
    "awaiting.answer_double": "accepter ou refuser le double",
    "awaiting.answer_resignation": "accepter ou refuser l'abandon",
    "awaiting.answer_draw": "accepter ou refuser la nulle",
    "awaiting.opening": "le lancer d'ouverture",
    "awaiting.nothing": "rien : la table est fermée",
}

DE: dict[str, str] = {
    "awaiting.roll": "würfeln",
    "awaiting.roll_or_double": "würfeln oder doppeln",
    "awaiting.move": "ziehen",
    "awaiting.answer_double": "das Doppel annehmen oder ablehnen",
    "awaiting.answer_resignation": "die Aufgabe annehmen oder ablehnen",
    "awaiting.answer_draw": "das Remis annehmen oder ablehnen",
    "awaiting.opening": "der Eröffnungswurf",
    "awaiting.nothing": "nichts: der Tisch ist geschlossen",
}
