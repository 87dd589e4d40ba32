"""Bridgedesk scoring: pure bridge arithmetic (no Django), fully typed.

Contracts and deals (:mod:`scoring.contracts`, :mod:`scoring.boards`), match points and adjusted scores
(:mod:`scoring.matchpoints`), vectorised field scoring (:mod:`scoring.fields`), IMPs and victory points
(:mod:`scoring.imps`), and the rubber, Chicago, progressive and auction forms (:mod:`scoring.scorepads`,
:mod:`scoring.progressive`, :mod:`scoring.auction`).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from scoring.auction import (
    AUCTION_GAME,
    AUCTION_RUBBER_BONUS,
    AuctionScore,
    AuctionScorepad,
    auction_honors,
    auction_score,
)
from scoring.boards import (
    SEATS,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_sets,
    board_vulnerability,
    is_vulnerable,
    parse_seat,
    parse_side,
    parse_vulnerability,
    partner,
    side_of,
)
from scoring.contracts import (
    STRAINS,
    Contract,
    Edition,
    Notation,
    ScoreParts,
    Strain,
    contract_score,
    ns_score,
    parse_contract,
    parse_tricks,
    result_text,
    score_parts,
    undertrick_points,
)
from scoring.conventions import ROUNDINGS, Rounding, round_factored
from scoring.errors import InvalidBoard, InvalidContract, InvalidResult, InvalidScore, ScoringError
from scoring.imp_unplayed import unplayed_zero_factor, unplayed_zero_imps
from scoring.imps import (
    IMP_THRESHOLDS,
    LineImps,
    artificial_imps,
    butler_datum,
    cross_imps,
    imps,
    match_totals,
    score_board_imps,
    team_board_imps,
    victory_point_scale,
    victory_points,
)
from scoring.leads import InvalidLead, check_lead, leader_of
from scoring.matchpoints import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    AVERAGE_PLUS_MINUS,
    NOT_PLAYED,
    Artificial,
    Line,
    LineScore,
    NotPlayed,
    Scale,
    Weighted,
    as_line,
    average_minus,
    average_plus,
    board_top,
    matchpoints,
    neuberg,
    percentage,
    percentage_over_tops,
    procedural_penalty,
    rank_with_ties,
    scale_total,
    score_board,
    total_point_equivalent,
    total_points,
)
from scoring.notation import (
    NOTATIONS,
    notation_for,
    read_bid,
    read_card,
    read_seat,
    shown_cards,
    shown_contract,
    shown_seat,
)
from scoring.progressive import PROGRESSIVE_DEAL_LIMIT, progressive_deal_score, progressive_vulnerability
from scoring.rounding import half_up, shown, signed
from scoring.scorepads import (
    ChicagoScorepad,
    DealRecord,
    RubberScorepad,
    back_score,
    check_honors,
    chicago_vulnerability,
    other_side,
)

if TYPE_CHECKING:
    from scoring.fields import FieldMatchpoints, matchpoint_array, matchpoint_field

Declarer = Seat

# The vectorised field scoring needs numpy (0.15 s to import), which no web page uses: it loads when one of its
# names is first asked for, so importing `scoring` stays cheap.
_FIELDS = ("FieldMatchpoints", "matchpoint_array", "matchpoint_field")


def __getattr__(name: str) -> Any:
    if name in _FIELDS:
        return getattr(import_module("scoring.fields"), name)
    raise AttributeError(f"module 'scoring' has no attribute {name!r}")


__all__ = [
    "AUCTION_GAME",
    "AUCTION_RUBBER_BONUS",
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "AVERAGE_PLUS_MINUS",
    "IMP_THRESHOLDS",
    "NOTATIONS",
    "NOT_PLAYED",
    "PROGRESSIVE_DEAL_LIMIT",
    "ROUNDINGS",
    "SEATS",
    "STRAINS",
    "Artificial",
    "AuctionScore",
    "AuctionScorepad",
    "ChicagoScorepad",
    "Contract",
    "DealRecord",
    "Declarer",
    "Edition",
    "FieldMatchpoints",
    "InvalidBoard",
    "InvalidContract",
    "InvalidLead",
    "InvalidResult",
    "InvalidScore",
    "Line",
    "LineImps",
    "LineScore",
    "NotPlayed",
    "Notation",
    "Rounding",
    "RubberScorepad",
    "Scale",
    "ScoreParts",
    "ScoringError",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
    "Weighted",
    "artificial_imps",
    "as_line",
    "auction_honors",
    "auction_score",
    "average_minus",
    "average_plus",
    "back_score",
    "board_dealer",
    "board_sets",
    "board_top",
    "board_vulnerability",
    "butler_datum",
    "check_honors",
    "check_lead",
    "chicago_vulnerability",
    "contract_score",
    "cross_imps",
    "half_up",
    "imps",
    "is_vulnerable",
    "leader_of",
    "match_totals",
    "matchpoint_array",
    "matchpoint_field",
    "matchpoints",
    "neuberg",
    "notation_for",
    "ns_score",
    "other_side",
    "parse_contract",
    "parse_seat",
    "parse_side",
    "parse_tricks",
    "parse_vulnerability",
    "partner",
    "percentage",
    "percentage_over_tops",
    "procedural_penalty",
    "progressive_deal_score",
    "progressive_vulnerability",
    "rank_with_ties",
    "read_bid",
    "read_card",
    "read_seat",
    "result_text",
    "round_factored",
    "scale_total",
    "score_board",
    "score_board_imps",
    "score_parts",
    "shown",
    "shown_cards",
    "shown_contract",
    "shown_seat",
    "side_of",
    "signed",
    "team_board_imps",
    "total_point_equivalent",
    "total_points",
    "undertrick_points",
    "unplayed_zero_factor",
    "unplayed_zero_imps",
    "victory_point_scale",
    "victory_points",
]
