"""The words of a tournament and its standings picture's alt text, from hand-made values."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import Localizer
from bot.pictures.standings import standings_picture
from bot.service.tournaments.tournament import Tournament
from bot.store import GameKind
from bot.store.tournament_rows import EntrantRow, PairingRow, TournamentRow, TournamentStatus
from bot.wording import tournaments as words
from bot.wording.limits import MAX_CONTENT

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
EN, FR = Localizer("en-US"), Localizer("fr")
ANN, BEN, CAT, DAN, EVE = 11, 22, 33, 44, 55
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan", EVE: "Eve"}


def row(**changes: object) -> TournamentRow:
    """A checkers Swiss of 3 rounds by Ann, taking sign-ups."""
    values: dict[str, object] = {
        "id": 7,
        "guild_id": 1,
        "shard_key": 0,
        "channel_id": 2,
        "organizer_id": ANN,
        "kind": GameKind.CHECKERS,
        "variant": "box",
        "format": "swiss",
        "options": {
            "match_length": 0,
            "cube": True,
            "jacoby": True,
            "crawford": True,
            "time_limit": 86400,
            "rated": True,
            "starter": "random",
            "challenger_colour": "white",
            "level": None,
            "hints": False,
        },
        "swiss_rounds": 3,
        "player_limit": 16,
        "starts_at": None,
        "status": TournamentStatus.SIGNUP,
        "paused": False,
        "round": 0,
        "rounds": None,
        "version": 0,
        "message_id": None,
        "event_id": None,
        "winner_id": None,
        "created_at": NOW,
        "updated_at": NOW,
    }
    values.update(changes)
    return TournamentRow(**values)  # type: ignore[arg-type]


def entrants(*ids: int, rating: float = 1500.0) -> tuple[EntrantRow, ...]:
    """Entrants in this order, each seeded by `rating` less their place."""
    return tuple(
        EntrantRow(7, user_id, rating - n, False, NOW, NAMES.get(user_id, str(user_id)))
        for n, user_id in enumerate(ids)
    )


def pairing(
    round_number: int,
    number: int,
    first: int,
    second: int | None,
    winner: int | None = None,
    *,
    game: int | None = 1,
    done: bool = True,
) -> PairingRow:
    """A pairing; a bye is decided for `first`."""
    if second is None:
        return PairingRow(7, round_number, number, first, None, None, 0, True, first, NOW)
    return PairingRow(7, round_number, number, first, second, game, 1, done, winner, NOW)


def test_the_sign_up_message_says_what_who_and_when() -> None:
    tournament = Tournament(row(), entrants(ANN, BEN), ())
    text = words.signup_text(EN, tournament, NAMES)
    assert text.splitlines() == [
        "**Checkers tournament #7** by Ann: Swiss, 3 rounds; box rules, 1 day per move, rated.",
        "Starts when its organizer says so (/tournament start).",
        "Players (2 of 16): Ann, Ben",
    ]
    timed = Tournament(row(starts_at=NOW), (), ())
    lines = words.signup_text(FR, timed, NAMES).splitlines()
    assert lines[1] == "Début <t:1772366400:F> (<t:1772366400:R>)."
    assert lines[2] == "Aucun joueur pour l'instant (16 places) : appuie sur S'inscrire."


def test_a_long_list_of_players_is_cut_with_how_many_more() -> None:
    many = {1000 + n: f"Player with a long name {n:03d}" for n in range(256)}
    people = tuple(EntrantRow(7, i, None, False, NOW, name) for i, name in many.items())
    tournament = Tournament(row(player_limit=256), people, ())
    text = words.signup_text(EN, tournament, many)
    assert len(text) < MAX_CONTENT
    shown = text.count("Player with a long name")
    assert shown < 256
    assert text.endswith(f" and {256 - shown} more")


def test_a_running_tournament_says_its_round_and_a_finished_one_its_winner() -> None:
    running = Tournament(row(status=TournamentStatus.RUNNING, round=2, rounds=3), (), ())
    assert words.status_line(EN, running, NAMES) == "Round 2 of 3 is being played."
    over = Tournament(
        row(status=TournamentStatus.FINISHED, round=3, rounds=3, winner_id=BEN), (), ()
    )
    assert words.status_line(EN, over, NAMES) == "Finished: Ben won."
    paused = Tournament(row(status=TournamentStatus.RUNNING, paused=True, round=1), (), ())
    assert words.status_line(FR, paused, NAMES) == "En pause à la demande de son organisateur."


def test_a_rounds_announcement_lists_games_byes_and_walkovers() -> None:
    tournament = Tournament(
        row(status=TournamentStatus.RUNNING, round=2, rounds=3),
        entrants(ANN, BEN, CAT, DAN, EVE),
        (
            pairing(2, 1, ANN, BEN, done=False),
            pairing(2, 2, CAT, DAN, CAT, game=None),
            pairing(2, 3, EVE, None),
        ),
    )
    [message] = words.round_messages(EN, tournament, 2, NAMES, {1: "https://discord.com/x"})
    assert message.splitlines() == [
        "**Tournament #7: round 2 of 3**",
        "Ann v Ben: https://discord.com/x",
        "Cat wins without playing: Dan was taken out",
        "Eve: a bye (a win without playing)",
    ]


def test_a_big_round_is_announced_in_messages_discord_takes() -> None:
    players = list(range(1000, 1256))
    pairs = tuple(
        pairing(1, n + 1, players[2 * n], players[2 * n + 1], done=False) for n in range(128)
    )
    names = {p: f"Somebody called {p}" for p in players}
    tournament = Tournament(row(status=TournamentStatus.RUNNING, round=1, rounds=8), (), pairs)
    links = {n: f"https://discord.com/channels/1/{n}/{n}" for n in range(1, 129)}
    messages = words.round_messages(EN, tournament, 1, names, links)
    assert len(messages) > 1 and all(len(m) <= MAX_CONTENT for m in messages)
    assert sum(m.count(" v ") for m in messages) == 128


def test_the_call_pings_both_players_and_says_when_a_game_is_played_again() -> None:
    tournament = Tournament(row(), (), ())
    # The pairing as it waits for its game: none played yet, or one (drawn) already.
    waiting = PairingRow(7, 1, 1, ANN, BEN, None, 0, False, None, NOW)
    first = words.game_call(EN, tournament, waiting)
    assert first.startswith(f"<@{ANN}> <@{BEN}>: your round 1 game of tournament #7 is here.")
    again = PairingRow(7, 1, 1, ANN, BEN, 3, 1, False, None, NOW)
    assert "a knockout needs a winner" in words.game_call(EN, tournament, again)


def test_the_alt_text_reads_the_standings_row_by_row() -> None:
    # Round 1: Ann beat Ben, Cat drew Dan, Eve had the bye.
    tournament = Tournament(
        row(status=TournamentStatus.RUNNING, round=1, rounds=3),
        entrants(ANN, BEN, CAT, DAN, EVE),
        (
            pairing(1, 1, ANN, BEN, ANN),
            pairing(1, 2, CAT, DAN, None),
            pairing(1, 3, EVE, None),
        ),
    )
    picture = standings_picture(tournament, NAMES, "en-US", through=1)
    assert picture.png.startswith(b"\x89PNG")
    # Points: Ann 1, Eve 1 (the bye), Cat ½, Dan ½, Ben 0. Buchholz: Ann's opponent Ben has 0,
    # Eve's bye adds nothing; Cat's and Dan's each other's ½; Ben's Ann's 1.
    # Sonneborn-Berger: Ann beat Ben (0); Cat and Dan drew each other: half of ½.
    assert picture.alt_text == (
        "Tournament #7: standings after round 1 of 3. "
        "1. Ann: points 1, Buchholz 0, Sonneborn-Berger 0. "
        "1. Eve: points 1, Buchholz 0, Sonneborn-Berger 0. "
        "3. Cat: points 0.5, Buchholz 0.5, Sonneborn-Berger 0.25. "
        "3. Dan: points 0.5, Buchholz 0.5, Sonneborn-Berger 0.25. "
        "5. Ben: points 0, Buchholz 1, Sonneborn-Berger 0."
    )
    french = standings_picture(tournament, NAMES, "fr", through=1)
    assert "3. Cat : points 0,5, Buchholz 0,5" in french.alt_text


def test_a_knockout_is_read_as_its_bracket() -> None:
    tournament = Tournament(
        row(format="knockout", status=TournamentStatus.RUNNING, round=2, rounds=2),
        entrants(ANN, BEN, CAT),
        (
            pairing(1, 1, ANN, None),
            pairing(1, 2, BEN, CAT, CAT),
            pairing(2, 1, ANN, CAT, done=False),
        ),
    )
    picture = standings_picture(tournament, NAMES, "en-US")
    assert picture.alt_text == (
        "Tournament #7: standings during round 2 of 2. Semi-finals: Ann has a bye. "
        "Semi-finals: Cat beat Ben. Final: Ann against Cat, still playing."
    )
