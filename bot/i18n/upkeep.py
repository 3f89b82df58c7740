"""Keeping the catalogs up to date and checking them: `python -m bot.i18n update|check`.

The template (`duelboard.pot`) is the English source. Most of its entries are written there by
hand; two families belong to the code and are copied in by `update`: the engines' refusals
(`refusal.<code>`, from their `REFUSALS` registries) and the picture words (`picture.<field>`,
from the renderer's English `Words`; a field with a sentence per backgammon size gives
`picture.<field>.<size>`, one with a sentence per checkers ending `picture.<field>.<ending>`).
Then every `.po` is brought in line with the template by key: a new key comes in untranslated,
a key whose English changed keeps its translation marked fuzzy (with the old English as
`#| msgid`) until a translator reviews it, and a removed key goes.
Babel's own `Catalog.update` is not used for this: it matches a changed English by text
similarity, across keys, while here the key says which entry it is.

`problems` lists what makes a catalog unfit to ship: an entry untranslated or fuzzy, a key
missing or unknown, placeholders that differ from the English, a plural entry without one text
per plural form, a command or option name Discord would refuse (`bot.i18n.names`), a
`Plural-Forms` rule that picks other forms than Babel's for the language (compared by what the
rules do, `bot.i18n.plurals`), a catalog that does not compile (Babel's `.mo` writer and the
checks of `babel.messages.checkers`). When Babel's rule for a language means something new,
`update` writes it into that catalog and lays each counted entry out for it, every form filled
from the old ones and the entry marked fuzzy until a translator words the new form.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import unescape, write_po

from bot.i18n import (
    TEMPLATE,
    catalog_path,
    forms,
    keyed,
    placeholders,
    read_catalog,
    translated_languages,
)
from bot.i18n.names import is_command_name
from bot.i18n.plurals import CLDR, forms_for, reference, regrouped, same_rule
from engine.backgammon import errors as backgammon
from engine.checkers import errors as checkers
from render import ENDING_FIELDS, ENGLISH, PLURAL_FIELDS, SIZE_FIELDS, TEMPLATE_FIELDS

WIDTH = 100  # columns of the written catalogs, as the code's
RUN_UPDATE = "(run `python -m bot.i18n update`)"
NAMED = ("name.cmd.", "name.opt.")  # command and option names; choice names are free text
NAME_RULE = "is no command or option name for Discord: 1-32 letters, digits, - or _, lower case"


def code_english() -> dict[str, str | tuple[str, ...]]:
    """The English the code owns, by catalog key."""
    refusals = {**backgammon.REFUSALS, **checkers.REFUSALS}
    return {
        **{f"refusal.{code}": template for code, template in refusals.items()},
        **{f"picture.{name}": getattr(ENGLISH, name) for name in TEMPLATE_FIELDS},
        **{f"picture.{name}": tuple(getattr(ENGLISH, name)) for name in PLURAL_FIELDS},
        **{
            f"picture.{name}.{size}": template
            for name in SIZE_FIELDS
            for size, template in enumerate(getattr(ENGLISH, name), start=1)
        },
        **{
            f"picture.{name}.{reason.name.lower()}": template
            for name in ENDING_FIELDS
            for reason, template in getattr(ENGLISH, name).items()
        },
    }


def _code_family(key: str) -> bool:
    return key.startswith(("refusal.bg.", "refusal.ck.", "picture."))


def updated_template(template: Catalog) -> Catalog:
    """The template with the code's English copied in (new keys at the end)."""
    owned = code_english()
    result = _empty_like(template)
    for key, message in keyed(template).items():
        if _code_family(key) and key not in owned:
            continue
        english = owned.pop(key, message.id)
        _put(result, _copy(message, english, None))
    for key, english in owned.items():
        result.add(english, context=key)
    return result


def updated_translation(template: Catalog, catalog: Catalog) -> Catalog:
    """`catalog` in line with `template`, by key, in the template's order, under the plural rule
    Babel gives its language (when that rule means something new)."""
    old = keyed(catalog)
    result = _empty_like(catalog)
    rule = (catalog.num_plurals, catalog.plural_expr)
    new_rule = reference(str(catalog.locale))
    if new_rule is not None and not same_rule(rule, new_rule):
        forms_header = f"nplurals={new_rule[0]}; plural={new_rule[1]};"
        result.mime_headers = [
            (name, forms_header if name.lower() == "plural-forms" else value)
            for name, value in catalog.mime_headers
        ]
    else:
        new_rule = None
    for key, message in keyed(template).items():
        before = old.get(key)
        if before is None:
            string: str | tuple[str, ...] = ("",) * result.num_plurals
            _put(result, _copy(message, message.id, string if message.pluralizable else ""))
            continue
        entry = _copy(message, message.id, before.string)
        entry.user_comments = [c for c in before.user_comments if not c.startswith("|")]
        if before.id != message.id or before.fuzzy:
            entry.flags.add("fuzzy")
            entry.previous_id = list(_previous_english(before))
        texts = forms(before.string)
        if new_rule is not None and message.pluralizable:
            entry.string = regrouped(texts, rule, new_rule)
            entry.flags.add("fuzzy")
            entry.previous_id = list(_previous_english(before))
        elif message.pluralizable and any(texts) and not all(texts[: result.num_plurals]):
            # Written for fewer forms than the language has: each missing form starts as the last
            # one given, for a translator to review.
            given = [text for text in texts if text]
            entry.string = tuple(
                text or given[-1] for text in (*texts, *[""] * result.num_plurals)
            )[: result.num_plurals]
            entry.flags.add("fuzzy")
            entry.previous_id = list(_previous_english(before))
        _put(result, entry)
    return result


def _previous_english(message: Message) -> tuple[str, ...]:
    """The English a translation was made from: its `#| msgid` (and `#| msgid_plural`), or, when
    it has none, its English now.

    Babel's `read_po` (2.18) reads a `#| msgid` line as a translator comment (`| msgid "…"`), not
    as `previous_id`: the English is taken back from there, so that an update writes it once as
    it was, not as a comment that grows at every update.
    """
    if message.previous_id:
        return forms(message.previous_id)
    texts: list[str] = []
    for comment in message.user_comments:
        line = comment[1:].strip() if comment.startswith("|") else None
        if line is None:
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            texts.append(unescape(rest))
        elif line.startswith('"') and texts:
            texts[-1] += unescape(line)
    return tuple(texts) or forms(message.id)


def _empty_like(catalog: Catalog) -> Catalog:
    """A catalog with the header of `catalog` and no entries."""
    empty = Catalog(
        locale=catalog.locale, header_comment=catalog.header_comment, fuzzy=catalog.fuzzy
    )
    empty.mime_headers = catalog.mime_headers
    return empty


def _copy(message: Message, msgid: object, string: object) -> Message:
    """A new entry for `message`'s key with `msgid` and `string`, its comments kept."""
    return Message(
        msgid,  # type: ignore[arg-type]
        string,  # type: ignore[arg-type]
        context=message.context,
        auto_comments=list(message.auto_comments),
        flags=set(message.flags) - {"fuzzy"},
    )


def _put(catalog: Catalog, message: Message) -> None:
    """Add `message` under its own key (Babel keys an entry by its msgid and context)."""
    catalog[message.id] = message


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_previous=True)
    path.write_bytes(buffer.getvalue())


def update() -> list[Path]:
    """Bring the template and every translation up to date; the files that changed."""
    changed = []
    template = updated_template(read_catalog(TEMPLATE))
    for path, catalog in [
        (TEMPLATE, template),
        *(
            (
                catalog_path(language),
                updated_translation(template, read_catalog(catalog_path(language))),
            )
            for language in translated_languages()
        ),
    ]:
        before = path.read_bytes()
        _write(catalog, path)
        if path.read_bytes() != before:
            changed.append(path)
    return changed


def problems(language: str) -> Iterator[str]:
    """What keeps the catalog of `language` from shipping (nothing for a complete one)."""
    template = updated_template(read_catalog(TEMPLATE))
    return problems_of(template, read_catalog(catalog_path(language)), language)


def problems_of(template_catalog: Catalog, catalog: Catalog, language: str) -> Iterator[str]:
    """What keeps `catalog`, the translation of `template_catalog` into `language`, from
    shipping."""
    template = keyed(template_catalog)
    entries = keyed(catalog)
    yield from _plural_problems(catalog, language)
    for key in sorted(set(entries) - set(template)):
        yield f"{language}: {key}: not in the template {RUN_UPDATE}"
    for key, english in template.items():
        message = entries.get(key)
        if message is None:
            yield f"{language}: {key}: missing {RUN_UPDATE}"
            continue
        if message.id != english.id:
            yield f"{language}: {key}: translates older English {RUN_UPDATE}"
        texts = forms(message.string)
        if message.fuzzy or not all(texts):
            yield f"{language}: {key}: not translated" + (" (fuzzy)" if message.fuzzy else "")
            continue
        if english.pluralizable and len(texts) != catalog.num_plurals:
            yield f"{language}: {key}: {len(texts)} forms, not {catalog.num_plurals}"
        wanted = placeholders(forms(english.id)[-1])
        for text in texts:
            if placeholders(text) != wanted:
                found = sorted(placeholders(text))
                yield f"{language}: {key}: placeholders {found}, not {sorted(wanted)}"
        if key.startswith(NAMED) and not is_command_name(texts[0]):
            yield f"{language}: {key}: {texts[0]!r} {NAME_RULE}"
        yield from (f"{language}: {key}: {error}" for error in message.check(catalog))
    try:
        write_mo(io.BytesIO(), catalog)
    except Exception as error:
        yield f"{language}: does not compile: {error}"


def _plural_problems(catalog: Catalog, language: str) -> Iterator[str]:
    """A `Plural-Forms` rule that does not run, picks a form the catalog lacks, or means other
    than the rule of Babel's CLDR (when that CLDR is one the catalogs follow)."""
    rule = (catalog.num_plurals, catalog.plural_expr)
    try:
        picked = set(forms_for(*rule))
    except Exception as error:
        yield f"{language}: Plural-Forms {catalog.plural_forms} does not run: {error}"
        return
    if max(picked) >= rule[0]:
        yield f"{language}: Plural-Forms {catalog.plural_forms} picks form {max(picked)}"
    expected = reference(language)
    if expected is not None and not same_rule(rule, expected):
        yield (
            f"{language}: Plural-Forms {catalog.plural_forms} picks other forms than CLDR"
            f" {CLDR}+ (Babel's {get_plural(language).plural_forms}) {RUN_UPDATE}"
        )


def stale() -> list[str]:
    """The template's entries that differ from the code's English."""
    template = keyed(read_catalog(TEMPLATE))
    found = []
    for key, english in code_english().items():
        if key not in template or forms(template[key].id) != forms(english):
            found.append(f"template: {key}: differs from the code {RUN_UPDATE}")
    found.extend(
        f"template: {key}: no longer in the code {RUN_UPDATE}"
        for key in template
        if _code_family(key) and key not in code_english()
    )
    return found
