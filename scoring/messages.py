"""Words for people from the pure layers, in the reader's language, without importing Django.

`scoring` and `tournaments.movements` write their messages (errors, a movement's reasons) as
``_("... %(name)s ...") % {...}`` with the `gettext` and `ngettext` of this module, so `makemessages` finds
them like any other string. By themselves these return the English text; the app, at start-up
(tournaments/apps.py), hands them Django's translation functions, so a message made while answering a
request or running a job is in that person's language. The pure layers stay importable and testable
without Django, and a message is never assembled from translated fragments.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["gettext", "gettext_noop", "ngettext", "use_translation"]


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


_translate: Callable[[str], str] = _english
_translate_plural: Callable[[str, str, int], str] = _english_plural


def use_translation(translate: Callable[[str], str], translate_plural: Callable[[str, str, int], str]) -> None:
    """Translate the pure layers' messages with these (Django's gettext and ngettext, given by the app)."""
    global _translate, _translate_plural
    _translate, _translate_plural = translate, translate_plural


def gettext(message: str) -> str:
    """`message` in the current language (English until the app hands over its translation)."""
    return _translate(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The singular or plural form for `number`, in the current language."""
    return _translate_plural(singular, plural, number)


def gettext_noop(message: str) -> str:
    """Marks a constant for makemessages (a table of names); translate it with `gettext` where it is shown."""
    return message
