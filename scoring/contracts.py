"""Contracts and results: reading them, and the duplicate score of a deal.

Two editions of the scoring table are supported. ``"current"`` (the default) is today's Laws of Duplicate
Bridge: doubled undertricks not vulnerable are 100, 300, 500, then +300 each from the fourth, and making a
redoubled contract earns 100. ``"1963"`` is the older table printed in the reference laws: doubled undertricks
not vulnerable are 100 then +200 each, and making a doubled or redoubled contract earns 50.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from scoring.boards import Seat, is_vulnerable, parse_seat, side_of
from scoring.errors import InvalidContract, InvalidResult
from scoring.messages import gettext as _

__all__ = [
    "STRAINS",
    "Contract",
    "Edition",
    "Notation",
    "ScoreParts",
    "Strain",
    "contract_score",
    "ns_score",
    "parse_contract",
    "parse_tricks",
    "score_parts",
    "undertrick_points",
]

Strain: TypeAlias = Literal["C", "D", "H", "S", "NT"]
Edition: TypeAlias = Literal["current", "1963"]

STRAINS: tuple[Strain, ...] = ("C", "D", "H", "S", "NT")
EDITIONS: tuple[Edition, ...] = ("current", "1963")

_STRAIN_WORDS: dict[str, Strain] = {
    "C": "C", "♣": "C", "CLUBS": "C", "CLUB": "C",
    "D": "D", "♦": "D", "DIAMONDS": "D", "DIAMOND": "D",
    "H": "H", "♥": "H", "HEARTS": "H", "HEART": "H",
    "S": "S", "♠": "S", "SPADES": "S", "SPADE": "S",
    "NT": "NT", "N": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT", "SA": "NT",
}  # fmt: skip
_DOUBLE_MARKS: dict[str, int] = {"": 0, "X": 1, "*": 1, "D": 1, "XX": 2, "**": 2, "R": 2, "RD": 2}
_PASS_WORDS = frozenset({"PASS", "P", "PASSED", "PASSEDOUT", "PASSOUT", "AP", "ALLPASS", "PO", "0"})
_CONTRACT_RE = re.compile(r"^([0-9]+)((?:[^\W\d_]|[♣♦♥♠*])+)$")
_RESULT_RE = re.compile(r"^([+-]?)([0-9]+)$")


@dataclass(frozen=True, slots=True)
class Notation:
    """How the players of one language write a contract, beside the English letters and the suit symbols.

    ``strains`` maps a letter or word (upper case) to a strain, ``doubles`` a mark to 1 (doubled) or 2
    (redoubled), ``passes`` the words for a passed-out deal; ``no_trump`` is the label a keypad shows. The
    tables themselves are in :mod:`scoring.notation`; the caller picks one by the active language, so this
    layer never asks which language is active.
    """

    language: str
    strains: Mapping[str, Strain]
    doubles: Mapping[str, int] = field(default_factory=dict)
    passes: frozenset[str] = frozenset()
    no_trump: str = "NT"
    # The honours' letters (English "A", "K", "Q", "J" -> this language's, e.g. "K" -> "R" in French) and the
    # seats' (English "N", "E", "S", "W" -> "N", "O", "Z", "W" in Dutch): shown in hands and leads, read typed.
    ranks: Mapping[str, str] = field(default_factory=dict)
    seats: Mapping[str, str] = field(default_factory=dict)
    # How a double and a redouble are marked on a keypad and a score ("X", "XX"; Swedish "D", "RD").
    double_marks: tuple[str, str] = ("X", "XX")


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: ``level`` 1-7 (0 for a passed-out deal), ``strain``, ``doubled`` 0, 1 (X) or 2 (XX).

    ``str(contract)`` is the canonical form: ``"3NT"``, ``"4HX"``, ``"6SXX"``, ``"PASS"``.
    """

    level: int
    strain: Strain | None
    doubled: int = 0

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.doubled:
                raise InvalidContract(_("A passed-out deal has no strain and cannot be doubled."))
            return
        if not 1 <= self.level <= 7:
            raise InvalidContract(_("A contract is for 1 to 7 odd tricks, not %(level)s.") % {"level": self.level})
        if self.strain not in STRAINS:
            raise InvalidContract(
                _("%(strain)s is not a strain: use C, D, H, S or NT.") % {"strain": repr(self.strain)}
            )
        if self.doubled not in (0, 1, 2):
            raise InvalidContract(_("A contract is undoubled, doubled (X) or redoubled (XX)."))

    @classmethod
    def passout(cls) -> Contract:
        """The contract of a deal passed out by all four players."""
        return cls(0, None, 0)

    @property
    def is_passout(self) -> bool:
        """True for a deal passed out (it scores zero)."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take to make the contract (0 when passed out)."""
        return self.level + 6 if self.level else 0

    @property
    def is_slam(self) -> bool:
        """True for a small (6) or grand (7) slam contract."""
        return self.level >= 6

    def __str__(self) -> str:
        if self.is_passout:
            return "PASS"
        return f"{self.level}{self.strain}{'X' * self.doubled}"


def parse_contract(text: str | Contract, notation: Notation | None = None) -> Contract:
    """Read a contract such as ``"3NT"``, ``"4hx"``, ``"6 S XX"``, ``"4♥*"``, ``"3N"`` or ``"pass"``.

    Case, spaces and dots are ignored; ``X``/``*`` double and ``XX``/``**`` redouble. With a ``notation``
    (e.g. the French one: ``"4CX"`` is four hearts doubled) its letters are tried first, then the English
    letters, so a letter both read differently means what the active language means by it.
    """
    if isinstance(text, Contract):
        return text
    if not isinstance(text, str):
        raise InvalidContract(
            _("%(text)s is not a contract: write it like 3NT, 4HX, 6SXX or PASS.") % {"text": repr(text)}
        )
    key = re.sub(r"[\s.\-_]", "", text.upper())
    if not key:
        raise InvalidContract(_("The contract is missing: write it like 3NT, 4HX, 6SXX or PASS."))
    if key in _PASS_WORDS or (notation is not None and key in notation.passes):
        return Contract.passout()
    match = _CONTRACT_RE.match(key)
    if match is None:
        raise InvalidContract(
            _("%(text)s is not a contract: write it like 3NT, 4HX, 6SXX or PASS.") % {"text": repr(text.strip())}
        )
    level_text, rest = match.groups()
    read = _strain_and_double(rest, notation)
    if read is None:
        raise InvalidContract(_("%(text)s: the strain must be C, D, H, S or NT.") % {"text": repr(text.strip())})
    level = int(level_text)
    if not 1 <= level <= 7:
        raise InvalidContract(
            _("%(text)s: a contract is for 1 to 7 odd tricks, not %(level)s.")
            % {"text": repr(text.strip()), "level": level}
        )
    return Contract(level, read[0], read[1])


def _strain_and_double(rest: str, notation: Notation | None) -> tuple[Strain, int] | None:
    """Split ``rest`` into a strain and a double mark: the notation's strains first, then the English ones.

    Within a table the longest strain that leaves a valid double mark wins: French ``"CARREAUX"`` is diamonds
    (the plural), not ``"CARREAU"`` doubled; ``"SAX"`` is no-trump doubled; ``"SX"``, not a French strain,
    falls through to English spades doubled.
    """
    doubles: Mapping[str, int] = _DOUBLE_MARKS if notation is None else {**_DOUBLE_MARKS, **notation.doubles}
    tables = (_STRAIN_WORDS,) if notation is None else (notation.strains, _STRAIN_WORDS)
    for strains in tables:
        for cut in range(len(rest), 0, -1):
            strain = strains.get(rest[:cut])
            if strain is not None and rest[cut:] in doubles:
                return strain, doubles[rest[cut:]]
    return None


def result_text(contract: str | Contract, tricks: int) -> str:
    """Tricks against the contract as a traveller writes them: "=", "+1", "-2" ("" for a passed-out deal)."""
    parsed = parse_contract(contract)
    if parsed.is_passout:
        return ""
    diff = tricks - parsed.tricks_needed
    return "=" if diff == 0 else f"{diff:+d}"


def parse_tricks(result: int | str | None, contract: str | Contract) -> int:
    """Total tricks taken by declarer, from ``10``, ``"10"``, ``"="``, ``"+1"`` or ``"-2"``.

    A bare number is the total number of tricks (0-13); a signed number or ``"="`` is against the contract.
    A passed-out deal has no tricks: its result is 0 whatever (if anything) was written.
    """
    con = parse_contract(contract)
    if con.is_passout:
        return 0
    if isinstance(result, bool) or result is None:
        raise InvalidResult(_("The result of %(con)s is missing: enter the tricks taken, or =, +1, -2.") % {"con": con})
    if isinstance(result, int):
        tricks = result
        described = f"{result} tricks"
    else:
        key = re.sub(r"\s", "", str(result)).upper()
        described = repr(str(result).strip())
        if key in ("=", "MADE", "M", "+0", "-0", "=0"):
            return con.tricks_needed
        match = _RESULT_RE.match(key)
        if match is None:
            raise InvalidResult(
                _("%(described)s is not a result: enter the tricks taken (0-13), or =, +1, -2 against %(con)s.")
                % {"described": described, "con": con}
            )
        sign, number = match.group(1), int(match.group(2))
        if sign == "+":
            tricks = con.tricks_needed + number
            if tricks > 13:
                raise InvalidResult(
                    _("%(con)s%(sign)s%(number)s needs %(tricks)s tricks; there are only 13.")
                    % {"con": con, "sign": sign, "number": number, "tricks": tricks}
                )
        elif sign == "-":
            tricks = con.tricks_needed - number
            if tricks < 0:
                raise InvalidResult(
                    _("%(con)s can go down at most %(tricks_needed)s, not %(number)s.")
                    % {"con": con, "tricks_needed": con.tricks_needed, "number": number}
                )
        else:
            tricks = number
    if not 0 <= tricks <= 13:
        raise InvalidResult(_("%(described)s: declarer takes between 0 and 13 tricks.") % {"described": described})
    return tricks


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """The pieces of a deal's score, as a rubber-bridge scorepad would enter them.

    ``trick_points`` go below the line (odd tricks bid and made); the rest go above it. ``undertrick_points``
    are scored by the defenders and are positive. Game and part-score premiums differ between forms of the
    game, so they are left to the caller.
    """

    contract: Contract
    tricks: int
    vulnerable: bool
    trick_points: int = 0
    overtrick_points: int = 0
    insult_points: int = 0
    slam_points: int = 0
    undertrick_points: int = 0

    @property
    def made(self) -> bool:
        """True when declarer took at least the tricks contracted for (False for a passed-out deal)."""
        return not self.contract.is_passout and self.tricks >= self.contract.tricks_needed

    @property
    def declarer_above(self) -> int:
        """Declarer's premium (above-the-line) points: overtricks, insult and slam."""
        return self.overtrick_points + self.insult_points + self.slam_points


def _check_edition(edition: str) -> Edition:
    if edition == "current":
        return "current"
    if edition == "1963":
        return "1963"
    raise InvalidContract(
        _("Unknown scoring edition %(edition)s: use 'current' or '1963'.") % {"edition": repr(edition)}
    )


def _trick_value(strain: Strain | None) -> int:
    return 20 if strain in ("C", "D") else 30


def undertrick_points(down: int, doubled: int, vulnerable: bool, *, edition: Edition = "current") -> int:
    """What the defenders score for ``down`` undertricks."""
    if down <= 0:
        return 0
    if doubled == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        points = 200 + 300 * (down - 1)
    elif edition == "1963":
        points = 100 + 200 * (down - 1)
    else:
        # Current laws: 100, 300, 500, then +300 for the fourth and each later undertrick.
        points = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return points * doubled  # doubled is 1 or 2: redoubling doubles the doubled points


def score_parts(
    contract: str | Contract, tricks: int | str, vulnerable: bool, *, edition: str = "current"
) -> ScoreParts:
    """Split a deal's score into trick points, overtricks, insult, slam and undertricks."""
    con = parse_contract(contract)
    ed = _check_edition(edition)
    taken = parse_tricks(tricks, con)
    if con.is_passout:
        return ScoreParts(con, 0, vulnerable)
    multiplier = (1, 2, 4)[con.doubled]
    over = taken - con.tricks_needed
    if over < 0:
        down = undertrick_points(-over, con.doubled, vulnerable, edition=ed)
        return ScoreParts(con, taken, vulnerable, undertrick_points=down)
    value = _trick_value(con.strain)
    trick_points = (con.level * value + (10 if con.strain == "NT" else 0)) * multiplier
    if con.doubled:
        overtricks = over * (200 if vulnerable else 100) * con.doubled
        insult = 50 if (con.doubled == 1 or ed == "1963") else 100
    else:
        overtricks, insult = over * value, 0
    slam = 0
    if con.level == 6:
        slam = 750 if vulnerable else 500
    elif con.level == 7:
        slam = 1500 if vulnerable else 1000
    return ScoreParts(con, taken, vulnerable, trick_points, overtricks, insult, slam, 0)


def contract_score(contract: str | Contract, tricks: int | str, vulnerable: bool, *, edition: str = "current") -> int:
    """Duplicate score for declarer's side: positive when made, negative when defeated, 0 when passed out.

    ``contract_score("4S", 10, False)`` is 420; ``contract_score("3NTX", 7, True)`` is -800.
    """
    parts = score_parts(contract, tricks, vulnerable, edition=edition)
    if parts.contract.is_passout:
        return 0
    if not parts.made:
        return -parts.undertrick_points
    game = parts.trick_points >= 100
    premium = (500 if vulnerable else 300) if game else 50
    return parts.trick_points + parts.declarer_above + premium


def ns_score(
    contract: str | Contract,
    declarer: str | None,
    tricks: int | str | None,
    vulnerability: int | str,
    *,
    edition: str = "current",
) -> int:
    """Duplicate score from North-South's point of view.

    ``vulnerability`` is a board number (``7``) or ``"None"``/``"NS"``/``"EW"``/``"All"``. A passed-out deal
    needs no declarer or tricks.
    """
    con = parse_contract(contract)
    if con.is_passout:
        return 0
    if declarer is None:
        raise InvalidResult(_("%(con)s needs a declarer (N, E, S or W).") % {"con": con})
    seat: Seat = parse_seat(declarer)
    taken = parse_tricks(tricks, con)
    score = contract_score(con, taken, is_vulnerable(vulnerability, seat), edition=edition)
    return score if side_of(seat) == "NS" else -score
