"""The auction sent with a result: checked call by call, it must end in the contract and declarer sent, and it is
kept on the table's entry and on the traveller's result (through the results service: audited, versioned)."""

import json

import pytest

from scoring.bidding import check_auction
from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.results import LineInput, save_lines
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"bidding": True}})
    return section


@pytest.fixture
def link(section):
    return services.issue_links(section)[0]


def send(client, link, **body):
    return client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")


def auction_to(dealer: str, declarer: str, bid: str) -> str:
    """Passes round to `declarer`, the bid, three passes."""
    order = "NESW"
    passes = (order.index(declarer) - order.index(dealer)) % 4
    return " ".join(["P"] * passes + [bid + "!", "P", "P", "P"])


def test_the_auction_is_kept_with_the_result(client, section, link):
    board = Board.objects.get(session=section.session, number=int(section.table_rounds.get(round=1, table=1).boards[0]))
    auction = auction_to(board.dealer, "S", "3NT")
    body = {"board": board.number, "contract": "3NT", "declarer": "S", "tricks": 9, "client_id": "a"}
    answer = send(client, link, **body, auction=auction.lower())
    assert answer.status_code == 201 and answer.json()["auction"] == auction
    assert TableEntry.objects.get().auction == auction
    result = Result.objects.get()
    assert result.auction == auction and result.version == 2
    assert AuditEntry.objects.filter(why=f"Auction sent by table {link.table}").count() == 1
    state = client.get(f"/api/table/{link.token}/").json()
    assert state["settings"]["bidding"] is True


def test_an_auction_that_ends_elsewhere_or_breaks_a_rule_is_refused(client, section, link):
    board = Board.objects.get(session=section.session, number=int(section.table_rounds.get(round=1, table=1).boards[0]))
    body = {"board": board.number, "contract": "4S", "declarer": "N", "tricks": 10, "client_id": "a"}
    other = send(client, link, **body, auction=auction_to(board.dealer, "S", "4S"))
    assert other.status_code == 422 and other.json()["field"] == "auction"
    assert "ends in 4S by S, not 4S by N" in other.json()["message"]
    broken = send(client, link, **body, auction="1S 1H P P P")
    assert broken.status_code == 422 and "is not higher than 1S" in broken.json()["message"]
    assert not TableEntry.objects.exists()
    passed = send(client, link, board=board.number, contract="PASS", client_id="b", auction="P P P P")
    assert passed.status_code == 201 and TableEntry.objects.get().auction == "P P P P"


def test_the_opponents_phone_adds_the_auction_and_a_new_contract_clears_it(client, director, section, link):
    board = Board.objects.get(session=section.session, number=int(section.table_rounds.get(round=1, table=1).boards[0]))
    body = {"board": board.number, "contract": "3NT", "declarer": "S", "tricks": 9}
    assert send(client, link, **body, client_id="ns").status_code == 201
    assert Result.objects.get().auction == ""
    auction = auction_to(board.dealer, "S", "3NT")
    answer = send(client, link, **body, client_id="ew", auction=auction)
    assert answer.status_code == 201 and Result.objects.get().auction == auction
    result = Result.objects.get()
    line = LineInput(board.number, result.ns_entry.label, result.ew_entry.label, "4S", "S", "10", result_id=result.pk)
    save_lines(actor=director, section=section, lines=[line], why="Director's correction")
    assert Result.objects.get().auction == "", "the auction ended in 3NT: it no longer describes the line"


def test_an_auction_longer_once_kept_than_the_column_is_refused_with_the_reason(client, section, link):
    """Typed within the limit ("r" for a redouble, "7n"), kept as "XX" and "7NT" it would not fit: refused, no 500."""
    board = Board.objects.get(session=section.session, number=int(section.table_rounds.get(round=1, table=1).boards[0]))
    typed = " ".join(t for bid in (f"{n}{s}" for n in "1234567" for s in "cdhsn") for t in (bid, "x", "r", "p", "p"))
    typed += " p"
    ended = check_auction(board.dealer, typed)
    assert len(typed) <= 400 < len(ended.text())
    body = {"board": board.number, "contract": ended.contract, "declarer": ended.declarer, "tricks": 13}
    answer = send(client, link, **body, client_id="long", auction=typed)
    assert answer.status_code == 422 and answer.json()["field"] == "auction"
    assert "at most 400 characters" in answer.json()["message"]
    assert not Result.objects.exists()
