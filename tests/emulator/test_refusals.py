"""Discord's refusals (contract 8), through discord.py where it lets a bot make the mistake."""

from __future__ import annotations

from emulator import Emulator, ManualClock
from emulator.fixtures import StartClient
from emulator.harness import ErrorCapture
from tests.emulator.testbot import SampleBot


async def test_reply_after_three_seconds_is_unknown_interaction_10062(
    emulator: Emulator, start_client: StartClient, clock: ManualClock
) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        handle = await emulator.slash(alice, "late")
        clock.advance(3.01)
        bot.release.set()
        refused = await handle.refused(10062)
        assert refused.status == 404
        assert (
            await emulator.wait_until(lambda: bot.outcomes.get("late"), "the bot's view") == 10062
        )
    assert handle.interaction.callback_type is None
    assert emulator.channel_messages(emulator.general) == []


async def test_reply_inside_three_seconds_is_accepted(
    emulator: Emulator, start_client: StartClient, clock: ManualClock
) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        handle = await emulator.slash(alice, "late")
        clock.advance(2.5)
        bot.release.set()
        assert (await handle.response()).content == "late"


async def test_followup_before_reply_is_unknown_webhook_10015(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        handle = await emulator.slash(alice, "early")
        assert (await handle.response()).content == "replied"
    assert bot.outcomes["early"] == 10015
    assert [m.content for m in emulator.channel_messages(emulator.general)] == ["replied"]


async def test_content_over_2000_characters_is_refused_400(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        handle = await emulator.slash(alice, "echo", {"text": "x" * 2001})
        assert (await handle.response()).content == "refused 400 50035"
        ok = await emulator.slash(alice, "echo", {"text": "y" * 2000})
        assert len((await ok.response()).content) == 2000


async def test_more_than_25_autocomplete_choices_is_refused_400(
    emulator: Emulator, start_client: StartClient, discord_errors: ErrorCapture
) -> None:
    alice = emulator.add_member("alice")
    discord_errors.expect("autocomplete for 'move'.*50035")
    async with start_client(SampleBot()):
        handle = await emulator.start_autocomplete(
            alice, "move", {"play": "overflow"}, focused="play"
        )
        refused = await handle.refused(50035)
        await emulator.wait_until(lambda: discord_errors.expected or None, "the logged error")
    assert refused.status == 400
    assert len(refused.body["data"]["choices"]) == 26
    assert handle.interaction.choices is None
    assert not handle.interaction.acknowledged


async def test_two_bot_processes_on_one_token_race_and_one_gets_40060(
    emulator: Emulator, start_client: StartClient, discord_errors: ErrorCapture
) -> None:
    """The old process still running after a restart: both answer, Discord takes one."""
    alice = emulator.add_member("alice")
    discord_errors.expect("Ignoring exception in command 'echo'.*40060")
    async with start_client(SampleBot()), start_client(SampleBot()):
        await emulator.wait_for_clients(2)
        handle = await emulator.slash(alice, "echo", {"text": "once"})
        await handle.refused(40060)
        await emulator.wait_until(lambda: discord_errors.expected or None, "the loser's error")
    assert (await handle.response()).content == "once"
    statuses = sorted(r.status for r in handle.requests())
    assert statuses[0] == 200 and set(statuses[1:]) == {400}
    assert [m.content for m in emulator.channel_messages(emulator.general)] == ["once"]


async def test_an_ignored_interaction_is_listed_as_unanswered(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        handled = await emulator.slash(alice, "echo", {"text": "hi"})
        await handled.response()
        ignored = await emulator.slash(alice, "late")
        assert emulator.unanswered() == [ignored.interaction]
        bot.release.set()
        await ignored.response()
    assert emulator.unanswered() == []
