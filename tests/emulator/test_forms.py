"""Reading multipart/form-data bodies: what aiohttp's writer sends, and the RFC's other syntax."""

from __future__ import annotations

import json

import aiohttp
import pytest
from aiohttp import hdrs

from emulator.forms import Part, parameters, parts

BOUNDARY = "b0und"
CONTENT_TYPE = f"multipart/form-data; boundary={BOUNDARY}"


class _Sink:
    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data.extend(chunk)


async def _written(form: aiohttp.FormData) -> tuple[bytes, str]:
    """The body and Content-Type aiohttp sends for `form`."""
    writer = form()
    sink = _Sink()
    await writer.write(sink)  # type: ignore[arg-type]
    return bytes(sink.data), writer.headers[hdrs.CONTENT_TYPE]


@pytest.mark.parametrize("quote_fields", [False, True])
async def test_reads_what_aiohttp_writes(quote_fields: bool) -> None:
    form = aiohttp.FormData(quote_fields=quote_fields)
    form.add_field("payload_json", json.dumps({"content": "é"}), content_type="application/json")
    image = b"\x89PNG\r\n\r\n--not-a-boundary\r\n"
    form.add_field("files[0]", image, filename="board.png", content_type="image/png")
    body, content_type = await _written(form)
    payload, upload = parts(body, content_type)
    assert (payload.name, payload.filename, payload.media_type) == (
        "payload_json",
        None,
        "application/json",
    )
    assert json.loads(payload.text()) == {"content": "é"}
    assert (upload.name, upload.filename, upload.data) == ("files[0]", "board.png", image)
    assert upload.headers["content-type"] == "image/png"


async def test_quoted_names_keep_escaped_quotes_and_non_ascii() -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("files[3]", b"x", filename='say "hi"; é.txt')
    body, content_type = await _written(form)
    (upload,) = parts(body, content_type)
    assert upload.filename == 'say "hi"; é.txt'


def test_preamble_padding_and_an_extended_filename() -> None:
    body = (
        b"ignored preamble\r\n"
        b"--b0und  \r\n"
        b'content-disposition: form-data; name=files[1]; filename="plain.txt"; '
        b"filename*=utf-8''%C3%A9t%C3%A9.txt\r\n"
        b"\r\n"
        b"summer\r\n"
        b"--b0und\r\n"
        b"\r\n"
        b"no headers\r\n"
        b"--b0und--\r\nignored epilogue"
    )
    named, bare = parts(body, CONTENT_TYPE)
    assert (named.name, named.filename, named.data) == ("files[1]", "été.txt", b"summer")
    assert (bare.headers, bare.name, bare.data) == ({}, None, b"no headers")


def test_a_charset_decodes_the_text() -> None:
    part = Part({"content-type": "application/json; charset=latin-1"}, '"é"'.encode("latin-1"))
    assert part.text() == '"é"'


def test_parameters_of_a_content_type() -> None:
    assert parameters('multipart/form-data; Boundary="a b"; charset=utf-8') == {
        "boundary": "a b",
        "charset": "utf-8",
    }


@pytest.mark.parametrize(
    ("body", "content_type", "reason"),
    [
        (b"--b0und--\r\n", "multipart/form-data", "without a boundary"),
        (b"nothing here", CONTENT_TYPE, "without its opening boundary"),
        (b"--b0und\r\n\r\nno end", CONTENT_TYPE, "without an end"),
        (b"--b0undary\r\n\r\nx\r\n--b0und--", CONTENT_TYPE, "trailing text"),
        (b"--b0und\r\nno colon\r\n\r\nx\r\n--b0und--", CONTENT_TYPE, "without a colon"),
        (
            b"--b0und\r\nContent-Transfer-Encoding: base64\r\n\r\neA==\r\n--b0und--",
            CONTENT_TYPE,
            "content-transfer-encoding 'base64'",
        ),
    ],
)
def test_what_it_cannot_read_raises(body: bytes, content_type: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parts(body, content_type)
