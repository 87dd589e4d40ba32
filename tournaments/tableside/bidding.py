"""The auction a table sends with its result (the director's setting `bidding`): checked by scoring.bidding, and
it must end in the contract and declarer sent beside it; the play card by card (the setting `play`): checked by
scoring.play, it must give the tricks sent beside it. Both are kept on the table's entry with the result."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.bidding import InvalidAuction, check_auction
from scoring.errors import ScoringError
from scoring.play import check_play
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import CheckedLine, set_auction, set_play

MAX_AUCTION = 400
MAX_PLAY = 200


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


def play_of(data: dict[str, Any], checked: CheckedLine) -> tuple[str, str, str]:
    """(the play as stored, "", "") or ("", the field, why it is refused); ("", "", "") when none was sent.

    Checked by scoring.play against the board's deal when it is known (cards held, suit followed, none twice),
    and the tricks it gives declarer must be the tricks sent beside it."""
    typed = str(data.get("play") or "").strip()
    if not typed or checked.board is None:
        return "", "", ""
    if len(typed) > MAX_PLAY:
        return "", "play", _("A play has at most %(max)s characters.") % {"max": MAX_PLAY}
    try:
        play = check_play(checked.board.deal, checked.contract, checked.declarer, typed)
    except ScoringError as exc:  # InvalidPlay, or a contract or seat that is not one
        return "", "play", str(exc)
    if checked.lead and play.cards and play.cards[0] != checked.lead:
        values = {"lead": checked.lead, "card": play.cards[0]}
        return "", "lead", _("The lead sent is %(lead)s but the play starts with %(card)s: check the lead.") % values
    if play.declarer_tricks != checked.tricks:
        return (
            "",
            "tricks",
            _("The play gives declarer %(played)s tricks, not %(sent)s: check the tricks or the cards.")
            % {"played": play.declarer_tricks, "sent": checked.tricks},
        )
    return play.text(), "", ""


def details_refusal(data: dict[str, Any], checked: CheckedLine) -> tuple[str, str] | None:
    """(field, why) when the auction or the play sent with a result is refused, else None."""
    _auction, wrong = auction_of(data, checked)
    if wrong:
        return "auction", wrong
    _play, field, wrong = play_of(data, checked)
    return (field, wrong) if wrong else None


def keep_details(saved: Result | None, auction: str, play: str, why: str) -> None:
    """The auction and the play a table sent, kept with its new line by the results service (audited)."""
    if saved is not None and auction:
        saved = set_auction(actor=None, result=saved, auction=auction, why=f"Auction {why}")
    if saved is not None and play:
        set_play(actor=None, result=saved, play=play, why=f"Play {why}")
