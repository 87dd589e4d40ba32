"""What to play tonight: movements that fit the pairs present and the time, best first, each with its reason.

The director's rules of thumb, in order: a usual movement before an unusual one (a Mitchell in which each pair meets
fewer than two thirds of the other direction, or rounds of more than 4 boards: offered, marked, last); the standard
Mitchells and Howells before the variants with constructions of their own (web, hesitation, scrambled, share-and-
relay, rover, Bowman, appendix Howell: variants.py, rover.py, appendix.py), which are offered where they fit with what
they are for; a published standard movement (standard.py) before our generated one for the same tables; a complete
movement (everyone meets everyone they should) before a cut-down one; a session length close to the time available; no
skips, arrow switches or relays when there is a choice; more than one board a round; more boards rather than fewer;
more opponents.
Each suggestion is generated and validated before it is offered.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scoring.messages import gettext as _
from scoring.messages import gettext_noop as N_
from scoring.messages import ngettext

from .appendix import BOWMAN_TABLES
from .generate import generate
from .rover import MAX_ROVER_PAIRS
from .standard import STANDARD_HOWELLS, standard_name
from .types import MAX_MITCHELL_PAIRS, Movement, MovementError, check_pairs
from .validate import validate
from .variants import MITCHELL_EXTRA_VARIANTS, web_strands

__all__ = ["Suggestion", "suggest"]

_MAX_BOARDS_PER_ROUND = 8  # a 3-table Mitchell plays 8 a round; more than that is not a movement any more
_USUAL_BOARDS_PER_ROUND = 4  # clubs play 2 to 4 boards a round; longer rounds are marked unusual
# Scrambled, hesitation, share-and-relay and rover Mitchells are offered up to this many tables: beyond it they
# only slow the page (each offer is generated and validated) for movements no big field plays.
_MAX_CLUB_VARIANT_TABLES = 30


@dataclass(frozen=True)
class Suggestion:
    """A movement worth offering: its parameters for `generate`, the facts a director weighs, and why."""

    kind: str
    variant: str | None
    pairs: int
    tables: int
    rounds: int
    boards_per_round: int
    total_boards: int
    boards_per_pair: int  # the most any pair plays
    fewest_boards: int  # the least (a pair that sits out plays one round fewer)
    minutes: int
    winners: int
    complete: bool
    relays: bool
    reason: str
    name: str = ""  # what the director calls it: "Standard 5-table Howell", "Mitchell (relay)"
    standard: bool = False  # a published movement, not one we generated
    usual: bool = True  # False: offered, but marked (and listed after the usual ones)

    def movement(self) -> Movement:
        return generate(
            self.kind,
            self.pairs,
            boards_per_round=self.boards_per_round,
            rounds=self.rounds,
            variant=self.variant,
        )


def _candidates(pairs: int) -> list[tuple[str, str | None]]:
    tables = math.ceil(pairs / 2)
    out: list[tuple[str, str | None]] = []
    if pairs >= 3:
        if tables in STANDARD_HOWELLS:
            out.append(("howell", "standard"))
        out.append(("howell", None))
        if pairs >= 9:
            out.append(("howell", "appendix"))
    if pairs >= 6:
        if tables % 2:
            out += [("mitchell", None), ("mitchell", "arrow-switch")]
        else:
            out += [("mitchell", "relay"), ("mitchell", "skip"), ("mitchell", "arrow-switch")]
        # The variants with constructions of their own, where each fits (offered after the standard ones).
        if web_strands(tables) and pairs >= 24:
            out.append(("mitchell", "web"))
        if tables <= _MAX_CLUB_VARIANT_TABLES:  # the others are for a club room, not a congress hall
            out.append(("mitchell", "scrambled"))
            if tables % 2:
                out.append(("mitchell", "hesitation"))
            elif pairs >= 8:
                out.append(("mitchell", "share-relay"))
            if pairs % 2 and 9 <= pairs <= MAX_ROVER_PAIRS:
                out.append(("mitchell", "rover"))
            if tables in BOWMAN_TABLES:
                out.append(("mitchell", "bowman"))
    return out


def _max_rounds(kind: str, variant: str | None, pairs: int) -> int:
    tables = math.ceil(pairs / 2)
    if variant == "appendix":
        return pairs - 2 + pairs % 2 - 1  # the Howell for two pairs fewer
    if kind == "howell" or variant == "standard":
        return pairs + pairs % 2 - 1
    extra = {"hesitation": tables + 1, "share-relay": tables - 2, "rover": pairs // 2, "bowman": tables - 2}
    if variant in extra:
        return extra[variant]
    if variant == "web":
        return web_strands(tables)[-1]
    return tables - 1 if variant == "skip" else tables


def _round_options(kind: str, variant: str | None, pairs: int) -> list[int]:
    """The numbers of rounds worth trying, most first."""
    top = _max_rounds(kind, variant, pairs)
    if variant == "web":
        return sorted(web_strands(math.ceil(pairs / 2)), reverse=True)
    # A cut-down Howell only down to about two thirds of its rounds (below that too many meetings go);
    # a Mitchell may stop after any round, as large fields usually do.
    lowest = max(1, math.ceil(top * 2 / 3)) if kind == "howell" else 1
    if variant == "standard":
        lowest = top  # a standard movement is played whole
    return list(range(top, lowest - 1, -1))


_VARIANT_REASONS = {  # translated where the reason is put together (gettext_noop only marks them)
    "web": N_("more tables than rounds: tables a strand apart play the same boards (copies of the boards needed)"),
    "hesitation": N_("one winner without an arrow switch: the EW pair at the middle table stays a round and sits NS"),
    "scrambled": N_("one winner: the arrow is switched at a third of the tables each round"),
    "share-relay": N_("no bye stand: the last table shares table 1's boards"),
    "rover": N_("no half table: an extra pair takes a different pair's seat each round, NS and EW pairs sit out alike"),
    "bowman": N_("two tables more than the board sets: tables share boards, table 1 and the last table but one always"),
    "appendix": N_("a Howell with an appendix table sharing boards: two pairs stay put, not everyone meets"),
}


def _reason(movement: Movement, played: tuple[int, int], minutes: int, complete: bool) -> str:
    """The reason a director reads, clause by clause (each a whole phrase for the translator)."""
    parts = [_("one winner") if movement.winners == 1 else _("two winners (NS and EW)")]
    fewest, most = played
    if fewest == most:
        parts.append(_("%(most)s boards a pair (%(total)s in play)") % {"most": most, "total": movement.board_count})
    else:
        parts.append(
            _("%(fewest)s or %(most)s boards a pair (%(total)s in play)")
            % {"fewest": fewest, "most": most, "total": movement.board_count}
        )
    parts.append(
        _("%(rounds)s rounds of %(boards)s") % {"rounds": movement.rounds, "boards": movement.boards_per_round}
    )
    parts.append(_("about %(hours)sh%(minutes)02d") % {"hours": minutes // 60, "minutes": minutes % 60})
    if movement.kind == "howell":
        parts.append(_("everyone meets everyone") if complete else _("a partial Howell: not everyone meets"))
    elif complete:
        parts.append(_("every EW pair meets every NS pair"))
    else:
        missed = movement.tables - movement.rounds
        parts.append(
            ngettext("each EW pair misses %(count)s NS pair", "each EW pair misses %(count)s NS pairs", missed)
            % {"count": missed}
        )
    parts += _sharing(movement)
    if movement.variant == "skip":
        parts.append(_("EW pairs skip a table after half the rounds"))
    if movement.arrow_switch_rounds:
        rounds = ", ".join(map(str, movement.arrow_switch_rounds))
        parts.append(
            ngettext(
                "arrow-switch round %(rounds)s", "arrow-switch rounds %(rounds)s", len(movement.arrow_switch_rounds)
            )
            % {"rounds": rounds}
        )
    if movement.phantom:
        mitchell = movement.kind == "mitchell"
        parts.append(_("each EW pair sits out one round") if mitchell else _("each pair sits out one round"))
    return "; ".join(parts)


def _sharing(movement: Movement) -> list[str]:
    """How the boards are shared: relays and bye stands, or none."""
    parts = []
    if movement.kind == "mitchell" and (movement.relay_tables or movement.bye_stands):
        if movement.relay_tables:
            low, high = movement.relay_tables
            parts.append(_("relay: tables %(low)s and %(high)s share boards") % {"low": low, "high": high})
        if movement.bye_stands:
            stand = movement.bye_stands[0].between
            parts.append(_("bye stand between tables %(low)s and %(high)s") % {"low": stand[0], "high": stand[1]})
    elif movement.shares:
        parts.append(_("some tables share boards (relay)"))
    elif movement.bye_stands:
        low, high = movement.bye_stands[0].between
        stands = sum(1 for stand in movement.bye_stands if stand.round == 1)
        parts.append(
            _("boards move down one table a round, %(stands)s bye stands between tables %(low)s and %(high)s")
            % {"stands": stands, "low": low, "high": high}
        )
    else:
        parts.append(_("no relays"))
    return parts


@dataclass(frozen=True)
class _Ask:
    """What the director asked for: the pairs, the time and the boards each pair should play."""

    pairs: int
    minutes: int
    minutes_per_board: float
    min_boards: int
    max_boards: int


def _check_ask(ask: _Ask) -> None:
    if ask.pairs < 3:
        raise MovementError(_("%(pairs)s pairs are too few for a pairs movement (3 at least).") % {"pairs": ask.pairs})
    check_pairs(ask.pairs, MAX_MITCHELL_PAIRS, "pairs movement")
    if ask.min_boards > ask.max_boards or ask.min_boards < 1:
        raise MovementError(
            _("The board range %(min_boards)s-%(max_boards)s is empty.")
            % {"min_boards": ask.min_boards, "max_boards": ask.max_boards}
        )


def _reason_for(
    movement: Movement,
    variant: str | None,
    counts: tuple[int, int],
    session: int,
    *,
    complete: bool,
    extra: bool,
    top: int,
) -> str:
    """The reason shown to the director: the plain one, prefixed by what makes this movement special."""
    reason = _reason(movement, counts, session, complete)
    if variant == "standard":
        reason = _("the published movement; %(reason)s; each table plays the sets in order") % {"reason": reason}
    if extra:
        reason = f"{_(_VARIANT_REASONS[variant or ''])}; {reason}"
    unusual = _unusual(movement, top)
    if unusual:
        reason = _("unusual: %(why)s; %(reason)s") % {"why": unusual, "reason": reason}
    return reason


def _try(ask: _Ask, kind: str, variant: str | None, rounds: int, bpr: int) -> tuple[Movement, int, int, int] | None:
    """The movement, its minutes and boards per pair (fewest, played), or None if it does not fit or is unsound."""
    per_pair_max = rounds * bpr
    if per_pair_max > ask.max_boards + bpr or per_pair_max < ask.min_boards:
        return None
    session = round(rounds * bpr * ask.minutes_per_board)
    if session > ask.minutes * 1.15:
        return None
    try:
        movement = generate(kind, ask.pairs, boards_per_round=bpr, rounds=rounds, variant=variant)
    except MovementError:
        return None
    if not validate(movement).ok:
        return None  # never offer an unsound movement
    fewest, played = _boards_per_pair(movement)
    if not ask.min_boards <= played <= ask.max_boards:
        return None
    return movement, session, fewest, played


def _offer(
    ask: _Ask, kind: str, variant: str | None, rounds: int, bpr: int
) -> tuple[tuple[float, ...], Suggestion] | None:
    """One candidate as a suggestion with its sort key (lower is better), or None if it does not fit."""
    tried = _try(ask, kind, variant, rounds, bpr)
    if tried is None:
        return None
    movement, session, fewest, played = tried
    top = _max_rounds(kind, variant, ask.pairs)
    extra = variant in MITCHELL_EXTRA_VARIANTS or variant == "appendix"
    complete = movement.all_meet if extra else rounds == top and variant != "skip"
    relays = bool(movement.shares)
    unusual = _unusual(movement, top)
    suggestion = Suggestion(
        kind=kind,
        variant=movement.variant,
        pairs=ask.pairs,
        tables=movement.tables,
        rounds=rounds,
        boards_per_round=bpr,
        total_boards=movement.board_count,
        boards_per_pair=played,
        fewest_boards=fewest,
        minutes=session,
        winners=movement.winners,
        complete=complete,
        relays=relays,
        reason=_reason_for(movement, variant, (fewest, played), session, complete=complete, extra=extra, top=top),
        name=_name(kind, movement.variant, movement.tables),
        standard=variant == "standard",
        usual=not unusual,
    )
    score = (
        1 if unusual else 0,
        1 if extra else 0,  # the standard movements first, then the variants of their own
        0 if variant == "standard" else 1,
        0 if complete else 1,
        round(abs(session - ask.minutes) / 15),  # quarter-hours away from the time available
        1 if bpr == 1 else 0,  # moving after every board wastes time
        1 if variant in ("skip", "arrow-switch") else 0,
        1 if relays else 0,
        -played,
        -rounds,  # more opponents met for the same boards
        0 if kind == "howell" else 1,
    )
    return score, suggestion


def suggest(
    pairs: int,
    *,
    minutes: int = 180,
    minutes_per_board: float = 7.5,
    min_boards: int = 24,
    max_boards: int = 27,
) -> list[Suggestion]:
    """Movements for `pairs` pairs whose boards per pair lie in [min_boards, max_boards], best first.

    Sessions running more than 15% over `minutes` are left out. Raises MovementError when nothing fits.
    """
    ask = _Ask(pairs, minutes, minutes_per_board, min_boards, max_boards)
    _check_ask(ask)
    scored: list[tuple[tuple[float, ...], Suggestion]] = []
    for kind, variant in _candidates(pairs):
        for rounds in _round_options(kind, variant, pairs):
            for bpr in range(1, _MAX_BOARDS_PER_ROUND + 1):
                offered = _offer(ask, kind, variant, rounds, bpr)
                if offered is not None:
                    scored.append(offered)
    if not scored:
        raise MovementError(
            _("No movement gives %(pairs)s pairs %(min_boards)s-%(max_boards)s boards in about %(minutes)s minutes.")
            % {"pairs": pairs, "min_boards": min_boards, "max_boards": max_boards, "minutes": minutes}
        )
    scored.sort(key=lambda item: item[0])
    return [s for _, s in scored]


def _name(kind: str, variant: str | None, tables: int) -> str:
    if variant == "standard":
        return standard_name(tables)
    return kind.title() + (f" ({variant})" if variant else "")


def _unusual(movement: Movement, full_rounds: int) -> str:
    """Why a director would not expect this movement ("" when it is a usual one)."""
    why = []
    if movement.kind == "mitchell" and movement.rounds * 3 < full_rounds * 2:
        why.append(
            _("each pair meets only %(rounds)s of the %(all)s pairs of the other direction")
            % {"rounds": movement.rounds, "all": full_rounds}
        )
    if movement.boards_per_round > _USUAL_BOARDS_PER_ROUND:
        why.append(_("%(boards)s boards a round (clubs usually play 2 to 4)") % {"boards": movement.boards_per_round})
    return "; ".join(why)  # a list, as the movement's description (`; ` between its parts): no glued "and"


def _boards_per_pair(movement: Movement) -> tuple[int, int]:
    """Fewest and most boards an entry plays (a pair that sits out a round plays one round's fewer)."""
    counts: dict[str, int] = {}
    for row in movement.rows:
        if row.ns is None or row.ew is None:
            continue
        for label in (row.ns, row.ew):
            counts[label] = counts.get(label, 0) + len(row.boards)
    return min(counts.values(), default=0), max(counts.values(), default=0)
