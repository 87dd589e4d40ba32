"""Plain records of a scored session, the common ground between the file formats and the models.

The USEBIO and PBN readers produce a :class:`SessionRecord`; the writers take one. The importer turns a record
into models, the exporter builds one from the models and the scores selector. Nothing here knows Django.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

ScoringMethod = Literal["mp", "butler", "cross_imps", "total"]  # "total": total points (USEBIO AGGREGATE)
LineKind = Literal["played", "artificial", "not_played", "assigned", "weighted"]


@dataclass
class PlayerRecord:
    name: str
    national_id: str = ""
    club_id: str = ""


@dataclass
class PairRecord:
    """A pair as the file names it. ``label`` is the key traveller lines use: ``"3NS"``, ``"3EW"`` or ``"7"``."""

    label: str
    number: int
    direction: str = ""  # "NS", "EW" or "" in a one-winner event
    players: list[PlayerRecord] = field(default_factory=list)
    total: float | None = None
    percentage: float | None = None
    place: str = ""
    where: str = ""
    master_points: int | None = None  # USEBIO MASTER_POINTS_AWARDED (each player's award)
    master_point_type: str = ""  # USEBIO MASTER_POINT_TYPE of the award, e.g. GREEN


@dataclass
class IndividualRecord:
    """A player of an individual event (USEBIO ``PARTICIPANTS/PLAYER``): the standing the file publishes.

    The partnerships a player sits in ("8-1", North's number first) are the record's ``pairs``."""

    number: int
    name: str = ""
    national_id: str = ""
    club_id: str = ""
    total: float | None = None
    percentage: float | None = None
    place: str = ""
    master_points: int | None = None  # MASTER_POINTS_AWARDED, as a pair's
    master_point_type: str = ""
    where: str = ""


@dataclass
class LineRecord:
    """One traveller line. ``score`` is N-S's score; artificial lines carry percentages instead."""

    ns_pair: str
    ew_pair: str
    kind: LineKind = "played"
    contract: str = ""
    declarer: str = ""
    lead: str = ""
    auction: str = ""  # the calls from the dealer as we store them, alerts marked "!": "1H P 1S! P 4S P P P"
    play: str = ""  # the cards from the opening lead as we store them, a claim last: "HT H2 HA H5 ... =9"
    tricks: int | None = None
    score: int | None = None
    ns_percent: float | None = None
    ew_percent: float | None = None
    ns_points: float | None = None  # match points or IMPs, as published (or as we computed them, on export)
    ew_points: float | None = None
    where: str = ""
    # Only in Bridgedesk's own files (see own_data.py): the contracts and weights of a weighted score.
    weighted: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class BoardRecord:
    number: int
    deal: str = ""  # PBN "N:spades.hearts.diamonds.clubs ..." or "" when unknown
    dealer: str = ""  # only when the file says so (PBN); otherwise from the number
    vulnerability: str = ""
    datum: float | None = None  # Butler datum, if published
    lines: list[LineRecord] = field(default_factory=list)
    where: str = ""
    published_analysis: dict[str, Any] = field(default_factory=dict)  # the file's double-dummy tricks and par


@dataclass
class RulingRecord:
    """A director's ruling as Bridgedesk's own files carry it: on a line (``ns_pair``/``ew_pair``), a board, or
    a pair (``entry``, for penalties). ``details`` is the ruling's own, with ``previous`` keyed by line."""

    decision: str
    board: int | None = None
    ns_pair: str = ""
    ew_pair: str = ""
    entry: str = ""
    law: str = ""
    facts: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    penalty: float | None = None
    appeal: str = "none"
    # The appeal's record once one is lodged: by, lodged_at, grounds, committee, reasons, deposit_returned,
    # decided_at (the times as ISO 8601 text); empty for a ruling never appealed.
    appeal_record: dict[str, Any] = field(default_factory=dict)
    where: str = ""


@dataclass
class SessionRecord:
    """Everything a results file says about one session of a pairs event."""

    event_name: str = ""
    title: str = ""
    club_name: str = ""
    club_id: str = ""
    event_id: str = ""
    date: dt.date | None = None
    program: str = ""
    scoring: ScoringMethod = "mp"
    mp_scale: str = "ebu"  # "ebu" (2 per beat) or "acbl" (1 per beat)
    winners: int = 1
    master_point_type: str = ""  # the event's MASTER_POINT_TYPE; set when master points were awarded
    master_point_scale: str = ""  # the event's MASTER_POINT_SCALE (the EBU's status: Club, District, ...)
    p2p_charge_rate: str = ""  # the EBU's P2P_CHARGE_RATE: the session's charge code (10 a club session, ...)
    pairs: list[PairRecord] = field(default_factory=list)
    boards: list[BoardRecord] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # Only in Bridgedesk's own files (see own_data.py); None/empty for files of other programs.
    rulings: list[RulingRecord] | None = None
    settings: dict[str, Any] = field(default_factory=dict)  # the session's scoring conventions
    layout: dict[str, Any] = field(default_factory=dict)  # movement kind, variant, tables, rounds, boards/round
    late: list[str] = field(default_factory=list)  # labels of the pairs added late
    rankings: dict[str, Any] = field(default_factory=dict)  # handicaps, strata, Swiss VPs (see rankings.py)
    section: str = ""  # the section's letter when the file holds several (USEBIO's SECTION_ID)
    individual: bool = False  # an individual: ``pairs`` are partnerships ("8-1"), ``players`` the players
    players: list[IndividualRecord] = field(default_factory=list)
    where: str = ""  # where the section starts in the file

    def pair(self, label: str) -> PairRecord | None:
        for p in self.pairs:
            if p.label == label:
                return p
        return None
