"""Discord's limits, checked directly (no network): each refusal at its boundary."""

from __future__ import annotations

from typing import Any

import pytest

from emulator import limits


def _row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "b", "custom_id": custom_id}


def _select(count: int, **extra: Any) -> dict[str, Any]:
    options = [{"label": str(i), "value": str(i)} for i in range(count)]
    return {"type": 3, "custom_id": "s", "options": options, **extra}


def test_content_2000_accepted_2001_refused() -> None:
    limits.check_message({"content": "x" * 2000})
    with pytest.raises(limits.DiscordError, match="2000") as error:
        limits.check_message({"content": "x" * 2001})
    assert (error.value.status, error.value.code, error.value.field) == (400, 50035, "content")


def test_embed_total_counts_title_fields_footer_and_author() -> None:
    embed = {
        "title": "t" * 256,
        "description": "d" * 4096,
        "fields": [{"name": "n" * 256, "value": "v" * 1024}],
        "footer": {"text": "f" * 368},
    }
    limits.check_message({"embeds": [embed]})
    with pytest.raises(limits.DiscordError, match="6000"):
        limits.check_message({"embeds": [embed | {"author": {"name": "a"}}]})


def test_single_embed_field_limits() -> None:
    with pytest.raises(limits.DiscordError, match=r"embeds\.0\.title"):
        limits.check_message({"embeds": [{"title": "t" * 257}]})
    with pytest.raises(limits.DiscordError, match="10 or fewer"):
        limits.check_message({"embeds": [{"title": "t"}] * 11})


@pytest.mark.parametrize(
    ("embed", "field"),
    [
        ({"fields": [{"name": "n" * 257, "value": "v"}]}, "fields.0.name"),
        ({"fields": [{"name": "n", "value": "v" * 1025}]}, "fields.0.value"),
        ({"footer": {"text": "f" * 2049}}, "footer.text"),
        ({"author": {"name": "a" * 257}}, "author.name"),
    ],
)
def test_each_embed_part_has_its_own_limit(embed: dict[str, Any], field: str) -> None:
    with pytest.raises(limits.DiscordError) as error:
        limits.check_message({"embeds": [embed]})
    assert error.value.field == f"embeds.0.{field}"


def _string_option(**lengths: object) -> list[dict[str, Any]]:
    option = {"type": 3, "name": "text", "description": "d", **lengths}
    return [{"name": "say", "description": "d", "options": [option]}]


def test_a_string_option_may_be_6000_characters_long_at_most() -> None:
    limits.check_commands(_string_option(min_length=0, max_length=6000))
    for lengths in ({"max_length": 6001}, {"max_length": 0}, {"min_length": 6001}):
        with pytest.raises(limits.DiscordError, match="between"):
            limits.check_commands(_string_option(**lengths))
    number = [{"type": 4, "name": "n", "description": "d", "max_length": 5}]
    with pytest.raises(limits.DiscordError, match="Only string options"):
        limits.check_commands([{"name": "count", "description": "d", "options": number}])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"options": [{"label": "l" * 101, "value": "v"}]}, "label has 1 to 100"),
        ({"options": [{"label": "l", "value": "v" * 101}]}, "value has 1 to 100"),
        ({"options": [{"label": "", "value": "v"}]}, "label has 1 to 100"),
        ({"options": [{"label": "l", "value": "v", "description": "d" * 101}]}, "description"),
        ({"placeholder": "p" * 151}, "placeholder"),
    ],
)
def test_select_texts_have_their_limits(change: dict[str, Any], message: str) -> None:
    limits.check_message({"components": [_row(_select(1, placeholder="p" * 150))]})
    with pytest.raises(limits.DiscordError, match=message):
        limits.check_message({"components": [_row(_select(1) | change)]})


def test_five_rows_accepted_six_refused() -> None:
    rows = [_row(_button(f"b{i}")) for i in range(6)]
    limits.check_message({"components": rows[:5]})
    with pytest.raises(limits.DiscordError, match="5 or fewer"):
        limits.check_message({"components": rows})


def test_select_25_options_accepted_26_refused() -> None:
    limits.check_message({"components": [_row(_select(25))]})
    with pytest.raises(limits.DiscordError, match="25 or fewer"):
        limits.check_message({"components": [_row(_select(26))]})


@pytest.mark.parametrize(
    ("component", "message"),
    [
        (_select(2, max_values=3), "max_values"),
        (_select(0), "at least one option"),
        ({"type": 2, "style": 5, "label": "x", "custom_id": "a"}, "link button"),
        ({"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}, "custom_id"),
        ({"type": 4, "custom_id": "t", "style": 1, "label": "x"}, "only in modals"),
    ],
)
def test_malformed_components(component: dict[str, Any], message: str) -> None:
    with pytest.raises(limits.DiscordError, match=message):
        limits.check_message({"components": [_row(component)]})


def test_select_must_be_alone_in_its_row() -> None:
    with pytest.raises(limits.DiscordError, match="alone"):
        limits.check_message({"components": [_row(_select(2), _button("b"))]})


def test_components_v2_skip_row_rules_but_not_duplicates() -> None:
    container = {"type": 17, "components": [{"type": 10, "content": "hi"}] * 6}
    limits.check_message({"flags": limits.COMPONENTS_V2_FLAG, "components": [container]})
    twice = {"type": 17, "components": [_row(_button("a")), _row(_button("a"))]}
    with pytest.raises(limits.DiscordError, match="Duplicate"):
        limits.check_message({"flags": limits.COMPONENTS_V2_FLAG, "components": [twice]})


def test_choices_25_accepted_26_refused() -> None:
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    limits.check_choices(choices[:25])
    with pytest.raises(limits.DiscordError, match="25 or fewer"):
        limits.check_choices(choices)
    with pytest.raises(limits.DiscordError, match="names"):
        limits.check_choices([{"name": "", "value": "x"}])


def test_modal_title_and_size() -> None:
    text = {"type": 4, "custom_id": "t", "style": 1, "label": "x"}
    limits.check_modal({"title": "t" * 45, "custom_id": "m", "components": [_row(text)]})
    with pytest.raises(limits.DiscordError, match="45"):
        limits.check_modal({"title": "t" * 46, "custom_id": "m", "components": [_row(text)]})
    with pytest.raises(limits.DiscordError, match="1 to 5"):
        limits.check_modal({"title": "t", "custom_id": "m", "components": []})


@pytest.mark.parametrize(
    ("commands", "message"),
    [
        ([{"name": "Move", "description": "d"}], "Invalid command name"),
        ([{"name": "a b", "description": "d"}], "Invalid command name"),
        ([{"name": "m", "description": "d"}, {"name": "m", "description": "d"}], "Duplicate"),
        ([{"name": "m", "description": "d" * 101}], "description"),
        (
            [
                {
                    "name": "m",
                    "description": "d",
                    "options": [
                        {"type": 3, "name": "a", "description": "d"},
                        {"type": 3, "name": "b", "description": "d", "required": True},
                    ],
                }
            ],
            "Required options must come before",
        ),
        (
            [
                {
                    "name": "m",
                    "description": "d",
                    "options": [
                        {
                            "type": 3,
                            "name": "a",
                            "description": "d",
                            "autocomplete": True,
                            "choices": [{"name": "x", "value": "x"}],
                        }
                    ],
                }
            ],
            "exclusive",
        ),
    ],
)
def test_command_sync_refusals(commands: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(limits.DiscordError, match=message):
        limits.check_commands(commands)


def test_context_menu_names_may_have_spaces_and_capitals() -> None:
    limits.check_commands([{"name": "Show Board", "type": 2}])
