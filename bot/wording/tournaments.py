"""The words of a tournament: its sign-up message, /tournament info, each round's pairings, the
call to a pairing's game, the winner.

Pure functions of the service's values and a `Localizer`. Names come in already escaped by the
front end, so none is a mention or Markdown; who must be notified is mentioned by id.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Localizer
from bot.service.tournaments.pairing import Format
from bot.service.tournaments.tournament import Tournament
from bot.store.tournament_rows import PairingRow, TournamentStatus
from bot.wording.game import game_options_text, mention
from bot.wording.limits import MAX_CONTENT
from bot.wording.terms import Names, name_of

NAMES_ROOM = 1200  # characters of the sign-up message the list of players may take


def format_text(t: Localizer, tournament: Tournament) -> str:
    """Knockout, round robin, or Swiss with its number of rounds."""
    row = tournament.row
    if tournament.format is Format.SWISS:
        return t.plural("tournament.format.swiss", row.rounds or row.swiss_rounds or 0)
    return t(f"tournament.format.{tournament.format.value}")


def title(t: Localizer, tournament: Tournament, names: Names) -> str:
    """The first line: which game, which number, who organizes it, and how it is played."""
    row = tournament.row
    return t(
        f"tournament.title.{row.kind}",
        tournament=row.id,
        organizer=name_of(names, row.organizer_id),
        format=format_text(t, tournament),
        options=game_options_text(t, tournament.games, starter=False),
    )


def signup_text(t: Localizer, tournament: Tournament, names: Names) -> str:
    """The sign-up message: the title, when it starts, who is in, and how it stands."""
    row = tournament.row
    lines = [title(t, tournament, names)]
    if row.status is TournamentStatus.SIGNUP:
        if row.starts_at is not None:
            moment = int(row.starts_at.timestamp())
            lines.append(t("tournament.starts", when=f"<t:{moment}:F>", left=f"<t:{moment}:R>"))
        else:
            lines.append(t("tournament.starts_by_organizer"))
    lines.append(players_line(t, tournament, names))
    status = status_line(t, tournament, names)
    if status is not None:
        lines.append(status)
    return "\n".join(lines)


def players_line(t: Localizer, tournament: Tournament, names: Names) -> str:
    """Who entered, as many names as fit, then how many more."""
    row = tournament.row
    if not tournament.entrants:
        return t("tournament.players.none", most=row.player_limit)
    shown: list[str] = []
    room = NAMES_ROOM
    for entrant in tournament.entrants:
        name = name_of(names, entrant.user_id)
        if entrant.withdrawn:
            name = t("tournament.players.withdrawn", name=name)
        if len(name) + 2 > room:
            break
        shown.append(name)
        room -= len(name) + 2
    listed = t("list.separator").join(shown)
    left = len(tournament.entrants) - len(shown)
    if left:
        listed += " " + t.plural("tournament.players.more", left)
    return t(
        "tournament.players", count=len(tournament.entrants), most=row.player_limit, names=listed
    )


def status_line(t: Localizer, tournament: Tournament, names: Names) -> str | None:
    """Where the tournament stands, once it no longer only takes sign-ups (or is paused)."""
    row = tournament.row
    if row.paused and row.status.is_open:
        return t("tournament.status.paused")
    if row.status is TournamentStatus.RUNNING:
        return t("tournament.status.running", round=row.round, rounds=row.rounds)
    if row.status is TournamentStatus.FINISHED:
        return t("tournament.status.finished", winner=name_of(names, row.winner_id))
    if row.status is TournamentStatus.CANCELLED:
        return t("tournament.status.cancelled")
    return None


def info_text(t: Localizer, tournament: Tournament, names: Names) -> str:
    """/tournament info: the sign-up message's words, then the pairing rules in force."""
    rules = [t(f"tournament.rules.{tournament.format.value}"), t("tournament.rules.games")]
    rules.append(
        t("tournament.rules.rated" if tournament.games.rated else "tournament.rules.unrated")
    )
    return signup_text(t, tournament, names) + "\n\n" + "\n".join(f"• {line}" for line in rules)


def round_messages(
    t: Localizer, tournament: Tournament, number: int, names: Names, links: Mapping[int, str]
) -> list[str]:
    """A round's pairings as they are announced, in as many messages as Discord needs: one
    line per pairing with a link to its game (`links`, by pairing number), or its bye or
    walkover."""
    row = tournament.row
    lines = []
    for pairing in tournament.round(number):
        lines.append(pairing_line(t, pairing, names, links.get(pairing.number)))
    heading = t("tournament.round.heading", tournament=row.id, round=number, rounds=row.rounds)
    messages = [heading]
    for line in lines:
        if len(messages[-1]) + 1 + len(line) > MAX_CONTENT:
            messages.append(line)
        else:
            messages[-1] += "\n" + line
    return messages


def pairing_line(t: Localizer, pairing: PairingRow, names: Names, link: str | None) -> str:
    """One pairing of a round's announcement."""
    first = name_of(names, pairing.first_id)
    if pairing.second_id is None:
        return t("tournament.round.bye", player=first)
    second = name_of(names, pairing.second_id)
    if pairing.done and pairing.game_id is None:
        winner = name_of(names, pairing.winner_id)
        loser = second if pairing.winner_id == pairing.first_id else first
        return t("tournament.round.walkover", winner=winner, loser=loser)
    return t("tournament.round.pairing", first=first, second=second, link=link or "")


def game_call(t: Localizer, tournament: Tournament, pairing: PairingRow) -> str:
    """The message that calls both players to their game (a new one after a knockout draw)."""
    key = "tournament.call.replay" if pairing.games else "tournament.call.first"
    players = [mention(pairing.first_id), mention(pairing.second_id or 0)]
    return t(key, players=" ".join(players), tournament=tournament.id, round=pairing.round)


def thread_name(t: Localizer, tournament: Tournament, pairing: PairingRow, names: Names) -> str:
    """The name of a pairing's thread: which tournament and round, and who plays; a knockout
    draw's game played again says which replay it is, beside the drawn game's thread."""
    values = {
        "tournament": tournament.id,
        "round": pairing.round,
        "first": name_of(names, pairing.first_id),
        "second": name_of(names, pairing.second_id),
    }
    if pairing.games:
        text = t("tournament.thread.replay", replay=pairing.games, **values)
    else:
        text = t("tournament.thread", **values)
    return text[:100]  # Discord's longest channel name


def standings_caption(t: Localizer, tournament: Tournament, through: int) -> str:
    """The words above the standings picture: after which round, or final."""
    row = tournament.row
    if row.status is TournamentStatus.FINISHED and through >= (row.rounds or 0):
        return t("tournament.standings.final", tournament=row.id)
    return t("tournament.standings.after", tournament=row.id, round=through, rounds=row.rounds)


def winner_text(t: Localizer, tournament: Tournament) -> str:
    """The announcement of the winner, who is notified."""
    row = tournament.row
    return t("tournament.winner", winner=mention(row.winner_id or 0), tournament=row.id)


def called_off_text(t: Localizer, tournament: Tournament, least: int) -> str:
    """Why a tournament did not start at its start time."""
    row = tournament.row
    return t(
        "tournament.called_off", tournament=row.id, least=least, count=len(tournament.entrants)
    )
