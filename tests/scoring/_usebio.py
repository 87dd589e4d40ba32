"""A small test-only reader for the USEBIO travellers in ../shared/realdata (not the project's importer)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

REALDATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "realdata" / "usebio"


@dataclass(frozen=True)
class TravellerLine:
    ns_pair: str
    ew_pair: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    score: str  # "420", "-50" or an artificial "A5050" (N-S 50%, E-W 50%)
    ns_mp: float
    ew_mp: float

    @property
    def artificial(self) -> tuple[float, float] | None:
        match = re.fullmatch(r"A(\d\d)(\d\d)", self.score)
        return (float(match.group(1)), float(match.group(2))) if match else None


@dataclass(frozen=True)
class Pair:
    number: str
    direction: str
    total: float
    percentage: float
    place: str


@dataclass(frozen=True)
class Session:
    boards: dict[int, list[TravellerLine]]
    pairs: list[Pair]


def _text(element: ET.Element, tag: str) -> str | None:
    found = element.find(tag)
    return None if found is None or found.text is None else found.text.strip()


def read_session(path: Path) -> Session:
    root = ET.parse(path).getroot()
    boards: dict[int, list[TravellerLine]] = {}
    for board in root.iter("BOARD"):
        lines = board.findall("TRAVELLER_LINE")
        if not lines:
            continue  # the hand records repeat BOARD without travellers
        number = int(_text(board, "BOARD_NUMBER") or 0)
        boards[number] = [
            TravellerLine(
                ns_pair=_text(line, "NS_PAIR_NUMBER") or "",
                ew_pair=_text(line, "EW_PAIR_NUMBER") or "",
                contract=_text(line, "CONTRACT"),
                declarer=_text(line, "PLAYED_BY"),
                tricks=int(t) if (t := _text(line, "TRICKS")) is not None else None,
                score=_text(line, "SCORE") or "",
                ns_mp=float(_text(line, "NS_MATCH_POINTS") or "nan"),
                ew_mp=float(_text(line, "EW_MATCH_POINTS") or "nan"),
            )
            for line in lines
        ]
    pairs = [
        Pair(
            number=_text(pair, "PAIR_NUMBER") or "",
            direction=_text(pair, "DIRECTION") or "",
            total=float(_text(pair, "TOTAL_SCORE") or "nan"),
            percentage=float(_text(pair, "PERCENTAGE") or "nan"),
            place=_text(pair, "PLACE") or "",
        )
        for pair in root.iter("PAIR")
    ]
    return Session(boards, pairs)
