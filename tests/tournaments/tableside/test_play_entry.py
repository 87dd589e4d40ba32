"""The play card by card sent with a result (the director's setting `play`): checked against the deal (cards held,
suit followed, none twice) and against the tricks sent beside it, refused with the reason at the field (422),
else kept on the table's entry and on the traveller's result through the results service (audited, versioned),
and shown on the table's own traveller after the board."""

import json

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.results import change_result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PLAY = "ST S6 S2 SA HA HJ H8 H2 =11"  # East leads (declarer North), North wins both tricks and claims the rest


@pytest.fixture
def section(director):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"play": True}})
    return section


@pytest.fixture
def link(section):
    return services.issue_links(section)[0]


@pytest.fixture
def board(section):
    number = int(section.table_rounds.get(round=1, table=1).boards[0])
    Board.objects.filter(session=section.session, number=number).update(deal=DEAL)
    return Board.objects.get(session=section.session, number=number)


def send(client, link, **body):
    return client.post(f"/api/table/{link.token}/results", json.dumps(body), content_type="application/json")


def test_the_play_is_kept_with_the_result_and_shown_on_the_tables_traveller(client, section, link, board):
    body = {"board": board.number, "contract": "7S", "declarer": "N", "tricks": 13, "client_id": "a"}
    answer = send(client, link, **body, play=PLAY.lower())
    assert answer.status_code == 201 and answer.json()["play"] == PLAY
    assert TableEntry.objects.get().play == PLAY
    result = Result.objects.get()
    assert result.play == PLAY and result.version == 2
    assert AuditEntry.objects.filter(why=f"Play sent by table {link.table}").count() == 1
    state = client.get(f"/api/table/{link.token}/").json()
    assert state["settings"]["play"] is True
    traveller = client.get(f"/api/table/{link.token}/traveller/{board.number}").json()
    assert traveller["dealer"] == board.dealer
    assert [(line["yours"], line["play"]) for line in traveller["lines"]] == [(True, PLAY)]


@pytest.mark.parametrize(
    ("play", "field", "message"),
    [
        ("SA S6 S2 ST =11", "play", "Card 1: East does not hold the SA"),
        ("ST H8", "play", "Card 2: South must follow suit to the trick, not play the H8"),
        ("ST S6 S2 SA HA HJ H8 H2 =10", "tricks", "The play gives declarer 12 tricks, not 13"),
        ("ST S6 S2", "play", "The last trick has 3 cards"),
        ("S7 S6 S2 SA =12", "lead", "The lead sent is ST but the play starts with S7"),
    ],
)
def test_an_illegal_card_or_a_tricks_mismatch_is_refused_with_the_reason(client, link, board, play, field, message):
    body = {"board": board.number, "contract": "7S", "declarer": "N", "tricks": 13, "client_id": "a", "lead": "ST"}
    answer = send(client, link, **body, play=play)
    assert answer.status_code == 422
    assert answer.json()["field"] == field and message in answer.json()["message"]
    assert not TableEntry.objects.exists() and not Result.objects.exists()
    preview = client.post(f"/api/table/{link.token}/preview", json.dumps(body | {"play": play}), "application/json")
    assert preview.status_code == 422 and preview.json()["field"] == field


def test_the_opponents_phone_adds_the_play_and_a_new_result_clears_it(client, director, section, link, board):
    body = {"board": board.number, "contract": "7S", "declarer": "N", "tricks": 13}
    assert send(client, link, **body, client_id="ns").status_code == 201
    assert Result.objects.get().play == ""
    answer = send(client, link, **body, client_id="ew", play=PLAY)
    assert answer.status_code == 201 and Result.objects.get().play == PLAY
    change_result(actor=director, result=Result.objects.get(), contract="7S", declarer="N", tricks=12, why="Fix")
    assert Result.objects.get().play == ""


def check(client, link, **body):
    return client.post(f"/api/table/{link.token}/play-check", json.dumps(body), content_type="application/json")


def test_the_phone_asks_card_by_card_and_a_revoke_is_refused_with_the_reason(client, link, board):
    body = {"board": board.number, "contract": "4S", "declarer": "N"}
    assert check(client, link, **body, play="ST S6").json() == {"board": board.number, "cards": 2}
    refused = check(client, link, **body, play="ST H8")
    assert refused.status_code == 422
    assert refused.json()["field"] == "play" and "South must follow suit" in refused.json()["message"]
    french = check(client, link, **body | {"declarer": "N", "letters": "fr"}, play="ST S6 S2 SA HA HJ H8 D2")
    assert french.status_code == 422 and "West must follow suit" in french.json()["message"]
    assert not TableEntry.objects.exists() and not Result.objects.exists()  # a check stores nothing


def test_the_card_check_refuses_other_boards_and_tables_without_the_setting(client, director, section, link, board):
    other = check(client, link, board=99, contract="4S", declarer="N", play="ST")
    assert other.status_code == 422 and other.json()["field"] == "board"
    junk = check(client, link, board=board.number, contract="9Z", declarer="N", play="ST")
    assert junk.status_code == 422 and junk.json()["field"] == "play"
    services.save_settings(actor=director, session=section.session, choices={section.pk: {"play": False}})
    off = check(client, link, board=board.number, contract="4S", declarer="N", play="ST")
    assert off.status_code == 403
