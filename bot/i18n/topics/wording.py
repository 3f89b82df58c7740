"""Words the bot splices into other texts (`bot/wording.py`), and the bot's own refusals.

What a player is awaited to do (`session.AWAITING`), durations, how a game ended, variant names
and a checkers variant's rules; `refusal.bot.*` are refusals the bot makes itself; `records.*`
are the texts of /leaderboard, /stats, /history and /export.
"""

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
    "duration.day.one": "{count} day",
    "duration.day.many": "{count} days",
    "duration.hour.one": "{count} hour",
    "duration.hour.many": "{count} hours",
    "duration.minute.one": "{count} minute",
    "duration.minute.many": "{count} minutes",
    "duration.second.many": "{count} seconds",
    "ending.bg.played": "{level}",
    "ending.bg.resigned": "resigned, {level}",
    "ending.bg.dropped": "double passed",
    "ending.time": "on time",
    "ending.resigned": "resigned",
    "ending.no_pieces": "no pieces left",
    "ending.no_moves": "no legal move",
    "ending.king_count": "no man move or capture left; kings counted",
    "ending.agreement": "draw agreed",
    "ending.repetition": "the same position for the third time",
    "ending.no_progress": "only kings moving, without capture, for too long",
    "variant.backgammon.standard": "standard",
    "variant.backgammon.five_limit": "five checkers a point at most",
    "variant.backgammon.badgammon": "Bad'Gammon: the starter rolls both dice",
    "variant.checkers.box": "box rules",
    "variant.checkers.english": "English rules",
    "variant.checkers.russian": "Russian rules",
    "variant.checkers.brazilian": "Brazilian rules",
    "variant.checkers.pool": "pool rules",
    "variant.checkers.international": "international rules",
    "variant.title.box": "Checkers (box rules)",
    "variant.title.english": "English draughts (American checkers)",
    "variant.title.russian": "Russian draughts",
    "variant.title.brazilian": "Brazilian draughts",
    "variant.title.pool": "Pool checkers",
    "variant.title.international": "International draughts",
    "ck.rules.board": "{size}×{size}",
    "ck.rules.first.white": "white moves first",
    "ck.rules.first.black": "black moves first",
    "ck.rules.men_backward": "men capture backward",
    "ck.rules.men_forward": "men capture forward only",
    "ck.rules.flying_kings": "flying kings",
    "ck.rules.short_kings": "short kings",
    "ck.rules.land_adjacent": "a capturing king lands directly beyond its victim",
    "ck.rules.land_any": "a capturing king lands on any free square beyond",
    "ck.rules.majority": "capture is compulsory and the one taking the most pieces must be chosen",
    "ck.rules.any_capture": "capture is compulsory, any capture sequence may be chosen",
    "ck.rules.crowning.continues_as_king": (
        "a man reaching the far row mid-capture is crowned and goes on capturing as a king"
    ),
    "ck.rules.crowning.ends_move": (
        "a man reaching the far row mid-capture is crowned and the move ends"
    ),
    "ck.rules.crowning.passes_as_man": (
        "a man reaching the far row mid-capture goes on as a man, crowned only if it stops there"
    ),
    "ck.rules.king_count": "no man move or capture left: more kings wins",
    "ck.rules.repetition": "draw when the same position stands {count} times",
    "ck.rules.no_progress": "draw after {plies} plies of king moves without capture",
    "refusal.bot.unknown_button": "this button ({action}) is not known",
    "refusal.bot.threads_need_text_channel": "games in threads need a text channel",
    "refusal.bot.unknown_rules_variant": "unknown {game} variant {variant}; choose {choices}",
    # /leaderboard, /stats, /history and /export (bot/cogs/records.py)
    "records.scope.server": "this server",
    "records.scope.global": "all servers",
    "records.board.title": "**Leaderboard: {ladder}, {scope}** (page {page} of {pages})",
    "records.board.line": "`#{rank}` **{name}** {rating} · games: {games} · won: {win}%",
    "records.board.you": "You: `#{rank}` {rating} · games: {games} · won: {win}%",
    "records.board.empty": "Nobody is rated on this ladder yet: finish a rated game!",
    "records.stats.title": "**Stats for {name}**",
    "records.stats.totals": "Games: {games} · won {wins} · lost {losses} · drawn {draws}",
    "records.stats.gammons": "Gammons {gw} won / {gl} lost · backgammons {bw} won / {bl} lost",
    "records.stats.streaks": "Current streak: {current} · best winning streak: {best}",
    "records.stats.rating": "{ladder}: {rating} (rated games: {games})",
    "records.stats.history": "Rating history ({ladder}): {points}",
    "records.stats.none": "No finished games yet.",
    "records.outcome.win": "won",
    "records.outcome.loss": "lost",
    "records.outcome.draw": "drawn",
    "records.history.title": "**Recent games of {name}** (page {page})",
    "records.history.line": "`#{game}` {ladder} vs {opponent}: {outcome} {when}{link}",
    "records.history.unrated": " (unrated)",
    "records.history.empty": "No finished games on this page.",
    "records.export.none": "No finished game to export yet.",
    "records.export.unavailable": (
        "Game #{game} cannot be exported here: only finished games, from this server or your own."
    ),
    "records.export.done": "The record of game #{game} ({kind}).",
    "verify.commitment_bad": (
        "The revealed seed does not match the commitment published at the start."
    ),
    "verify.mismatch": "Roll {number} was logged as {logged}, but the seed gives {derived}.",
    "verify.draw_mismatch": "The logged draw of who moves first is not what the seed gives.",
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
    "duration.day.one": "{count} jour",
    "duration.day.many": "{count} jours",
    "duration.hour.one": "{count} heure",
    "duration.hour.many": "{count} heures",
    "duration.minute.one": "{count} min",
    "duration.minute.many": "{count} min",
    "duration.second.many": "{count} secondes",
    "ending.bg.played": "fin de partie, {level}",
    "ending.bg.resigned": "abandon, {level}",
    "ending.bg.dropped": "double refusé",
    "ending.time": "au temps",
    "ending.resigned": "abandon",
    "ending.no_pieces": "plus aucune pièce",
    "ending.no_moves": "aucun coup légal",
    "ending.king_count": "plus de coup de pion ni de prise ; dames comptées",
    "ending.agreement": "nulle acceptée",
    "ending.repetition": "la même position pour la troisième fois",
    "ending.no_progress": "seules les dames bougent, sans prise, depuis trop longtemps",
    "variant.backgammon.standard": "règles standard",
    "variant.backgammon.five_limit": "cinq pions par flèche au plus",
    "variant.backgammon.badgammon": "Bad'Gammon : le premier joueur lance les deux dés",
    "variant.checkers.box": "règles du coffret",
    "variant.checkers.english": "règles anglaises",
    "variant.checkers.russian": "règles russes",
    "variant.checkers.brazilian": "règles brésiliennes",
    "variant.checkers.pool": "règles du pool américain",
    "variant.checkers.international": "règles internationales",
    "variant.title.box": "Dames (règles du coffret)",
    "variant.title.english": "Dames anglaises (checkers américain)",
    "variant.title.russian": "Dames russes",
    "variant.title.brazilian": "Dames brésiliennes",
    "variant.title.pool": "Dames pool américain",
    "variant.title.international": "Dames internationales",
    "ck.rules.board": "damier {size}×{size}",
    "ck.rules.first.white": "les blancs commencent",
    "ck.rules.first.black": "les noirs commencent",
    "ck.rules.men_backward": "les pions prennent en arrière",
    "ck.rules.men_forward": "les pions ne prennent qu'en avant",
    "ck.rules.flying_kings": "dames volantes",
    "ck.rules.short_kings": "dames à pas court",
    "ck.rules.land_adjacent": "une dame qui prend s'arrête juste derrière la pièce prise",
    "ck.rules.land_any": "une dame qui prend s'arrête sur n'importe quelle case libre derrière",
    "ck.rules.majority": "la prise est obligatoire, et il faut prendre le plus de pièces",
    "ck.rules.any_capture": "la prise est obligatoire, n'importe quelle rafle peut être choisie",
    "ck.rules.crowning.continues_as_king": (
        "un pion qui atteint la dernière rangée pendant une rafle est promu et continue en dame"
    ),
    "ck.rules.crowning.ends_move": (
        "un pion qui atteint la dernière rangée pendant une rafle est promu et le coup s'arrête"
    ),
    "ck.rules.crowning.passes_as_man": (
        "un pion qui atteint la dernière rangée pendant une rafle continue en pion, promu "
        "seulement s'il s'y arrête"
    ),
    "ck.rules.king_count": "plus de coup de pion ni de prise : le plus de dames gagne",
    "ck.rules.repetition": "nulle quand la même position se présente {count} fois",
    "ck.rules.no_progress": "nulle après {plies} demi-coups de dames sans prise",
    "refusal.bot.unknown_button": "ce bouton ({action}) est inconnu",
    "refusal.bot.threads_need_text_channel": "les parties en fil demandent un salon textuel",
    "refusal.bot.unknown_rules_variant": (
        "variante de {game} inconnue : {variant} ; choisissez parmi {choices}"
    ),
    "records.scope.server": "ce serveur",
    "records.scope.global": "tous les serveurs",
    "records.board.title": "**Classement : {ladder}, {scope}** (page {page} sur {pages})",
    "records.board.line": "`#{rank}` **{name}** {rating} · parties : {games} · gagnées : {win} %",
    "records.board.you": "Vous : `#{rank}` {rating} · parties : {games} · gagnées : {win} %",
    "records.board.empty": "Personne n'est encore classé ici : terminez une partie classée !",
    "records.stats.title": "**Statistiques de {name}**",
    "records.stats.totals": (
        "Parties : {games} · gagnées {wins} · perdues {losses} · nulles {draws}"
    ),
    "records.stats.gammons": (
        "Gammons {gw} gagnés / {gl} perdus · backgammons {bw} gagnés / {bl} perdus"
    ),
    "records.stats.streaks": "Série en cours : {current} · meilleure série de victoires : {best}",
    "records.stats.rating": "{ladder} : {rating} (parties classées : {games})",
    "records.stats.history": "Évolution du classement ({ladder}) : {points}",
    "records.stats.none": "Aucune partie terminée pour l'instant.",
    "records.outcome.win": "gagnée",
    "records.outcome.loss": "perdue",
    "records.outcome.draw": "nulle",
    "records.history.title": "**Dernières parties de {name}** (page {page})",
    "records.history.line": "`#{game}` {ladder} contre {opponent} : {outcome} {when}{link}",
    "records.history.unrated": " (non classée)",
    "records.history.empty": "Aucune partie terminée sur cette page.",
    "records.export.none": "Aucune partie terminée à exporter pour l'instant.",
    "records.export.unavailable": (
        "La partie n°{game} ne peut pas être exportée ici : seulement les parties terminées, de ce"
        " serveur ou les vôtres."
    ),
    "records.export.done": "La notation de la partie n°{game} ({kind}).",
    "verify.commitment_bad": (
        "La graine révélée ne correspond pas à l'engagement publié au début."
    ),
    "verify.mismatch": ("Le lancer {number} a été noté {logged}, mais la graine donne {derived}."),
    "verify.draw_mismatch": "Le tirage noté de qui commence n'est pas celui que donne la graine.",
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
    "duration.day.one": "{count} Tag",
    "duration.day.many": "{count} Tage",
    "duration.hour.one": "{count} Stunde",
    "duration.hour.many": "{count} Stunden",
    "duration.minute.one": "{count} Minute",
    "duration.minute.many": "{count} Minuten",
    "duration.second.many": "{count} Sekunden",
    "ending.bg.played": "{level}, ausgespielt",
    "ending.bg.resigned": "Aufgabe, {level}",
    "ending.bg.dropped": "Doppel abgelehnt",
    "ending.time": "auf Zeit",
    "ending.resigned": "Aufgabe",
    "ending.no_pieces": "keine Steine mehr",
    "ending.no_moves": "kein erlaubter Zug",
    "ending.king_count": "kein Steinzug und kein Schlag mehr; Damen gezählt",
    "ending.agreement": "Remis vereinbart",
    "ending.repetition": "dieselbe Stellung zum dritten Mal",
    "ending.no_progress": "zu lange nur Damenzüge ohne Schlag",
    "variant.backgammon.standard": "Standardregeln",
    "variant.backgammon.five_limit": "höchstens fünf Steine pro Feld",
    "variant.backgammon.badgammon": "Bad'Gammon: wer beginnt, würfelt mit beiden Würfeln",
    "variant.checkers.box": "Regeln der Schachtel",
    "variant.checkers.english": "englische Regeln",
    "variant.checkers.russian": "russische Regeln",
    "variant.checkers.brazilian": "brasilianische Regeln",
    "variant.checkers.pool": "Pool-Regeln (amerikanisch)",
    "variant.checkers.international": "internationale Regeln",
    "variant.title.box": "Dame (Regeln der Schachtel)",
    "variant.title.english": "Englische Dame (amerikanisches Checkers)",
    "variant.title.russian": "Russische Dame",
    "variant.title.brazilian": "Brasilianische Dame",
    "variant.title.pool": "Pool-Dame",
    "variant.title.international": "Internationale Dame",
    "ck.rules.board": "Brett {size}×{size}",
    "ck.rules.first.white": "Weiß beginnt",
    "ck.rules.first.black": "Schwarz beginnt",
    "ck.rules.men_backward": "Steine schlagen auch rückwärts",
    "ck.rules.men_forward": "Steine schlagen nur vorwärts",
    "ck.rules.flying_kings": "fliegende Damen",
    "ck.rules.short_kings": "kurzschrittige Damen",
    "ck.rules.land_adjacent": "eine schlagende Dame landet direkt hinter dem geschlagenen Stein",
    "ck.rules.land_any": "eine schlagende Dame landet auf einem beliebigen freien Feld dahinter",
    "ck.rules.majority": "Schlagzwang, und der Schlag mit den meisten Steinen muss gewählt werden",
    "ck.rules.any_capture": "Schlagzwang, jede Schlagfolge darf gewählt werden",
    "ck.rules.crowning.continues_as_king": (
        "ein Stein, der mitten im Schlag die letzte Reihe erreicht, wird Dame und schlägt als "
        "Dame weiter"
    ),
    "ck.rules.crowning.ends_move": (
        "ein Stein, der mitten im Schlag die letzte Reihe erreicht, wird Dame und der Zug endet"
    ),
    "ck.rules.crowning.passes_as_man": (
        "ein Stein, der mitten im Schlag die letzte Reihe erreicht, schlägt als Stein weiter "
        "und wird nur Dame, wenn er dort stehen bleibt"
    ),
    "ck.rules.king_count": "kein Steinzug und kein Schlag mehr: mehr Damen gewinnen",
    "ck.rules.repetition": "Remis, wenn dieselbe Stellung {count}-mal entsteht",
    "ck.rules.no_progress": "Remis nach {plies} Halbzügen mit Damen ohne Schlag",
    "refusal.bot.unknown_button": "dieser Knopf ({action}) ist unbekannt",
    "refusal.bot.threads_need_text_channel": "Partien in Threads brauchen einen Textkanal",
    "refusal.bot.unknown_rules_variant": (
        "unbekannte {game}-Variante {variant}; wähle aus {choices}"
    ),
    "records.scope.server": "dieser Server",
    "records.scope.global": "alle Server",
    "records.board.title": "**Rangliste: {ladder}, {scope}** (Seite {page} von {pages})",
    "records.board.line": "`#{rank}` **{name}** {rating} · Partien: {games} · gewonnen: {win} %",
    "records.board.you": "Du: `#{rank}` {rating} · Partien: {games} · gewonnen: {win} %",
    "records.board.empty": "Auf dieser Rangliste ist noch niemand: beende eine gewertete Partie!",
    "records.stats.title": "**Statistik von {name}**",
    "records.stats.totals": (
        "Partien: {games} · gewonnen {wins} · verloren {losses} · remis {draws}"
    ),
    "records.stats.gammons": (
        "Gammons {gw} gewonnen / {gl} verloren · Backgammons {bw} gewonnen / {bl} verloren"
    ),
    "records.stats.streaks": "Aktuelle Serie: {current} · längste Siegesserie: {best}",
    "records.stats.rating": "{ladder}: {rating} (gewertete Partien: {games})",
    "records.stats.history": "Wertungsverlauf ({ladder}): {points}",
    "records.stats.none": "Noch keine beendeten Partien.",
    "records.outcome.win": "gewonnen",
    "records.outcome.loss": "verloren",
    "records.outcome.draw": "remis",
    "records.history.title": "**Letzte Partien von {name}** (Seite {page})",
    "records.history.line": "`#{game}` {ladder} gegen {opponent}: {outcome} {when}{link}",
    "records.history.unrated": " (ungewertet)",
    "records.history.empty": "Keine beendeten Partien auf dieser Seite.",
    "records.export.none": "Noch keine beendete Partie zum Exportieren.",
    "records.export.unavailable": (
        "Partie #{game} kann hier nicht exportiert werden: nur beendete Partien, von diesem Server"
        " oder deine eigenen."
    ),
    "records.export.done": "Die Partienotation von Partie #{game} ({kind}).",
    "verify.commitment_bad": (
        "Der aufgedeckte Seed passt nicht zum am Anfang veröffentlichten Commitment."
    ),
    "verify.mismatch": (
        "Wurf {number} wurde als {logged} notiert, aber der Seed ergibt {derived}."
    ),
    "verify.draw_mismatch": "Die notierte Auslosung, wer beginnt, ist nicht die des Seeds.",
}
