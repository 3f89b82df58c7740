"""Discord's refusals: the limits a message, a modal or a command list must keep, as 400s."""

from __future__ import annotations

from typing import Any

from emulator import naming

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CUSTOM_ID = 100
MAX_OPTION_TEXT = 100  # a select option's label, value and description
MAX_PLACEHOLDER = 150
COMPONENTS_V2_FLAG = 1 << 15
_EMBED_FIELD_LIMITS = {"title": 256, "description": 4096}

ACTION_ROW, BUTTON, TEXT_INPUT = 1, 2, 4
STRING_OPTION = 3
SELECTS = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6


class DiscordError(Exception):
    """An error response, as Discord would send it."""

    def __init__(self, status: int, code: int, message: str, field: str | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.field = field

    def errors(self) -> dict[str, Any] | None:
        """The nested `errors` object of a 50035 Invalid Form Body."""
        if self.field is None:
            return None
        return {self.field: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": self.message}]}}


def invalid(field: str, message: str) -> DiscordError:
    """A 400 Invalid Form Body that names the offending field."""
    return DiscordError(400, 50035, f"Invalid Form Body: {field}: {message}", field)


def unknown_interaction() -> DiscordError:
    """10062: the interaction was not answered within the window (or never existed)."""
    return DiscordError(404, 10062, "Unknown interaction")


def already_acknowledged() -> DiscordError:
    """40060: a second callback to the same interaction."""
    return DiscordError(400, 40060, "Interaction has already been acknowledged.")


def unknown_webhook() -> DiscordError:
    """10015: a follow-up or @original before the first reply, or after the token expired."""
    return DiscordError(404, 10015, "Unknown Webhook")


def unknown_message() -> DiscordError:
    """10008: the message does not exist (or was deleted)."""
    return DiscordError(404, 10008, "Unknown Message")


def unknown_channel() -> DiscordError:
    """10003: the channel does not exist."""
    return DiscordError(404, 10003, "Unknown Channel")


def empty_message() -> DiscordError:
    """50006: nothing to show (no content, embeds, components or attachments)."""
    return DiscordError(400, 50006, "Cannot send an empty message")


def bad_json(detail: str) -> DiscordError:
    """50109: the body is not valid JSON."""
    return DiscordError(400, 50109, f"The request body contains invalid JSON. ({detail})")


def check_message(body: dict[str, Any]) -> None:
    """Refuse a message create/edit body that Discord would refuse."""
    content = body.get("content")
    if content is not None and len(str(content)) > MAX_CONTENT:
        raise invalid("content", f"Must be {MAX_CONTENT} or fewer in length.")
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        raise invalid("embeds", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for index, embed in enumerate(embeds):
        total += _embed_size(embed, index)
    if total > MAX_EMBED_TOTAL:
        raise invalid("embeds", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")
    components = body.get("components") or []
    if int(body.get("flags") or 0) & COMPONENTS_V2_FLAG:
        _check_unique_ids(components)
        return
    if len(components) > MAX_ROWS:
        raise invalid("components", f"Must be {MAX_ROWS} or fewer in length.")
    for row in components:
        _check_row(row, in_modal=False)
    _check_unique_ids(components)


def _embed_size(embed: dict[str, Any], index: int) -> int:
    size = 0
    for key, limit in _EMBED_FIELD_LIMITS.items():
        text = str(embed.get(key) or "")
        if len(text) > limit:
            raise invalid(f"embeds.{index}.{key}", f"Must be {limit} or fewer in length.")
        size += len(text)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        raise invalid(f"embeds.{index}.fields", "Must be 25 or fewer in length.")
    parts = [(f"fields.{n}.name", item.get("name"), 256) for n, item in enumerate(fields)]
    parts += [(f"fields.{n}.value", item.get("value"), 1024) for n, item in enumerate(fields)]
    parts.append(("footer.text", (embed.get("footer") or {}).get("text"), 2048))
    parts.append(("author.name", (embed.get("author") or {}).get("name"), 256))
    for where, text, limit in parts:
        if len(str(text or "")) > limit:
            raise invalid(f"embeds.{index}.{where}", f"Must be {limit} or fewer in length.")
        size += len(str(text or ""))
    return size


def _check_row(row: dict[str, Any], *, in_modal: bool) -> None:
    if row.get("type") != ACTION_ROW:
        raise invalid("components", "Top-level components must be action rows.")
    children = row.get("components") or []
    if not children:
        raise invalid("components", "An action row needs at least one component.")
    kinds = {child.get("type") for child in children}
    if kinds & SELECTS and len(children) > 1:
        raise invalid("components", "A select menu must be alone in its action row.")
    if len(children) > MAX_ROW_BUTTONS:
        raise invalid("components", f"An action row holds {MAX_ROW_BUTTONS} or fewer buttons.")
    for child in children:
        kind = child.get("type")
        if kind == TEXT_INPUT and not in_modal:
            raise invalid("components", "Text inputs are allowed only in modals.")
        if kind == BUTTON:
            _check_button(child)
        elif kind in SELECTS:
            _check_select(child)
        elif kind != TEXT_INPUT:
            raise invalid("components", f"Component type {kind} is not allowed in an action row.")


def _check_button(button: dict[str, Any]) -> None:
    style = button.get("style")
    if style == LINK_STYLE:
        if "url" not in button or "custom_id" in button:
            raise invalid("components", "A link button needs a url and no custom_id.")
        return
    if style != PREMIUM_STYLE:
        _check_custom_id(button)
    if len(str(button.get("label") or "")) > 80:
        raise invalid("components", "Button labels must be 80 or fewer in length.")


def _check_select(select: dict[str, Any]) -> None:
    _check_custom_id(select)
    options = select.get("options")
    if select.get("type") == 3:
        if not options:
            raise invalid("components", "A string select needs at least one option.")
        if len(options) > MAX_OPTIONS:
            raise invalid("components", f"Must be {MAX_OPTIONS} or fewer in length.")
        values = [option.get("value") for option in options]
        if len(set(values)) != len(values):
            raise invalid("components", "Select option values must be unique.")
        for option in options:
            for field in ("label", "value"):
                if not 1 <= len(str(option.get(field) or "")) <= MAX_OPTION_TEXT:
                    raise invalid("components", f"An option {field} has 1 to 100 characters.")
            if len(str(option.get("description") or "")) > MAX_OPTION_TEXT:
                raise invalid("components", "An option description has 100 or fewer characters.")
    if len(str(select.get("placeholder") or "")) > MAX_PLACEHOLDER:
        raise invalid("components", f"A placeholder has {MAX_PLACEHOLDER} or fewer characters.")
    low = int(select.get("min_values", 1))
    high = int(select.get("max_values", 1))
    if not 0 <= low <= high <= MAX_OPTIONS:
        raise invalid("components", f"min_values {low} / max_values {high} out of range.")
    if options is not None and high > len(options):
        raise invalid("components", "max_values cannot exceed the number of options.")


def _check_custom_id(component: dict[str, Any]) -> None:
    custom_id = component.get("custom_id")
    if not custom_id or len(str(custom_id)) > MAX_CUSTOM_ID:
        raise invalid("components", f"custom_id must be 1 to {MAX_CUSTOM_ID} characters.")


def _check_unique_ids(components: list[dict[str, Any]]) -> None:
    seen: set[str] = set()
    stack = list(components)
    while stack:
        item = stack.pop()
        stack.extend(item.get("components") or [])
        if isinstance(item.get("accessory"), dict):
            stack.append(item["accessory"])
        custom_id = item.get("custom_id")
        if custom_id is None:
            continue
        if custom_id in seen:
            raise invalid("components", f"Duplicate custom_id {custom_id!r}.")
        seen.add(custom_id)


def check_choices(choices: list[dict[str, Any]]) -> None:
    """Refuse an autocomplete answer Discord would refuse."""
    if len(choices) > MAX_CHOICES:
        raise invalid("data.choices", f"Must be {MAX_CHOICES} or fewer in length.")
    for choice in choices:
        name = str(choice.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid("data.choices", "Choice names must be 1 to 100 characters.")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            raise invalid("data.choices", "Choice values must be 100 or fewer characters.")


def check_modal(data: dict[str, Any]) -> None:
    """Refuse a modal Discord would refuse."""
    title = str(data.get("title") or "")
    if not 1 <= len(title) <= 45:
        raise invalid("data.title", "Must be between 1 and 45 in length.")
    _check_custom_id(data)
    components = data.get("components") or []
    if not 1 <= len(components) <= MAX_ROWS:
        raise invalid("data.components", f"A modal holds 1 to {MAX_ROWS} components.")
    for row in components:
        if row.get("type") == ACTION_ROW:
            _check_row(row, in_modal=True)
    _check_unique_ids(components)


def check_commands(commands: list[dict[str, Any]]) -> None:
    """Refuse a command list Discord would refuse at sync."""
    if not isinstance(commands, list):
        raise invalid("commands", "Expected a list of commands.")
    for kind in {int(body.get("type", 1)) for body in commands}:
        # Names are unique per command type: a slash command and a context menu may share one.
        same_type = [
            (f"{index}", body)
            for index, body in enumerate(commands)
            if int(body.get("type", 1)) == kind
        ]
        _refuse_first(naming.sibling_problems(same_type))
    for index, body in enumerate(commands):
        chat_input = int(body.get("type", 1)) == 1
        _refuse_first(naming.name_problems(body, f"{index}", chat_input=chat_input))
        if chat_input:
            _check_options(body.get("options") or [], f"{index}")
            _refuse_first(naming.text_problems(body, f"{index}", "description"))


def _check_options(options: list[dict[str, Any]], where: str) -> None:
    if len(options) > 25:
        raise invalid(f"{where}.options", "Must be 25 or fewer in length.")
    _refuse_first(
        naming.sibling_problems([(f"{where}.options.{n}", o) for n, o in enumerate(options)])
    )
    seen_optional = False
    for index, option in enumerate(options):
        here = f"{where}.options.{index}"
        _refuse_first(naming.name_problems(option, here, chat_input=True))
        _refuse_first(naming.text_problems(option, here, "description"))
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            raise invalid(f"{here}.choices", "Must be 25 or fewer in length.")
        for number, choice in enumerate(choices):
            _refuse_first(naming.text_problems(choice, f"{here}.choices.{number}", "name"))
        if choices and option.get("autocomplete"):
            raise invalid(here, "Choices and autocomplete are exclusive.")
        if option.get("type") in (1, 2):
            _check_options(option.get("options") or [], here)
            continue
        _check_lengths(option, here)
        if option.get("required"):
            if seen_optional:
                raise invalid(f"{where}.options", "Required options must come before optional.")
        else:
            seen_optional = True


def _check_lengths(option: dict[str, Any], where: str) -> None:
    """A string option's min_length is 0-6000 and its max_length 1-6000."""
    for field, low in (("min_length", 0), ("max_length", 1)):
        value = option.get(field)
        if value is None:
            continue
        if option.get("type") != STRING_OPTION:
            raise invalid(f"{where}.{field}", "Only string options have a length.")
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 6000:
            raise invalid(f"{where}.{field}", f"Must be between {low} and 6000.")


def _refuse_first(problems: naming.Problems) -> None:
    """The first problem found, as Discord's 400."""
    for field, message in problems:
        raise invalid(field, message)
