"""The gateway websocket: HELLO, IDENTIFY → READY → GUILD_CREATE, heartbeats, and dispatches."""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import web

from emulator import payloads
from emulator.state import State, User

GUILDS_INTENT = 1 << 0
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_DECODE_ERROR = 4002
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_INVALID_SHARD = 4010
CLOSE_SHARDING_REQUIRED = 4011
CLOSE_DISALLOWED_INTENTS = 4014
# Discord's limit on the servers one gateway session handles; past it IDENTIFY gets 4011.
GUILDS_PER_SESSION = 2500
# GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT: each must be switched on in the developer
# portal, or Discord closes the gateway with 4014.
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
# A heartbeat's ACK comes back after a network round trip, as from Discord. discord.py's keep-alive
# thread notes when it sent a heartbeat only once the send has returned to it; an ACK from a
# server in the same process can land first, and the client then measures the whole interval as
# its latency and logs "Can't keep up ... 41.3s behind".
ACK_ROUND_TRIP = 0.2


@dataclass(eq=False)
class Session:
    """One identified gateway connection (one shard of one client)."""

    ws: web.WebSocketResponse
    session_id: str = field(default_factory=lambda: secrets.token_hex(16))
    intents: int = 0
    shard: tuple[int, int] = (0, 1)
    seq: int = 0
    identified: bool = False
    acks: set[asyncio.Task[None]] = field(default_factory=set)

    def owns(self, guild_id: int) -> bool:
        """Discord's shard formula: which shard receives a guild's events."""
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id


class Gateway:
    """Accepts gateway connections and sends them events."""

    def __init__(self, state: State, bot_user: User, app_id: int) -> None:
        self.state = state
        self.bot_user = bot_user
        self.app_id = app_id
        self.sessions: list[Session] = []
        self.url = ""
        self.allowed_privileged = 0
        self.guilds_per_session = GUILDS_PER_SESSION

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one websocket connection until the client leaves."""
        # No permessage-deflate: on loopback it only burns CPU both sides share (it halved the
        # single-user round trip). discord.py reads uncompressed text frames as they are.
        ws = web.WebSocketResponse(autoping=True, heartbeat=None, compress=False)
        await ws.prepare(request)
        session = Session(ws)
        await ws.send_str(json.dumps(payloads.hello()))
        try:
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    self.state.signal.fail(f"gateway: unexpected {frame.type.name} frame")
                    await ws.close(code=CLOSE_DECODE_ERROR)
                    break
                await self._receive(session, json.loads(frame.data))
        finally:
            for ack in session.acks:
                ack.cancel()
            if session in self.sessions:
                self.sessions.remove(session)
            self.state.signal.fire()
        return ws

    async def _acknowledge(self, session: Session) -> None:
        await asyncio.sleep(ACK_ROUND_TRIP)
        if not session.ws.closed:
            await session.ws.send_str(json.dumps(payloads.heartbeat_ack()))

    async def _receive(self, session: Session, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if op == payloads.OP_HEARTBEAT:
            ack = asyncio.create_task(self._acknowledge(session))
            session.acks.add(ack)
            ack.add_done_callback(session.acks.discard)
        elif op == payloads.OP_IDENTIFY:
            await self._identify(session, data or {})
        elif op in (payloads.OP_PRESENCE, payloads.OP_VOICE_STATE):
            return
        elif op == payloads.OP_RESUME:
            # Sessions are not kept across connections; Discord's answer is "start over".
            await session.ws.send_str(json.dumps(payloads.invalid_session()))
        elif not session.identified:
            await session.ws.close(code=CLOSE_NOT_AUTHENTICATED)
        else:
            self.state.signal.fail(f"gateway: the emulator does not handle op {op}")

    async def _identify(self, session: Session, data: dict[str, Any]) -> None:
        if data.get("token") != self.state.token:
            await session.ws.close(
                code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed."
            )
            return
        session.intents = int(data.get("intents") or 0)
        if session.intents & PRIVILEGED_INTENTS & ~self.allowed_privileged:
            await session.ws.close(code=CLOSE_DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
            return
        shard = data.get("shard") or [0, 1]
        session.shard = (int(shard[0]), int(shard[1]))
        if not 0 <= session.shard[0] < session.shard[1]:
            await session.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        # Only the servers that added the bot: a user's install brings no server with it.
        guilds = [
            g
            for g in self.state.guilds.values()
            if session.owns(g.id) and self.bot_user.id in g.members
        ]
        if len(guilds) > self.guilds_per_session:
            await session.ws.close(code=CLOSE_SHARDING_REQUIRED, message=b"Sharding required.")
            return
        session.identified = True
        ready = payloads.ready(
            self.bot_user, guilds, session.session_id, self.url, self.app_id, session.shard
        )
        # Listed before READY goes out, so a test that saw the client ready can always reach it.
        self.sessions.append(session)
        await self._send(session, "READY", ready)
        if session.intents & GUILDS_INTENT:
            for guild in guilds:
                await self._send(session, "GUILD_CREATE", payloads.guild(guild))
        self.state.signal.fire()

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = payloads.dispatch(event, data, session.seq)
        if not session.ws.closed:
            await session.ws.send_str(json.dumps(frame))

    async def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: int, intent: int | None = None
    ) -> int:
        """Send an event to every session that owns the guild (and asked for the intent)."""
        delivered = 0
        for session in list(self.sessions):
            if not session.owns(guild_id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            await self._send(session, event, data)
            delivered += 1
        return delivered

    async def close(self, code: int = 1000) -> None:
        """Close every connection; 1000 is a normal close, 4000 Discord's "unknown error"."""
        for session in list(self.sessions):
            await session.ws.close(code=code)
