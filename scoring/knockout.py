"""A knockout match played in stanzas, with a carry-over: the running score after each stanza, the winner on the
total.

- **Stanzas**: a long knockout match is played in segments ("stanzas" in ACBL usage, "sets" or "segments" in
  WBF and EBU conditions) of ``stanza_boards`` boards each: stanza ``k`` holds boards ``(k-1)*n+1 .. k*n`` (the last
  may be shorter when the match length is not a multiple). The teams change seats and the score is announced
  between stanzas; the match is still one match, decided on its total.
- **Carry-over**: IMPs one team brings into the match before its first stanza: a share of the head-to-head
  result between the two teams in an earlier stage (a round robin or Swiss), or a fixed figure the conditions of
  contest give (e.g. to the team that qualified higher). Conditions usually give it in tenths or halves of an
  IMP (a third of a 10-IMP head-to-head margin is 3.3), so a carry-over is a Decimal with at most one decimal
  place. It is stored signed: positive to the home team, negative to the away team.
- **The winner** is decided on the total (carry-over plus the IMPs of every stanza, extra boards included) once
  every board of the match has been played; a level total is a tie, resolved as the conditions of contest say
  (extra boards, counted here in an "extra" stanza after the last one). A carry-over in tenths makes a tie on
  whole-IMP boards impossible unless it is a whole number, one reason organisers choose fractions.

- **Carry-over from an earlier match** (`carry_by_rule`): the conditions of contest name the earlier match (the
  two teams' head-to-head in a round robin or Swiss stage, or the previous round of a match played over two
  rounds) and the rule; the margin in IMPs at the table (any carry-over of that match left out) is turned into
  the carry-over by one of the rules in `CARRY_RULES`:

  - ``fraction``: a fraction of the margin (1/3, 1/2, the whole margin with 1), at most ``cap`` IMPs either way
    when a cap is given, rounded half up to a tenth of an IMP: the form WBF/EBL-style championship conditions
    use ("a third of the IMP difference of the round-robin match, at most N IMPs"); the fraction and the cap
    differ from event to event, so the director types both;
  - ``winner``: a fixed figure (e.g. 0.5 or 0.1 of an IMP) to the winner of the earlier match, nothing on a
    draw: the form used where the earlier match only breaks a tie or gives a small edge (a club or county
    knockout fed by a league; ACBL knockouts carry nothing over and seed instead, which is ``fraction`` 0).

  No national body's single figure is built in: Law 80 leaves these to the organiser's regulations.

Pure: no Django; board IMPs come in as a mapping board number -> IMPs to the home team (signed), as in
``scoring.teams8.knockout_open``. For teams of eight a board maps to its IMPs in each of the two matches (a pair):
a stanza's figures are then each match's stanza IMPs added (match 1 won 5 and lost 0, match 2 won 4 and lost 3:
9-3), as directors score a team of eight, not the boards' nets (2 and 4: 6-0); the running score and the margin
are the same either way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from scoring.errors import InvalidScore
from scoring.messages import gettext as _

__all__ = [
    "CARRY_RULES",
    "MAX_CARRY",
    "CarryRule",
    "KnockoutScore",
    "Stanza",
    "carry_by_rule",
    "carry_from_margin",
    "check_carry",
    "knockout_score",
    "parse_fraction",
]

MAX_CARRY = Decimal("999.9")
_TENTH = Decimal("0.1")


def check_carry(value: object) -> Decimal:
    """A carry-over as typed ("3.5", 3, Decimal): at most one decimal place, at most MAX_CARRY either way."""
    try:
        carry = Decimal(str(value).strip() or "0")
    except InvalidOperation:
        raise InvalidScore(_("%(value)s is not a number of IMPs.") % {"value": repr(value)}) from None
    if not carry.is_finite() or abs(carry) > MAX_CARRY or carry != carry.quantize(_TENTH):
        raise InvalidScore(
            _("A carry-over is a number of IMPs with at most one decimal place, up to %(most)s, not %(value)s.")
            % {"most": MAX_CARRY, "value": repr(value)}
        )
    return carry.quantize(_TENTH) + 0  # normalise -0.0


def carry_from_margin(margin: float | Decimal, fraction: Decimal, cap: Decimal | None = None) -> Decimal:
    """The carry-over from a head-to-head IMP margin (positive: to the home team): `fraction` of it, at most `cap`
    either way, rounded half up to a tenth of an IMP, as conditions of contest that give "a third of the IMP margin
    of the round-robin match, at most N IMPs" state it."""
    if not Decimal(0) <= fraction <= Decimal(1):
        raise InvalidScore(_("The carry-over fraction is between 0 and 1."))
    share = Decimal(str(margin)) * fraction
    if cap is not None:
        share = max(-cap, min(cap, share))
    return check_carry(share.quantize(_TENTH, rounding=ROUND_HALF_UP))


CARRY_RULES = ("fraction", "winner")


@dataclass(frozen=True, slots=True)
class CarryRule:
    """How an earlier match's margin becomes the carry-over: ``fraction`` of the margin capped at ``cap`` (None: no
    cap), or ``winner``: ``fixed`` IMPs to the earlier match's winner (nothing on a draw)."""

    kind: str = "fraction"
    fraction: Decimal = Decimal(1)
    cap: Decimal | None = None
    fixed: Decimal = Decimal(0)

    def describe(self) -> dict[str, str]:
        """The rule as plain words for the audit trail and the page."""
        if self.kind == "winner":
            return {"rule": "winner", "fixed": str(self.fixed)}
        return {"rule": "fraction", "fraction": str(self.fraction), "cap": "" if self.cap is None else str(self.cap)}


def parse_fraction(text: str) -> Decimal:
    """A fraction as a director types it: "1/3", "0.5", "50%", "1" (0 to 1); InvalidScore otherwise."""
    raw = text.strip().replace(",", ".")
    try:
        if raw.endswith("%"):
            value = Decimal(raw[:-1].strip()) / 100
        elif "/" in raw:
            top, bottom = raw.split("/", 1)
            value = Decimal(top.strip()) / Decimal(bottom.strip())
        else:
            value = Decimal(raw)
    except (InvalidOperation, ZeroDivisionError, ValueError):
        value = Decimal(-1)
    if not value.is_finite() or not Decimal(0) <= value <= Decimal(1):
        raise InvalidScore(
            _("The carry-over fraction is between 0 and 1 (1/3, 0.5, 50%%), not %(value)s.") % {"value": repr(text)}
        )
    return value


def carry_by_rule(margin: int | Decimal, rule: CarryRule) -> Decimal:
    """The carry-over from an earlier match's IMP margin (positive: the home team of the match being set won it)
    by the director's rule; signed like a carry-over (positive to home), in tenths of an IMP."""
    if rule.kind == "winner":
        fixed = check_carry(rule.fixed)
        if fixed < 0:
            raise InvalidScore(_("The winner's carry-over is a positive number of IMPs."))
        return fixed if margin > 0 else -fixed if margin < 0 else Decimal("0.0")
    if rule.kind != "fraction":
        raise InvalidScore(_("Unknown carry-over rule %(rule)s.") % {"rule": repr(rule.kind)})
    if rule.cap is not None and (rule.cap < 0 or check_carry(rule.cap) != rule.cap):
        raise InvalidScore(_("The cap is a positive number of IMPs with at most one decimal place."))
    return carry_from_margin(Decimal(margin), rule.fraction, rule.cap)


@dataclass(frozen=True, slots=True)
class Stanza:
    """One stanza: its boards, the IMPs each team won in it, and the running score (carry-over included) after it."""

    number: int  # 1, 2, ...; the extra boards after a tie are the stanza after the last
    first: int
    last: int
    imps_home: int
    imps_away: int
    running_home: Decimal
    running_away: Decimal
    played: int  # boards of the stanza with a score
    extra: bool = False
    parts: tuple[tuple[int, int], ...] = ()  # teams of eight: each match's IMPs (home, away) in the stanza

    @property
    def complete(self) -> bool:
        return self.played == self.last - self.first + 1


@dataclass(frozen=True, slots=True)
class KnockoutScore:
    """The match: carry-over, stanzas, totals, and the winner once every board is in ("home", "away" or None)."""

    carry_home: Decimal
    carry_away: Decimal
    stanzas: tuple[Stanza, ...]
    total_home: Decimal
    total_away: Decimal
    complete: bool

    @property
    def margin(self) -> Decimal:
        return self.total_home - self.total_away

    @property
    def winner(self) -> str | None:
        if not self.complete or self.margin == 0:
            return None
        return "home" if self.margin > 0 else "away"

    @property
    def tied(self) -> bool:
        return self.complete and self.margin == 0


def _won(imps: Sequence[int]) -> tuple[int, int]:
    """The IMPs each side won on these boards: (home, away)."""
    return sum(i for i in imps if i > 0), -sum(i for i in imps if i < 0)


def _per_match(imps: int | tuple[int, ...]) -> tuple[int, ...]:
    return imps if isinstance(imps, tuple) else (imps,)


def knockout_score(
    board_imps: Mapping[int, int] | Mapping[int, tuple[int, ...]],
    *,
    boards: int,
    stanza_boards: int = 0,
    carry: Decimal | int | str = 0,
) -> KnockoutScore:
    """The match of `boards` boards in stanzas of `stanza_boards` (0: one stanza), with `carry` IMPs brought in
    (positive: by the home team). Boards numbered above `boards` are extra boards after a tie. A board's IMPs
    may be a tuple, one figure per match (teams of eight): each match's IMPs are added, never netted per board."""
    if boards < 1:
        raise InvalidScore(_("A match has at least one board."))
    if stanza_boards < 0 or stanza_boards > boards:
        raise InvalidScore(_("A stanza has 1 to %(boards)s boards (0: the match is one stanza).") % {"boards": boards})
    size = stanza_boards or boards
    signed = check_carry(carry)
    carry_home, carry_away = max(signed, Decimal(0)), max(-signed, Decimal(0))
    spans = [(k + 1, first, min(first + size - 1, boards)) for k, first in enumerate(range(1, boards + 1, size))]
    extras = sorted(b for b in board_imps if b > boards)
    if extras:
        spans.append((len(spans) + 1, boards + 1, extras[-1]))
    stanzas: list[Stanza] = []
    home, away = carry_home, carry_away
    for number, first, last in spans:
        rows = [_per_match(board_imps[b]) for b in range(first, last + 1) if b in board_imps]
        parts = tuple(_won([row[m] for row in rows]) for m in range(len(rows[0]))) if rows else ()
        won_home, won_away = sum(p[0] for p in parts), sum(p[1] for p in parts)
        home, away = home + won_home, away + won_away
        stanza = Stanza(number, first, last, won_home, won_away, home, away, len(rows), extra=first > boards)
        stanzas.append(replace(stanza, parts=parts) if len(parts) > 1 else stanza)
    complete = all(b in board_imps for b in range(1, boards + 1))
    return KnockoutScore(carry_home, carry_away, tuple(stanzas), home, away, complete)
