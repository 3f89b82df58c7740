"""The engines' refusals (`refusal.<code>`), worded from their codes and language-neutral params.

English comes straight from the engines' registries, so it is always the text `str(error)` gives.
French and German are written by hand; the `bg.not_now.*` family is one sentence per action and
phase, and the `bg.play.*` twins of the `bg.move.*` reasons add the play in front, in every
language alike. A list parameter (`choices`, `points`) takes the word before its last item as
its format spec (`{choices:ou}`), see `engine.reason.Listing`.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.backgammon import errors as backgammon
from engine.checkers import errors as checkers

PREFIX = "refusal."


def _keyed(texts: Mapping[str, str]) -> dict[str, str]:
    """`texts` by catalog key."""
    return {PREFIX + code: text for code, text in texts.items()}


def _backgammon_families(
    moves: Mapping[str, str],
    play_prefix: str,
    sentence: str,
    actions: Mapping[str, str],
    phases: Mapping[str, str],
) -> dict[str, str]:
    """The move reasons, their whole-play twins and every "not now" sentence of one language."""
    return {
        **moves,
        **{
            "bg.play." + code.removeprefix("bg.move."): play_prefix + text
            for code, text in moves.items()
        },
        **{
            f"bg.not_now.{action}.{phase}": sentence.format(action=verb, phase=reason)
            for action, verb in actions.items()
            for phase, reason in phases.items()
        },
    }


EN: dict[str, str] = _keyed({**backgammon.REFUSALS, **checkers.REFUSALS})

_FR_MOVES = {
    "bg.move.bar_empty": "{move} : aucun pion sur la barre",
    "bg.move.point_empty": "{move} : aucun pion sur votre flèche {point}",
    "bg.move.enter_first": "{move} : rentrez d'abord votre pion de la barre",
    "bg.move.not_all_home": (
        "{move} : vous ne pouvez sortir que lorsque tous vos pions sont dans votre jan intérieur"
    ),
    "bg.move.point_blocked": "{move} : votre flèche {point} est bloquée",
    "bg.move.point_full": "{move} : votre flèche {point} porte déjà {limit} de vos pions",
    "bg.move.unmarked_hit": "{move} : ce déplacement frappe un pion isolé",
    "bg.move.marked_no_hit": "{move} : ce déplacement ne frappe aucun pion isolé",
    "bg.move.dice_used": "{move} : les dés sont déjà tous joués",
    "bg.move.higher_first": (
        "{move} : vous devez d'abord jouer un pion d'une flèche plus haute que la {point}"
    ),
    "bg.move.stop_blocked": "{move} : votre flèche {point} est bloquée en chemin",
    "bg.move.stops_blocked": "{move} : vos flèches {points:et} sont bloquées en chemin",
    "bg.move.wrong_distance": (
        "{move} : c'est une distance de {distance}, et il vous reste les dés {dice}"
    ),
}

_FR_ACTIONS = {
    "opening_roll": "faire le lancer d'ouverture",
    "roll": "lancer les dés",
    "double": "doubler",
    "take": "accepter le videau",
    "pass": "refuser le videau",
    "move": "jouer",
    "resign": "abandonner",
    "accept_resignation": "accepter un abandon",
    "decline_resignation": "refuser un abandon",
}

_FR_PHASES = {
    "opening": "la partie commence par le lancer d'ouverture",
    "rolling": "lancez d'abord les dés (ou doublez)",
    "doubled": "répondez d'abord au videau : acceptez ou refusez",
    "moving": "les dés sont lancés : jouez-les d'abord",
    "resigning": "répondez d'abord à l'abandon : acceptez ou refusez",
    "over": "la partie est terminée",
}

FR: dict[str, str] = _keyed(
    {
        "bg.read.not_text": "un coup s'écrit comme 13/8 6/5, pas « {text} »",
        "bg.read.empty": "tapez un coup comme 13/8 6/5 (ou pass)",
        "bg.read.unreadable": "impossible de lire « {token} » : écrivez un déplacement comme 13/8",
        "bg.read.no_end": (
            "impossible de lire « {token} » : un déplacement a un départ et une arrivée, 13/8"
        ),
        "bg.read.not_a_point": (
            "impossible de lire « {token} » : « {name} » n'est ni une flèche, ni bar, ni off"
        ),
        "bg.read.repeat": (
            "impossible de lire « {token} » : un déplacement se répète de 1 à 4 fois"
        ),
        "bg.read.bar_off": (
            "impossible de lire « {token} » : on part de la barre (bar) et on sort (off), "
            "jamais l'inverse"
        ),
        "bg.read.backwards": (
            "{token} : les pions vont des flèches hautes vers les basses (de votre 24 vers votre 1)"
        ),
        "bg.read.bear_off_hit": "{token} : un pion qui sort ne peut pas frapper",
        "bg.read.point_range": (
            "impossible de lire « {token} » : les flèches sont numérotées de 1 à 24"
        ),
        "bg.value.source": (
            "un déplacement part d'une flèche de 1 à 24 ou de la barre, pas de {source}"
        ),
        "bg.value.direction": (
            "un déplacement avance vers une flèche plus basse ou sort, pas de {source} à {target}"
        ),
        "bg.value.bear_off_hit": "un pion qui sort ne peut pas frapper",
        "bg.value.entry": "un pion rentre sur les flèches 19 à 24, pas sur la {target}",
        "bg.value.text": "« {text} » n'est pas un déplacement comme 13/7*",
        "bg.value.point": "« {text} » : « {word} » n'est pas une flèche",
        "bg.play.no_blot": "il n'y a pas de pion isolé à frapper sur votre flèche {point}",
        "bg.play.ambiguous": "{text} peut vouloir dire {choices:ou}",
        "bg.play.must_pass": "vous ne pouvez pas jouer {roll} : tapez pass",
        "bg.play.can_move": "vous pouvez jouer {roll} : {example}, par exemple",
        "bg.play.both_dice": "vous devez jouer les deux dés : {example}, par exemple",
        "bg.play.all_moves": "vous devez jouer {count} déplacements : {example}, par exemple",
        "bg.play.larger_die": (
            "un seul dé peut être joué, et ce doit être le plus fort ({die}) : {example}"
        ),
        "bg.play.not_legal": "ce n'est pas un coup légal avec {roll} ; {example} en est un",
        "bg.play.not_of_roll": ("{play} n'est pas un coup légal avec {roll} ; {example} en est un"),
        **_backgammon_families(
            _FR_MOVES,
            "{play} n'est pas légal : ",
            "vous ne pouvez pas {action} maintenant : {phase}",
            _FR_ACTIONS,
            _FR_PHASES,
        ),
        "bg.cube.off": "vous ne pouvez pas doubler : cette partie se joue sans videau",
        "bg.cube.crawford": "vous ne pouvez pas doubler : pas de videau dans la partie Crawford",
        "bg.cube.owned": "vous ne pouvez pas doubler : le videau est à votre adversaire",
        "bg.cube.max": "vous ne pouvez pas doubler : le videau est déjà à {value}",
        "bg.game.needs_starter": "en {variant}, il faut désigner d'abord qui commence",
        "bg.game.starter_given": (
            "c'est le lancer d'ouverture qui décide qui commence ; personne n'est désigné"
        ),
        "bg.game.dice": "les dés sont deux nombres de 1 à 6, pas {dice}",
        "bg.game.resign_level": (
            "abandonnez une partie simple (1), un gammon (2) ou un backgammon (3), pas {level}"
        ),
        "bg.match.game_not_over": "la partie suivante commence quand celle-ci est finie",
        "bg.match.won.white": "le match est terminé : les blancs l'ont gagné",
        "bg.match.won.black": "le match est terminé : les noirs l'ont gagné",
        "ck.read.unreadable": (
            "impossible de lire « {text} » comme un coup : écrivez des cases comme 11-15 ou 22x15x6"
        ),
        "ck.read.no_square": (
            "il n'y a pas de case {square} : les cases sont numérotées de 1 à {count}"
        ),
        "ck.move.ambiguous": "{text} peut vouloir dire {choices:ou} : donnez le chemin complet",
        "ck.move.no_move.white": "les blancs n'ont aucun coup légal : la partie est terminée",
        "ck.move.no_move.black": "les noirs n'ont aucun coup légal : la partie est terminée",
        "ck.move.empty_square": "il n'y a pas de pièce sur la case {square}",
        "ck.move.not_yours.white": (
            "la pièce de la case {square} est noire ; c'est aux blancs de jouer"
        ),
        "ck.move.not_yours.black": (
            "la pièce de la case {square} est blanche ; c'est aux noirs de jouer"
        ),
        "ck.move.unfinished": (
            "{text} s'arrête trop tôt : une rafle continue tant qu'elle le peut ({choices:ou})"
        ),
        "ck.move.majority": (
            "{move} prend {taken}, mais la prise majoritaire est obligatoire ({most}) : "
            "{choices:ou}"
        ),
        "ck.move.must_capture": "la prise est obligatoire : {choices:ou}",
        "ck.move.not_from": "{text} n'est pas légal ; depuis la case {square} : {choices:ou}",
        "ck.move.cannot_move": (
            "la pièce de la case {square} ne peut pas bouger ; coups légaux : {choices:ou}"
        ),
        "ck.move.not_legal": "{move} n'est pas un coup légal ici",
        "ck.over.white.no_pieces": (
            "la partie est terminée : les blancs gagnent, les noirs n'ont plus de pièces."
        ),
        "ck.over.black.no_pieces": (
            "la partie est terminée : les noirs gagnent, les blancs n'ont plus de pièces."
        ),
        "ck.over.white.no_moves": (
            "la partie est terminée : les blancs gagnent, les noirs n'ont plus de coup légal."
        ),
        "ck.over.black.no_moves": (
            "la partie est terminée : les noirs gagnent, les blancs n'ont plus de coup légal."
        ),
        "ck.over.white.king_count": (
            "la partie est terminée : les blancs gagnent au compte des dames "
            "(plus aucun coup de pion ni prise)."
        ),
        "ck.over.black.king_count": (
            "la partie est terminée : les noirs gagnent au compte des dames "
            "(plus aucun coup de pion ni prise)."
        ),
        "ck.over.draw.king_count": (
            "la partie est terminée : nulle au compte des dames (plus aucun coup de pion ni prise)."
        ),
        "ck.over.draw.agreement": "la partie est terminée : nulle d'un commun accord.",
        "ck.over.draw.repetition": (
            "la partie est terminée : nulle, la même position pour la troisième fois."
        ),
        "ck.over.draw.no_progress": (
            "la partie est terminée : nulle, seules des dames jouent sans prise depuis trop "
            "longtemps."
        ),
    }
)

_DE_MOVES = {
    "bg.move.bar_empty": "{move}: kein Stein auf der Bar",
    "bg.move.point_empty": "{move}: kein Stein auf deinem Punkt {point}",
    "bg.move.enter_first": "{move}: bring zuerst deinen Stein von der Bar herein",
    "bg.move.not_all_home": (
        "{move}: auswürfeln darfst du erst, wenn alle deine Steine im Heimfeld sind"
    ),
    "bg.move.point_blocked": "{move}: dein Punkt {point} ist blockiert",
    "bg.move.point_full": "{move}: auf deinem Punkt {point} stehen schon {limit} deiner Steine",
    "bg.move.unmarked_hit": "{move}: dieser Zug schlägt einen Blot",
    "bg.move.marked_no_hit": "{move}: dieser Zug schlägt keinen Blot",
    "bg.move.dice_used": "{move}: die Würfel sind schon aufgebraucht",
    "bg.move.higher_first": (
        "{move}: du musst zuerst einen Stein von einem höheren Punkt als {point} ziehen"
    ),
    "bg.move.stop_blocked": "{move}: dein Punkt {point} auf dem Weg ist blockiert",
    "bg.move.stops_blocked": "{move}: deine Punkte {points:und} auf dem Weg sind blockiert",
    "bg.move.wrong_distance": (
        "{move}: das ist eine Strecke von {distance}, übrig sind die Würfel {dice}"
    ),
}

_DE_ACTIONS = {
    "opening_roll": "den Eröffnungswurf machen",
    "roll": "würfeln",
    "double": "verdoppeln",
    "take": "die Verdopplung annehmen",
    "pass": "die Verdopplung ablehnen",
    "move": "ziehen",
    "resign": "aufgeben",
    "accept_resignation": "eine Aufgabe annehmen",
    "decline_resignation": "eine Aufgabe ablehnen",
}

_DE_PHASES = {
    "opening": "die Partie beginnt mit dem Eröffnungswurf",
    "rolling": "erst würfeln (oder verdoppeln)",
    "doubled": "antworte erst auf die Verdopplung: annehmen oder ablehnen",
    "moving": "die Würfel sind gefallen: zieh erst",
    "resigning": "antworte erst auf die Aufgabe: annehmen oder ablehnen",
    "over": "die Partie ist vorbei",
}

DE: dict[str, str] = _keyed(
    {
        "bg.read.not_text": "ein Zug ist Text wie 13/8 6/5, nicht „{text}“",
        "bg.read.empty": "gib einen Zug wie 13/8 6/5 ein (oder pass)",
        "bg.read.unreadable": "„{token}“ ist nicht lesbar: schreib einen Zug wie 13/8",
        "bg.read.no_end": "„{token}“ ist nicht lesbar: ein Zug braucht Start und Ziel, 13/8",
        "bg.read.not_a_point": (
            "„{token}“ ist nicht lesbar: „{name}“ ist weder ein Punkt noch bar oder off"
        ),
        "bg.read.repeat": "„{token}“ ist nicht lesbar: ein Zug wiederholt sich 1- bis 4-mal",
        "bg.read.bar_off": (
            "„{token}“ ist nicht lesbar: Züge beginnen auf der Bar (bar) und enden draußen (off), "
            "nie umgekehrt"
        ),
        "bg.read.backwards": (
            "{token}: Steine ziehen von höheren zu niedrigeren Punkten (von deinem 24 zu deinem 1)"
        ),
        "bg.read.bear_off_hit": "{token}: beim Auswürfeln wird nicht geschlagen",
        "bg.read.point_range": "„{token}“ ist nicht lesbar: die Punkte gehen von 1 bis 24",
        "bg.value.source": (
            "ein Zug beginnt auf einem Punkt 1–24 oder auf der Bar, nicht auf {source}"
        ),
        "bg.value.direction": (
            "ein Zug geht vorwärts zu einem niedrigeren Punkt oder hinaus, "
            "nicht von {source} nach {target}"
        ),
        "bg.value.bear_off_hit": "beim Auswürfeln wird nicht geschlagen",
        "bg.value.entry": "ein Stein kommt auf den Punkten 19–24 herein, nicht auf {target}",
        "bg.value.text": "„{text}“ ist kein Zug wie 13/7*",
        "bg.value.point": "„{text}“: „{word}“ ist kein Punkt",
        "bg.play.no_blot": "auf deinem Punkt {point} steht kein Blot zum Schlagen",
        "bg.play.ambiguous": "{text} kann {choices:oder} bedeuten",
        "bg.play.must_pass": "mit {roll} kannst du nicht ziehen: pass",
        "bg.play.can_move": "mit {roll} kannst du ziehen: zum Beispiel {example}",
        "bg.play.both_dice": "du musst beide Würfel spielen: zum Beispiel {example}",
        "bg.play.all_moves": "du musst {count} Züge spielen: zum Beispiel {example}",
        "bg.play.larger_die": (
            "nur ein Würfel kann gespielt werden, und zwar der höhere ({die}): {example}"
        ),
        "bg.play.not_legal": "das ist kein erlaubter Zug mit {roll}; {example} wäre einer",
        "bg.play.not_of_roll": ("{play} ist kein erlaubter Zug mit {roll}; {example} wäre einer"),
        **_backgammon_families(
            _DE_MOVES,
            "{play} ist nicht erlaubt: ",
            "du kannst jetzt nicht {action}: {phase}",
            _DE_ACTIONS,
            _DE_PHASES,
        ),
        "bg.cube.off": (
            "du kannst nicht verdoppeln: dieses Spiel wird ohne Verdopplungswürfel gespielt"
        ),
        "bg.cube.crawford": "du kannst nicht verdoppeln: im Crawford-Spiel wird nicht verdoppelt",
        "bg.cube.owned": "du kannst nicht verdoppeln: dein Gegner besitzt den Verdopplungswürfel",
        "bg.cube.max": "du kannst nicht verdoppeln: der Verdopplungswürfel steht schon auf {value}",
        "bg.game.needs_starter": "bei {variant} muss vorher feststehen, wer beginnt",
        "bg.game.starter_given": (
            "der Eröffnungswurf entscheidet, wer beginnt; es wird niemand vorgegeben"
        ),
        "bg.game.dice": "Würfel sind zwei Zahlen von 1 bis 6, nicht {dice}",
        "bg.game.resign_level": (
            "gib ein einfaches Spiel (1), ein Gammon (2) oder ein Backgammon (3) auf, nicht {level}"
        ),
        "bg.match.game_not_over": "das nächste Spiel beginnt, wenn dieses vorbei ist",
        "bg.match.won.white": "das Match ist vorbei: Weiß hat gewonnen",
        "bg.match.won.black": "das Match ist vorbei: Schwarz hat gewonnen",
        "ck.read.unreadable": (
            "„{text}“ ist als Zug nicht lesbar: schreib Felder wie 11-15 oder 22x15x6"
        ),
        "ck.read.no_square": (
            "es gibt kein Feld {square}: die Felder sind von 1 bis {count} nummeriert"
        ),
        "ck.move.ambiguous": "{text} kann {choices:oder} bedeuten: gib den ganzen Weg an",
        "ck.move.no_move.white": "Weiß hat keinen erlaubten Zug: die Partie ist vorbei",
        "ck.move.no_move.black": "Schwarz hat keinen erlaubten Zug: die Partie ist vorbei",
        "ck.move.empty_square": "auf Feld {square} steht kein Stein",
        "ck.move.not_yours.white": "der Stein auf Feld {square} ist schwarz; Weiß ist am Zug",
        "ck.move.not_yours.black": "der Stein auf Feld {square} ist weiß; Schwarz ist am Zug",
        "ck.move.unfinished": (
            "{text} hört zu früh auf: ein Schlag geht weiter, solange er kann ({choices:oder})"
        ),
        "ck.move.majority": (
            "{move} schlägt {taken}, aber es müssen die meisten Steine geschlagen werden "
            "({most}): {choices:oder}"
        ),
        "ck.move.must_capture": "es herrscht Schlagzwang: {choices:oder}",
        "ck.move.not_from": "{text} ist nicht erlaubt; von Feld {square}: {choices:oder}",
        "ck.move.cannot_move": (
            "der Stein auf Feld {square} kann nicht ziehen; erlaubte Züge: {choices:oder}"
        ),
        "ck.move.not_legal": "{move} ist hier kein erlaubter Zug",
        "ck.over.white.no_pieces": (
            "die Partie ist vorbei: Weiß gewinnt, Schwarz hat keine Steine mehr."
        ),
        "ck.over.black.no_pieces": (
            "die Partie ist vorbei: Schwarz gewinnt, Weiß hat keine Steine mehr."
        ),
        "ck.over.white.no_moves": (
            "die Partie ist vorbei: Weiß gewinnt, Schwarz hat keinen erlaubten Zug mehr."
        ),
        "ck.over.black.no_moves": (
            "die Partie ist vorbei: Schwarz gewinnt, Weiß hat keinen erlaubten Zug mehr."
        ),
        "ck.over.white.king_count": (
            "die Partie ist vorbei: Weiß gewinnt nach Anzahl der Damen "
            "(kein Steinzug und kein Schlag mehr möglich)."
        ),
        "ck.over.black.king_count": (
            "die Partie ist vorbei: Schwarz gewinnt nach Anzahl der Damen "
            "(kein Steinzug und kein Schlag mehr möglich)."
        ),
        "ck.over.draw.king_count": (
            "die Partie ist vorbei: Remis nach Anzahl der Damen "
            "(kein Steinzug und kein Schlag mehr möglich)."
        ),
        "ck.over.draw.agreement": "die Partie ist vorbei: Remis nach Vereinbarung.",
        "ck.over.draw.repetition": (
            "die Partie ist vorbei: Remis, dieselbe Stellung zum dritten Mal."
        ),
        "ck.over.draw.no_progress": (
            "die Partie ist vorbei: Remis, zu lange nur Damenzüge ohne Schlag."
        ),
    }
)
