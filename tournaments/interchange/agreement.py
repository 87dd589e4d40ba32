"""Whether an imported file's published figures agree with our engine's, said so a director can act on it.

The differences are placed by the file's own lines, and when they differ, each of the session's conventions is
flipped in memory to see whether the other program simply chose the other one.
"""

from __future__ import annotations

from tournaments.sessions.models import Section
from tournaments.sessions.selectors.individuals import individual_standings

from .published import TOLERANCE, compare_section
from .records import SessionRecord

MAX_LISTED = 8  # differences listed one by one in a report; the rest are counted


def _listed(kind: str, items: list[str]) -> list[str]:
    if not items:
        return []
    shown = items[:MAX_LISTED]
    more = f" (and {len(items) - MAX_LISTED} more)" if len(items) > MAX_LISTED else ""
    return [f"{len(items)} {kind} differ from the file's{more}:"] + [f"  {x}" for x in shown]


def compare_with_published(section: Section, record: SessionRecord) -> tuple[int, list[str]]:
    """Our engine's figures against the file's, as the *Published vs Bridgedesk* page and `compare_published` set
    them (one tolerance, one count): how many published figures were compared, and the differences listed for the
    director, each placed by the file's line."""
    comparison = compare_section(section)
    where = {(b.number, x.ns_pair, x.ew_pair): x.where for b in record.boards for x in b.lines}
    line_diffs = [
        f"{where.get((d.board, d.ns, d.ew)) or f'board {d.board}, {d.ns} v {d.ew}'}: "
        f"file {d.published[0]:g}/{d.published[1]:g}, Bridgedesk {_points(d.ours[0])}/{_points(d.ours[1])}"
        for d in comparison.lines
    ]
    problems: dict[str, list[str]] = {}
    for d in comparison.pairs:
        problems.setdefault(d.label, []).append(f"{d.figure} {d.published} v {d.ours}")
    pair_diffs = []
    for label, found in problems.items():
        pair = record.pair(label)
        pair_diffs.append(f"{pair.where if pair else f'PAIR {label}'}: " + ", ".join(found) + " (file v Bridgedesk)")
    listed = _listed("traveller lines' points", line_diffs) + _listed("pairs' results", pair_diffs)
    if not record.individual:
        return comparison.compared, listed
    players, player_diffs = compare_players(section, record)
    return comparison.compared + players, listed + player_diffs


def compare_players(section: Section, record: SessionRecord) -> tuple[int, list[str]]:
    """An individual's players: the percentage (and place) the file publishes for each against our standings of
    the player's partnerships added up, with the same tolerance as the lines. Part of the import report's
    comparison; not in `compare_published`'s counts (which are for lines and pairs)."""
    ours = {s.number: s for s in individual_standings(section)}
    compared, found = 0, []
    for player in record.players:
        mine = ours.get(player.number)
        if player.percentage is not None:
            compared += 1
            theirs = mine.percentage if mine else None
            if theirs is None or abs(theirs - player.percentage) > TOLERANCE:
                found.append(
                    f"{player.where}: percentage {player.percentage:g} v {_points(theirs)} (file v Bridgedesk)"
                )
        if player.place and mine is not None:
            compared += 1
        if player.place and mine is not None and player.place.strip() != mine.place:
            found.append(f"{player.where}: place {player.place.strip()} v {mine.place} (file v Bridgedesk)")
    return compared, _listed("players' results", found)


def _points(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


CONVENTIONS = (
    ("use_neuberg", "Neuberg's formula for boards played fewer times"),
    ("scale_missed_boards", "scaling the totals of pairs that missed boards"),
)


def convention_hint(section: Section, record: SessionRecord) -> str | None:
    """When our figures differ from the file's, whether another choice of the session's conventions matches.

    Each convention is flipped in memory (nothing is saved) and the comparison run again; a flip that makes
    every figure agree is named, so the director knows which setting the other program used.
    """
    session = section.session
    for attribute, description in CONVENTIONS:
        original = getattr(session, attribute)
        setattr(session, attribute, not original)
        try:
            _, differences = compare_with_published(section, record)
        finally:
            setattr(session, attribute, original)
        if not differences:
            state = "without" if original else "with"
            return (
                f"The file's figures all agree {state} {description}: the program that wrote it "
                f"{'does not use' if original else 'uses'} it. Change the session's setting to follow it."
            )
    return None
