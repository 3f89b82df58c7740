"""Polls through discord.py, as Discord documents them: made, voted on, ended by their author or
by their expiry, with the result message; refused where Discord refuses them."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import discord
import pytest

from emulator import DriverError, Emulator
from emulator.building import BOT_PERMISSIONS
from emulator.fixtures import StartClient
from emulator.harness import CLIENT_OPTIONS
from emulator.polls import SEND_POLLS

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def client(intents: discord.Intents | None = None) -> discord.Client:
    """A plain client with the guilds intent (and any other asked for)."""
    return discord.Client(intents=intents or discord.Intents(guilds=True), **CLIENT_OPTIONS)


def a_poll(answers: list[str], hours: int = 1, multiple: bool = False) -> discord.Poll:
    poll = discord.Poll(question="Which play?", duration=timedelta(hours=hours), multiple=multiple)
    for text in answers:
        poll.add_answer(text=text)
    return poll


def channel_of(bot: discord.Client, emulator: Emulator) -> discord.TextChannel:
    found = bot.get_channel(emulator.general.id)
    assert isinstance(found, discord.TextChannel)
    return found


async def test_a_poll_is_voted_on_and_ended_by_its_author(
    emulator: Emulator, start_client: StartClient
) -> None:
    emulator.state.wall = lambda: NOW
    alice, bob, carol = (emulator.add_member(name) for name in ("alice", "bob", "carol"))
    async with start_client(client()) as bot:
        sent = await channel_of(bot, emulator).send(poll=a_poll(["13/7 8/7", "24/18 13/7"]))
        assert sent.poll is not None and sent.poll.expires_at == NOW + timedelta(hours=1)
        stored = emulator.state.messages[sent.id]
        await emulator.vote(alice, stored, 2)
        await emulator.vote(bob, stored, 2)
        await emulator.vote(carol, stored, 1)
        with pytest.raises(DriverError):
            await emulator.vote(carol, stored, 2)  # one answer only: Discord's client says so
        await emulator.unvote(carol, stored, 1)
        fetched = await channel_of(bot, emulator).fetch_message(sent.id)
        assert fetched.poll is not None and not fetched.poll.is_finalised()
        assert [a.vote_count for a in fetched.poll.answers] == [0, 2]
        voters = [user.id async for user in fetched.poll.answers[1].voters()]
        assert sorted(voters) == sorted([alice.id, bob.id])
        ended = await fetched.poll.end()
        assert ended.is_finalised()
        with pytest.raises(discord.HTTPException) as again:
            await fetched.end_poll()
        assert again.value.code == 520001
    result = emulator.channel_messages(emulator.general)[-1]
    assert result.type == 46 and result.reference_id == sent.id
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    assert fields["victor_answer_text"] == "24/18 13/7"
    assert (fields["victor_answer_votes"], fields["total_votes"]) == ("2", "2")
    with pytest.raises(DriverError):
        await emulator.vote(carol, stored, 1)  # the poll is over


async def test_a_poll_ends_at_its_expiry(emulator: Emulator, start_client: StartClient) -> None:
    now = [NOW]
    emulator.state.wall = lambda: now[0]
    alice = emulator.add_member("alice")
    async with start_client(client()) as bot:
        sent = await channel_of(bot, emulator).send(poll=a_poll(["a", "b", "c"], hours=24))
        stored = emulator.state.messages[sent.id]
        await emulator.vote(alice, stored, 1)
        now[0] = NOW + timedelta(hours=23, minutes=59)
        assert await emulator.end_due_polls() == []
        now[0] = NOW + timedelta(hours=24)
        fetched = await channel_of(bot, emulator).fetch_message(sent.id)
        assert fetched.poll is not None and fetched.poll.is_finalised()
        assert fetched.poll.victor_answer_id is None  # the message carries counts, not the victor
        assert [a.vote_count for a in fetched.poll.answers] == [1, 0, 0]
    result = emulator.channel_messages(emulator.general)[-1]
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    assert result.type == 46 and fields["victor_answer_id"] == "1"


async def test_a_tie_has_no_victor(emulator: Emulator, start_client: StartClient) -> None:
    emulator.state.wall = lambda: NOW
    alice, bob = emulator.add_member("alice"), emulator.add_member("bob")
    async with start_client(client()) as bot:
        sent = await channel_of(bot, emulator).send(poll=a_poll(["a", "b"], multiple=True))
        stored = emulator.state.messages[sent.id]
        await emulator.vote(alice, stored, 1, 2)
        await emulator.vote(bob, stored, 1)
        await emulator.vote(bob, stored, 2)
        assert sent.poll is not None
        await sent.poll.end()
    fields = {
        f["name"] for f in emulator.channel_messages(emulator.general)[-1].embeds[0]["fields"]
    }
    assert fields == {"poll_question_text", "total_votes"}


async def test_votes_reach_a_client_with_the_poll_intent(
    emulator: Emulator, start_client: StartClient
) -> None:
    emulator.state.wall = lambda: NOW
    alice = emulator.add_member("alice")
    seen: asyncio.Queue[tuple[str, int, int]] = asyncio.Queue()
    bot = client(discord.Intents(guilds=True, guild_polls=True))

    @bot.event
    async def on_raw_poll_vote_add(payload: discord.RawPollVoteActionEvent) -> None:
        await seen.put(("add", payload.user_id, payload.answer_id))

    @bot.event
    async def on_raw_poll_vote_remove(payload: discord.RawPollVoteActionEvent) -> None:
        await seen.put(("remove", payload.user_id, payload.answer_id))

    async with start_client(bot):
        sent = await channel_of(bot, emulator).send(poll=a_poll(["a", "b"]))
        stored = emulator.state.messages[sent.id]
        await emulator.vote(alice, stored, 2)
        await emulator.unvote(alice, stored, 2)
        assert await asyncio.wait_for(seen.get(), 5) == ("add", alice.id, 2)
        assert await asyncio.wait_for(seen.get(), 5) == ("remove", alice.id, 2)


def raw_poll(answers: list[str], **extra: object) -> dict[str, object]:
    return {
        "question": {"text": "Which play?"},
        "answers": [{"poll_media": {"text": text}} for text in answers],
        **extra,
    }


@pytest.mark.parametrize(
    "poll",
    [
        raw_poll(["x" * 56]),  # an answer over the documentation's 55 characters
        raw_poll([str(n) for n in range(11)]),  # more than 10 answers
        raw_poll([]),  # no answer
        raw_poll(["a", "b"], duration=0),  # durations are 1 to 768 hours
        raw_poll(["a", "b"], duration=769),
        raw_poll(["a", "b"], layout_type=2),  # only the default layout exists
        {"question": {"text": "x" * 301}, "answers": [{"poll_media": {"text": "a"}}]},
        {"question": {}, "answers": [{"poll_media": {"text": "a"}}]},  # a question needs text
        {"question": {"text": "q"}, "answers": [{"poll_media": {}}]},  # and so does an answer
    ],
)
async def test_what_discord_refuses_is_refused(
    emulator: Emulator, start_client: StartClient, poll: dict[str, object]
) -> None:
    async with start_client(client()) as bot:
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.send_message(emulator.general.id, params=_params(poll))
        assert refused.value.status == 400 and refused.value.code == 50035
    assert not emulator.channel_messages(emulator.general)


async def test_the_edges_discord_accepts_are_accepted(
    emulator: Emulator, start_client: StartClient
) -> None:
    emulator.state.wall = lambda: NOW
    answers = [f"{n}" * 55 for n in range(10)]
    async with start_client(client()) as bot:
        for hours in (1, 768):
            poll = raw_poll(answers, duration=hours)
            await bot.http.send_message(emulator.general.id, params=_params(poll))
    made = [m.poll for m in emulator.channel_messages(emulator.general)]
    assert [p.expiry - NOW for p in made if p] == [timedelta(hours=1), timedelta(hours=768)]


async def test_polls_need_send_polls_and_cannot_be_edited_in(
    emulator: Emulator, start_client: StartClient
) -> None:
    async with start_client(client()) as bot:
        plain = await channel_of(bot, emulator).send("no poll here")
        with pytest.raises(discord.HTTPException) as not_a_poll:
            await plain.end_poll()
        assert not_a_poll.value.code == 520006
        with pytest.raises(discord.HTTPException) as edited:
            await bot.http.edit_message(
                emulator.general.id, plain.id, params=_params(raw_poll(["a"]))
            )
        assert edited.value.code == 520003
        await emulator.set_bot_permissions(BOT_PERMISSIONS & ~SEND_POLLS)
        with pytest.raises(discord.Forbidden) as denied:
            await channel_of(bot, emulator).send(poll=a_poll(["a", "b"]))
        assert denied.value.code == 50013


def _params(poll: dict[str, object]) -> discord.http.MultipartParameters:
    return discord.http.MultipartParameters(payload={"poll": poll}, multipart=None, files=None)
