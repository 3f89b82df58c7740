"""The table's refusals (`bot.service.errors.REFUSALS`) as `refusal.<code>` in each language.

The English texts are the service's own templates, so the two can never drift apart; French and
German are written here, with the same placeholders.
"""

from __future__ import annotations

from bot.service.errors import REFUSALS

EN: dict[str, str] = {f"refusal.{code}": template for code, template in REFUSALS.items()}

_FR_OPPONENT_WAITS = (
    "Ce n'est pas votre tour dans la partie n°{game} : on attend que votre adversaire"
)
_DE_OPPONENT_WAITS = "Du bist in Partie #{game} nicht dran: wir warten darauf, dass dein Gegner"

FR: dict[str, str] = {
    "refusal.svc.not_a_player": "Vous ne jouez pas dans la partie n°{game}.",
    "refusal.svc.not_your_turn.roll": f"{_FR_OPPONENT_WAITS} lance les dés.",
    "refusal.svc.not_your_turn.roll_or_double": f"{_FR_OPPONENT_WAITS} lance les dés ou double.",
    "refusal.svc.not_your_turn.move": f"{_FR_OPPONENT_WAITS} joue.",
    "refusal.svc.not_your_turn.answer_double": (
        f"{_FR_OPPONENT_WAITS} accepte ou refuse le double."
    ),
    "refusal.svc.not_your_turn.answer_resignation": (
        f"{_FR_OPPONENT_WAITS} accepte ou refuse l'abandon."
    ),
    "refusal.svc.not_your_turn.answer_draw": f"{_FR_OPPONENT_WAITS} accepte ou refuse la nulle.",
    "refusal.svc.not_your_turn.opening": (
        "Ce n'est pas votre tour dans la partie n°{game} : le lancer d'ouverture vient d'abord."
    ),
    "refusal.svc.not_your_turn.nothing": (
        "Ce n'est le tour de personne dans la partie n°{game} : la table est fermée."
    ),
    "refusal.svc.move_first.roll": "Vous ne pouvez pas jouer maintenant : lancez d'abord les dés.",
    "refusal.svc.move_first.roll_or_double": (
        "Vous ne pouvez pas jouer maintenant : lancez d'abord les dés ou doublez."
    ),
    "refusal.svc.move_first.answer_double": (
        "Vous ne pouvez pas jouer maintenant : acceptez ou refusez d'abord le double."
    ),
    "refusal.svc.move_first.answer_resignation": (
        "Vous ne pouvez pas jouer maintenant : acceptez ou refusez d'abord l'abandon."
    ),
    "refusal.svc.move_first.opening": (
        "Vous ne pouvez pas jouer maintenant : le lancer d'ouverture vient d'abord."
    ),
    "refusal.svc.game_over.finished": (
        "La partie n°{game} est terminée ; lancez-en une nouvelle ou demandez une revanche."
    ),
    "refusal.svc.game_over.cancelled": (
        "La partie n°{game} a été annulée ; lancez-en une nouvelle ou demandez une revanche."
    ),
    "refusal.svc.game_over.expired": (
        "Le défi n°{game} a expiré ; lancez-en un nouveau ou demandez une revanche."
    ),
    "refusal.svc.not_started": (
        "La partie n°{game} n'a pas commencé : son défi attend une réponse."
    ),
    "refusal.svc.challenge_open": "la partie n'a pas commencé : le défi attend encore une réponse",
    "refusal.svc.nobody_seated": "personne n'est assis : le défi attend encore une réponse",
    "refusal.svc.nobody_on_clock": "personne n'a la pendule en marche",
    "refusal.svc.move.too_long": (
        "Un coup fait au plus {most} caractères ; écrivez-le comme d'habitude, par ex. 13/7 8/7"
        " ou 11-15."
    ),
    "refusal.svc.resign.too_long": (
        "Un niveau d'abandon fait au plus {most} caractères : simple, gammon ou backgammon"
        " (ou 1, 2, 3)."
    ),
    "refusal.svc.abort_too_late": (
        "La partie ne peut être annulée qu'avant que les deux camps aient joué ; abandonnez plutôt."
    ),
    "refusal.svc.challenge.person_or_bot": "Défiez une personne ou le bot, pas les deux.",
    "refusal.svc.challenge.yourself": (
        "Vous ne pouvez pas vous défier vous-même ; défiez quelqu'un ou le bot."
    ),
    "refusal.svc.challenge.by_the_bot": "Le bot ne lance pas de défis.",
    "refusal.svc.challenge.other_bot": "{name} est un bot qui ne sait pas jouer ; défiez le bot.",
    "refusal.svc.challenge.bot_accepts": (
        "Un bot ne peut pas accepter de défi ; pour jouer contre le bot, défiez-le."
    ),
    "refusal.svc.challenge.own": (
        "Vous ne pouvez pas accepter votre propre défi ; attendez un adversaire."
    ),
    "refusal.svc.challenge.for_someone_else": "Le défi n°{game} s'adresse à quelqu'un d'autre.",
    "refusal.svc.challenge.open_decline": (
        "Un défi ouvert ne se refuse pas ; laissez-le simplement."
    ),
    "refusal.svc.challenge.decline_not_yours": (
        "Seul le joueur défié peut refuser le défi n°{game}."
    ),
    "refusal.svc.challenge.cancel_not_yours": "Seul l'auteur du défi n°{game} peut l'annuler.",
    "refusal.svc.challenge.already_accepted": "Le défi n°{game} a déjà été accepté.",
    "refusal.svc.challenge.rematch_unfinished": (
        "Une revanche suit une partie terminée ; la partie n°{game} ne l'est pas."
    ),
    "refusal.svc.bg.say_play": "dites quel coup jouer, par ex. 13/7 8/7",
    "refusal.svc.bg.not_an_action": "{action} n'est pas une action du backgammon",
    "refusal.svc.bg.no_draw": (
        "on ne propose pas la nulle au backgammon : chaque partie a un gagnant ; "
        "pour la finir maintenant, abandonnez (/abandonner)"
    ),
    "refusal.svc.bg.no_resignation_offered": "aucun abandon n'est proposé",
    "refusal.svc.bg.resign_level": (
        "abandonnez une partie simple, un gammon ou un backgammon (1, 2 ou 3), pas {level}"
    ),
    "refusal.svc.ck.say_move": "dites quel coup jouer, par ex. 11-15",
    "refusal.svc.ck.not_an_action": "{action} n'est pas une action des dames",
    "refusal.svc.ck.no_dice": "les dames se jouent sans dés : jouez votre coup (/jouer)",
    "refusal.svc.ck.no_cube": (
        "les dames n'ont pas de videau : proposez la nulle (/nulle) ou abandonnez (/abandonner)"
    ),
    "refusal.svc.ck.no_draw_offered": "aucune nulle n'est proposée",
    "refusal.svc.ck.answer_draw_first": (
        "répondez d'abord à la proposition de nulle : acceptez ou refusez"
    ),
    "refusal.svc.ck.not_legal_here": "{move} n'est pas un coup légal ici",
    "refusal.svc.option.unknown_game": "jeu inconnu {kind} ; choisissez parmi : {choices}",
    "refusal.svc.option.unknown_option": "option inconnue {name} ; les options sont {choices}",
    "refusal.svc.option.unknown_variant": (
        "variante de {kind} inconnue {variant} ; choisissez parmi {choices}"
    ),
    "refusal.svc.option.on_or_off": "{name} vaut oui ou non (True/False), pas {value}",
    "refusal.svc.option.length_not_whole": (
        "la longueur du match est un nombre entier, pas {value}"
    ),
    "refusal.svc.option.checkers_length": (
        "les dames se jouent une partie à la fois : pas de longueur de match"
    ),
    "refusal.svc.option.length_range": (
        "points vaut 0 (partie d'argent) ou une longueur de match de 1 à {most}, pas {value}"
    ),
    "refusal.svc.option.jacoby_money_only": (
        "la règle de Jacoby (jacoby) vaut pour les parties d'argent : un match (points "
        "au-dessus de 0) se joue avec la règle de Crawford"
    ),
    "refusal.svc.option.jacoby_needs_cube": (
        "la règle de Jacoby (jacoby) demande le videau : sans lui, les gammons comptent toujours"
    ),
    "refusal.svc.option.crawford_match_only": (
        "la règle de Crawford (crawford) vaut pour les matchs : choisissez des points au-dessus "
        "de 0"
    ),
    "refusal.svc.option.starter_by_opening_roll": (
        "qui joue en premier (premier) ne se choisit qu'au Bad'Gammon : dans les autres "
        "variantes du backgammon, le lancer d'ouverture décide"
    ),
    "refusal.svc.option.starter": "qui commence : {choices} ; pas {value}",
    "refusal.svc.option.colour": "l'auteur du défi joue blanc ou noir (white/black), pas {value}",
    "refusal.svc.option.level": "le niveau de l'ordinateur est {choices} ; pas {value}",
    "refusal.svc.option.hints_rated": (
        "les conseils ne sont permis que dans les parties non classées : désactivez rated ou hints"
    ),
    "refusal.svc.time.not_a_duration": "une limite de temps est une durée, pas {value}",
    "refusal.svc.time.range": (
        "le temps par coup doit être compris entre 5 minutes et 7 jours, pas {limit}"
    ),
    "refusal.svc.time.too_long": (
        "une limite de temps fait au plus {most} caractères ; écrivez un nombre et une unité,"
        " par ex. 30m, 24h, 3d"
    ),
    "refusal.svc.time.unreadable": (
        "impossible de lire {text} comme limite de temps ; écrivez un nombre et une unité "
        "(m, h ou d pour les jours), par ex. 30m, 24h, 3d"
    ),
    "refusal.svc.hint.unavailable": "Les conseils ne sont pas disponibles sur ce bot.",
    "refusal.svc.hint.rated": (
        "La partie n°{game} est classée : les conseils sont réservés aux parties contre le bot"
        " et aux parties non classées lancées avec les conseils activés (hints)."
    ),
    "refusal.svc.hint.not_agreed": (
        "La partie n°{game} a été lancée sans conseils : les deux joueurs doivent les accepter"
        " dans le défi (hints activé)."
    ),
    "refusal.svc.hint.roll_first": (
        "Un conseil classe les coups de vos dés : lancez d'abord les dés."
    ),
    "refusal.svc.hint.answer_offer_first": (
        "Un conseil classe les coups : répondez d'abord à l'offre sur le plateau (accepter ou"
        " refuser)."
    ),
    "refusal.svc.hint.answer_draw_first": (
        "Un conseil classe les coups : acceptez ou refusez d'abord la proposition de nulle."
    ),
    "refusal.svc.never_started": "la partie n°{game} n'a jamais commencé : il n'y a rien à montrer",
    "refusal.svc.verify.open": (
        "La graine de la partie n°{game} est révélée à la fin de la partie."
    ),
    "refusal.svc.rating.no_result": (
        "La partie n°{game} n'a pas de résultat à enregistrer (état : {status})."
    ),
}

DE: dict[str, str] = {
    "refusal.svc.not_a_player": "Du spielst nicht in Partie #{game}.",
    "refusal.svc.not_your_turn.roll": f"{_DE_OPPONENT_WAITS} würfelt.",
    "refusal.svc.not_your_turn.roll_or_double": f"{_DE_OPPONENT_WAITS} würfelt oder doppelt.",
    "refusal.svc.not_your_turn.move": f"{_DE_OPPONENT_WAITS} zieht.",
    "refusal.svc.not_your_turn.answer_double": (
        f"{_DE_OPPONENT_WAITS} das Doppel annimmt oder ablehnt."
    ),
    "refusal.svc.not_your_turn.answer_resignation": (
        f"{_DE_OPPONENT_WAITS} die Aufgabe annimmt oder ablehnt."
    ),
    "refusal.svc.not_your_turn.answer_draw": (
        f"{_DE_OPPONENT_WAITS} das Remis annimmt oder ablehnt."
    ),
    "refusal.svc.not_your_turn.opening": (
        "Du bist in Partie #{game} nicht dran: zuerst kommt der Eröffnungswurf."
    ),
    "refusal.svc.not_your_turn.nothing": (
        "In Partie #{game} ist niemand dran: der Tisch ist geschlossen."
    ),
    "refusal.svc.move_first.roll": "Du kannst jetzt nicht ziehen: erst würfeln.",
    "refusal.svc.move_first.roll_or_double": (
        "Du kannst jetzt nicht ziehen: erst würfeln oder doppeln."
    ),
    "refusal.svc.move_first.answer_double": (
        "Du kannst jetzt nicht ziehen: nimm erst das Doppel an oder lehne es ab."
    ),
    "refusal.svc.move_first.answer_resignation": (
        "Du kannst jetzt nicht ziehen: nimm erst die Aufgabe an oder lehne sie ab."
    ),
    "refusal.svc.move_first.opening": (
        "Du kannst jetzt nicht ziehen: zuerst kommt der Eröffnungswurf."
    ),
    "refusal.svc.game_over.finished": (
        "Partie #{game} ist beendet; starte eine neue oder fordere eine Revanche."
    ),
    "refusal.svc.game_over.cancelled": (
        "Partie #{game} wurde abgebrochen; starte eine neue oder fordere eine Revanche."
    ),
    "refusal.svc.game_over.expired": (
        "Die Herausforderung #{game} ist abgelaufen; starte eine neue oder fordere eine Revanche."
    ),
    "refusal.svc.not_started": (
        "Partie #{game} hat noch nicht begonnen: ihre Herausforderung wartet auf Antwort."
    ),
    "refusal.svc.challenge_open": (
        "die Partie hat noch nicht begonnen: die Herausforderung ist noch offen"
    ),
    "refusal.svc.nobody_seated": "niemand sitzt am Tisch: die Herausforderung ist noch offen",
    "refusal.svc.nobody_on_clock": "bei niemandem läuft die Uhr",
    "refusal.svc.move.too_long": (
        "Ein Zug hat höchstens {most} Zeichen; schreib ihn wie üblich, z. B. 13/7 8/7 oder 11-15."
    ),
    "refusal.svc.resign.too_long": (
        "Eine Aufgabestufe hat höchstens {most} Zeichen: einfach, Gammon oder Backgammon"
        " (oder 1, 2, 3)."
    ),
    "refusal.svc.abort_too_late": (
        "Die Partie kann nur abgebrochen werden, bevor beide Seiten gezogen haben; "
        "gib stattdessen auf."
    ),
    "refusal.svc.challenge.person_or_bot": (
        "Fordere entweder einen Menschen oder den Bot heraus, nicht beide."
    ),
    "refusal.svc.challenge.yourself": (
        "Du kannst dich nicht selbst herausfordern; fordere jemanden oder den Bot heraus."
    ),
    "refusal.svc.challenge.by_the_bot": "Der Bot stellt keine Herausforderungen.",
    "refusal.svc.challenge.other_bot": (
        "{name} ist ein Bot, der nicht spielen kann; fordere den Bot heraus."
    ),
    "refusal.svc.challenge.bot_accepts": (
        "Ein Bot kann keine Herausforderung annehmen; um gegen den Bot zu spielen, fordere ihn"
        " heraus."
    ),
    "refusal.svc.challenge.own": (
        "Du kannst deine eigene Herausforderung nicht annehmen; warte auf einen Gegner."
    ),
    "refusal.svc.challenge.for_someone_else": "Herausforderung #{game} gilt jemand anderem.",
    "refusal.svc.challenge.open_decline": (
        "Eine offene Herausforderung kann man nicht ablehnen; lass sie einfach stehen."
    ),
    "refusal.svc.challenge.decline_not_yours": (
        "Nur der Herausgeforderte kann Herausforderung #{game} ablehnen."
    ),
    "refusal.svc.challenge.cancel_not_yours": (
        "Nur der Herausforderer kann Herausforderung #{game} zurückziehen."
    ),
    "refusal.svc.challenge.already_accepted": ("Herausforderung #{game} wurde schon angenommen."),
    "refusal.svc.challenge.rematch_unfinished": (
        "Eine Revanche folgt auf eine beendete Partie; Partie #{game} ist keine."
    ),
    "refusal.svc.bg.say_play": "sag, welchen Zug du spielen willst, z. B. 13/7 8/7",
    "refusal.svc.bg.not_an_action": "{action} ist keine Backgammon-Aktion",
    "refusal.svc.bg.no_draw": (
        "im Backgammon gibt es kein Remis: jedes Spiel hat einen Sieger; "
        "um es jetzt zu beenden, gib auf (/aufgeben)"
    ),
    "refusal.svc.bg.no_resignation_offered": "es wird keine Aufgabe angeboten",
    "refusal.svc.bg.resign_level": (
        "gib ein einfaches Spiel, ein Gammon oder ein Backgammon auf (1, 2 oder 3), nicht {level}"
    ),
    "refusal.svc.ck.say_move": "sag, welchen Zug du spielen willst, z. B. 11-15",
    "refusal.svc.ck.not_an_action": "{action} ist keine Dame-Aktion",
    "refusal.svc.ck.no_dice": "Dame wird ohne Würfel gespielt: mach deinen Zug (/ziehen)",
    "refusal.svc.ck.no_cube": (
        "Dame hat keinen Verdopplungswürfel: biete Remis an (/remis) oder gib auf (/aufgeben)"
    ),
    "refusal.svc.ck.no_draw_offered": "es wird kein Remis angeboten",
    "refusal.svc.ck.answer_draw_first": (
        "beantworte zuerst das Remisangebot: annehmen oder ablehnen"
    ),
    "refusal.svc.ck.not_legal_here": "{move} ist hier kein erlaubter Zug",
    "refusal.svc.option.unknown_game": "unbekanntes Spiel {kind}; wähle eines von: {choices}",
    "refusal.svc.option.unknown_option": "unbekannte Option {name}; die Optionen sind {choices}",
    "refusal.svc.option.unknown_variant": (
        "unbekannte {kind}-Variante {variant}; wähle aus {choices}"
    ),
    "refusal.svc.option.on_or_off": "{name} ist an oder aus (True/False), nicht {value}",
    "refusal.svc.option.length_not_whole": "die Matchlänge ist eine ganze Zahl, nicht {value}",
    "refusal.svc.option.checkers_length": (
        "Dame wird Partie für Partie gespielt: keine Matchlänge"
    ),
    "refusal.svc.option.length_range": (
        "Punkte ist 0 (ein Geldspiel) oder eine Matchlänge von 1 bis {most}, nicht {value}"
    ),
    "refusal.svc.option.jacoby_money_only": (
        "die Jacoby-Regel (jacoby) gilt im Geldspiel: ein Match (Punkte über 0) spielt mit der "
        "Crawford-Regel"
    ),
    "refusal.svc.option.jacoby_needs_cube": (
        "die Jacoby-Regel (jacoby) braucht den Verdopplungswürfel: ohne ihn zählen Gammons immer"
    ),
    "refusal.svc.option.crawford_match_only": (
        "die Crawford-Regel (crawford) gilt im Match: wähle Punkte über 0"
    ),
    "refusal.svc.option.starter_by_opening_roll": (
        "wer beginnt (wer_beginnt), wird nur bei Bad'Gammon gewählt: in den anderen "
        "Backgammon-Varianten entscheidet der Eröffnungswurf"
    ),
    "refusal.svc.option.starter": "wer beginnt: {choices}; nicht {value}",
    "refusal.svc.option.colour": (
        "der Herausforderer spielt Weiß oder Schwarz (white/black), nicht {value}"
    ),
    "refusal.svc.option.level": "die Stufe des Computers ist {choices}; nicht {value}",
    "refusal.svc.option.hints_rated": (
        "Tipps gibt es nur in ungewerteten Partien: schalte rated oder hints aus"
    ),
    "refusal.svc.time.not_a_duration": "ein Zeitlimit ist eine Dauer, nicht {value}",
    "refusal.svc.time.range": (
        "die Zeit pro Zug muss zwischen 5 Minuten und 7 Tagen liegen, nicht {limit}"
    ),
    "refusal.svc.time.too_long": (
        "ein Zeitlimit hat höchstens {most} Zeichen; schreibe eine Zahl und eine Einheit,"
        " z. B. 30m, 24h, 3d"
    ),
    "refusal.svc.time.unreadable": (
        "{text} ist kein lesbares Zeitlimit; schreibe eine Zahl und eine Einheit "
        "(m, h oder d für Tage), z. B. 30m, 24h, 3d"
    ),
    "refusal.svc.hint.unavailable": "Tipps gibt es bei diesem Bot nicht.",
    "refusal.svc.hint.rated": (
        "Partie #{game} ist gewertet: Tipps gibt es nur in Partien gegen den Bot und in"
        " ungewerteten Partien, die mit Tipps (hints) herausgefordert wurden."
    ),
    "refusal.svc.hint.not_agreed": (
        "Partie #{game} wurde ohne Tipps herausgefordert: beide Spieler müssen ihnen in der"
        " Herausforderung zustimmen (hints an)."
    ),
    "refusal.svc.hint.roll_first": ("Ein Tipp bewertet die Züge deines Wurfs: erst würfeln."),
    "refusal.svc.hint.answer_offer_first": (
        "Ein Tipp bewertet Züge: beantworte zuerst das Angebot auf dem Brett (annehmen oder"
        " ablehnen)."
    ),
    "refusal.svc.hint.answer_draw_first": (
        "Ein Tipp bewertet Züge: nimm zuerst das Remisangebot an oder lehne es ab."
    ),
    "refusal.svc.never_started": "Partie #{game} hat nie begonnen: es gibt nichts zu zeigen",
    "refusal.svc.verify.open": (
        "Der Seed von Partie #{game} wird aufgedeckt, wenn die Partie endet."
    ),
    "refusal.svc.rating.no_result": (
        "Partie #{game} hat kein Ergebnis zum Eintragen (Status: {status})."
    ),
}
