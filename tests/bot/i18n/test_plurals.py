"""Plural rules compared by what they do: a rewritten rule is the same rule, a new form is not,
and a new form is never written empty."""

from __future__ import annotations

import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import bot.i18n.plurals
from bot.i18n import keyed, translated_languages
from bot.i18n.plurals import forms_for, regrouped, same_rule
from bot.i18n.upkeep import problems, problems_of, updated_translation

# The rules below are copied by hand from the Plural-Forms lines of two Babel releases (2.18 with
# CLDR 47, 2.19 with CLDR 49), so that the tests do not depend on which one is installed.
CZECH_47 = (3, "((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2)")
CZECH_49 = (3, "(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)")
POLISH_47 = (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
POLISH_49 = (3, "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2")
FRENCH_47 = (2, "(n > 1)")
FRENCH_49 = (3, "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2")


def test_a_rule_picks_forms_as_gettext_does() -> None:
    # CLDR's French: 0 and 1 are "one", whole millions "many", the rest "other".
    counts = (0, 1, 2, 999_999, 1_000_000, 1_000_001, 2_000_000, 10**9)
    assert forms_for(*FRENCH_49, counts) == (0, 0, 2, 2, 1, 2, 1, 1)
    # Czech: 1, then 2 to 4, then the rest (5, 0, 11, 22…).
    assert forms_for(*CZECH_49, (1, 2, 4, 5, 0, 11, 22)) == (0, 1, 1, 2, 2, 2, 2)


@pytest.mark.parametrize(("old", "new"), [(CZECH_47, CZECH_49), (POLISH_47, POLISH_49)])
def test_a_rewritten_expression_with_the_same_meaning_is_the_same_rule(
    old: tuple[int, str], new: tuple[int, str]
) -> None:
    assert old[1] != new[1]
    assert same_rule(old, new)


def test_a_new_form_is_a_new_rule() -> None:
    assert not same_rule(FRENCH_47, FRENCH_49)
    # Same number of forms, one count moved: 12 to 14 are "few" in the first, not the second.
    assert not same_rule(POLISH_49, (3, "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 ? 1 : 2"))


def test_regrouped_forms_are_never_empty() -> None:
    # French under CLDR 47 had "un jour" / "des jours"; the new "many" form starts as "other".
    assert regrouped(("{count} jour", "{count} jours"), FRENCH_47, FRENCH_49) == (
        "{count} jour",
        "{count} jours",
        "{count} jours",
    )


def catalog(rule: tuple[int, str], text: str) -> Catalog:
    header = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
        f'"Plural-Forms: nplurals={rule[0]}; plural={rule[1]};\\n"\n\n'
    )
    return read_po(io.BytesIO((header + text).encode()))


DAY = 'msgctxt "duration.day"\nmsgid "{count} day"\nmsgid_plural "{count} days"\n'


def test_update_moves_a_catalog_to_a_new_rule_for_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel's rule for the language now has a third form: the catalog takes the rule, every form
    is filled and the entry waits for a translator (fuzzy), so the check fails until then."""
    monkeypatch.setattr(bot.i18n.upkeep, "reference", lambda language: FRENCH_49)
    template = catalog((2, "(n != 1)"), DAY + 'msgstr[0] ""\nmsgstr[1] ""\n')
    old = catalog(FRENCH_47, DAY + 'msgstr[0] "{count} jour"\nmsgstr[1] "{count} jours"\n')
    updated = updated_translation(template, old)
    assert (updated.num_plurals, updated.plural_expr) == FRENCH_49
    day = keyed(updated)["duration.day"]
    assert day.string == ("{count} jour", "{count} jours", "{count} jours")
    assert day.fuzzy
    assert [p.split(": ")[1] for p in problems_of(template, updated, "fr")] == ["duration.day"]


def test_the_check_refuses_a_rule_that_means_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.i18n.upkeep, "reference", lambda language: FRENCH_49)
    template = catalog((2, "(n != 1)"), DAY + 'msgstr[0] ""\nmsgstr[1] ""\n')
    old = catalog(FRENCH_47, DAY + 'msgstr[0] "{count} jour"\nmsgstr[1] "{count} jours"\n')
    [problem] = problems_of(template, old, "fr")
    assert "Plural-Forms" in problem and "picks other forms" in problem


def test_a_rule_that_picks_a_missing_form_is_refused() -> None:
    template = catalog((2, "(n != 1)"), DAY + 'msgstr[0] ""\nmsgstr[1] ""\n')
    broken = catalog((2, "(n > 1 ? 2 : 0)"), DAY + 'msgstr[0] "{count} jour"\nmsgstr[1] "x"\n')
    assert any("picks form 2" in p for p in problems_of(template, broken, "fr"))


@pytest.mark.parametrize("cldr", ["47.0", "49", "50"])
@pytest.mark.parametrize("language", translated_languages())
def test_the_catalogs_pass_under_older_and_newer_babel(
    language: str, cldr: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older Babel (2.18, CLDR 47) is no reference for catalogs on CLDR 49: their own rules
    stand; a Babel as new or newer is compared by meaning."""
    monkeypatch.setattr(bot.i18n.plurals, "get_cldr_version", lambda: cldr)
    assert list(problems(language)) == []


def test_update_fills_an_entry_written_for_fewer_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry made with two forms (on another branch, or by hand) in a catalog of three: the
    missing form starts as the last given, for review, never empty."""
    monkeypatch.setattr(bot.i18n.upkeep, "reference", lambda language: FRENCH_49)
    template = catalog((2, "(n != 1)"), DAY + 'msgstr[0] ""\nmsgstr[1] ""\n')
    old = catalog(FRENCH_49, DAY + 'msgstr[0] "{count} jour"\nmsgstr[1] "{count} jours"\n')
    day = keyed(updated_translation(template, old))["duration.day"]
    assert day.string == ("{count} jour", "{count} jours", "{count} jours")
    assert day.fuzzy
