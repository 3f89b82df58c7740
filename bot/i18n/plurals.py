"""Plural rules compared by what they do, not how they are written.

A catalog's `Plural-Forms` is a C expression; CLDR releases (and so Babel's) rewrite expressions
without changing a single count's form (Czech, Polish, Romanian in CLDR 49) and, now and then,
change the forms themselves (French, Italian, Spanish and Portuguese gained a "many" form for
multiples of a million in CLDR 49). Two rules are the same when they pick the same form for every
count in `SAMPLE`: 0 to 1,000 holds every pattern the languages' rules test (last digits, tens,
hundreds), and the powers of ten and their neighbours the millions' and billions' forms.

The catalogs follow the plural rules of CLDR `CLDR` or newer. A Babel of an older CLDR (2.18
knows CLDR 47) is no reference for them: `reference` then gives none and the catalogs' own rules
stand; a Babel as new or newer is, and any change of meaning it brings is a problem to act on.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterable

from babel.core import get_cldr_version
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural

CLDR = 49  # the CLDR release whose plural rules the catalogs follow (Babel 2.19)

_POWERS = tuple(10**power for power in range(4, 13))
SAMPLE: tuple[int, ...] = (
    *range(1001),
    *_POWERS,
    *(power + 1 for power in _POWERS),
    *(2 * power for power in _POWERS),
    *(power * 1000 + 5 for power in _POWERS),
)


def forms_for(num_plurals: int, expression: str, counts: Iterable[int] = SAMPLE) -> tuple[int, ...]:
    """The form index the rule `nplurals=num_plurals; plural=expression` picks for each count.

    The rule is run by the standard library's gettext, as the bot runs it: a one-entry catalog
    whose forms are their own indices, compiled and asked for each count. A count for which the
    rule picks no form of the catalog's gets `num_plurals`.
    """
    catalog = Catalog(locale="en")
    catalog.mime_headers = [
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Plural-Forms", f"nplurals={num_plurals}; plural={expression};"),
    ]
    catalog.add(("?", "??"), tuple(str(index) for index in range(num_plurals)))
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    translations = gettext.GNUTranslations(buffer)
    picked = (translations.ngettext("?", "??", count) for count in counts)
    return tuple(int(form) if form.isdigit() else num_plurals for form in picked)


def same_rule(a: tuple[int, str], b: tuple[int, str]) -> bool:
    """Whether two `(nplurals, expression)` rules pick the same form for every sampled count."""
    return a[0] == b[0] and forms_for(*a) == forms_for(*b)


def reference(language: str) -> tuple[int, str] | None:
    """The installed Babel's rule for `language`, when its CLDR is one the catalogs follow."""
    if int(get_cldr_version().split(".")[0]) < CLDR:
        return None
    rule = get_plural(language)
    return rule.num_plurals, rule.plural_expr


def regrouped(
    texts: tuple[str, ...], old: tuple[int, str], new: tuple[int, str]
) -> tuple[str, ...]:
    """`texts`, written for the rule `old`, laid out for the rule `new`: each new form takes the
    text of the old form that the first count it covers had. No form is left empty; the caller
    marks the entry for review, since a new form usually needs new words ("1 000 000 de
    points")."""
    old_forms = forms_for(*old)
    new_forms = forms_for(*new)
    first_position: dict[int, int] = {}
    for position, form in enumerate(new_forms):
        first_position.setdefault(form, position)
    return tuple(
        texts[min(old_forms[first_position.get(form, 0)], len(texts) - 1)] for form in range(new[0])
    )
