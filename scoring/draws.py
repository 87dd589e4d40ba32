"""Team draws: the Swiss pairing of a round from the standings, the round-robin schedule and a knockout bracket.

Pure (no Django): teams are plain integers (their numbers), the caller supplies standings and history. It lives
in `scoring`, below both its users (the teams events' draw and the Swiss pairs movement), not among the movements.

Swiss: the standings are paired top-down (the leader meets the highest team below it that it has not met, and so
on), backtracking only when a choice would leave the rest impossible to pair without a repeat; a repeat meeting
is drawn only when no draw of the whole round avoids one, and then as few as possible. In an odd field the bye
goes to the lowest-placed team that has not had one (the next lowest if giving it to that team would force a
repeat that another choice avoids). The team placed higher, or the one with fewer home matches so far, is home.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from scoring.messages import gettext as _

from .errors import DrawError

__all__ = ["Draw", "knockout_bracket", "round_robin", "swiss_draw"]

MAX_TEAMS = 500  # a national Swiss has a few hundred; beyond that a typo, not a field
SEARCH_LIMIT = 200_000  # nodes of the backtracking search before it settles for the fewest repeats found


@dataclass(frozen=True, slots=True)
class Draw:
    """One round: the matches as (home, away) team numbers and the team with the bye, if any."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None = None
    repeats: int = field(default=0)


def _pairs(history: Iterable[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(p) for p in history}


Pairing = list[tuple[int, int]]


def _pair_top_down(order: Sequence[int], met: set[frozenset[int]], allowed_repeats: int) -> Pairing | None:
    """Pair ``order`` (best first) top-down with at most ``allowed_repeats`` repeat meetings, or None."""
    budget = [SEARCH_LIMIT]
    opponents = {t: [u for u in order if u != t] for t in order}

    def search(free: list[int], repeats_left: int) -> list[tuple[int, int]] | None:
        if not free:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        top, rest = free[0], free[1:]
        # Prune: a team with no fresh opponent left needs a repeat; too many such teams cannot be paired.
        if repeats_left == 0:
            free_set = set(free)
            for t in free:
                if not any(u in free_set and frozenset((t, u)) not in met for u in opponents[t]):
                    return None
        fresh = [u for u in rest if frozenset((top, u)) not in met]
        stale = [u for u in rest if frozenset((top, u)) in met] if repeats_left else []
        for u, cost in [(u, 0) for u in fresh] + [(u, 1) for u in stale]:
            remaining = [t for t in rest if t != u]
            tail = search(remaining, repeats_left - cost)
            if tail is not None:
                return [(top, u), *tail]
        return None

    return search(list(order), allowed_repeats)


def _fewest_repeats(order: Sequence[int], met: set[frozenset[int]]) -> tuple[list[tuple[int, int]], int]:
    for allowed in range(len(order) // 2 + 1):
        found = _pair_top_down(order, met, allowed)
        if found is not None:
            return found, allowed
    raise DrawError(_("The Swiss draw found no pairing in its search limit; the field is too large."))


def swiss_draw(
    standings: Sequence[int],
    history: Iterable[tuple[int, int]] = (),
    *,
    byes: Iterable[int] = (),
    home_counts: dict[int, int] | None = None,
) -> Draw:
    """The next Swiss round.

    ``standings`` lists every team in the event, best first (the caller's tie-breaks already applied);
    ``history`` the pairs that have met; ``byes`` the teams that have had a bye; ``home_counts`` how many times
    each team has been home (to balance home and away).
    """
    order = list(standings)
    if len(set(order)) != len(order):
        raise DrawError(_("A team appears twice in the standings."))
    if len(order) < 2:
        raise DrawError(_("A Swiss round needs at least two teams."))
    if len(order) > MAX_TEAMS:
        raise DrawError(
            _("A Swiss is drawn for at most %(most)s teams, not %(count)s.") % {"most": MAX_TEAMS, "count": len(order)}
        )
    met = _pairs(history)
    had_bye = set(byes)
    bye: int | None = None
    if len(order) % 2:
        candidates = [t for t in reversed(order) if t not in had_bye] or list(reversed(order))
        if not [t for t in reversed(order) if t not in had_bye]:
            counts = {t: sum(1 for b in byes if b == t) for t in order}
            candidates.sort(key=lambda t: counts[t])  # stable: lowest placed first among the fewest byes
        best: tuple[int, int, list[tuple[int, int]]] | None = None
        for cand in candidates:
            rest = [t for t in order if t != cand]
            pairs, repeats = _fewest_repeats(rest, met)
            if best is None or repeats < best[1]:
                best = (cand, repeats, pairs)
            if repeats == 0:
                break
        assert best is not None
        bye, repeats, pairs = best
    else:
        pairs, repeats = _fewest_repeats(order, met)
    homes = home_counts or {}
    matches = tuple((a, b) if homes.get(a, 0) <= homes.get(b, 0) else (b, a) for a, b in pairs)
    return Draw(matches=matches, bye=bye, repeats=repeats)


def round_robin(teams: int) -> list[Draw]:
    """A complete round robin for teams 1..``teams`` (the circle method): each pair meets once.

    With an odd number of teams one team has a bye each round and every team is home exactly as often as away;
    with an even number, within one match.
    """
    if not 2 <= teams <= MAX_TEAMS:
        raise DrawError(
            _("A round robin is for 2 to %(most)s teams, not %(teams)s.") % {"most": MAX_TEAMS, "teams": teams}
        )
    n = teams + teams % 2
    ghost = n if teams % 2 else None  # the "team" whose opponent sits out
    # The ghost is the fixed point of the circle: every real team then rotates, and home/away comes out even.
    ring = [n, *range(1, n)] if ghost else list(range(1, n + 1))
    rounds: list[Draw] = []
    for r in range(n - 1):
        matches: list[tuple[int, int]] = []
        bye: int | None = None
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            # The fixed team alternates by round; on the other boards the side of the ring decides.
            flip = r % 2 == 1 if i == 0 else i % 2 == 1
            home, away = (b, a) if flip else (a, b)
            if ghost in (home, away):
                bye = away if home == ghost else home
                continue
            matches.append((home, away))
        rounds.append(Draw(matches=tuple(matches), bye=bye))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def knockout_bracket(seeds: Sequence[int]) -> list[tuple[int, int | None]]:
    """The first round of a knockout, best seed first: 1 v the lowest, 2 v the next lowest, and so on.

    The field is filled up to a power of two with byes (``None`` as the opponent), which go to the top seeds.
    The first-named team of each match (the higher seed) is home.
    """
    field_ = list(seeds)
    if len(field_) < 2:
        raise DrawError(_("A knockout needs at least two teams."))
    if len(set(field_)) != len(field_):
        raise DrawError(_("A team is seeded twice."))
    size = 1
    while size < len(field_):
        size *= 2
    padded: list[int | None] = [*field_, *([None] * (size - len(field_)))]
    return [(field_[i], padded[size - 1 - i]) for i in range(size // 2)]  # the top half is never a bye
