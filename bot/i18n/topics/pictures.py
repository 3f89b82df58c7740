"""The words drawn into board pictures and written in their alt text (`render.words.Words`).

One key per template of `Words`: `picture.<field>`. The English is the renderer's own, so the
pictures of an English server are exactly what the renderer draws by default. The wins by level,
checkers endings and variant titles come from the `level.*`, `ending.*` and `variant.title.*`
texts the bot already has (see `bot/pictures.py`). The bot's own captions of a final board
(`board.end.*`: how a game ended outside the rules of play) and the private view's texts
(`board.private.*`) live here too.
"""

from __future__ import annotations

from render import ENGLISH, TEMPLATE_FIELDS

EN: dict[str, str] = {
    **{f"picture.{name}": getattr(ENGLISH, name) for name in TEMPLATE_FIELDS},
    "board.end.resigned": "{winner} wins: {loser} resigned",
    "board.end.resigned_bg": "{winner} wins {kind}: {loser} resigned",
    "board.end.dropped": "{winner} wins: {loser} passed the double",
    "board.end.time": "{winner} wins on time",
    "board.end.aborted": "Game called off: no result",
    "board.private.yours": "Game #{game} from your side (only you see this).",
    "board.private.public": "Game #{game} as everyone sees it: you are not playing in it "
    "(only you see this).",
    "board.private.gnubg": "GNU Backgammon Position ID `{position_id}`, Match ID `{match_id}`. "
    "In gnubg, type `set gnubgid {position_id}:{match_id}` or paste them into the ID boxes.",
    "board.private.fen": "Position (PDN FEN): `{fen}`. Paste it into a draughts program to set "
    "up this position.",
    "board.private.no_board": "Game #{game} has not started: there is no board to show yet.",
}

# The prompts drawn on the picture are wrapped at spaces, so the French ones avoid a space
# before a colon, which could start a line.
FR: dict[str, str] = {
    "board.end.resigned": "{winner} gagne, {loser} abandonne",
    "board.end.resigned_bg": "{winner} gagne {kind}, {loser} abandonne",
    "board.end.dropped": "{winner} gagne, {loser} refuse le double",
    "board.end.time": "{winner} gagne au temps",
    "board.end.aborted": "Partie annulée, sans résultat",
    "board.private.yours": "Partie n°{game} de votre côté (vous seul la voyez).",
    "board.private.public": "Partie n°{game} telle que tout le monde la voit : vous n'y jouez "
    "pas (vous seul voyez ce message).",
    "board.private.gnubg": "GNU Backgammon : Position ID `{position_id}`, Match ID `{match_id}`. "
    "Dans gnubg, tapez `set gnubgid {position_id}:{match_id}` ou collez-les dans les champs "
    "d'identifiant.",
    "board.private.fen": "Position (FEN PDN) : `{fen}`. Collez-la dans un programme de dames "
    "pour mettre en place cette position.",
    "board.private.no_board": "La partie n°{game} n'a pas commencé : pas encore de plateau à "
    "montrer.",
    "picture.bg_to_roll": "À {name} de lancer",
    "picture.bg_to_play": "À {name} de jouer {roll}",
    "picture.bg_to_play_left": "À {name} de jouer {roll}, reste {left}",
    "picture.bg_doubles": "{name} double à {cube}, {taker} prend ou passe ?",
    "picture.bg_wins": "{name} gagne {kind}",
    "picture.game_over": "Partie terminée",
    "picture.money_game": "Partie d'argent",
    "picture.match_to": "Match en {length}",
    "picture.crawford_mark": "{match}, Crawford",
    # French sets a no-break space between a number and its unit; "pips" is the French word too.
    "picture.pips_one": "{count}\u00a0pip",
    "picture.pips_many": "{count}\u00a0pips",
    "picture.points_one": "{count}\u00a0pt",
    "picture.points_many": "{count}\u00a0pts",
    "picture.time_left": "{clock} pour jouer",
    "picture.clock_days": "{days} j {hours} h",
    "picture.clock_hours": "{hours} h {minutes:02d}",
    "picture.ck_to_move": "À {name} de jouer",
    "picture.ck_must_capture": "À {name} de jouer, prise obligatoire",
    "picture.ck_no_move": "{name} n'a plus de coup",
    "picture.ck_wins": "{name} gagne ({reason})",
    "picture.ck_draw": "Nulle ({reason})",
    "picture.men_one": "{count} pion",
    "picture.men_many": "{count} pions",
    "picture.kings_one": "{count} dame",
    "picture.kings_many": "{count} dames",
    "picture.ck_variant": "{title} · {size} × {size}",
    "picture.white": "blancs",
    "picture.black": "noirs",
    "picture.alt_who": "{name}, avec les {colour}",
    "picture.alt_your_turn": "À vous",
    "picture.alt_their_turn": "Au tour de {name}",
    "picture.alt_game_over": "Partie terminée.",
    "picture.alt_you_win": "Partie terminée. Vous gagnez {kind}.",
    "picture.alt_they_win": "Partie terminée. {name} gagne {kind}.",
    "picture.alt_you_double": "Vous doublez à {cube} ; {taker} doit accepter ou refuser.",
    "picture.alt_they_double": "{name} double à {cube} ; accepter ou refuser ?",
    "picture.alt_to_roll": "{whose} : lancer les dés.",
    "picture.alt_to_play": "{whose} : {roll} à jouer.",
    "picture.alt_to_play_left": "{whose} : {roll} obtenu, encore {left} à jouer.",
    "picture.alt_dice_two": "deux {number}",
    "picture.alt_dice_three": "trois {number}",
    "picture.alt_you_are": "Vous êtes {who} ; les flèches sont numérotées de votre côté.",
    "picture.alt_numbered": "Flèches numérotées pour {name}.",
    "picture.alt_yours": "Vous : {pieces}.",
    "picture.alt_theirs": "{name} : {pieces}.",
    "picture.alt_point": "flèche {point} : {count}",
    "picture.alt_bar": "barre : {count}",
    "picture.alt_off": "sortis : {count}",
    "picture.alt_pips": "Pips : vous {mine}, {name} {theirs}.",
    "picture.alt_pips_both": "Pips : {name} {pips}, {other} {other_pips}.",
    "picture.alt_clock_yours": (
        "Il vous restait {clock} pour jouer quand cette image a été dessinée."
    ),
    "picture.alt_clock": "Il restait à {name} {clock} pour jouer quand cette image a été dessinée.",
    "picture.alt_dice": "Dés : {roll}.",
    "picture.alt_match": "Match en {length} : vous {mine}, {name} {theirs}.",
    "picture.alt_match_crawford": (
        "Match en {length}, partie Crawford : vous {mine}, {name} {theirs}."
    ),
    "picture.alt_match_both": "Match en {length} : {name} {score}, {other} {other_score}.",
    "picture.alt_match_crawford_both": (
        "Match en {length}, partie Crawford : {name} {score}, {other} {other_score}."
    ),
    "picture.alt_cube_middle": "Videau au centre.",
    "picture.alt_cube_yours": "Videau à {cube}, à vous.",
    "picture.alt_cube_theirs": "Videau à {cube}, à {name}.",
    "picture.alt_last_play_yours": "Votre dernier coup : {play}, dans la numérotation de {name}.",
    "picture.alt_last_play_theirs": (
        "Dernier coup de {name} : {play}, dans la numérotation de {name}."
    ),
    "picture.alt_ck_no_move": "{whose}, plus aucun coup possible",
    "picture.alt_ck_must_capture": "{whose}, la prise est obligatoire",
    "picture.alt_ck_board": "{title}, damier {size}×{size}. Vous êtes {who}, en bas.",
    "picture.alt_ck_bottom": "{title}, damier {size}×{size}. En bas : {who}.",
    "picture.alt_men_on": "pions sur {squares}",
    "picture.alt_kings_on": "dames sur {squares}",
    "picture.alt_no_pieces": "aucune pièce",
    "picture.alt_ck_last_yours": "Votre dernier coup : {move}.",
    "picture.alt_ck_last_theirs": "Dernier coup de {name} : {move}.",
    "picture.replay_start": "Début",
    "picture.replay_bg_turn": "{number}. {name} {roll} : {play}",
    "picture.replay_bg_won": "{turn}. {name} gagne",
    "picture.replay_ck_turn": "{number}. {name} : {move}",
    "picture.replay_ck_white_wins": "{turn}. Les blancs gagnent : {reason}.",
    "picture.replay_ck_black_wins": "{turn}. Les noirs gagnent : {reason}.",
    "picture.replay_ck_draw": "{turn}. Nulle : {reason}.",
    "picture.replay_alt_one": "Rejeu animé de {count} coup. Position finale : {final}",
    "picture.replay_alt_many": "Rejeu animé de {count} coups. Position finale : {final}",
}

DE: dict[str, str] = {
    "board.end.resigned": "{winner} gewinnt: {loser} gibt auf",
    "board.end.resigned_bg": "{winner} gewinnt {kind}: {loser} gibt auf",
    "board.end.dropped": "{winner} gewinnt: {loser} lehnt das Doppel ab",
    "board.end.time": "{winner} gewinnt nach Zeit",
    "board.end.aborted": "Partie abgebrochen, ohne Ergebnis",
    "board.private.yours": "Partie #{game} von deiner Seite (nur du siehst das).",
    "board.private.public": "Partie #{game}, wie alle sie sehen: du spielst nicht mit "
    "(nur du siehst das).",
    "board.private.gnubg": "GNU Backgammon: Position ID `{position_id}`, Match ID `{match_id}`. "
    "Gib in gnubg `set gnubgid {position_id}:{match_id}` ein oder füge sie in die ID-Felder ein.",
    "board.private.fen": "Stellung (PDN-FEN): `{fen}`. Füge sie in ein Dameprogramm ein, um "
    "diese Stellung aufzubauen.",
    "board.private.no_board": "Partie #{game} hat noch nicht begonnen: es gibt noch kein Brett.",
    "picture.bg_to_roll": "{name} ist am Wurf",
    "picture.bg_to_play": "{name} zieht {roll}",
    "picture.bg_to_play_left": "{name} zieht {roll}, noch {left}",
    "picture.bg_doubles": "{name} doppelt auf {cube}. Nimmt {taker}?",
    "picture.bg_wins": "{name} gewinnt {kind}",
    "picture.game_over": "Spiel vorbei",
    "picture.money_game": "Geldspiel",
    "picture.match_to": "Match auf {length}",
    "picture.crawford_mark": "{match}, Crawford",
    "picture.pips_one": "{count} Pip",
    "picture.pips_many": "{count} Pips",
    "picture.points_one": "{count} Pkt.",
    "picture.points_many": "{count} Pkt.",
    "picture.time_left": "{clock} für den Zug",
    "picture.clock_days": "{days} T {hours} h",
    "picture.clock_hours": "{hours} h {minutes:02d} min",
    "picture.ck_to_move": "{name} ist am Zug",
    "picture.ck_must_capture": "{name} ist am Zug: Schlagzwang",
    "picture.ck_no_move": "{name} hat keinen Zug",
    "picture.ck_wins": "{name} gewinnt: {reason}",
    "picture.ck_draw": "Remis: {reason}",
    "picture.men_one": "{count} Stein",
    "picture.men_many": "{count} Steine",
    "picture.kings_one": "{count} Dame",
    "picture.kings_many": "{count} Damen",
    "picture.ck_variant": "{title} · {size} × {size}",
    "picture.white": "Weiß",
    "picture.black": "Schwarz",
    "picture.alt_who": "{name}, mit {colour}",
    "picture.alt_your_turn": "Du bist dran",
    "picture.alt_their_turn": "{name} ist dran",
    "picture.alt_game_over": "Spiel vorbei.",
    "picture.alt_you_win": "Spiel vorbei. Du gewinnst {kind}.",
    "picture.alt_they_win": "Spiel vorbei. {name} gewinnt {kind}.",
    "picture.alt_you_double": "Du verdoppelst auf {cube}; {taker} muss annehmen oder ablehnen.",
    "picture.alt_they_double": "{name} verdoppelt auf {cube}; annehmen oder ablehnen?",
    "picture.alt_to_roll": "{whose}: würfeln.",
    "picture.alt_to_play": "{whose}: {roll} zu ziehen.",
    "picture.alt_to_play_left": "{whose}: {roll} gewürfelt, noch {left} zu ziehen.",
    "picture.alt_dice_two": "zweimal die {number}",
    "picture.alt_dice_three": "dreimal die {number}",
    "picture.alt_you_are": "Du bist {who}; die Punkte sind von deiner Seite aus nummeriert.",
    "picture.alt_numbered": "Die Punkte sind von der Seite von {name} aus nummeriert.",
    "picture.alt_yours": "Bei dir: {pieces}.",
    "picture.alt_theirs": "Bei {name}: {pieces}.",
    "picture.alt_point": "Punkt {point}: {count}",
    "picture.alt_bar": "Bar: {count}",
    "picture.alt_off": "draußen: {count}",
    "picture.alt_pips": "Pips: du {mine}, {name} {theirs}.",
    "picture.alt_pips_both": "Pips: {name} hat {pips}, {other} {other_pips}.",
    "picture.alt_clock_yours": "Du hattest noch {clock} für den Zug, als dieses Bild entstand.",
    "picture.alt_clock": "{name} hatte noch {clock} für den Zug, als dieses Bild entstand.",
    "picture.alt_dice": "Würfel: {roll}.",
    "picture.alt_match": "Match auf {length}: du {mine}, {name} {theirs}.",
    "picture.alt_match_crawford": "Match auf {length}, Crawford-Spiel: du {mine}, {name} {theirs}.",
    "picture.alt_match_both": "Match auf {length}: {name} {score}, {other} {other_score}.",
    "picture.alt_match_crawford_both": (
        "Match auf {length}, Crawford-Spiel: {name} {score}, {other} {other_score}."
    ),
    "picture.alt_cube_middle": "Doppelwürfel in der Mitte.",
    "picture.alt_cube_yours": "Doppelwürfel auf {cube}, er gehört dir.",
    "picture.alt_cube_theirs": "Doppelwürfel auf {cube}, er gehört {name}.",
    "picture.alt_last_play_yours": "Dein letzter Zug: {play}, in der Nummerierung von {name}.",
    "picture.alt_last_play_theirs": (
        "Letzter Zug von {name}: {play}, in der Nummerierung von {name}."
    ),
    "picture.alt_ck_no_move": "{whose}, ohne erlaubten Zug",
    "picture.alt_ck_must_capture": "{whose}, es herrscht Schlagzwang",
    "picture.alt_ck_board": "{title}, Brett {size}×{size}. Du bist {who}, unten.",
    "picture.alt_ck_bottom": "{title}, Brett {size}×{size}. Unten: {who}.",
    "picture.alt_men_on": "Steine auf {squares}",
    "picture.alt_kings_on": "Damen auf {squares}",
    "picture.alt_no_pieces": "keine Steine",
    "picture.alt_ck_last_yours": "Dein letzter Zug: {move}.",
    "picture.alt_ck_last_theirs": "Letzter Zug von {name}: {move}.",
    "picture.replay_start": "Anfangsstellung",
    "picture.replay_bg_turn": "{number}. {name} würfelt {roll}: {play}",
    "picture.replay_bg_won": "{turn}. {name} gewinnt",
    "picture.replay_ck_turn": "{number}. {name} zieht {move}",
    "picture.replay_ck_white_wins": "{turn}. Weiß gewinnt: {reason}.",
    "picture.replay_ck_black_wins": "{turn}. Schwarz gewinnt: {reason}.",
    "picture.replay_ck_draw": "{turn}. Remis: {reason}.",
    "picture.replay_alt_one": "Animierte Wiederholung von {count} Zug. Endstellung: {final}",
    "picture.replay_alt_many": "Animierte Wiederholung von {count} Zügen. Endstellung: {final}",
}
