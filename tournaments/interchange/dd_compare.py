"""The file's published double-dummy analysis (:mod:`.pbn_analysis`) against Bridgedesk's own solution.

Run once on import, for the boards whose file gave both a deal and an analysis: every trick count and the par
score (North-South's side, with the board's own vulnerability and dealer, as the file's is). The par contracts
are not compared: programs write them in different words for the same par (``NS 4S`` and ``4S by N/S``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.sessions.models import Board

from .pbn_analysis import STRAINS


@dataclass
class AnalysisComparison:
    boards: int = 0
    tricks_same: int = 0
    par_same: int = 0
    differences: list[str] = field(default_factory=list)

    def notes(self) -> list[str]:
        """The agreement in one sentence, then each board that differs."""
        if not self.boards:
            return []
        checked = f"{_count(self.tricks_same, 'trick count')} and {_count(self.par_same, 'par score')} agree"
        boards = _count(self.boards, "board")
        if not self.differences:
            return [f"The file's double-dummy analysis of {boards} agrees with Bridgedesk's ({checked})."]
        differ = "1 board differs" if len(self.differences) == 1 else f"{len(self.differences)} boards differ"
        return [
            f"The file's double-dummy analysis of {boards}: {checked} with Bridgedesk's; {differ}:",
            *self.differences,
        ]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _side(score: int) -> str:
    return f"NS {score}" if score >= 0 else f"EW {-score}"


def _whole(deal: str) -> bool:
    """All four hands known (a deal with a hand left out, ``-``, cannot be solved)."""
    hands = deal[2:].split()
    return len(hands) == 4 and all(len(hand) == 16 for hand in hands)


def compare_analysis(boards: list[Board]) -> AnalysisComparison:
    """Each board with a deal and a published analysis, set against ours (solved now, or from the cache)."""
    checked = [b for b in boards if b.published_analysis and _whole(b.deal)]
    out = AnalysisComparison(boards=len(checked))
    if not checked:
        return out
    from tournaments.sessions.reports.handrecords import analyse  # HEAVY: endplay and ReportLab, at import time

    ours = analyse(checked)
    for board in sorted(checked, key=lambda b: b.number):
        theirs, mine = board.published_analysis, ours[board.number]
        wrong: list[str] = []
        for strain in STRAINS:
            for seat, tricks in sorted(theirs.get("tricks", {}).get(strain, {}).items()):
                if mine.tricks[strain][seat] == tricks:
                    out.tricks_same += 1
                else:
                    wrong.append(f"{strain} by {seat}: {tricks} in the file, {mine.tricks[strain][seat]} here")
        par = theirs.get("par_score")
        if par is not None:
            if par == mine.par_score:
                out.par_same += 1
            else:
                wrong.append(f"par {_side(par)} in the file, {_side(mine.par_score)} here")
        if wrong:
            out.differences.append(f"Board {board.number}: " + "; ".join(wrong) + ".")
    return out
