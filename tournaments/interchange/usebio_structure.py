"""The USEBIO 1.2 element structure (order, required and repeated elements), as the published files have it.

The models below were taken from the files real scoring programs publish (Compscore3's). Every export is checked
against them before it is returned, and the tests check the published real files too, which keeps them honest.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from .errors import InterchangeError
from .safexml import Element, parse_xml

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'

# Content models as (allowed tags, min, max) in order, taken from the published USEBIO 1.2 files.
_ANY = 10**6
_MODELS: dict[str, list[tuple[frozenset[str], int, int]]] = {}


def _model(name: str, *items: tuple[str | Iterable[str], int, int]) -> None:
    _MODELS[name] = [(frozenset([tags] if isinstance(tags, str) else tags), lo, hi) for tags, lo, hi in items]


_model("USEBIO", ("CLUB", 0, 1), ("EVENT", 1, _ANY), ("HANDSET", 0, 1))
_model("CLUB", ("CLUB_NAME", 1, 1), ("CLUB_ID_NUMBER", 0, 1))
_model(
    "EVENT",
    ("EVENT_IDENTIFIER", 0, 1),
    ("EVENT_DESCRIPTION", 0, 1),
    ("PROGRAM_NAME", 0, 1),
    ("PROGRAM_VERSION", 0, 1),
    ("WINNER_TYPE", 0, 1),
    ("TITLE", 0, 1),
    ("DATE", 0, 1),
    ("VENUE", 0, 1),
    ("MASTER_POINT_SCALE", 0, 1),
    ("MASTER_POINT_TYPE", 0, 1),
    ("MPS_AWARDED_FLAG", 0, 1),
    ("SESSION_COUNT", 0, 1),
    ("SECTION_COUNT", 0, 1),
    ("P2P_CHARGE_RATE", 0, 1),
    ("SCORING_METHOD", 0, 1),
    ("BOARD_SCORING_METHOD", 0, 1),  # written for an individual and for AGGREGATE pairs; its place here is ours
    ("CONTACT", 0, 1),
    ("PARTICIPANTS", 0, 1),  # the flat form (one section) ...
    ("BOARD", 0, _ANY),
    ("SESSION", 0, _ANY),  # ... or SESSION/SECTION, one SECTION per field
)
_model("SESSION", ("SECTION", 1, _ANY))
_model("SECTION", ("WINNER_TYPE", 0, 1), ("PARTICIPANTS", 1, 1), ("BOARD", 0, _ANY))
_model("CONTACT", ("FULL_NAME", 0, 1), ("SCORER", 0, 1), ("TELEPHONE", 0, 1), ("EMAIL", 0, 1))
_model("PARTICIPANTS", (("PAIR", "PLAYER"), 1, _ANY))  # pairs, or an individual's players
_model(
    "PAIR",
    ("PAIR_NUMBER", 1, 1),
    ("DIRECTION", 0, 1),
    ("TOTAL_SCORE", 0, 1),
    ("PERCENTAGE", 0, 1),
    ("PLACE", 0, 1),
    ("MASTER_POINTS_AWARDED", 0, 1),
    ("MASTER_POINT_TYPE", 0, 1),
    ("PLAYER", 0, _ANY),
)
_model("PLAYER", ("PLAYER_NAME", 1, 1), ("NATIONAL_ID_NUMBER", 0, 1), ("CLUB_ID_NUMBER", 0, 1))
# An individual's player (usebio_individual.py names the readers the element names come from; the order is ours).
_model(
    "PARTICIPANTS/PLAYER",
    ("PLAYER_NUMBER", 1, 1),
    ("PLAYER_NAME", 0, 1),
    ("NATIONAL_ID_NUMBER", 0, 1),
    ("CLUB_ID_NUMBER", 0, 1),
    ("TOTAL_SCORE", 0, 1),
    ("PERCENTAGE", 0, 1),
    ("PLACE", 0, 1),
    ("MASTER_POINTS_AWARDED", 0, 1),  # as a PAIR's
    ("MASTER_POINT_TYPE", 0, 1),
)
_model("EVENT/BOARD", ("BOARD_NUMBER", 1, 1), ("BOARD_AVERAGE", 0, 1), ("TRAVELLER_LINE", 0, _ANY))
_MODELS["SECTION/BOARD"] = _MODELS["EVENT/BOARD"]
_model(
    "TRAVELLER_LINE",
    ("NS_PAIR_NUMBER", 0, 1),  # both pair numbers, or (an individual) the four players' (checked apart)
    ("EW_PAIR_NUMBER", 0, 1),
    ("N_PLAYER_NUMBER", 0, 1),
    ("S_PLAYER_NUMBER", 0, 1),
    ("E_PLAYER_NUMBER", 0, 1),
    ("W_PLAYER_NUMBER", 0, 1),
    ("CONTRACT", 0, 1),
    ("PLAYED_BY", 0, 1),
    ("LEAD", 0, 1),
    ("TRICKS", 0, 1),
    ("SCORE", 1, 1),
    ("NS_MATCH_POINTS", 0, 1),
    ("EW_MATCH_POINTS", 0, 1),
    ("NS_BUTLER_POINTS", 0, 1),
    ("EW_BUTLER_POINTS", 0, 1),
    ("NS_CROSS_IMP_POINTS", 0, 1),
    ("EW_CROSS_IMP_POINTS", 0, 1),
)
_model("HANDSET", ("BOARD", 1, _ANY))
_model("HANDSET/BOARD", ("BOARD_NUMBER", 1, 1), ("HAND", 0, 4))
_model("HAND", ("DIRECTION", 1, 1), (("CLUBS", "DIAMONDS", "HEARTS", "SPADES"), 0, 4))


def check_structure(data: bytes | str) -> None:
    """Check a USEBIO file against the 1.2 element structure (order, required and repeated elements).

    Raises :class:`InterchangeError` naming the first element out of place. Our exports run through it, and
    so do the published real files in the tests, which keeps the model honest.
    """
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    if DOCTYPE not in text[:400]:
        raise InterchangeError(_("the USEBIO 1.2 DOCTYPE is missing."), "line 2")
    root = parse_xml(data)
    if root.tag != "USEBIO" or root.get("Version") != "1.2":
        raise InterchangeError(_('the root must be <USEBIO Version="1.2">.'), "line 1")
    _check_element(root, "USEBIO")
    for event in root.findall("EVENT"):
        if (event.find("PARTICIPANTS") is None) == (event.find("SESSION") is None):
            raise InterchangeError(
                _("an <EVENT> holds its PARTICIPANTS, or SESSIONs of SECTIONs that hold them (not both, not neither)."),
                f"line {event.sourceline or '?'}",
            )
        _check_seats(event, event.get("EVENT_TYPE") == "INDIVIDUAL")


_SEATS = {False: ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"), True: tuple(f"{s}_PLAYER_NUMBER" for s in "NSEW")}


def _check_seats(event: Element, individual: bool) -> None:
    """An individual's participants are PLAYERs and its lines name four players; a pairs event's, PAIRs and two."""
    wanted, other = ("PLAYER", "PAIR") if individual else ("PAIR", "PLAYER")
    for participants in event.iter("PARTICIPANTS"):
        stray = participants.find(other)
        if stray is not None:
            raise InterchangeError(
                _("<%(tag)s> has no place among this event's <%(wanted)s>s.") % {"tag": other, "wanted": wanted},
                f"line {stray.sourceline or '?'}",
            )
    for line in event.iter("TRAVELLER_LINE"):
        tags = {child.tag for child in line}
        if not set(_SEATS[individual]) <= tags or tags & set(_SEATS[not individual]):
            raise InterchangeError(
                _("<TRAVELLER_LINE> names its seats by %(tags)s.") % {"tags": ", ".join(_SEATS[individual])},
                f"line {line.sourceline or '?'}",
            )


def _check_element(element: Element, key: str) -> None:
    model = _MODELS.get(key)
    if model is None:
        if len(element):
            raise InterchangeError(
                _("<%(tag)s> holds text only.") % {"tag": element.tag}, f"line {element[0].sourceline or '?'}"
            )
        return
    position = 0
    count = 0
    for child in element:
        while position < len(model) and child.tag not in model[position][0]:
            if count < model[position][1]:
                raise InterchangeError(
                    _("<%(tag)s> needs %(items)s before <%(tag2)s>.")
                    % {"tag": element.tag, "items": "/".join(sorted(model[position][0])), "tag2": child.tag},
                    f"line {child.sourceline or '?'}",
                )
            position += 1
            count = 0
        if position == len(model):
            raise InterchangeError(
                _("<%(tag)s> is not allowed here in <%(tag2)s>.") % {"tag": child.tag, "tag2": element.tag},
                f"line {child.sourceline or '?'}",
            )
        count += 1
        if count > model[position][2]:
            raise InterchangeError(
                _("<%(tag)s> appears too often in <%(tag2)s>.") % {"tag": child.tag, "tag2": element.tag},
                f"line {child.sourceline or '?'}",
            )
        child_key = f"{element.tag}/{child.tag}" if f"{element.tag}/{child.tag}" in _MODELS else child.tag
        _check_element(child, child_key)
    if position < len(model) and count < model[position][1]:
        raise InterchangeError(
            _("<%(tag)s> lacks <%(items)s>.") % {"tag": element.tag, "items": "/".join(sorted(model[position][0]))},
            f"line {element.sourceline or '?'}",
        )
    for tags, lo, _hi in model[position + 1 :]:
        if lo > 0:
            raise InterchangeError(
                _("<%(tag)s> lacks <%(items)s>.") % {"tag": element.tag, "items": "/".join(sorted(tags))},
                f"line {element.sourceline or '?'}",
            )
