"""Command and option descriptions in the user's language, through discord.py's Translator."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import CATALOGS, DEFAULT_LANGUAGE, language_of

# Descriptions are written in English in the code; the English text finds the key.
_KEY_OF_ENGLISH = {
    message: key
    for key, message in CATALOGS[DEFAULT_LANGUAGE].items()
    if key.startswith(("cmd.", "opt."))
}


class CatalogTranslator(app_commands.Translator):
    """Translates descriptions found in the catalog; names stay as documented (`/move`...)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog text for this description in `locale`, or None to keep the English."""
        if context.location not in (
            app_commands.TranslationContextLocation.command_description,
            app_commands.TranslationContextLocation.parameter_description,
        ):
            return None
        key = _KEY_OF_ENGLISH.get(string.message)
        language = language_of(locale)
        if key is None or language == DEFAULT_LANGUAGE:
            return None
        return CATALOGS[language].get(key)
