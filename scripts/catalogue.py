"""The message catalogue: gather the game's messages, merge them into each translation,
compile the translations, and check them.

    uv run python scripts/catalogue.py update    # after changing a message in the code
    uv run python scripts/catalogue.py compile   # after editing a translation (.po)
    uv run python scripts/catalogue.py check     # what the test suite checks

``update`` extracts every ``_``, ``ngettext``, ``pgettext`` and ``N_`` message of
``marrakech/`` into ``marrakech/locale/marrakech.pot`` and merges it into each language's
``marrakech.po`` (a new message arrives untranslated, a changed one marked fuzzy, a gone
one kept as obsolete until the translator removes it); then it compiles. ``check`` lists
every problem: a message of the code missing, untranslated or fuzzy in a language, an
obsolete or unused entry, a placeholder a translation drops or invents, a compiled file
out of date. See docs/translating.md.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "marrakech"
LOCALE = PACKAGE / "locale"
DOMAIN = "marrakech"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def languages() -> list[str]:
    """Every language with a translation."""
    return sorted(path.name for path in LOCALE.iterdir() if (path / "LC_MESSAGES").is_dir())


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extract() -> Catalog:
    """Every message the code marks, with where it is used."""
    catalog = Catalog(project="marrakech", domain=DOMAIN, charset="utf-8")
    found = extract_from_dir(
        PACKAGE,
        method_map=[("engine/**.py", "ignore"), ("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = (f"marrakech/{filename}", lineno)
        catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, include_previous=True)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update() -> None:
    template = extract()
    write(TEMPLATE, template)
    for language in languages():
        path = po_path(language)
        catalog = read(path, language) if path.exists() else Catalog(locale=language)
        catalog.update(template, update_header_comment=False)
        write(path, catalog)
    compile_all()


def compile_all() -> None:
    for language in languages():
        mo_path(language).write_bytes(compiled(read(po_path(language), language)))


def _ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    strings = message.string
    return strings if isinstance(strings, tuple) else (strings,)


def problems() -> list[str]:
    """Everything wrong with the catalogue, one line each; empty when all is well."""
    found: list[str] = []
    template = extract()
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    for language in languages():
        catalog = read(po_path(language), language)
        have = {}
        for message in catalog:
            if not message.id:
                continue
            key = (message.context, _ids(message)[0])
            have[key] = message
            name = f"{language}: {_ids(message)[0]!r}"
            if key not in wanted:
                found.append(f"{name} is not used by the code")
                continue
            if message.fuzzy:
                found.append(f"{name} is marked fuzzy")
            if not all(_strings(message)):
                found.append(f"{name} is not translated")
                continue
            fields = set(PLACEHOLDER.findall(" ".join(_ids(message))))
            for string in _strings(message):
                if set(PLACEHOLDER.findall(string)) != fields:
                    found.append(f"{name}: the translation's placeholders differ")
        for message in catalog.obsolete.values():
            found.append(f"{language}: obsolete entry {_ids(message)[0]!r}")
        for key in sorted(wanted - have.keys(), key=lambda key: key[1]):
            found.append(f"{language}: {key[1]!r} is missing")
        if not mo_path(language).exists() or mo_path(language).read_bytes() != compiled(catalog):
            found.append(f"{language}: the compiled catalogue is out of date (run compile)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", choices=("update", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "update":
        update()
    elif args.command == "compile":
        compile_all()
    found = problems()
    for line in found:
        print(line)
    return 1 if found and args.command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
