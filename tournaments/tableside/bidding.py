"""The auction a table sends with its result (the director's setting `bidding`): checked by scoring.bidding, and
it must end in the contract and declarer sent beside it; kept on the table's entry with the result."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.bidding import InvalidAuction, check_auction
from tournaments.sessions.services.results import CheckedLine

MAX_AUCTION = 400


def auction_of(data: dict[str, Any], checked: CheckedLine) -> tuple[str, str]:
    """(the auction as stored, "") or ("", why it is refused); ("", "") when none was sent."""
    typed = str(data.get("auction") or "").strip()
    if not typed or checked.board is None:
        return "", ""
    if len(typed) > MAX_AUCTION:
        return "", _("An auction has at most %(max)s characters.") % {"max": MAX_AUCTION}
    try:
        auction = check_auction(checked.board.dealer, typed)
    except InvalidAuction as exc:
        return "", str(exc)
    sent = (checked.contract.upper(), checked.declarer if checked.contract.upper() != "PASS" else "")
    if (auction.contract, auction.declarer) != sent:
        values = {
            "contract": auction.contract,
            "declarer": auction.declarer,
            "sent": checked.contract,
            "sent_by": checked.declarer or "-",
        }
        if auction.contract == "PASS":
            return "", _("The auction is passed out, not %(sent)s by %(sent_by)s: check the calls.") % values
        return "", _(
            "The auction ends in %(contract)s by %(declarer)s, not %(sent)s by %(sent_by)s: check the calls."
        ) % values
    if len(auction.text()) > MAX_AUCTION:  # "1n" is typed shorter than it is kept ("1NT")
        return "", _("An auction has at most %(max)s characters.") % {"max": MAX_AUCTION}
    return auction.text(), ""
