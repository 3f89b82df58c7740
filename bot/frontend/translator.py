"""Command, option and choice names and descriptions in the user's language, through discord.py.

discord.py asks the tree's translator for every name and description of every command, for every
Discord locale, when the commands are synced; what it returns becomes the `name_localizations`
and `description_localizations` Discord shows to users of that locale. English is never returned:
English users see the names and descriptions as written in the cogs (and documented).
"""

from __future__ import annotations

from collections.abc import Iterable

from discord import Locale, app_commands

from bot.i18n import CATALOGS, DEFAULT_LANGUAGE, language_of

Location = app_commands.TranslationContextLocation

# Descriptions are written in English in the code; the English text finds the key.
_KEY_OF_ENGLISH = {
    message: key
    for key, message in CATALOGS[DEFAULT_LANGUAGE].items()
    if key.startswith(("cmd.", "opt."))
}


def name_keys(
    string: app_commands.locale_str, context: app_commands.TranslationContextTypes
) -> tuple[str, ...]:
    """The catalog keys that may name this command, option or choice, most specific first."""
    name = string.message
    data = context.data
    if context.location in (Location.command_name, Location.group_name):
        return (f"name.cmd.{name}",)  # a group (/tournament) and its subcommands too
    if context.location is Location.parameter_name and isinstance(data, app_commands.Parameter):
        # One command may mean something else by a word the others share (`/verify game`).
        return (f"name.opt.{data.command.qualified_name}.{name}", f"name.opt.{name}")
    if context.location is Location.choice_name and isinstance(data, app_commands.Choice):
        # The value, not the English name: it is what never changes and what the code reads.
        return (f"name.choice.{data.value}",)
    return ()


def description_keys(
    string: app_commands.locale_str, context: app_commands.TranslationContextTypes
) -> tuple[str, ...]:
    """The catalog key of this command or option description, if it has one."""
    described = (
        Location.command_description,
        Location.group_description,
        Location.parameter_description,
    )
    if context.location not in described:
        return ()
    key = _KEY_OF_ENGLISH.get(string.message)
    return () if key is None else (key,)


def named_choices(values: Iterable[str]) -> list[app_commands.Choice[str]]:
    """A choice for each value, named in English by the catalog (`name.choice.<value>`)."""
    english = CATALOGS[DEFAULT_LANGUAGE]
    return [app_commands.Choice(name=english[f"name.choice.{v}"], value=v) for v in values]


class CatalogTranslator(app_commands.Translator):
    """Translates names and descriptions found in the catalog; English stays as written."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog text for this name or description in `locale`, or None to keep English."""
        language = language_of(locale)
        if language == DEFAULT_LANGUAGE:
            return None
        catalog = CATALOGS[language]
        keys = name_keys(string, context) or description_keys(string, context)
        return next((catalog[key] for key in keys if key in catalog), None)


def served_locales() -> dict[str, str]:
    """Discord's locales that read a catalog other than English, each with its catalog's name
    (`es-ES` and `es-419` both `es`, `pt-BR` `pt_BR`)."""
    served = {locale.value: language_of(locale) for locale in Locale}
    return {locale: language for locale, language in served.items() if language != DEFAULT_LANGUAGE}
