"""The API tests use: start the emulator, act as users (slash, autocomplete, click, select...)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from emulator import installs, payloads
from emulator.building import Builder
from emulator.core import Core
from emulator.gateway import Gateway
from emulator.handle import DEFAULT_TIMEOUT, DriverError, InteractionHandle
from emulator.looking import Observer
from emulator.options import World, build_options, fill_modal
from emulator.polls import Voting
from emulator.server import API, build_app
from emulator.signal import BotFailure
from emulator.state import (
    Channel,
    Command,
    Guild,
    Interaction,
    Message,
    MonotonicClock,
    State,
    User,
)

DEFAULT_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.emulator.duelboard-test-token"

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


class Emulator(Observer, Builder, Voting):
    """A local Discord served on 127.0.0.1: one server (guild) with channels and members to
    begin with, and more servers on demand, each routed to the gateway session of its shard."""

    def __init__(
        self,
        *,
        clock: MonotonicClock | None = None,
        reply_window: float = 3.0,
        token_lifetime: float = 15 * 60,
        token: str = DEFAULT_TOKEN,
        guild_locale: str = "en-US",
    ) -> None:
        if reply_window <= 0 or token_lifetime <= 0:
            raise ValueError(
                f"reply_window ({reply_window}) and token_lifetime ({token_lifetime}) "
                "must be positive seconds"
            )
        self.state = State(clock or MonotonicClock(), token)
        self.app_id = self.state.snowflake()
        self.bot_user = User(self.app_id, "duelboard", bot=True)
        self.gateway = Gateway(self.state, self.bot_user, self.app_id)
        self.core = Core(
            self.state, self.gateway, self.app_id, self.bot_user, reply_window, token_lifetime
        )
        self.owner = User(self.state.snowflake(), "owner")
        self.guild = self.add_guild("Duelboard Test", locale=guild_locale)
        self.general = self.add_channel("general")
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def token(self) -> str:
        """The bot token the emulator accepts."""
        return self.state.token

    @property
    def origin(self) -> str:
        """Where the emulator serves: `http://127.0.0.1:<port>`."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What `discord.http.Route.BASE` must point at."""
        return f"{self.origin}{API}"

    @property
    def gateway_url(self) -> str:
        """What `DiscordWebSocket.DEFAULT_GATEWAY` must point at."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        """Serve on a free port of 127.0.0.1."""
        self._runner = web.AppRunner(build_app(self.core), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.gateway.url = self.gateway_url

    async def stop(self) -> None:
        """Close every connection and stop serving."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def check(self) -> None:
        """Raise if the bot called a route Discord does not have, made a bot-token call where the
        app is only user-installed (403 50001), or a wait saw a failure."""
        problems = [f"unknown route {route}" for route in self.state.unknown_routes]
        problems += [f"refused, the app is not there: {c}" for c in self.state.missing_access]
        problems += self.state.signal.failures
        if problems:
            raise BotFailure("; ".join(problems))

    # Acting as users.

    def _world(self, guild: Guild) -> World:
        return World(guild, lambda user_id: self.state.permissions(guild, user_id))

    def command(self, name: str, *, guild: Guild | None = None) -> Command:
        """The registered command a user of `guild` (the first server by default) would pick:
        the server's own commands shadow global ones."""
        where = (guild or self.guild).id
        matches = [
            c
            for c in self.state.commands.values()
            if c.name == name and c.body.get("type", 1) == 1 and c.guild_id in (None, where)
        ]
        matches.sort(key=lambda c: c.guild_id is None)
        if not matches:
            known = sorted(c.name for c in self.state.commands.values())
            raise DriverError(
                f"/{name} is not registered (did the bot sync its tree?); known: {known}"
            )
        return matches[0]

    def _check_visible(self, user: User, command: Command, guild: Guild) -> None:
        wanted = command.body.get("default_member_permissions")
        if wanted is None or guild.id == 0:  # a DM or group DM has no permissions to check
            return
        held = self.state.permissions(guild, user.id)
        if int(wanted) & ~held:
            raise DriverError(
                f"Discord does not offer /{command.name} to {user.name}: it needs permissions "
                f"{int(wanted):#x}, they hold {held:#x}"
            )

    async def slash(
        self,
        user: User,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        channel: Channel | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Run `/command` (subcommands as "game resign") with typed option values."""
        name, *path = command.split()
        where = channel or self.general
        guild = self.state.home(where)
        registered = self.command(name, guild=guild)
        self._check_visible(user, registered, guild)
        access = installs.offered(self.state, self.bot_user, user, where, registered)
        world = self._world(guild)
        built, resolved = build_options(registered.body, path, options or {}, world, None)
        data = payloads.command_data(registered, built, resolved)
        return await self._send(APPLICATION_COMMAND, user, where, data, None, locale, access)

    async def autocomplete(
        self,
        user: User,
        command: str,
        options: dict[str, Any],
        *,
        focused: str,
        channel: Channel | None = None,
        locale: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> list[dict[str, Any]]:
        """Type into an autocomplete option; returns the choices the bot offered."""
        handle = await self.start_autocomplete(
            user, command, options, focused=focused, channel=channel, locale=locale
        )
        return await handle.choices(timeout)

    async def start_autocomplete(
        self,
        user: User,
        command: str,
        options: dict[str, Any],
        *,
        focused: str,
        channel: Channel | None = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Type into an autocomplete option; the handle waits for the answer (or a refusal)."""
        name, *path = command.split()
        where = channel or self.general
        guild = self.state.home(where)
        registered = self.command(name, guild=guild)
        self._check_visible(user, registered, guild)
        access = installs.offered(self.state, self.bot_user, user, where, registered)
        built, resolved = build_options(registered.body, path, options, self._world(guild), focused)
        data = payloads.command_data(registered, built, resolved)
        return await self._send(AUTOCOMPLETE, user, where, data, None, locale, access)

    def _clickable(self, user: User, message: Message, custom_id: str) -> dict[str, Any]:
        current = self.state.messages.get(message.id)
        if current is None or current.deleted:
            raise DriverError(f"message {message.id} is gone")
        if current.ephemeral and (
            current.interaction is None or current.interaction.user is not user
        ):
            raise DriverError(f"{user.name} cannot see ephemeral message {message.id}")
        component = current.component(custom_id)
        if component is None:
            raise DriverError(
                f"message {message.id} has no component {custom_id!r}: {current.custom_ids}"
            )
        if component.get("disabled"):
            raise DriverError(f"component {custom_id!r} is disabled")
        return component

    async def click(
        self, user: User, message: Message, custom_id: str, *, locale: str | None = None
    ) -> InteractionHandle:
        """Press a button on a message."""
        component = self._clickable(user, message, custom_id)
        if component.get("type") != 2:
            raise DriverError(f"{custom_id!r} is not a button")
        data = payloads.button_data(custom_id)
        return await self._send(
            COMPONENT, user, self.channel(message.channel_id), data, message, locale
        )

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: list[str],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Pick values in a string select."""
        component = self._clickable(user, message, custom_id)
        if component.get("type") != 3:
            raise DriverError(f"{custom_id!r} is not a string select")
        offered = [option["value"] for option in component.get("options", [])]
        if any(value not in offered for value in values) or len(set(values)) != len(values):
            raise DriverError(f"values {values} are not distinct options of {offered}")
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise DriverError(f"{len(values)} values chosen; {custom_id!r} takes {low} to {high}")
        data = payloads.select_data(custom_id, values)
        return await self._send(
            COMPONENT, user, self.channel(message.channel_id), data, message, locale
        )

    async def submit_modal(
        self,
        user: User,
        opened: InteractionHandle,
        values: dict[str, str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot showed in answer to `opened`."""
        modal = await opened.modal(timeout)
        if opened.interaction.user is not user:
            raise DriverError(
                f"the modal was shown to {opened.interaction.user.name}, not {user.name}"
            )
        components = fill_modal(modal.get("components", []), dict(values))
        data = payloads.modal_submit_data(modal["custom_id"], components)
        channel = self.channel(opened.interaction.channel_id)
        source = opened.interaction.source_message
        return await self._send(
            MODAL_SUBMIT, user, channel, data, source, opened.interaction.locale
        )

    async def delete_message(self, message: Message) -> None:
        """A moderator deletes `message` (Manage Messages): it is gone for everyone, and the
        bot's edits of it get 10008 Unknown Message."""
        if message.deleted or message.ephemeral:
            raise DriverError(f"message {message.id} cannot be deleted: it is not in a channel")
        message.deleted = True
        await self.core.announce("MESSAGE_DELETE", message)

    async def _send(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source: Message | None,
        locale: str | None,
        access: installs.Access | None = None,
    ) -> InteractionHandle:
        guild = self.state.home(channel)
        if user.id not in guild.members:
            raise DriverError(f"{user.name} is not a member of the server {guild.name!r}")
        if access is None:
            access = installs.on_message(self.state, self.bot_user, user, channel, source)
        interaction = Interaction(
            id=self.state.snowflake(),
            token=self.state.new_token(),
            type=kind,
            application_id=self.app_id,
            user=user,
            guild_id=guild.id,
            channel_id=channel.id,
            locale=locale or user.locale,
            created_at=self.state.clock(),
            data=data,
            source_message=source,
            owners=access.owners,
            context=access.context,
            forced_ephemeral=access.forced_ephemeral,
        )
        self.state.interactions[interaction.id] = interaction
        self.state.interactions_by_token[interaction.token] = interaction
        payload = payloads.interaction(
            interaction,
            guild,
            channel,
            permissions=self.state.permissions(guild, user.id),
            app_permissions=access.app_permissions,
        )
        if not self.gateway.sessions:
            raise BotFailure("no connected client received the interaction")
        # With the server's shard down, Discord delivers nothing and the user sees "This
        # interaction failed" three seconds later: the handle's waits time out, as theirs do.
        # DMs and group DMs go to shard 0, as Discord sends them.
        interaction.delivered = await self.gateway.dispatch(
            "INTERACTION_CREATE", payload, guild_id=guild.id
        )
        return InteractionHandle(self.state, interaction)
