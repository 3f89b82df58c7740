"""/leaderboard, /stats, /history and /export: ratings, results and game records.

Every answer here is private (ephemeral): a look-up answers the one person who asked, and a
public reply would push the game messages, which everyone plays on, up the channel. /help
says so. The one exception is asked for: `/leaderboard share` posts the page as a picture.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend.boards import StandingBoards
from bot.frontend.markup import escaped, shown_name, user_name
from bot.frontend.reach import anywhere
from bot.frontend.replies import Refusal
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.service.achievements import Achievements
from bot.service.glicko2 import PROVISIONAL_DEVIATION
from bot.service.kinds import KINDS
from bot.service.recap import record_for
from bot.service.results import HistoryLine, LeaderboardLine, LeaderboardPage, PlayerStats, Results
from bot.store import GameRow, GameStatus, Store
from bot.store.achievements import Achievement
from bot.store.schema import GLOBAL_SCOPE
from bot.wording.dice import dice_lines
from bot.wording.game import timestamp
from bot.wording.limits import MAX_CONTENT
from bot.wording.terms import ladder_name

Interaction = discord.Interaction[Any]
# Every game's ladders, in the order its variants are offered (one per game where they share it).
LADDERS = list(dict.fromkeys(rules.ladder(v) for rules in KINDS.values() for v in rules.variants))
GAME_CHOICES = named_choices(LADDERS)
SCOPE_CHOICES = named_choices(("server", "global"))
HISTORY_RATINGS = 10


def _rating(line: LeaderboardLine) -> str:
    return line.rating_text


def leaderboard_text(t: Localizer, page: LeaderboardPage) -> str:
    """A leaderboard page, with the reader's own line under it when off the page."""
    scope = t("results.scope.global" if page.scope == GLOBAL_SCOPE else "results.scope.server")
    lines = [
        t(
            "results.leaderboard.title",
            ladder=ladder_name(t, page.ladder),
            scope=scope,
            page=page.page,
            pages=page.pages,
        )
    ]
    for line in page.lines:
        lines.append(
            t(
                "results.leaderboard.line",
                rank=line.rank,
                name=shown_name(line.user_id, line.name),
                rating=_rating(line),
                games=line.games,
                win=round(line.win_percent),
            )
        )
    if not page.lines:
        lines.append(t("results.leaderboard.empty"))
    if page.reader is not None:
        mine = page.reader
        lines.append(
            t(
                "results.leaderboard.you",
                rank=mine.rank,
                rating=_rating(mine),
                games=mine.games,
                win=round(mine.win_percent),
            )
        )
    shown = [*page.lines, *([] if page.reader is None else [page.reader])]
    if any(line.provisional for line in shown):
        lines.append(t("results.provisional"))
    return "\n".join(lines)[:MAX_CONTENT]


def stats_text(t: Localizer, name: str, stats: PlayerStats) -> str:
    """A player's totals, streaks, ratings and recent rating history."""
    lines = [t("results.stats.title", name=escaped(name))]
    totals = stats.totals
    if not totals.games:
        lines.append(t("results.stats.none"))
        return "\n".join(lines)
    lines.append(
        t(
            "results.stats.totals",
            games=totals.games,
            wins=totals.wins,
            losses=totals.losses,
            draws=totals.draws,
        )
    )
    if totals.gammons_won or totals.gammons_lost or totals.backgammons_won:
        lines.append(
            t(
                "results.stats.gammons",
                # Counted: the word after a number agrees with it (1 vyhraný, 3 vyhrané).
                gw=t.plural("results.count.won", totals.gammons_won),
                gl=t.plural("results.count.lost", totals.gammons_lost),
                bw=t.plural("results.count.won", totals.backgammons_won),
                bl=t.plural("results.count.lost", totals.backgammons_lost),
            )
        )
    runs = stats.streaks
    current = "-"
    if runs.current_outcome is not None:
        current = t.plural(f"results.streak.{runs.current_outcome}", runs.current_length)
    lines.append(t("results.stats.streaks", current=current, best=runs.best_wins))
    for row in stats.ratings:
        shown = f"{round(row.rating)}{'?' if row.deviation > PROVISIONAL_DEVIATION else ''}"
        ladder = ladder_name(t, row.ladder)
        lines.append(t("results.stats.rating", ladder=ladder, rating=shown, games=row.games))
    if stats.rating_history and stats.history_ladder is not None:
        recent = stats.rating_history[-HISTORY_RATINGS:]
        trend = " → ".join(str(round(past.rating)) for past in recent)
        ladder = ladder_name(t, stats.history_ladder)
        lines.append(t("results.stats.history", ladder=ladder, ratings=trend))
    if any(row.deviation > PROVISIONAL_DEVIATION for row in stats.ratings):
        lines.append(t("results.provisional"))
    return "\n".join(lines)[:MAX_CONTENT]


def achievements_text(t: Localizer, earned: list[Achievement]) -> str:
    """The player's achievements, each with when it was earned."""
    shown = ", ".join(
        t(
            "results.stats.achievement",
            name=t(f"achievement.{one.code}.name"),
            when=timestamp(one.earned_at),
        )
        for one in earned
    )
    return t("results.stats.achievements", achievements=shown)


def history_text(t: Localizer, name: str, page: int, entries: list[HistoryLine]) -> str:
    """Recent games, newest first, each with a link to its message."""
    lines = [t("results.history.title", name=escaped(name), page=page)]
    for line in entries:
        entry = line.entry
        outcome = t(f"results.outcome.{entry.outcome}")
        if not entry.rated:
            outcome += t("results.history.unrated")
        lines.append(
            t(
                "results.history.line",
                game=entry.game_id,
                ladder=ladder_name(t, entry.ladder),
                opponent=shown_name(entry.opponent_id, entry.opponent_name),
                outcome=outcome,
                when=timestamp(entry.finished_at),
                link=f" · {line.link}" if line.link else "",
            )
        )
    if not entries:
        lines.append(t("results.history.empty"))
    return "\n".join(lines)[:MAX_CONTENT]


class ResultsCog(commands.Cog, name="Results"):
    """Leaderboards, stats, history and game records."""

    def __init__(self, store: Store, boards: StandingBoards, achievements: Achievements) -> None:
        """Read results and records from `store`; draw leaderboards through `boards`; list
        `achievements`."""
        self.store = store
        self.results = Results(store)
        self.boards = boards
        self.achievements = achievements

    @anywhere
    @app_commands.command(name="leaderboard", description="Show the best-rated players")
    @app_commands.describe(
        game="Which ladder",
        scope="This server or all servers",
        page="Page number",
        share="Post it in the channel as a picture",
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: Interaction,
        game: str = LADDERS[0],
        scope: str | None = None,
        page: app_commands.Range[int, 1, 10_000] = 1,
        share: bool = False,
    ) -> None:
        """A page of the ladder, with your own rank; shared, a picture for the channel."""
        where = _scope(interaction, scope)
        if share:
            # The picture is in the channel's language: everyone there reads it.
            locale = interaction.guild_locale or interaction.locale
            _, file = await self.boards.picture(
                where, game, locale, page=page, guild_id=interaction.guild_id
            )
            await interaction.response.send_message(file=file)
            return
        leaderboard_page = await self.results.leaderboard(
            where, game, page=page, reader_id=interaction.user.id
        )
        text = leaderboard_text(Localizer(interaction.locale), leaderboard_page)
        await interaction.response.send_message(text, ephemeral=True)

    @anywhere
    @app_commands.command(name="stats", description="Show a player's results and ratings")
    @app_commands.describe(
        player="Whose stats (you by default)",
        game="Only this ladder",
        dice="Dice statistics from the verifiable rolls, the player's and the server's",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: Interaction,
        player: discord.User | discord.Member | None = None,
        game: str | None = None,
        dice: bool = False,
    ) -> None:
        """Games, wins, gammons, streaks, ratings, rating history and chart; or the dice."""
        who = player or interaction.user
        where = _scope(interaction, None)
        if dice:
            await self._dice(interaction, who)
            return
        found = await self.results.stats(who.id, where, game)
        t = Localizer(interaction.locale)
        text = stats_text(t, user_name(who), found)
        earned = await self.achievements.of(who.id)
        if earned:
            text = f"{text}\n{achievements_text(t, earned)}"[:MAX_CONTENT]
        files = []
        if found.history_ladder is not None:
            chart = await self.boards.chart(
                who.id, user_name(who), where, found.history_ladder, interaction.locale
            )
            files = [] if chart is None else [chart]
        await interaction.response.send_message(text, files=files, ephemeral=True)

    async def _dice(self, interaction: Interaction, who: discord.User | discord.Member) -> None:
        """The player's dice statistics, and the server's when asked in one."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        t = Localizer(interaction.locale)
        ladder = self.boards.ladder
        title = t("dice.title", name=escaped(user_name(who)))
        lines = dice_lines(t, title, await ladder.dice(who.id, None))
        if interaction.guild_id is not None:
            server = await ladder.dice(None, interaction.guild_id)
            lines += ["", *dice_lines(t, t("dice.title_server"), server)]
        await interaction.edit_original_response(content="\n".join(lines)[:MAX_CONTENT])

    @anywhere
    @app_commands.command(name="history", description="Show a player's recent games")
    @app_commands.describe(player="Whose games (you by default)", page="Page number")
    async def history(
        self,
        interaction: Interaction,
        player: discord.User | discord.Member | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        """Recent games with opponent, result and a link to the game."""
        who = player or interaction.user
        entries = await self.results.history(who.id, page=page)
        text = history_text(Localizer(interaction.locale), user_name(who), page, entries)
        await interaction.response.send_message(text, ephemeral=True)

    @anywhere
    @app_commands.command(name="export", description="Download a game record (.mat or .pdn)")
    @app_commands.describe(game="The game number (your last finished game by default)")
    async def export(
        self, interaction: Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """The record file of a finished game of this server, or of one you played: Jellyfish
        .mat for backgammon, PDN for checkers."""
        t = Localizer(interaction.locale)
        game_id = game
        if game_id is None:
            last = await self.results.history(interaction.user.id, per_page=1)
            if not last:
                raise Refusal(t("export.none"))
            game_id = last[0].entry.game_id
        row = await self.store.get_game(game_id)
        if not may_export(row, interaction.guild_id, interaction.user.id):
            reason = t("export.unavailable", game=game_id)
            raise Refusal(t("error.refused", reason=reason))
        record = await record_for(self.store, game_id)
        data = io.BytesIO(record.text.encode())
        extension = record.filename.rsplit(".", 1)[-1]
        await interaction.response.send_message(
            t("export.done", game=game_id, format=extension),
            file=discord.File(data, filename=record.filename),
            ephemeral=True,
        )


def may_export(row: GameRow, guild_id: int | None, user_id: int) -> bool:
    """A game's record goes out once it is finished, in its own server or to one of its players.

    A live game's record would tell its moves to anyone; game numbers are sequential, so any
    server's games could be read one after another.
    """
    if row.status is not GameStatus.FINISHED:
        return False
    played = user_id in (row.challenger_id, row.opponent_id)
    return played or (guild_id is not None and row.guild_id == guild_id)


def _scope(interaction: Interaction, scope: str | None) -> int:
    """The scope asked for: this server by default inside one, else all servers."""
    if scope == "global" or interaction.guild_id is None:
        return GLOBAL_SCOPE
    if not interaction.is_guild_integration():
        return GLOBAL_SCOPE  # a server that never added the bot has no ladder of its own
    return interaction.guild_id
