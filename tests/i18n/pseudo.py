"""The pseudo language "xx": every string that went through the catalogue comes out accented and wrapped.

"Score sheet" becomes "⟦Ŝçöřé ŝĥééţ⟧", keeping placeholders (%(name)s, %s, {0}) and HTML (tags, entities) as
they are, so the page still works and every word a reader sees either sits between ⟦ and ⟧ (it went through
gettext) or is data. Installed as a translation object, not a compiled catalogue, so a string marked a minute
ago on any branch is wrapped without running makemessages (and a machine needs no gettext).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import polib
from django.utils import translation
from django.utils.translation import trans_real

from scoring import Notation
from scoring.notation import NOTATIONS

CODE = "xx"
OPEN, CLOSE = "⟦", "⟧"
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþʠřŝţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŘŜŢÛṼŴẊÝŽ",
)
# Kept as written: placeholders of both kinds, HTML tags and entities, template variables, URLs.
_KEEP = re.compile(r"(%\(\w+\)[sdifr]|%[sdifr%]|\{\w*\}|\{\{.*?\}\}|<[^>]*>|&#?\w+;|https?://\S+)")


def pseudo(text: str) -> str:
    """`text` accented and wrapped; "" stays "" (gettext("") is the catalogue's header, never shown)."""
    if not text:
        return text
    parts = _KEEP.split(text)
    return OPEN + "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(parts)) + CLOSE


class PseudoTranslation(trans_real.DjangoTranslation):
    """A translation object whose every lookup is `pseudo(msgid)` (pgettext's context dropped)."""

    def gettext(self, message: str) -> str:
        return pseudo(message.split(trans_real.CONTEXT_SEPARATOR, 1)[-1])

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return pseudo(chosen.split(trans_real.CONTEXT_SEPARATOR, 1)[-1])


# The pseudo language's card and seat letters (scoring.notation's table for "xx"): a hand or a lead shown in
# English letters ("AKQ73") leaks, one shown through the table ("ÀĶǪ73") does not.
NOTATION = Notation(
    CODE,
    strains={},
    ranks={"A": "À", "K": "Ķ", "Q": "Ǫ", "J": "Ĵ"},
    seats={"N": "Ñ", "E": "É", "S": "Ŝ", "W": "Ŵ"},
)


def install() -> None:
    """Make "xx" a language Django can activate (its translation object is this one, cached by code), with
    its own card and seat letters."""
    trans_real._translations[CODE] = PseudoTranslation(CODE)
    NOTATIONS[CODE] = NOTATION


@contextmanager
def active() -> Iterator[None]:
    install()
    with translation.override(CODE):
        yield


_WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[A-Za-z][A-Za-z']{2,}")
# Words that are never translated: the product's name, bridge's notation shown as letters and the file formats'
# own names (USEBIO, PBN, BBO's .lin, XML, Bridgemate's .bws).
ALLOWED_WORDS = frozenset(
    {
        "Bridgedesk",
        "NT",
        "NTX",
        "NTXX",
        "IMPs",
        "IMP",
        "VPs",
        "USEBIO",
        "PBN",
        "CSV",
        "PDF",
        "QR",
        "BBO",
        "lin",
        "XML",
        "xml",
        "Bridgemate",
        "bws",
    }
)


def unwrapped(text: str) -> str:
    """What of `text` did not go through the catalogue: the wrapped parts removed, innermost first."""
    previous = None
    while previous != text:
        previous, text = text, _WRAPPED.sub(" ", text)
    return text


def leaks(text: str, data: Iterable[str]) -> list[str]:
    """English words in `text` outside the wrapped parts, once data (names and the like) and URLs are taken out."""
    rest = unwrapped(text)
    rest = re.sub(r"\S+://\S+|\S+@\S+|/\S*", " ", rest)
    if not any(w not in ALLOWED_WORDS for w in _WORD.findall(rest)):
        return []  # most texts: nothing to take out (the data's thousands of values are not walked)
    for value in data:
        if value and value in rest:  # a whole value, never a piece of a word ("Bridge" in "Bridgedesk")
            rest = re.sub(rf"(?<![A-Za-z]){re.escape(value)}(?![A-Za-z])", " ", rest)
    return [w for w in _WORD.findall(rest) if w not in ALLOWED_WORDS]


def register(settings: Any, folder: Path) -> None:
    """Ship "xx" for a test (pytest-django's `settings`): one of LANGUAGES, with a catalogue file in a locale
    folder (empty: its words come from PseudoTranslation), so a cookie, a member or a job may choose it."""
    messages = folder / CODE / "LC_MESSAGES"
    messages.mkdir(parents=True, exist_ok=True)
    empty = polib.POFile()
    empty.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": CODE}
    empty.save_as_mofile(str(messages / "django.mo"))
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, folder]
    settings.LANGUAGES = [*settings.LANGUAGES, (CODE, "Pseudo")]
    install()  # after the settings changed: a change of LANGUAGES or LOCALE_PATHS empties Django's cache
