"""A tournament as it now stands, and what a call to the tournaments did (`Progress`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.options import GameOptions
from bot.service.tournaments.pairing import Entrant, Format, PairingResult, Standing, standings
from bot.store.tournament_rows import EntrantRow, PairingRow, TournamentRow


@dataclass(frozen=True, slots=True)
class Tournament:
    """One tournament: its row, who entered (in the order they joined), every pairing, and
    the organizer's name (who need not play)."""

    row: TournamentRow
    entrants: tuple[EntrantRow, ...]
    pairings: tuple[PairingRow, ...]
    organizer_name: str | None = None

    @property
    def id(self) -> int:
        """The tournament's number."""
        return self.row.id

    @property
    def format(self) -> Format:
        """Knockout, round robin or Swiss."""
        return Format(self.row.format)

    @property
    def games(self) -> GameOptions:
        """The options every game of the tournament is played with."""
        row = self.row
        return GameOptions.from_json(row.kind, row.variant, row.options)

    def names(self) -> dict[int, str]:
        """The organizer's and each entrant's name, by user id."""
        names = {entrant.user_id: entrant.name for entrant in self.entrants}
        if self.organizer_name is not None:
            names.setdefault(self.row.organizer_id, self.organizer_name)
        return names

    def withdrawn(self) -> frozenset[int]:
        """The players removed after the start."""
        return frozenset(e.user_id for e in self.entrants if e.withdrawn)

    def round(self, number: int) -> list[PairingRow]:
        """The pairings of one round, by number."""
        return [pairing for pairing in self.pairings if pairing.round == number]

    def seeds(self) -> list[Entrant]:
        """The entrants as the pairing rules see them: each with their seeding rating."""
        return [Entrant(e.user_id, e.rating or 0.0) for e in self.entrants]

    def results(self, through: int | None = None) -> list[PairingResult]:
        """The result of every pairing decided so far (up to round `through`)."""
        return [
            PairingResult(p.round, p.first_id, p.second_id, p.winner_id)
            for p in self.pairings
            if p.done and (through is None or p.round <= through)
        ]

    def standings(self, through: int | None = None) -> list[Standing]:
        """The standings after the results so far (up to round `through`)."""
        return standings(self.format, self.seeds(), self.results(through))


def seats_of(pairing: PairingRow) -> tuple[int, int]:
    """Who takes the first seat in the pairing's next game: its `first`, and for each game
    played again after a draw the other in turn."""
    assert pairing.second_id is not None, "a bye has no game"
    if pairing.games % 2 == 0:
        return pairing.first_id, pairing.second_id
    return pairing.second_id, pairing.first_id


@dataclass(frozen=True, slots=True)
class Progress:
    """What a call moved on: the tournament as it now stands, the rounds it completed and
    paired, whether it finished, and the pairings that wait for a game (a new round's, a drawn
    knockout game's replay)."""

    tournament: Tournament
    completed: tuple[int, ...] = ()
    paired: tuple[int, ...] = ()
    finished: bool = False
    called_off: bool = False  # the start time came with too few players
    to_seat: tuple[PairingRow, ...] = ()

    @property
    def news(self) -> bool:
        """Whether anything moved on that players must see."""
        return bool(self.completed or self.paired or self.finished or self.called_off) or bool(
            self.to_seat
        )
