"""The auction a table sends with its result (the director's setting `bidding`): checked by scoring.bidding, and
it must end in the contract and declarer sent beside it; kept on the table's entry with the result."""

from __future__ import annotations

from typing import Any

from scoring.bidding import InvalidAuction, check_auction
from tournaments.sessions.services.results import CheckedLine

MAX_AUCTION = 400


def auction_of(data: dict[str, Any], checked: CheckedLine) -> tuple[str, str]:
    """(the auction as stored, "") or ("", why it is refused); ("", "") when none was sent."""
    typed = str(data.get("auction") or "").strip()
    if not typed or checked.board is None:
        return "", ""
    if len(typed) > MAX_AUCTION:
        return "", f"An auction has at most {MAX_AUCTION} characters."
    try:
        auction = check_auction(checked.board.dealer, typed)
    except InvalidAuction as exc:
        return "", str(exc)
    sent = (checked.contract.upper(), checked.declarer if checked.contract.upper() != "PASS" else "")
    if (auction.contract, auction.declarer) != sent:
        ends = "is passed out" if auction.contract == "PASS" else f"ends in {auction.contract} by {auction.declarer}"
        return "", f"The auction {ends}, not {checked.contract} by {checked.declarer or '-'}: check the calls."
    if len(auction.text()) > MAX_AUCTION:  # "1n" is typed shorter than it is kept ("1NT")
        return "", f"An auction has at most {MAX_AUCTION} characters."
    return auction.text(), ""
