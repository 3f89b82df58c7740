"""Polls, as Discord documents them (https://discord.com/developers/docs/resources/poll).

A message may carry a poll: a question (text only, 1-300 characters), 1 to 10 answers (each
text of 1-55 characters and an optional emoji, numbered by Discord from 1), a duration in hours
(1-768, 24 when unset), `allow_multiselect` and `layout_type` 1. Discord's API description
checks most of that (`openapi`); the rest, which only its documentation states, is checked here
and refused the same way (400 50035). A poll needs Send Polls in a server's channel, and a poll
message cannot be edited into another poll (520003).

Members vote through the driver (`Voting.vote`, `Voting.unvote`): each vote is a
MESSAGE_POLL_VOTE_ADD or _REMOVE event for sessions with the poll intents. A poll ends at its
expiry on the emulator's wall clock (`State.wall`), found when the poll's message is read or a
test calls `end_due_polls`, or earlier by its author through `POST …/polls/{id}/expire`
(520006 for a message without a poll, 520001 for a poll already over, 50005 for another's
poll). Ending finalises the counts (a MESSAGE_UPDATE) and posts Discord's poll result message:
type 46, replying to the poll, with a `poll_result` embed naming the winner unless none won.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from aiohttp import web

from emulator import limits, payloads
from emulator.core import CORE, Core, json_response, snowflake_arg
from emulator.handle import DriverError
from emulator.state import Channel, Message, Poll, PollAnswer, State, User

ANSWER_TEXT_MAX = 55  # the documentation's limit for an answer (the question's is 300)
DEFAULT_DURATION_HOURS = 24
SEND_POLLS = 1 << 49
GUILD_MESSAGE_POLLS = 1 << 24
POLL_RESULT = 46  # the message type of the result Discord posts when a poll ends


def make_poll(data: Any, now: datetime) -> Poll:
    """A poll from a message create body's `poll`, refused where the documentation refuses it
    beyond the schema."""
    if not isinstance(data, dict):
        raise limits.invalid("poll", "Must be an object.")
    question = data.get("question") or {}
    text = question.get("text") if isinstance(question, dict) else None
    if not isinstance(text, str) or not text:
        raise limits.invalid("poll.question.text", "This field is required.")
    answers: list[PollAnswer] = []
    for index, answer in enumerate(data.get("answers") or []):
        media = answer.get("poll_media") or {}
        label = media.get("text")
        field = f"poll.answers.{index}.poll_media.text"
        if not isinstance(label, str) or not label:
            raise limits.invalid(field, "This field is required.")
        if len(label) > ANSWER_TEXT_MAX:
            raise limits.invalid(field, f"Must be {ANSWER_TEXT_MAX} or fewer in length.")
        answers.append(PollAnswer(index + 1, label, media.get("emoji")))
    hours = data.get("duration")
    return Poll(
        question=text,
        answers=answers,
        expiry=now + timedelta(hours=DEFAULT_DURATION_HOURS if hours is None else int(hours)),
        allow_multiselect=bool(data.get("allow_multiselect")),
        layout_type=int(data.get("layout_type") or 1),
    )


def routes() -> list[web.RouteDef]:
    """The poll routes."""
    poll = "/api/v10/channels/{channel_id}/polls/{message_id}"
    return [web.post(poll + "/expire", expire), web.get(poll + "/answers/{answer_id}", voters)]


def _poll_message(core: Core, request: web.Request) -> tuple[Message, Poll]:
    channel = core.state.channel(snowflake_arg(request.match_info["channel_id"]))
    if channel is None:
        raise limits.unknown_channel()
    core.require(channel, 0x400 | 0x10000)
    found = core.state.live_message(channel.id, snowflake_arg(request.match_info["message_id"]))
    if found is None or found.ephemeral:
        raise limits.unknown_message()
    if found.poll is None:
        raise limits.DiscordError(400, 520006, "Cannot expire a non-poll message")
    return found, found.poll


async def expire(request: web.Request) -> web.Response:
    """`POST /channels/{id}/polls/{id}/expire`: the author ends the poll now."""
    core = request.app[CORE]
    message, poll = _poll_message(core, request)
    if message.author.id != core.bot_user.id:
        raise limits.DiscordError(403, 50005, "Cannot execute action on a poll of another user")
    await settle(core, message)
    if poll.finalized:
        raise limits.DiscordError(400, 520001, "Poll expired")
    await end(core, message)
    return json_response(payloads.message(message))


async def voters(request: web.Request) -> web.Response:
    """`GET /channels/{id}/polls/{id}/answers/{id}`: who voted for an answer (`after`, `limit`
    1-100, 25 by default)."""
    core = request.app[CORE]
    _, poll = _poll_message(core, request)
    answer_id = int(request.match_info["answer_id"])
    if all(answer.answer_id != answer_id for answer in poll.answers):
        raise limits.DiscordError(404, 10008, "Unknown Message")
    limit = int(request.query.get("limit", "25"))
    if not 1 <= limit <= 100:
        raise limits.invalid("limit", "Must be between 1 and 100.")
    after = int(request.query.get("after", "0"))
    found = sorted(
        (poll.voters[user_id] for user_id, ids in poll.votes.items() if answer_id in ids),
        key=lambda user: user.id,
    )
    return json_response({"users": [payloads.user(u) for u in found if u.id > after][:limit]})


async def settle(core: Core, message: Message) -> None:
    """End the message's poll if its expiry has passed on the wall clock."""
    poll = message.poll
    if poll is not None and not poll.finalized and core.state.wall() >= poll.expiry:
        await end(core, message)


async def end(core: Core, message: Message) -> None:
    """Finalise the counts (a MESSAGE_UPDATE) and post the poll result message."""
    poll = message.poll
    assert poll is not None and not poll.finalized
    poll.finalized = True
    poll.expiry = min(poll.expiry, core.state.wall())
    await core.announce("MESSAGE_UPDATE", message)
    result = Message(
        id=core.state.snowflake(),
        channel_id=message.channel_id,
        guild_id=message.guild_id,
        author=message.author,
        reference_id=message.id,
        type=POLL_RESULT,
        poll_result=result_embed(poll),
    )
    result.embeds = [result.poll_result or {}]
    core.state.messages[result.id] = result
    await core.announce("MESSAGE_CREATE", result)


def counts(poll: Poll) -> dict[int, int]:
    """Votes per answer id (every answer, none voted for counted 0)."""
    tally = {answer.answer_id: 0 for answer in poll.answers}
    for ids in poll.votes.values():
        for answer_id in ids:
            tally[answer_id] += 1
    return tally


def result_embed(poll: Poll) -> dict[str, Any]:
    """The `poll_result` embed: the question, the votes, and the one answer with the most
    votes (no victor fields on a tie or without votes)."""
    tally = counts(poll)
    fields = [
        {"name": "poll_question_text", "value": poll.question, "inline": False},
        {"name": "total_votes", "value": str(sum(tally.values())), "inline": False},
    ]
    most = max(tally.values(), default=0)
    leaders = [answer for answer in poll.answers if tally[answer.answer_id] == most]
    if most > 0 and len(leaders) == 1:
        victor = leaders[0]
        fields += [
            {"name": "victor_answer_votes", "value": str(most), "inline": False},
            {"name": "victor_answer_id", "value": str(victor.answer_id), "inline": False},
            {"name": "victor_answer_text", "value": victor.text, "inline": False},
        ]
    return {"type": "poll_result", "fields": fields}


class Voting:
    """The voting half of the driver: members vote and polls end on time."""

    state: State
    core: Core

    async def vote(self, user: User, message: Message, *answer_ids: int) -> None:
        """`user` votes for `answer_ids` (more than one only where the poll allows it)."""
        poll = self._open_poll(user, message)
        known = {answer.answer_id for answer in poll.answers}
        if not answer_ids or not set(answer_ids) <= known:
            raise DriverError(f"answers {answer_ids} are not those of the poll ({sorted(known)})")
        mine = poll.votes.setdefault(user.id, set())
        poll.voters[user.id] = user
        if not poll.allow_multiselect and len(mine | set(answer_ids)) > 1:
            raise DriverError("the poll takes one answer: remove the vote first")
        for answer_id in answer_ids:
            if answer_id not in mine:
                mine.add(answer_id)
                await self._vote_event("MESSAGE_POLL_VOTE_ADD", user, message, answer_id)
        self.state.signal.fire(message)

    async def unvote(self, user: User, message: Message, answer_id: int) -> None:
        """`user` takes back a vote."""
        poll = self._open_poll(user, message)
        mine = poll.votes.get(user.id, set())
        if answer_id not in mine:
            raise DriverError(f"{user.name} did not vote for answer {answer_id}")
        mine.discard(answer_id)
        await self._vote_event("MESSAGE_POLL_VOTE_REMOVE", user, message, answer_id)
        self.state.signal.fire(message)

    async def end_due_polls(self) -> list[Message]:
        """End every poll whose expiry has passed on the wall clock, as Discord does on time;
        returns the poll messages ended."""
        ended: list[Message] = []
        for message in list(self.state.messages.values()):
            if message.poll is not None and not message.poll.finalized and not message.deleted:
                await settle(self.core, message)
                if message.poll.finalized:
                    ended.append(message)
        return ended

    def _open_poll(self, user: User, message: Message) -> Poll:
        poll = message.poll
        if poll is None or message.deleted:
            raise DriverError(f"message {message.id} has no poll")
        channel = self.state.channel(message.channel_id)
        assert channel is not None
        if user.id not in self.state.home(channel).members:
            raise DriverError(f"{user.name} cannot see the poll")
        if poll.finalized or self.state.wall() >= poll.expiry:
            raise DriverError("the poll is over: Discord refuses the vote (520001)")
        return poll

    async def _vote_event(self, event: str, user: User, message: Message, answer: int) -> None:
        data: dict[str, Any] = {
            "user_id": str(user.id),
            "channel_id": str(message.channel_id),
            "message_id": str(message.id),
            "answer_id": answer,
        }
        if message.guild_id:
            data["guild_id"] = str(message.guild_id)
        await self.core.gateway.dispatch(
            event, data, guild_id=message.guild_id, intent=GUILD_MESSAGE_POLLS
        )


def channel_allows_polls(core: Core, channel: Channel) -> None:
    """Refuse a poll where the bot may not send one (Send Polls in a server's channel)."""
    if not channel.is_private:
        core.require(channel, SEND_POLLS)
