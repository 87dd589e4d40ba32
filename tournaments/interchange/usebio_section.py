"""The sections of a USEBIO file: where each section's pairs and boards are, and the letter it is imported as.

Files of several sections (a big club night, a congress) write ``EVENT/SESSION/SECTION`` once per section. Each
section becomes a section of one imported session, scored apart (its own field), as the programs score them.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from .errors import InterchangeError
from .safexml import Element, line_of


def _where(element: Element, path: str) -> str:
    line = line_of(element)
    return f"line {line}, {path}" if line else path


def sections_of(event: Element) -> list[tuple[str, Element]]:
    """Where the pairs and boards are, by section letter: the EVENT itself (the flat form), or each SECTION of its
    one SESSION (the session itself when it has no SECTION)."""
    if event.find("PARTICIPANTS") is not None or not event.findall("SESSION"):
        return [("A", event)]
    sessions = event.findall("SESSION")
    if len(sessions) > 1:
        raise InterchangeError(
            _("the event holds %(count)s SESSIONs; import each session's file on its own.") % {"count": len(sessions)},
            _where(sessions[1], "SESSION 2"),
        )
    sections = sessions[0].findall("SECTION")
    if not sections:
        return [("A", sessions[0])]
    letters: list[str] = []
    for index, section in enumerate(sections, start=1):
        letter = _section_letter(section.get("SECTION_ID", "") or (section.findtext("SECTION_ID") or "").strip(), index)
        if letter in letters:
            letter = _section_letter("", index)  # two sections with one name: numbered in file order
        letters.append(letter)
    return list(zip(letters, sections, strict=True))


def _section_letter(name: str, index: int) -> str:
    """The section's name as a Bridgedesk section letter (up to 4 characters); A, B, ... when it has none."""
    cleaned = re.sub(r"[^A-Za-z0-9]", "", name)[:4].upper()
    return cleaned or (chr(ord("A") + index - 1) if index <= 26 else str(index))
