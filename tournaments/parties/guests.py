"""Reading the host's pasted guest list: one name per line, optionally marked lady (L) or gentleman (G)."""

from __future__ import annotations

import re

from .types import PartyError

__all__ = ["MAX_NAME", "parse_guest_list"]

MAX_NAME = 80
_MARKS = {
    "l": "lady", "lady": "lady", "(l)": "lady", "(lady)": "lady",
    "g": "gentleman", "gent": "gentleman", "gentleman": "gentleman", "(g)": "gentleman",
    "(gentleman)": "gentleman",
}  # fmt: skip
_SPLIT = re.compile(r"^(?P<name>.*?)(?:[\s,;:\-–]+(?P<mark>\(?[A-Za-z]+\)?))?$")


def parse_guest_list(text: str) -> list[tuple[str, str]]:
    """(name, group) for each non-blank line; group is "lady", "gentleman" or "" (no distinction).

    "Ann Smith L", "Bob Jones, G", "Cat (lady)" and plain "Dan" are all understood. A trailing single
    letter or word counts as a mark only if it is one of the marks above, so "Ann Lee" stays a name.
    """
    guests: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = " ".join(raw.split())
        if not line:
            continue
        name, group = line, ""
        match = _SPLIT.match(line)
        if match and match.group("mark") and match.group("mark").lower() in _MARKS and match.group("name"):
            name, group = match.group("name").strip(" ,;:-–"), _MARKS[match.group("mark").lower()]
        if not name:
            raise PartyError(f"Line {number} has no name.")
        if len(name) > MAX_NAME:
            raise PartyError(f"Line {number}: a name can be at most {MAX_NAME} characters.")
        key = name.casefold()
        if key in seen:
            raise PartyError(
                f"{name!r} is listed twice (lines {seen[key]} and {number}); add an initial to tell them apart."
            )
        seen[key] = number
        guests.append((name, group))
    return guests
