"""Every request body checked against Discord's own OpenAPI description of its API.

`spec/openapi.json` is Discord's published description of its v10 HTTP API (MIT, its licence in
`spec/LICENSE`). A body the schema of its route refuses is refused here as Discord refuses it
(400 50035 Invalid Form Body), so the emulator cannot drift into accepting what Discord would
not, on any route the bot uses. Where the description and Discord's documented behaviour
disagree, the documentation wins: `EXCEPTIONS` lists each such change to the schemas, with why.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

SPEC = Path(__file__).parent / "spec" / "openapi.json"
_PARAMETER = re.compile(r"\{[^/{}]+\}")
# Bodies at least this long (as JSON text) have their answers remembered: every bot that starts
# registers the same commands, some hundred kilobytes that take half a second to check, and the
# answer depends only on the route and the body.
REMEMBERED_BODY = 10_000

# Where Discord's documentation (and its servers) accept more than the description says:
# schema name -> (the schema used instead, why).
EXCEPTIONS: dict[str, tuple[dict[str, Any], str]] = {
    "SnowflakeType": (
        {
            "oneOf": [
                {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
                {"type": "integer", "minimum": 0},
            ]
        },
        "Discord reads a snowflake sent as a JSON integer as well as a string (its documentation "
        "types ids as snowflakes, serialised as strings in what it returns, and its API accepts "
        "both); discord.py sends the ids of allowed mentions and attachments as integers",
    ),
}


@dataclass(frozen=True)
class Route:
    """One path of the description, as a pattern over request paths."""

    template: str
    pattern: re.Pattern[str]
    literal_segments: int


class Description:
    """Discord's API description: which schema a request body on a route must follow."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self._spec = spec
        components = copy.deepcopy(spec["components"])
        for name, (schema, _why) in EXCEPTIONS.items():
            components["schemas"][name] = schema
        self._components = components
        routes = [_route(template) for template in spec["paths"]]
        # A literal segment ("@original") wins over a parameter in the same place.
        self._routes = sorted(routes, key=lambda r: -r.literal_segments)
        self._answers: dict[tuple[str, str, str], str | None] = {}

    def route(self, path: str) -> str | None:
        """The description's template for a request path under the API base, if any."""
        for route in self._routes:
            if route.pattern.fullmatch(path):
                return route.template
        return None

    def problem(self, method: str, path: str, body: Any) -> str | None:
        """Why Discord would refuse `body` on `method path`; None when the schema allows it (or
        the route takes no body in the description)."""
        template = self.route(path)
        if template is None:
            return None
        validator = self._validator(template, method.lower())
        if validator is None:
            return None
        text = json.dumps(body, sort_keys=True)
        if len(text) < REMEMBERED_BODY:
            return self._checked(validator, method, template, body)
        key = (method, template, text)
        if key not in self._answers:
            self._answers[key] = self._checked(validator, method, template, body)
        return self._answers[key]

    @staticmethod
    def _checked(
        validator: Draft202012Validator, method: str, template: str, body: Any
    ) -> str | None:
        error = next(iter(validator.iter_errors(body)), None)
        if error is None:
            return None
        where = "/".join(str(part) for part in error.absolute_path) or "body"
        return f"{method} {template}: {where}: {_short(error.message)}"

    @functools.cache  # noqa: B019 - one description per process, kept for its life
    def _validator(self, template: str, method: str) -> Draft202012Validator | None:
        operation = self._spec["paths"][template].get(method)
        if operation is None or "requestBody" not in operation:
            return None
        content = operation["requestBody"].get("content", {})
        media = content.get("application/json")
        if media is None or "schema" not in media:
            return None
        schema = {"components": self._components, **media["schema"]}
        return Draft202012Validator(schema)


def _route(template: str) -> Route:
    parts = []
    literal = 0
    for segment in template.strip("/").split("/"):
        if _PARAMETER.fullmatch(segment):
            parts.append("[^/]+")
        else:
            parts.append(re.escape(segment))
            literal += 1
    return Route(template, re.compile("/" + "/".join(parts)), literal)


def _short(text: str, most: int = 300) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


@functools.cache
def description() -> Description:
    """Discord's description, read once per process."""
    return Description(json.loads(SPEC.read_text(encoding="utf-8")))
