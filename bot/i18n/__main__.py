"""`python -m bot.i18n update` brings the catalogs up to date; `check` says what keeps them from
shipping (exit status 1). See docs/TRANSLATING.md."""

from __future__ import annotations

import argparse
import sys

from bot.i18n import translated_languages
from bot.i18n.upkeep import problems, stale, update


def main(argv: list[str] | None = None) -> int:
    """Run the command named in `argv`; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m bot.i18n", description=__doc__)
    parser.add_argument("command", choices=("update", "check"))
    command = parser.parse_args(argv).command
    if command == "update":
        for path in update():
            print(f"updated {path}")
    found = [*stale(), *(p for language in translated_languages() for p in problems(language))]
    for problem in found:
        print(problem, file=sys.stderr)
    return 1 if found and command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
