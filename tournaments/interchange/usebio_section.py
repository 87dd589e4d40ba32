"""The sections of a USEBIO file: where each section's pairs and boards are, and the letter it is imported as.

Files of several sections (a big club night, a congress) write ``EVENT/SESSION/SECTION`` once per section. Each
section becomes a section of one imported session, scored apart (its own field), as the programs score them. A
file of several SESSIONs (a two-session event) becomes an event of as many sessions (:mod:`.usebio_sessions`).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from .errors import InterchangeError
from .safexml import Element, line_of, parse_xml


def _where(element: Element, path: str) -> str:
    line = line_of(element)
    return f"line {line}, {path}" if line else path


def session_count(data: bytes | str) -> int:
    """How many sessions the file's (first) EVENT holds: 1 for the flat form; a file that is not XML says so."""
    event = parse_xml(data).find("EVENT")
    return 1 if event is None else len(sessions_of(event))


def sessions_of(event: Element) -> list[Element]:
    """Where each session's sections are: the EVENT itself (the flat form, or no SESSION), else each SESSION."""
    if event.find("PARTICIPANTS") is not None or not event.findall("SESSION"):
        return [event]
    return event.findall("SESSION")


def sections_of(event: Element, session: int = 0) -> list[tuple[str, Element]]:
    """Where the pairs and boards of one session (``session``: its index in the file) are, by section letter: the
    EVENT itself (the flat form), or each SECTION of the SESSION (the session itself when it has no SECTION)."""
    sessions = sessions_of(event)
    if not 0 <= session < len(sessions):
        raise InterchangeError(
            _("the event holds %(count)s SESSIONs, not %(wanted)s.") % {"count": len(sessions), "wanted": session + 1},
            _where(event, "EVENT"),
        )
    body = sessions[session]
    if body is event:
        return [("A", event)]
    sections = body.findall("SECTION")
    if not sections:
        return [("A", body)]
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
