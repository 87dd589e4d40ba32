"""Hands entered at the table: the first table to play a board types the four hands (checked as typed), the deal
is stored once (board.hands), later tables see it after their own result, and the lead is checked against it."""

import json

import pytest

from scoring.dealing import deal_board
from scoring.hands import hands_of_deal
from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Board
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = pytest.mark.django_db

SEED = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def section(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"hands_at_table": True}})
    return section


@pytest.fixture
def links(section):
    return {link.table: link for link in services.issue_links(section)}


def hands(client, token, board, cards):
    body = json.dumps({"board": board, "hands": cards})
    return client.post(f"/api/table/{token}/hands", body, content_type="application/json")


def result(client, token, board, client_id, **more):
    body = {"board": board, "contract": "3NT", "declarer": "N", "tricks": 9, "client_id": client_id} | more
    return client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")


def test_the_first_table_enters_the_hands_and_they_are_stored_once(
    client, section, links, django_capture_on_commit_callbacks
):
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    state = client.get(f"/api/table/{links[1].token}/").json()
    assert next(b for b in state["boards"] if b["board"] == board)["hands_wanted"] is True
    deal = deal_board(SEED, board)
    with django_capture_on_commit_callbacks() as queued:
        answer = hands(client, links[1].token, board, hands_of_deal(deal))
    assert answer.status_code == 201 and answer.json() == {"board": board, "deal": deal}
    assert len(queued) == 1  # the double-dummy solving, queued once the deal is in
    assert Board.objects.get(session=section.session, number=board).deal == deal
    audit = AuditEntry.objects.filter(action="board.hands").get()
    assert audit.new == {"board": board, "deal": deal} and audit.why == "Entered at table 1"
    again = hands(client, links[1].token, board, hands_of_deal(deal_board(SEED, board + 1)))
    assert again.status_code == 409 and Board.objects.get(session=section.session, number=board).deal == deal
    state = client.get(f"/api/table/{links[1].token}/").json()
    assert next(b for b in state["boards"] if b["board"] == board)["hands_wanted"] is False


def test_a_miscount_is_refused_naming_the_hand(client, section, links):
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    cards = hands_of_deal(deal_board(SEED, board))
    cards["W"] = cards["W"][1:]
    answer = hands(client, links[1].token, board, cards)
    assert answer.status_code == 422
    assert answer.json() == {"field": "W", "message": "West's hand has 12 cards; a hand has 13."}
    assert not Board.objects.exclude(deal="").exists()


def test_not_this_tables_board_or_not_asked_for(client, director, section, links):
    row = section.table_rounds.get(round=1, table=1)
    elsewhere = next(b.number for b in section.session.boards.all() if b.number not in {int(x) for x in row.boards})
    later = hands(client, links[1].token, elsewhere, hands_of_deal(deal_board(SEED, elsewhere)))
    assert later.status_code == 422 and later.json()["field"] == "board"
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"hands_at_table": False}})
    board = int(row.boards[0])
    assert hands(client, links[1].token, board, hands_of_deal(deal_board(SEED, board))).status_code == 403


def test_a_later_table_sees_the_deal_after_its_own_result_and_the_lead_is_checked(client, section, links):
    first = section.table_rounds.get(round=1, table=1)
    board = int(first.boards[0])
    deal = deal_board(SEED, board)
    assert hands(client, links[1].token, board, hands_of_deal(deal)).status_code == 201
    assert result(client, links[1].token, board, "t1").status_code == 201
    mine = next(b for b in client.get(f"/api/table/{links[1].token}/").json()["boards"] if b["board"] == board)
    assert mine["deal"] == deal
    later = next(r for r in section.table_rounds.filter(round__gt=1) if board in {int(x) for x in r.boards})
    # Table `later.table` plays the board in round 2: let it finish round 1 first.
    token = links[later.table].token
    for number in section.table_rounds.get(round=1, table=later.table).boards:
        assert result(client, token, int(number), f"r1-{number}").status_code == 201
    before = next(b for b in client.get(f"/api/table/{token}/").json()["boards"] if b["board"] == board)
    assert before["deal"] == "" and before["hands_wanted"] is False  # not before playing it
    not_held = hands_of_deal(deal)["N"][0]  # North declares: East leads, and North's card is not East's
    refused = result(client, token, board, "t2-bad", lead=not_held)
    assert refused.status_code == 422 and refused.json()["field"] == "lead"
    assert result(client, token, board, "t2", lead=hands_of_deal(deal)["E"][0]).status_code == 201
    after = next(b for b in client.get(f"/api/table/{token}/").json()["boards"] if b["board"] == board)
    assert after["deal"] == deal


def test_the_hand_is_not_shown_when_the_director_says_so(client, director, section, links):
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"show_hand": False}})
    board = int(section.table_rounds.get(round=1, table=1).boards[0])
    hands(client, links[1].token, board, hands_of_deal(deal_board(SEED, board)))
    result(client, links[1].token, board, "t1")
    mine = next(b for b in client.get(f"/api/table/{links[1].token}/").json()["boards"] if b["board"] == board)
    assert mine["deal"] == ""
