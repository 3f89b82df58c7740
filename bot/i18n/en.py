"""English reply texts: the reference catalog every other language must match key for key."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Command and option descriptions (the translator looks these up by their English text).
    "cmd.backgammon": "Challenge someone (or the bot) to backgammon",
    "cmd.checkers": "Challenge someone (or the bot) to checkers",
    "cmd.move": "Make your play or move in this channel's game",
    "cmd.roll": "Roll the dice (backgammon)",
    "cmd.double": "Offer a double (backgammon)",
    "cmd.resign": "Resign: backgammon asks your opponent to accept the level",
    "cmd.draw": "Offer a draw (checkers)",
    "cmd.abort": "Call the game off before both sides have moved",
    "cmd.board": "Post the board again at the bottom of the channel, or show it only to you",
    "cmd.rules": "Show the rules of a game and variant",
    "cmd.help": "How to play with Duelboard",
    "cmd.verify": "Check the dice (or the random draw) of a finished game against its seed",
    "cmd.settings": "Server settings for games (Manage Server only)",
    "opt.opponent": "Who you challenge: a member, the bot, or nobody for an open challenge",
    "opt.points": "Match length in points (0 = money game)",
    "opt.cube": "Play with the doubling cube",
    "opt.time": "Time per move, e.g. 30m, 24h, 3d (5 minutes to 7 days)",
    "opt.variant": "Rules variant",
    "opt.first": "Who moves first",
    "opt.first_badgammon": "Who moves first (Bad'Gammon only: other variants roll to start)",
    "opt.jacoby": (
        "Money games: gammons count only once the cube is turned (Jacoby rule, on by default)"
    ),
    "opt.play": "Your play, e.g. 13/7 8/7 or 11-15",
    "opt.level": "Resign a single game, a gammon or a backgammon",
    "opt.game": "Which game",
    "opt.game_id": "The game number (shown on its board)",
    "opt.threads": "Put each game in its own thread",
    "opt.rated": "Games are rated by default",
    "opt.rated_game": "Rated: the result moves ratings (games against the bot never do)",
    "opt.allowed": "Which games may be played here",
    "opt.theme": "Board pictures light or dark",
    "opt.private": "Only you see it: from your side, with its Position ID and Match ID or FEN",
    # Names.
    "kind.backgammon": "Backgammon",
    "kind.checkers": "Checkers",
    "level.1": "a single game",
    "level.2": "a gammon",
    "level.3": "a backgammon",
    "points.one": "1 point",
    "points.many": "{count} points",
    # The game message.
    "game.header": "**{kind}** · {variant} · game #{game} · {white} (white) vs {black} (black)",
    "game.money": "Money game",
    "game.match": "Match to {length} · score {white_score}-{black_score}",
    "game.crawford": "Crawford game: no doubling",
    "game.crawford_rule": "Crawford rule",
    "game.jacoby": "Jacoby rule: gammons count only once the cube is turned",
    "game.no_jacoby": "no Jacoby rule: gammons count even on a centred cube",
    "game.no_cube": "Played without the cube",
    "game.commitment": "Dice commitment (SHA-256 of the secret seed): `{commitment}`",
    "game.commitment_draw": "Commitment to the random draw of who moves first (SHA-256 of its "
    "secret seed): `{commitment}`. The seed is revealed at the end, for /verify.",
    "game.clock": "Time to act: {deadline}.",
    "status.roll": "{mention} to roll.",
    "status.roll_or_double": "{mention} to roll or double.",
    "status.move": "{mention} to play {dice}: the menu below, or /move.",
    "status.move_checkers": "{mention} to move: the menu below, or /move.",
    "status.take_or_pass": "{player} doubles to {cube}: {mention} to take or pass.",
    "status.resign_offer": "{player} offers to resign {level}: {mention} to accept or decline.",
    "status.draw_offer": "{player} offers a draw: {mention} to accept or decline.",
    "ev.accepted": "{player} accepted the challenge.",
    "ev.challenge_declined": "{player} declined the challenge.",
    "ev.challenge_withdrawn": "{player} withdrew the challenge.",
    "ev.game_started": "Game {number} begins.",
    "ev.starter": "{player} moves first.",
    "ev.starter_lot": "{player} moves first, by random draw.",
    "ev.opening": "Opening roll: {white} {white_die}, {black} {black_die}.",
    "ev.opening_tie": "Opening roll tied at {die}: rolling again.",
    "ev.rolled": "{player} rolled {dice}.",
    "ev.moved": "{player} played {play}.",
    "ev.moved_forced": "{player} played {play} (forced: the only legal play).",
    "ev.passed": "{player} cannot play {dice} and passes (forced).",
    "ev.double": "{player} doubles to {cube}.",
    "ev.take": "{player} takes: the cube is at {cube}.",
    "ev.drop": "{player} passes the double.",
    "ev.resign_offer": "{player} offers to resign {level}.",
    "ev.resign_accept": "{player} accepts the resignation.",
    "ev.resign_decline": "{player} declines the resignation.",
    "ev.resigned": "{player} resigns.",
    "ev.draw_offer": "{player} offers a draw.",
    "ev.draw_accept": "{player} agrees to the draw.",
    "ev.draw_decline": "{player} declines the draw.",
    "ev.aborted": "{player} called the game off. No result.",
    "ev.computer_failed": "Sorry — the computer could not play its turn, try after try, so the "
    "game is called off. No result, unrated.",
    "ev.ended": "{winner} wins {points} ({reason}).",
    "ev.draw": "Draw ({reason}).",
    "ev.match_ended": "{winner} wins the match {white_score}-{black_score}.",
    "ev.on_time": "{loser} ran out of time: {winner} wins.",
    "end.seed": "Dice seed, now revealed: `{seed}`. Anyone can check every roll with "
    "/verify game:{game}.",
    "end.seed_draw": "Seed of the random draw, now revealed: `{seed}`. Anyone can check the "
    "draw with /verify game:{game}.",
    "recap.text": "Recap of game #{game}: "
    "the replay, and the record ({record}) for other programs.",
    "recap.rating": "{player}: rating {before} → {after} ({delta})",
    "recap.unrated": "Unrated game: ratings do not change.",
    "end.no_result": "Game #{game} is closed.",
    # Challenges.
    "challenge.directed": "{challenger} challenges {opponent} to {game} ({options}). "
    "{opponent} may accept or decline before {expires}.",
    "challenge.open": "{challenger} is looking for a {game} opponent ({options}). "
    "Anyone may accept before {expires}.",
    "challenge.stake": "At stake: {challenger} win {challenger_win} / lose {challenger_loss}, "
    "{opponent} win {opponent_win} / lose {opponent_loss}.",
    "challenge.declined": "{player} declined {challenger}'s {game} challenge.",
    "challenge.cancelled": "{player} withdrew the {game} challenge.",
    "challenge.expired": "Nobody answered {challenger}'s {game} challenge in time: it expired.",
    "option.points": "match to {points}",
    "option.money": "money game",
    "option.crawford": "Crawford rule",
    "option.jacoby": "Jacoby rule",
    "option.no_jacoby": "no Jacoby rule",
    "option.first.challenger": "the challenger moves first",
    "option.first.opponent": "the opponent moves first",
    "option.first.random": "who moves first is drawn at random",
    "option.cube_off": "no cube",
    "option.time": "{time} per move",
    "option.rated": "rated",
    "option.unrated": "unrated",
    # Buttons and menus.
    "btn.accept": "Accept",
    "btn.decline": "Decline",
    "btn.cancel": "Withdraw",
    "btn.roll": "Roll",
    "btn.double": "Double",
    "btn.take": "Take",
    "btn.pass": "Pass",
    "btn.resign": "Resign",
    "btn.draw": "Offer draw",
    "btn.yes": "Accept offer",
    "btn.no": "Decline offer",
    "btn.rematch": "Rematch",
    "btn.confirm_pass": "Yes, pass",
    "btn.confirm_resign": "Yes, resign",
    "btn.resign_level": "Resign {level}",
    "select.placeholder": "Choose a play ({count} legal)",
    # Private replies.
    "ping.turn": "{mention} to act in game #{game}: {link}",
    "reply.played": "Played {play}.",
    "reply.posted": "Posted: {link}",
    "reply.bot_unrated": "Games against the bot are never rated.",
    "reply.done": "Done: {what}",
    "reply.confirm_pass": "Pass the double and lose the game at the current cube? "
    "This cannot be undone.",
    "reply.confirm_resign": "Resign at which level? Your opponent may accept or decline.",
    "reply.confirm_resign_checkers": "Resign this game? This cannot be undone.",
    "reply.no_game": "There is no game in this channel. Start one with /backgammon or /checkers.",
    "reply.board_moved": "The board is now at the bottom of the channel.",
    "reply.board_elsewhere": "This game continues further down the channel.",
    "reply.reminder": "{mention} has used three quarters of the time for this turn in game "
    "#{game}: without an action before {deadline}, the game is lost on time.",
    "reply.verify_ok": "Game #{game}: all {count} rolls match the seed, and the seed matches "
    "the commitment published at the start.",
    "reply.verify_bad": "Game #{game}: the dice do NOT check out: {details}",
    "reply.verify_ok_draw": "Game #{game}: the random draw that chose {player} to move first "
    "matches the seed, and the seed matches the commitment published at the start.",
    "reply.verify_bad_draw": "Game #{game}: the random draw does NOT check out: {details}",
    "reply.verify_no_draw": "Game #{game} had no random draw: who moves first was chosen in "
    "the challenge, so there is nothing to check.",
    "reply.settings": "Settings: time per move {time}; games in threads {threads}; "
    "rated by default {rated}; games allowed: {games}; board pictures {theme}.",
    "reply.game_off": "{game} is switched off on this server (see /settings).",
    "reply.on": "on",
    "reply.off": "off",
    "hint.wait": "It is {player}'s turn ({what}).",
    "hint.roll_first": "Roll first: press Roll or use /roll.",
    "hint.no_game": "No game in this channel: start one with /backgammon or /checkers.",
    "hint.answer_offer": "Answer the offer on the board first.",
    # Errors.
    "error.not_player": "You are not playing in game #{game}.",
    "error.game_over": "Game #{game} is over; start a new one or ask for a rematch.",
    "error.busy": "This channel already has game #{game} open: finish it, or play in another "
    "channel or thread.",
    "error.conflict": "That was already done: the game has moved on. Look at the board again.",
    "error.not_found": "There is no game #{game}.",
    "error.store_busy": "The database is busy; nothing was changed. Try again in a moment.",
    "error.refused": "Not possible: {reason}",
    "error.unexpected": "Something went wrong on our side; nothing was changed. Please try again.",
    "error.permission": "Only members with the Manage Server permission can do this.",
    # Help and rules.
    "help.text": "**Duelboard**: backgammon and checkers in this channel.\n"
    "• /backgammon or /checkers challenges a member, the bot, or anyone (no opponent).\n"
    "• Play with the buttons and menus on the board, or type /move (it suggests legal plays).\n"
    "• /roll, /double, /resign, /draw, /abort act in this channel's game; /board re-posts it. "
    "You may resign on your opponent's turn too.\n"
    "• /abort calls a game off before both sides have moved; on a challenge not yet accepted, "
    "it withdraws it (challenger) or declines it (challenged player).\n"
    "• /rules explains a variant; /verify checks the dice (or the random draw) of a finished "
    "game.\n"
    "• Each move has a time limit; you get a reminder, then the waiting player wins on time.\n"
    "• Games, challenges and results are posted for everyone; /leaderboard, /stats, /history, "
    "/export, /hint, /rules and /help answer only you.",
    "rules.backgammon": "**Backgammon ({variant})**: move all 15 checkers home and bear them "
    "off first. Use both dice if you can, otherwise the larger one. A blot that is hit goes to "
    "the bar and must come in before anything else. The cube doubles the stakes; in a match "
    "the Crawford game has no doubling. Gammons count 2, backgammons 3.",
    "rules.checkers": "**{title}**: {summary}",
    # Descriptions of the records commands (bot/cogs/records.py).
    "cmd.leaderboard": "Show the best-rated players",
    "cmd.stats": "Show a player's results and ratings",
    "cmd.history": "Show a player's recent games",
    "cmd.export": "Download a game record (.mat or .pdn)",
    "opt.ladder": "Which ladder",
    "opt.scope": "This server or all servers",
    "opt.page": "Page number",
    "opt.stats_player": "Whose stats (you by default)",
    "opt.only_ladder": "Only this ladder",
    "opt.history_player": "Whose games (you by default)",
    "opt.export_game": "The game number (your last finished game by default)",
}
