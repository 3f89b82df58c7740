"""A bare HTTP + websocket client speaking the protocol by hand, for refusals discord.py guards."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from emulator import Emulator

GUILDS_AND_MESSAGES = (1 << 0) | (1 << 9)


class RawBot:
    """Connects to the emulator's gateway and REST API without discord.py."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.session = aiohttp.ClientSession()
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.frames: list[dict[str, Any]] = []

    async def connect(
        self, *, token: str | None = None, intents: int = GUILDS_AND_MESSAGES
    ) -> None:
        """Open the gateway, read HELLO, IDENTIFY."""
        self.ws = await self.session.ws_connect(self.emulator.gateway_url + "?v=10&encoding=json")
        self.frames.append(await self.ws.receive_json(timeout=5))
        identify = {"token": token or self.emulator.token, "intents": intents, "properties": {}}
        await self.ws.send_json({"op": 2, "d": identify})

    async def receive(self) -> dict[str, Any]:
        """The next gateway frame."""
        assert self.ws is not None
        frame: dict[str, Any] = await self.ws.receive_json(timeout=5)
        self.frames.append(frame)
        return frame

    async def event(self, name: str) -> dict[str, Any]:
        """Skip frames until a dispatch of `name`; return its data."""
        while True:
            frame = await self.receive()
            if frame.get("t") == name:
                data: dict[str, Any] = frame["d"]
                return data

    async def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        files: dict[int, tuple[str, bytes]] | None = None,
        auth: bool = True,
    ) -> tuple[int, Any]:
        """A REST call; returns the status and the decoded JSON (or None)."""
        headers = {"Authorization": f"Bot {self.emulator.token}"} if auth else {}
        data: Any = None
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for index, (filename, content) in files.items():
                form.add_field(f"files[{index}]", content, filename=filename)
            data = form
        elif body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        url = self.emulator.api_base + path
        async with self.session.request(method, url, data=data, headers=headers) as response:
            content_type = response.headers.get("Content-Type")
            decoded = await response.json() if content_type == "application/json" else None
            return response.status, decoded

    async def close(self) -> None:
        """Close the websocket and the HTTP session."""
        if self.ws is not None:
            await self.ws.close()
        await self.session.close()
