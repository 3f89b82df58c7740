"""A tournament's standings as a picture with its alt text: a bracket for a knockout, a table
for a round robin or a Swiss, worded in the language of the message it goes in.

Names come in as written (a picture draws no Markdown). Call `standings_picture` through
`asyncio.to_thread`: drawing takes milliseconds of CPU.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Localizer
from bot.pictures import IMAGE_WIDTH, Picture
from bot.service.tournaments.pairing import Format
from bot.service.tournaments.tournament import Tournament
from bot.store.tournament_rows import PairingRow
from render import (
    LIGHT,
    MAX_ALT_TEXT,
    Bracket,
    BracketMatch,
    StandingsTable,
    Theme,
    render_standings,
)

FILENAME = "standings.png"
Names = Mapping[int, str]


def name_of(names: Names, user_id: int | None) -> str:
    """A player's name as written (their id when unknown, `?` for nobody)."""
    return "?" if user_id is None else names.get(user_id, str(user_id))


def standings_picture(
    tournament: Tournament,
    names: Names,
    locale: object,
    *,
    through: int | None = None,
    theme: Theme = LIGHT,
) -> Picture:
    """The standings after round `through` (every result so far by default)."""
    t = Localizer(locale)
    if tournament.format is Format.KNOCKOUT:
        bracket, alt = _bracket(t, tournament, names, through)
        return Picture(render_standings(bracket, theme=theme, width=IMAGE_WIDTH), alt)
    table, alt = _table(t, tournament, names, through)
    return Picture(render_standings(table, theme=theme, width=IMAGE_WIDTH), alt)


def _title(t: Localizer, tournament: Tournament, through: int | None) -> str:
    """After which round the standings are, or during which (the results so far)."""
    row = tournament.row
    done = through if through is not None else row.round
    if row.winner_id is not None and done >= (row.rounds or 0):
        return t("tournament.picture.final", tournament=row.id)
    playing = not all(pairing.done for pairing in tournament.round(done))
    key = "tournament.picture.during" if through is None and playing else "tournament.picture.after"
    return t(key, tournament=row.id, round=done, rounds=row.rounds)


def _figure(t: Localizer, value: float) -> str:
    """A score as the language writes it, as exact as it is: whole, a half, or a quarter (a
    Sonneborn-Berger share of a draw against a player on a half)."""
    places = next((n for n in (0, 1) if value * 10**n == int(value * 10**n)), 2)
    return t.decimal(value, places)


def _table(
    t: Localizer, tournament: Tournament, names: Names, through: int | None
) -> tuple[StandingsTable, str]:
    headings = tuple(
        t(f"tournament.picture.{key}")
        for key in ("rank", "player", "points", "buchholz", "sonneborn_berger")
    )
    rows = []
    spoken = []
    for standing in tournament.standings(through):
        cells = (
            str(standing.rank),
            name_of(names, standing.id),
            _figure(t, standing.points),
            _figure(t, standing.buchholz),
            _figure(t, standing.sonneborn_berger),
        )
        rows.append(cells)
        rank, name, points, buchholz, sonneborn_berger = cells
        spoken.append(
            t(
                "tournament.alt.row",
                rank=rank,
                name=name,
                points=points,
                buchholz=buchholz,
                sonneborn_berger=sonneborn_berger,
            )
        )
    title = _title(t, tournament, through)
    marked = frozenset(index for index, row in enumerate(rows) if row[0] == "1")
    return StandingsTable(title, headings, tuple(rows), marked), _alt(title, spoken)


def _bracket(
    t: Localizer, tournament: Tournament, names: Names, through: int | None
) -> tuple[Bracket, str]:
    total = tournament.row.rounds or 1
    last = total if through is None else through
    columns = []
    spoken = []
    # Each round's pairing i is played by the winners of pairings 2i-1 and 2i of the round before.
    earlier: list[str | None] = []
    for number in range(1, total + 1):
        heading = _round_name(t, number, total)
        paired = tournament.round(number) if number <= last else []
        size = 2 ** (total - number)
        matches = []
        winners: list[str | None] = []
        for number in range(1, size + 1):
            pairing = next((p for p in paired if p.number == number), None)
            if pairing is not None:
                match, winner, line = _paired(t, pairing, names, heading)
                if line:
                    spoken.append(line)
            else:
                known = earlier[2 * number - 2 : 2 * number] if earlier else []
                entries = [entry or "" for entry in known] + ["", ""]
                match, winner = BracketMatch((entries[0], entries[1])), None
            matches.append(match)
            winners.append(winner)
        columns.append((heading, tuple(matches)))
        earlier = winners
    title = _title(t, tournament, through)
    return Bracket(title, tuple(columns)), _alt(title, spoken)


def _paired(
    t: Localizer, pairing: PairingRow, names: Names, heading: str
) -> tuple[BracketMatch, str | None, str | None]:
    """A paired match of the bracket, its winner's name (if decided) and its spoken line."""
    first = name_of(names, pairing.first_id)
    if pairing.second_id is None:
        line = t("tournament.alt.bye", round=heading, player=first)
        return BracketMatch((first, t("tournament.picture.bye")), 0), first, line
    second = name_of(names, pairing.second_id)
    if not pairing.done:
        line = t("tournament.alt.playing", round=heading, first=first, second=second)
        return BracketMatch((first, second)), None, line
    won = 0 if pairing.winner_id == pairing.first_id else 1
    winner, loser = (first, second) if won == 0 else (second, first)
    line = t("tournament.alt.won", round=heading, winner=winner, loser=loser)
    return BracketMatch((first, second), won), winner, line


def _round_name(t: Localizer, number: int, total: int) -> str:
    """Final, semi-final, or round N."""
    if number == total:
        return t("tournament.picture.final_round")
    if number == total - 1:
        return t("tournament.picture.semi_final")
    return t("tournament.picture.round", round=number)


def _alt(title: str, lines: list[str]) -> str:
    """The alt text: the title, then each line, within Discord's limit."""
    text = ". ".join([title, *lines]) + "."
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"
