"""The parts of a multipart/form-data body (RFC 7578), as the bot's HTTP client writes them.

Hand-written on purpose: aiohttp's part reader, and the `email` package it parses every header
and every new boundary with, cost the emulator more than the rest of a move's request handling
(`re.escape` ran hundreds of times per request). The bodies it reads come from aiohttp's form
writer (discord.py's and the tests' raw client): a `--boundary` line, `Name: value` header
lines, a blank line, the part's bytes, then the next `--boundary`, up to the closing
`--boundary--`. The syntax around that is read as the RFC has it (a preamble, padding after a
boundary, quoted and `name*=charset''…` parameters); what the emulator would have to guess at
(no boundary, an unterminated part, a transfer or content encoding) raises ValueError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

# `; key=value`, the value a token or a quoted string whose backslashes escape the next character.
_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)')
_ESCAPED = re.compile(r"\\(.)")
# Encodings that leave the bytes as they are; any other one would have to be decoded first.
_IDENTITY = ("", "7bit", "8bit", "binary")


@dataclass(frozen=True)
class Part:
    """One part: its headers (names in lower case), its bytes, and the field and file names
    its Content-Disposition gives."""

    headers: dict[str, str]
    data: bytes
    name: str | None = None
    filename: str | None = None

    @classmethod
    def read(cls, headers: dict[str, str], data: bytes) -> Part:
        """A part with the names its headers give."""
        disposition = parameters(headers.get("content-disposition", ""))
        return cls(headers, data, disposition.get("name"), disposition.get("filename"))

    @property
    def media_type(self) -> str:
        """The part's Content-Type without parameters, in lower case ("" when absent)."""
        return self.headers.get("content-type", "").partition(";")[0].strip().lower()

    def text(self) -> str:
        """The bytes decoded with the part's charset (UTF-8 unless it names another)."""
        charset = parameters(self.headers.get("content-type", "")).get("charset", "utf-8")
        return self.data.decode(charset)


def parts(body: bytes, content_type: str) -> list[Part]:
    """Every part of `body`, in order; `content_type` is the request's header, with the boundary."""
    boundary = parameters(content_type).get("boundary")
    if not boundary:
        raise ValueError(f"multipart body without a boundary: {content_type!r}")
    dashes = b"--" + boundary.encode()
    delimiter = b"\r\n" + dashes  # every boundary after the first ends the part before it
    if body.startswith(dashes):
        position = len(dashes)
    else:  # a preamble comes first
        opening = body.find(delimiter)
        if opening < 0:
            raise ValueError("multipart body without its opening boundary")
        position = opening + len(delimiter)
    found: list[Part] = []
    while not body.startswith(b"--", position):
        line_end = body.find(b"\r\n", position)
        if line_end < 0 or body[position:line_end].strip(b" \t"):
            raise ValueError("multipart boundary line with trailing text")
        headers_end = body.find(b"\r\n\r\n", line_end)
        part_end = body.find(delimiter, headers_end + 4) if headers_end >= 0 else -1
        if part_end < 0:
            raise ValueError("multipart part without an end")
        headers = _headers(body[line_end + 2 : headers_end])
        found.append(Part.read(headers, body[headers_end + 4 : part_end]))
        position = part_end + len(delimiter)
    return found


def parameters(header: str) -> dict[str, str]:
    """A header's `; key=value` parameters, keys in lower case, values unquoted and decoded."""
    found: dict[str, str] = {}
    for match in _PARAMETER.finditer(header):
        key, value = match.group(1).lower(), match.group(2).strip()
        if value.startswith('"'):
            value = _ESCAPED.sub(r"\1", value[1:-1])
        if key.endswith("*"):  # RFC 8187: charset'language'percent-encoded, which wins
            charset, _, rest = value.split("'", 2)
            found[key[:-1]] = unquote(rest, charset or "utf-8", "strict")
        else:
            found.setdefault(key, value)
    return found


def _headers(block: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in block.decode("utf-8", "surrogateescape").split("\r\n") if block else ():
        name, colon, value = line.partition(":")
        if not colon:
            raise ValueError(f"multipart header line without a colon: {line!r}")
        headers[name.strip().lower()] = value.strip()
    for encoding in ("content-transfer-encoding", "content-encoding"):
        if headers.get(encoding, "").lower() not in _IDENTITY:
            raise ValueError(f"multipart part with {encoding} {headers[encoding]!r}")
    return headers
