"""Textes des réponses en français (mêmes clés et mêmes paramètres que l'anglais)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cmd.backgammon": "Défier quelqu'un (ou le bot) au backgammon",
    "cmd.checkers": "Défier quelqu'un (ou le bot) aux dames",
    "cmd.move": "Jouer votre coup dans la partie de ce salon",
    "cmd.roll": "Lancer les dés (backgammon)",
    "cmd.double": "Proposer un videau (backgammon)",
    "cmd.resign": "Abandonner : au backgammon, l'adversaire accepte ou refuse le niveau",
    "cmd.draw": "Proposer la nulle (dames)",
    "cmd.abort": "Annuler la partie avant que les deux camps aient joué",
    "cmd.board": "Reposter le plateau en bas du salon, ou le montrer à vous seul",
    "cmd.rules": "Afficher les règles d'un jeu et d'une variante",
    "cmd.help": "Comment jouer avec Duelboard",
    "cmd.verify": "Vérifier les dés (ou le tirage au sort) d'une partie finie avec sa graine",
    "cmd.settings": "Réglages des parties sur ce serveur (Gérer le serveur)",
    "opt.opponent": "Qui vous défiez : un membre, le bot, ou personne pour un défi ouvert",
    "opt.points": "Longueur du match en points (0 = partie d'argent)",
    "opt.cube": "Jouer avec le videau",
    "opt.time": "Temps par coup, p. ex. 30m, 24h, 3d (5 minutes à 7 jours)",
    "opt.variant": "Variante des règles",
    "opt.first": "Qui joue en premier",
    "opt.first_badgammon": (
        "Qui joue en premier (Bad'Gammon seulement : ailleurs, le lancer d'ouverture décide)"
    ),
    "opt.jacoby": (
        "Parties d'argent : gammons comptés seulement après un double (Jacoby, oui par défaut)"
    ),
    "opt.play": "Votre coup, p. ex. 13/7 8/7 ou 11-15",
    "opt.level": "Abandonner une partie simple, un gammon ou un backgammon",
    "opt.game": "Quel jeu",
    "opt.game_id": "Le numéro de la partie (affiché sur son plateau)",
    "opt.threads": "Mettre chaque partie dans son propre fil",
    "opt.rated": "Parties classées par défaut",
    "opt.rated_game": "Classée : le résultat compte au classement (jamais contre le bot)",
    "opt.allowed": "Quels jeux sont permis ici",
    "opt.theme": "Images du plateau claires ou sombres",
    "opt.private": "Vous seul le voyez : de votre côté, avec Position ID et Match ID ou FEN",
    "kind.backgammon": "Backgammon",
    "kind.checkers": "Dames",
    "level.1": "une partie simple",
    "level.2": "un gammon",
    "level.3": "un backgammon",
    "points.one": "1 point",
    "points.many": "{count} points",
    "game.header": "**{kind}** · {variant} · partie n°{game} · {white} (blancs) contre "
    "{black} (noirs)",
    "game.money": "Partie d'argent",
    "game.match": "Match en {length} · score {white_score}-{black_score}",
    "game.crawford": "Partie Crawford : pas de videau",
    "game.crawford_rule": "règle de Crawford",
    "game.jacoby": "règle de Jacoby : les gammons ne comptent qu'une fois le videau tourné",
    "game.no_jacoby": "sans règle de Jacoby : les gammons comptent même au videau centré",
    "game.no_cube": "Joué sans videau",
    "game.commitment": "Engagement des dés (SHA-256 de la graine secrète) : `{commitment}`",
    "game.commitment_draw": "Engagement du tirage au sort de qui commence (SHA-256 de sa "
    "graine secrète) : `{commitment}`. La graine est révélée à la fin, pour /vérifier.",
    "game.clock": "À jouer avant {deadline}.",
    "status.roll": "À {mention} de lancer les dés.",
    "status.roll_or_double": "À {mention} de lancer les dés ou de doubler.",
    "status.move": "À {mention} de jouer {dice} : menu ci-dessous, ou /jouer.",
    "status.move_checkers": "À {mention} de jouer : menu ci-dessous, ou /jouer.",
    "status.take_or_pass": "{player} double à {cube} : à {mention} d'accepter ou de refuser.",
    "status.resign_offer": "{player} propose d'abandonner {level} : à {mention} d'accepter "
    "ou de refuser.",
    "status.draw_offer": "{player} propose la nulle : à {mention} d'accepter ou de refuser.",
    "ev.accepted": "{player} a accepté le défi.",
    "ev.challenge_declined": "{player} a refusé le défi.",
    "ev.challenge_withdrawn": "{player} a retiré le défi.",
    "ev.game_started": "La partie {number} commence.",
    "ev.starter": "{player} joue en premier.",
    "ev.starter_lot": "{player} joue en premier, par tirage au sort.",
    "ev.opening": "Lancer d'ouverture : {white} {white_die}, {black} {black_die}.",
    "ev.opening_tie": "Égalité à {die} au lancer d'ouverture : on relance.",
    "ev.rolled": "{player} a fait {dice}.",
    "ev.moved": "{player} a joué {play}.",
    "ev.moved_forced": "{player} a joué {play} (forcé : seul coup légal).",
    "ev.passed": "{player} ne peut pas jouer {dice} et passe (forcé).",
    "ev.double": "{player} double à {cube}.",
    "ev.take": "{player} accepte : le videau est à {cube}.",
    "ev.drop": "{player} refuse le videau.",
    "ev.resign_offer": "{player} propose d'abandonner {level}.",
    "ev.resign_accept": "{player} accepte l'abandon.",
    "ev.resign_decline": "{player} refuse l'abandon.",
    "ev.resigned": "{player} abandonne.",
    "ev.draw_offer": "{player} propose la nulle.",
    "ev.draw_accept": "{player} accepte la nulle.",
    "ev.draw_decline": "{player} refuse la nulle.",
    "ev.aborted": "{player} a annulé la partie. Pas de résultat.",
    "ev.computer_failed": "Désolé — l'ordinateur n'a pas pu jouer son tour, malgré plusieurs "
    "essais : la partie est annulée. Pas de résultat, pas de classement.",
    "ev.ended": "{winner} gagne {points} ({reason}).",
    "ev.draw": "Nulle ({reason}).",
    "ev.match_ended": "{winner} gagne le match {white_score}-{black_score}.",
    "ev.on_time": "{loser} a dépassé son temps : {winner} gagne.",
    "end.seed": "Graine des dés, maintenant révélée : `{seed}`. Chacun peut vérifier chaque "
    "lancer avec /vérifier partie:{game}.",
    "end.seed_draw": "Graine du tirage au sort, maintenant révélée : `{seed}`. Chacun peut "
    "vérifier le tirage avec /vérifier partie:{game}.",
    "recap.text": "Récapitulatif de la partie n°{game} : "
    "le replay, et la notation ({record}) pour d'autres logiciels.",
    "recap.rating": "{player} : classement {before} → {after} ({delta})",
    "recap.unrated": "Partie non classée : les classements ne changent pas.",
    "end.no_result": "La partie n°{game} est close.",
    "challenge.directed": "{challenger} défie {opponent} au {game} ({options}). "
    "{opponent} peut accepter ou refuser avant {expires}.",
    "challenge.open": "{challenger} cherche un adversaire au {game} ({options}). "
    "N'importe qui peut accepter avant {expires}.",
    "challenge.stake": "En jeu : {challenger} gagne {challenger_win} / perd {challenger_loss}, "
    "{opponent} gagne {opponent_win} / perd {opponent_loss}.",
    "challenge.declined": "{player} a refusé le défi de {challenger} au {game}.",
    "challenge.cancelled": "{player} a retiré le défi au {game}.",
    "challenge.expired": "Personne n'a répondu à temps au défi de {challenger} au {game} : "
    "il a expiré.",
    "option.points": "match en {points}",
    "option.money": "partie d'argent",
    "option.crawford": "règle de Crawford",
    "option.jacoby": "règle de Jacoby",
    "option.no_jacoby": "sans règle de Jacoby",
    "option.first.challenger": "l'auteur du défi joue en premier",
    "option.first.opponent": "l'adversaire joue en premier",
    "option.first.random": "qui joue en premier est tiré au sort",
    "option.cube_off": "sans videau",
    "option.time": "{time} par coup",
    "option.rated": "classée",
    "option.unrated": "non classée",
    "btn.accept": "Accepter",
    "btn.decline": "Refuser",
    "btn.cancel": "Retirer",
    "btn.roll": "Lancer",
    "btn.double": "Doubler",
    "btn.take": "Accepter",
    "btn.pass": "Refuser",
    "btn.resign": "Abandonner",
    "btn.draw": "Proposer la nulle",
    "btn.yes": "Accepter l'offre",
    "btn.no": "Refuser l'offre",
    "btn.rematch": "Revanche",
    "btn.confirm_pass": "Oui, refuser",
    "btn.confirm_resign": "Oui, abandonner",
    "btn.resign_level": "Abandonner {level}",
    "select.placeholder": "Choisir un coup ({count} légaux)",
    "ping.turn": "À {mention} de jouer dans la partie n°{game} : {link}",
    "reply.played": "Joué : {play}.",
    "reply.posted": "Publié : {link}",
    "reply.bot_unrated": "Les parties contre le bot ne sont jamais classées.",
    "reply.done": "Fait : {what}",
    "reply.confirm_pass": "Refuser le videau et perdre la partie au videau actuel ? "
    "C'est définitif.",
    "reply.confirm_resign": "Abandonner à quel niveau ? L'adversaire peut accepter ou refuser.",
    "reply.confirm_resign_checkers": "Abandonner cette partie ? C'est définitif.",
    "reply.no_game": "Aucune partie dans ce salon. Lancez-en une avec /backgammon ou /dames.",
    "reply.board_moved": "Le plateau est maintenant en bas du salon.",
    "reply.board_elsewhere": "La partie continue plus bas dans le salon.",
    "reply.reminder": "{mention} a utilisé les trois quarts du temps de ce tour dans la partie "
    "n°{game} : sans action avant {deadline}, la partie est perdue au temps.",
    "reply.verify_ok": "Partie n°{game} : les {count} lancers correspondent à la graine, et la "
    "graine à l'engagement publié au début.",
    "reply.verify_bad": "Partie n°{game} : les dés ne concordent PAS : {details}",
    "reply.verify_ok_draw": "Partie n°{game} : le tirage au sort qui a fait commencer {player} "
    "correspond à la graine, et la graine à l'engagement publié au début.",
    "reply.verify_bad_draw": "Partie n°{game} : le tirage au sort ne concorde PAS : {details}",
    "reply.verify_no_draw": "La partie n°{game} n'a pas eu de tirage au sort : qui commence a "
    "été choisi dans le défi, il n'y a donc rien à vérifier.",
    "reply.settings": "Réglages : temps par coup {time} ; parties en fils {threads} ; "
    "classées par défaut {rated} ; jeux permis : {games} ; images du plateau {theme}.",
    "reply.game_off": "{game} est désactivé sur ce serveur (voir /paramètres).",
    "reply.on": "oui",
    "reply.off": "non",
    "hint.wait": "C'est au tour de {player} ({what}).",
    "hint.roll_first": "Lancez d'abord : bouton Lancer ou /lancer.",
    "hint.no_game": "Aucune partie ici : lancez-en une avec /backgammon ou /dames.",
    "hint.answer_offer": "Répondez d'abord à l'offre sur le plateau.",
    "error.not_player": "Vous ne jouez pas dans la partie n°{game}.",
    "error.game_over": "La partie n°{game} est finie ; lancez-en une nouvelle ou demandez "
    "une revanche.",
    "error.busy": "Ce salon a déjà la partie n°{game} en cours : terminez-la, ou jouez dans un "
    "autre salon ou fil.",
    "error.conflict": "C'est déjà fait : la partie a avancé. Regardez à nouveau le plateau.",
    "error.not_found": "Il n'y a pas de partie n°{game}.",
    "error.store_busy": "La base de données est occupée ; rien n'a changé. Réessayez dans un "
    "instant.",
    "error.refused": "Impossible : {reason}",
    "error.unexpected": "Une erreur est survenue de notre côté ; rien n'a changé. Réessayez.",
    "error.permission": "Seuls les membres avec la permission Gérer le serveur peuvent faire cela.",
    "help.text": "**Duelboard** : backgammon et dames dans ce salon.\n"
    "• /backgammon ou /dames défie un membre, le bot, ou n'importe qui (sans adversaire).\n"
    "• Jouez avec les boutons et menus du plateau, ou tapez /jouer (il propose les coups "
    "légaux).\n"
    "• /lancer, /doubler, /abandonner, /nulle, /annuler agissent dans la partie du salon ; "
    "/plateau la reposte. Vous pouvez aussi abandonner pendant le tour de l'adversaire.\n"
    "• /annuler arrête une partie avant que les deux camps aient joué ; sur un défi pas encore "
    "accepté, il le retire (auteur du défi) ou le refuse (joueur défié).\n"
    "• /règles explique une variante ; /vérifier vérifie les dés (ou le tirage au sort) d'une "
    "partie finie.\n"
    "• Chaque coup a un temps limite ; un rappel arrive, puis l'adversaire gagne au temps.\n"
    "• Parties, défis et résultats sont publiés pour tous ; /classement, /statistiques, "
    "/historique, /exporter, /conseil, /règles et /aide ne répondent qu'à vous.",
    "rules.backgammon": "**Backgammon ({variant})** : ramenez vos 15 pions dans votre jan "
    "intérieur et sortez-les les premiers. Utilisez les deux dés si possible, sinon le plus "
    "grand. Un pion frappé va sur la barre et doit rentrer avant tout autre coup. Le videau "
    "double l'enjeu ; en match, la partie Crawford se joue sans videau. Un gammon compte 2, "
    "un backgammon 3.",
    "rules.checkers": "**{title}** : {summary}",
    # Descriptions of the records commands (bot/cogs/records.py).
    "cmd.leaderboard": "Afficher les joueurs les mieux classés",
    "cmd.stats": "Afficher les résultats et le classement d'un joueur",
    "cmd.history": "Afficher les dernières parties d'un joueur",
    "cmd.export": "Télécharger la notation d'une partie (.mat ou .pdn)",
    "opt.ladder": "Quel classement",
    "opt.scope": "Ce serveur ou tous les serveurs",
    "opt.page": "Numéro de page",
    "opt.stats_player": "Les statistiques de qui (vous par défaut)",
    "opt.only_ladder": "Seulement ce classement",
    "opt.history_player": "Les parties de qui (vous par défaut)",
    "opt.export_game": "Le numéro de la partie (votre dernière partie finie par défaut)",
}
