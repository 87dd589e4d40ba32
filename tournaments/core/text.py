"""Text as people type it and as files carry it: ASCII digits only for numbers, no control characters, limits.

`"²".isdigit()` is true and `int("²")` fails; `int("٣")` is 3. Numbers here are the digits 0-9 and nothing
else, so what passes the check is what `int` reads. NUL and the other control characters never reach the
database (PostgreSQL refuses NUL in text), and every free text has a length limit on the server.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

# Characters that show nothing but change what is shown: the bidirectional overrides and isolates (a right-to-left
# override makes "Smith" read "htimS" and hides what a name really is), marks, and the zero-width ones.
INVISIBLE = re.compile("[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
CONTROL_ONE_LINE = re.compile(r"[\x00-\x1f\x7f]")

# The limits the issue names; forms, services and importers use these.
WHY_MAX = 200
FACTS_MAX = 2000
NAME_MAX = 120


def is_digits(text: str) -> bool:
    """True for one or more ASCII digits, and nothing else."""
    return bool(text) and text.isascii() and text.isdigit()


def ascii_int(text: str) -> int | None:
    """The whole number written in ASCII digits (an optional leading minus), else None."""
    body = text.strip()
    negative = body.startswith("-")
    body = body[1:] if negative else body
    if not is_digits(body) or len(body) > 12:
        return None
    return -int(body) if negative else int(body)


def control_character(text: str, *, multiline: bool = False) -> str | None:
    """A description of the first control character in `text` ("NUL", "U+0007"), or None."""
    match = (CONTROL if multiline else CONTROL_ONE_LINE).search(text)
    if match is None:
        return None
    char = match.group(0)
    return "NUL" if char == "\x00" else f"U+{ord(char):04X}"


def without_invisible(text: str) -> str:
    """The text without direction overrides and zero-width characters (`INVISIBLE`)."""
    return INVISIBLE.sub("", text)


def clean_name(text: str) -> str:
    """A name as it is stored: no invisible characters, no control characters, single spaces."""
    return " ".join(CONTROL_ONE_LINE.sub(" ", without_invisible(text or "")).split())


def shortened_name(text: str, *, limit: int = NAME_MAX, where: str = "") -> tuple[str, str | None]:
    """An imported name cleaned and cut to `limit` characters, with the note for the import report when cut."""
    name = clean_name(text)
    if len(name) <= limit:
        return name, None
    short = name[:limit].rstrip()
    note = _("%(where)s was %(length)s characters long: shortened to %(limit)s (%(short)r).") % {
        "where": where or _("A name"),
        "length": len(name),
        "limit": limit,
        "short": short,
    }
    return short, note


def check_text(value: str, *, field: str, max_length: int, multiline: bool = False, label: str = "") -> str:
    """The text stripped of invisible characters, or ValidationError at `field` for a control character or one
    character too many."""
    text = without_invisible(value or "").strip()
    bad = control_character(text, multiline=multiline)
    name = label or field.replace("_", " ")
    if bad:
        message = _("The %(name)s contains a control character (%(bad)s): remove it.") % {"name": name, "bad": bad}
        raise ValidationError({field: message})
    if len(text) > max_length:
        message = _("The %(name)s is too long: at most %(max)s characters (%(given)s given).") % {
            "name": name,
            "max": max_length,
            "given": len(text),
        }
        raise ValidationError({field: message})
    return text


# OWASP's CSV injection rule: a cell that starts with one of these is read by a spreadsheet as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: object) -> object:
    """A cell for a CSV/TSV file that no spreadsheet runs: text starting with `= + - @`, tab or CR gets a leading
    apostrophe (OWASP); numbers stay numbers, so "-420" written from an int is read as the number -420."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def isolated_names(text: str) -> SafeString | str:
    """A pair's or team's names ("A & B") as HTML with each name in its own ``<bdi>``: an Arabic or Hebrew name
    keeps its own direction without pulling the "&" and its partner into it (two right-to-left names would
    otherwise swap places on a left-to-right page, and a left-to-right one read from the wrong end)."""
    if not text:
        return text
    return format_html_join(" & ", "<bdi>{}</bdi>", ((name,) for name in text.split(" & ")))
