"""Antworttexte auf Deutsch (gleiche Schlüssel und Platzhalter wie Englisch)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cmd.backgammon": "Jemanden (oder den Bot) zu Backgammon herausfordern",
    "cmd.checkers": "Jemanden (oder den Bot) zu Dame herausfordern",
    "cmd.move": "Deinen Zug in der Partie dieses Kanals machen",
    "cmd.roll": "Würfeln (Backgammon)",
    "cmd.double": "Verdoppeln anbieten (Backgammon)",
    "cmd.resign": "Aufgeben: beim Backgammon nimmt der Gegner die Stufe an oder lehnt ab",
    "cmd.draw": "Remis anbieten (Dame)",
    "cmd.abort": "Die Partie abbrechen, bevor beide Seiten gezogen haben",
    "cmd.board": "Das Brett unten im Kanal neu posten oder nur dir zeigen",
    "cmd.rules": "Die Regeln eines Spiels und einer Variante zeigen",
    "cmd.help": "So spielst du mit Duelboard",
    "cmd.verify": "Würfel (oder Auslosung) einer beendeten Partie mit ihrem Seed prüfen",
    "cmd.settings": "Spieleinstellungen des Servers (nur Server verwalten)",
    "opt.opponent": "Wen du herausforderst: ein Mitglied, den Bot oder niemand (offen)",
    "opt.points": "Matchlänge in Punkten (0 = Geldspiel)",
    "opt.cube": "Mit Verdopplungswürfel spielen",
    "opt.time": "Zeit pro Zug, z. B. 30m, 24h, 3d (5 Minuten bis 7 Tage)",
    "opt.variant": "Regelvariante",
    "opt.first": "Wer beginnt",
    "opt.first_badgammon": "Wer beginnt (nur Bad'Gammon: sonst entscheidet der Eröffnungswurf)",
    "opt.jacoby": (
        "Geldspiel: Gammons zählen erst nach einem Doppel (Jacoby-Regel, standardmäßig an)"
    ),
    "opt.play": "Dein Zug, z. B. 13/7 8/7 oder 11-15",
    "opt.level": "Ein einfaches Spiel, ein Gammon oder ein Backgammon aufgeben",
    "opt.game": "Welches Spiel",
    "opt.game_id": "Die Partienummer (auf ihrem Brett angezeigt)",
    "opt.threads": "Jede Partie in einem eigenen Thread",
    "opt.rated": "Partien standardmäßig gewertet",
    "opt.rated_game": "Gewertet: das Ergebnis zählt für die Wertung (gegen den Bot nie)",
    "opt.allowed": "Welche Spiele hier erlaubt sind",
    "opt.theme": "Brettbilder hell oder dunkel",
    "opt.private": "Nur du siehst es: von deiner Seite, mit Position ID und Match ID oder FEN",
    "kind.backgammon": "Backgammon",
    "kind.checkers": "Dame",
    "level.1": "ein einfaches Spiel",
    "level.2": "ein Gammon",
    "level.3": "ein Backgammon",
    "points.one": "1 Punkt",
    "points.many": "{count} Punkte",
    "game.header": "**{kind}** · {variant} · Partie #{game} · {white} (Weiß) gegen "
    "{black} (Schwarz)",
    "game.money": "Geldspiel",
    "game.match": "Match auf {length} · Stand {white_score}-{black_score}",
    "game.crawford": "Crawford-Spiel: kein Verdoppeln",
    "game.crawford_rule": "Crawford-Regel",
    "game.jacoby": "Jacoby-Regel: Gammons zählen erst, wenn der Würfel gedreht wurde",
    "game.no_jacoby": "ohne Jacoby-Regel: Gammons zählen auch bei ungedrehtem Würfel",
    "game.no_cube": "Ohne Verdopplungswürfel",
    "game.commitment": "Würfel-Commitment (SHA-256 des geheimen Seeds): `{commitment}`",
    "game.commitment_draw": "Commitment der Auslosung, wer beginnt (SHA-256 ihres geheimen "
    "Seeds): `{commitment}`. Der Seed wird am Ende offengelegt, für /prüfen.",
    "game.clock": "Zu handeln bis {deadline}.",
    "status.roll": "{mention} ist am Zug: würfeln.",
    "status.roll_or_double": "{mention} ist am Zug: würfeln oder verdoppeln.",
    "status.move": "{mention} spielt {dice}: mit dem Menü unten oder /ziehen.",
    "status.move_checkers": "{mention} ist am Zug: mit dem Menü unten oder /ziehen.",
    "status.take_or_pass": "{player} verdoppelt auf {cube}: {mention} nimmt an oder lehnt ab.",
    "status.resign_offer": "{player} bietet an, {level} aufzugeben: {mention} nimmt an oder "
    "lehnt ab.",
    "status.draw_offer": "{player} bietet Remis an: {mention} nimmt an oder lehnt ab.",
    "ev.accepted": "{player} hat die Herausforderung angenommen.",
    "ev.challenge_declined": "{player} hat die Herausforderung abgelehnt.",
    "ev.challenge_withdrawn": "{player} hat die Herausforderung zurückgezogen.",
    "ev.game_started": "Spiel {number} beginnt.",
    "ev.starter": "{player} beginnt.",
    "ev.starter_lot": "{player} beginnt, durch Auslosung.",
    "ev.opening": "Eröffnungswurf: {white} {white_die}, {black} {black_die}.",
    "ev.opening_tie": "Eröffnungswurf gleich ({die}): es wird neu gewürfelt.",
    "ev.rolled": "{player} würfelt {dice}.",
    "ev.moved": "{player} zieht {play}.",
    "ev.moved_forced": "{player} zieht {play} (erzwungen: einziger legaler Zug).",
    "ev.passed": "{player} kann {dice} nicht spielen und setzt aus (erzwungen).",
    "ev.double": "{player} verdoppelt auf {cube}.",
    "ev.take": "{player} nimmt an: der Würfel steht auf {cube}.",
    "ev.drop": "{player} lehnt die Verdopplung ab.",
    "ev.resign_offer": "{player} bietet an, {level} aufzugeben.",
    "ev.resign_accept": "{player} nimmt die Aufgabe an.",
    "ev.resign_decline": "{player} lehnt die Aufgabe ab.",
    "ev.resigned": "{player} gibt auf.",
    "ev.draw_offer": "{player} bietet Remis an.",
    "ev.draw_accept": "{player} nimmt das Remis an.",
    "ev.draw_decline": "{player} lehnt das Remis ab.",
    "ev.aborted": "{player} hat die Partie abgebrochen. Kein Ergebnis.",
    "ev.computer_failed": "Entschuldigung — der Computer konnte seinen Zug trotz mehrerer "
    "Versuche nicht spielen, die Partie wird abgebrochen. Kein Ergebnis, ungewertet.",
    "ev.ended": "{winner} gewinnt {points} ({reason}).",
    "ev.draw": "Remis ({reason}).",
    "ev.match_ended": "{winner} gewinnt das Match {white_score}-{black_score}.",
    "ev.on_time": "{loser} hat die Zeit überschritten: {winner} gewinnt.",
    "end.seed": "Würfel-Seed, jetzt offengelegt: `{seed}`. Jeder kann jeden Wurf mit "
    "/prüfen partie:{game} nachprüfen.",
    "end.seed_draw": "Seed der Auslosung, jetzt offengelegt: `{seed}`. Jeder kann die "
    "Auslosung mit /prüfen partie:{game} nachprüfen.",
    "recap.text": "Rückblick auf Partie #{game}: "
    "die Wiederholung und die Notation ({record}) für andere Programme.",
    "recap.rating": "{player}: Wertung {before} → {after} ({delta})",
    "recap.unrated": "Ungewertete Partie: die Wertungen ändern sich nicht.",
    "end.no_result": "Partie #{game} ist geschlossen.",
    "challenge.directed": "{challenger} fordert {opponent} zu {game} heraus ({options}). "
    "{opponent} kann bis {expires} annehmen oder ablehnen.",
    "challenge.open": "{challenger} sucht einen Gegner für {game} ({options}). "
    "Jeder kann bis {expires} annehmen.",
    "challenge.stake": "Es geht um: {challenger} Sieg {challenger_win} / "
    "Niederlage {challenger_loss}, "
    "{opponent} Sieg {opponent_win} / Niederlage {opponent_loss}.",
    "challenge.declined": "{player} hat die {game}-Herausforderung von {challenger} abgelehnt.",
    "challenge.cancelled": "{player} hat die {game}-Herausforderung zurückgezogen.",
    "challenge.expired": "Niemand hat rechtzeitig auf die {game}-Herausforderung von "
    "{challenger} geantwortet: sie ist abgelaufen.",
    "option.points": "Match auf {points}",
    "option.money": "Geldspiel",
    "option.crawford": "Crawford-Regel",
    "option.jacoby": "Jacoby-Regel",
    "option.no_jacoby": "ohne Jacoby-Regel",
    "option.first.challenger": "der Herausforderer beginnt",
    "option.first.opponent": "der Gegner beginnt",
    "option.first.random": "wer beginnt, wird ausgelost",
    "option.cube_off": "ohne Würfel",
    "option.time": "{time} pro Zug",
    "option.rated": "gewertet",
    "option.unrated": "ungewertet",
    "btn.accept": "Annehmen",
    "btn.decline": "Ablehnen",
    "btn.cancel": "Zurückziehen",
    "btn.roll": "Würfeln",
    "btn.double": "Verdoppeln",
    "btn.take": "Annehmen",
    "btn.pass": "Ablehnen",
    "btn.resign": "Aufgeben",
    "btn.draw": "Remis anbieten",
    "btn.yes": "Angebot annehmen",
    "btn.no": "Angebot ablehnen",
    "btn.rematch": "Revanche",
    "btn.confirm_pass": "Ja, ablehnen",
    "btn.confirm_resign": "Ja, aufgeben",
    "btn.resign_level": "{level} aufgeben",
    "select.placeholder": "Zug wählen ({count} legal)",
    "ping.turn": "{mention} ist dran in Partie #{game}: {link}",
    "reply.played": "Gespielt: {play}.",
    "reply.posted": "Gepostet: {link}",
    "reply.bot_unrated": "Partien gegen den Bot werden nie gewertet.",
    "reply.done": "Erledigt: {what}",
    "reply.confirm_pass": "Die Verdopplung ablehnen und das Spiel zum aktuellen Würfelwert "
    "verlieren? Das ist endgültig.",
    "reply.confirm_resign": "Auf welcher Stufe aufgeben? Dein Gegner kann annehmen oder ablehnen.",
    "reply.confirm_resign_checkers": "Diese Partie aufgeben? Das ist endgültig.",
    "reply.no_game": "In diesem Kanal läuft keine Partie. Starte eine mit /backgammon oder /dame.",
    "reply.board_moved": "Das Brett ist jetzt unten im Kanal.",
    "reply.board_elsewhere": "Diese Partie geht weiter unten im Kanal weiter.",
    "reply.reminder": "{mention} hat drei Viertel der Zeit für diesen Zug in Partie #{game} "
    "verbraucht: ohne Aktion bis {deadline} ist die Partie auf Zeit verloren.",
    "reply.verify_ok": "Partie #{game}: alle {count} Würfe passen zum Seed, und der Seed passt "
    "zum am Anfang veröffentlichten Commitment.",
    "reply.verify_bad": "Partie #{game}: die Würfel stimmen NICHT: {details}",
    "reply.verify_ok_draw": "Partie #{game}: die Auslosung, nach der {player} beginnt, passt "
    "zum Seed, und der Seed passt zum am Anfang veröffentlichten Commitment.",
    "reply.verify_bad_draw": "Partie #{game}: die Auslosung stimmt NICHT: {details}",
    "reply.verify_no_draw": "Partie #{game} hatte keine Auslosung: wer beginnt, wurde in der "
    "Herausforderung gewählt; es gibt nichts zu prüfen.",
    "reply.settings": "Einstellungen: Zeit pro Zug {time}; Partien in Threads {threads}; "
    "standardmäßig gewertet {rated}; erlaubte Spiele: {games}; Brettbilder {theme}.",
    "reply.game_off": "{game} ist auf diesem Server abgeschaltet (siehe /einstellungen).",
    "reply.on": "an",
    "reply.off": "aus",
    "hint.wait": "{player} ist dran ({what}).",
    "hint.roll_first": "Erst würfeln: Knopf Würfeln oder /würfeln.",
    "hint.no_game": "Keine Partie in diesem Kanal: starte eine mit /backgammon oder /dame.",
    "hint.answer_offer": "Beantworte zuerst das Angebot auf dem Brett.",
    "error.not_player": "Du spielst nicht in Partie #{game}.",
    "error.game_over": "Partie #{game} ist vorbei; starte eine neue oder fordere eine Revanche.",
    "error.busy": "In diesem Kanal ist schon Partie #{game} offen: beende sie oder spiele in "
    "einem anderen Kanal oder Thread.",
    "error.conflict": "Das ist schon geschehen: die Partie ist weiter. Sieh dir das Brett noch "
    "einmal an.",
    "error.not_found": "Es gibt keine Partie #{game}.",
    "error.store_busy": "Die Datenbank ist beschäftigt; nichts wurde geändert. Versuche es "
    "gleich noch einmal.",
    "error.refused": "Nicht möglich: {reason}",
    "error.unexpected": "Bei uns ist etwas schiefgegangen; nichts wurde geändert. Bitte noch "
    "einmal versuchen.",
    "error.permission": "Nur Mitglieder mit der Berechtigung Server verwalten können das.",
    "help.text": "**Duelboard**: Backgammon und Dame in diesem Kanal.\n"
    "• /backgammon oder /dame fordert ein Mitglied, den Bot oder alle (ohne Gegner) "
    "heraus.\n"
    "• Spiele mit den Knöpfen und Menüs am Brett oder tippe /ziehen (es schlägt legale Züge "
    "vor).\n"
    "• /würfeln, /doppeln, /aufgeben, /remis, /abbrechen wirken in der Partie des Kanals; "
    "/brett postet sie neu. Aufgeben kannst du auch, während dein Gegner am Zug ist.\n"
    "• /abbrechen bricht eine Partie ab, bevor beide Seiten gezogen haben; eine noch nicht "
    "angenommene Herausforderung zieht es zurück (Herausforderer) oder lehnt sie ab "
    "(Herausgeforderter).\n"
    "• /regeln erklärt eine Variante; /prüfen prüft die Würfel (oder die Auslosung) einer "
    "beendeten Partie.\n"
    "• Jeder Zug hat ein Zeitlimit; es kommt eine Erinnerung, dann gewinnt der Wartende auf "
    "Zeit.\n"
    "• Partien, Herausforderungen und Ergebnisse sieht jeder; /rangliste, /statistik, "
    "/verlauf, /exportieren, /tipp, /regeln und /hilfe antworten nur dir.",
    "rules.backgammon": "**Backgammon ({variant})**: bringe alle 15 Steine nach Hause und "
    "würfle sie als Erster heraus. Nutze beide Würfel, wenn möglich, sonst den höheren. Ein "
    "geschlagener Stein kommt auf die Bar und muss vor allem anderen wieder hinein. Der "
    "Verdopplungswürfel verdoppelt den Einsatz; im Match wird im Crawford-Spiel nicht "
    "verdoppelt. Gammon zählt 2, Backgammon 3.",
    "rules.checkers": "**{title}**: {summary}",
    # Descriptions of the records commands (bot/cogs/records.py).
    "cmd.leaderboard": "Die bestbewerteten Spieler zeigen",
    "cmd.stats": "Ergebnisse und Wertungen eines Spielers zeigen",
    "cmd.history": "Die letzten Partien eines Spielers zeigen",
    "cmd.export": "Die Notation einer Partie herunterladen (.mat oder .pdn)",
    "opt.ladder": "Welche Rangliste",
    "opt.scope": "Dieser Server oder alle Server",
    "opt.page": "Seitennummer",
    "opt.stats_player": "Wessen Statistik (standardmäßig deine)",
    "opt.only_ladder": "Nur diese Rangliste",
    "opt.history_player": "Wessen Partien (standardmäßig deine)",
    "opt.export_game": "Die Partienummer (standardmäßig deine letzte beendete Partie)",
}
