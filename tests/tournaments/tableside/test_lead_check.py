"""The lead checked against a dealt board: one rule (scoring.check_lead, in the results service) refuses a card
the leader does not hold, at the lead field, on the phone (API 422) and on the director's traveller page."""

import json

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.dealing import deal_session
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = pytest.mark.django_db

SEED = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def section(director):
    """An 8-pair Mitchell whose boards Bridgedesk dealt: every deal is known."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    deal_session(actor=director, session=section.session, seed=SEED)
    return section


def _cards(deal: str, seat: str) -> set[str]:
    first, _, rest = deal.partition(":")
    order = "NESW"
    hand = rest.split()[(order.index(seat) - order.index(first)) % 4]
    return {suit + rank for suit, ranks in zip("SHDC", hand.split("."), strict=True) for rank in ranks}


def _held_and_not(board: Board, leader: str) -> tuple[str, str]:
    """A card the leader holds and one they do not (one of declarer's), both as players type them."""
    held = sorted(_cards(board.deal, leader))[0]
    other = sorted(_cards(board.deal, "N"))[0]
    return held.replace("T", "10"), other.replace("T", "10")


def test_the_phone_is_refused_a_lead_the_leader_does_not_hold(client, section):
    link = services.issue_links(section)[0]
    row = section.table_rounds.get(round=1, table=1)
    board = section.session.boards.get(number=int(row.boards[0]))
    held, not_held = _held_and_not(board, "E")  # North declares: East leads
    body = {"board": board.number, "contract": "3NT", "declarer": "N", "tricks": 9}
    ahead = client.post(
        f"/api/table/{link.token}/preview",
        json.dumps(body | {"lead": not_held, "client_id": "preview"}),
        content_type="application/json",
    )
    assert ahead.status_code == 422 and ahead.json()["field"] == "lead"  # shown on the keypad before sending
    url = f"/api/table/{link.token}/results"
    refused = client.post(url, json.dumps(body | {"lead": not_held, "client_id": "a"}), content_type="application/json")
    assert refused.status_code == 422
    problem = refused.json()
    assert problem["field"] == "lead"
    assert "not in East's hand: East, on declarer's left, makes the opening lead" in problem["message"]
    assert not Result.objects.exists()
    taken = client.post(url, json.dumps(body | {"lead": held, "client_id": "b"}), content_type="application/json")
    assert taken.status_code == 201
    assert Result.objects.get().lead == held.replace("10", "T")


def test_the_traveller_page_refuses_it_at_the_lead_field(director_client, section):
    session = section.session
    board = session.boards.get(number=1)
    held, not_held = _held_and_not(board, "E")
    url = f"/sessions/{session.pk}/A/traveller/1/"
    page = director_client.get(url)
    assert page.status_code == 200 and 'aria-label="Lead"' in page.content.decode()
    first = page.context["lines"][0].form.initial
    data = {
        "line-0-ns": first["ns"],
        "line-0-ew": first["ew"],
        "line-0-contract": "4S",
        "line-0-declarer": "N",
        "line-0-tricks": "=",
        "line-0-lead": not_held,
    }
    refused = director_client.post(url, data)
    assert refused.status_code == 200
    form = refused.context["lines"][0].form
    assert "not in East's hand" in form.errors["lead"][0]
    assert 'class="field-error"><input name="line-0-lead"' in refused.content.decode()
    assert not Result.objects.exists()
    saved = director_client.post(url, data | {"line-0-lead": held})
    assert saved.status_code == 302
    result = Result.objects.get()
    assert (result.contract, result.lead) == ("4S", held.replace("10", "T"))
    again = director_client.get(url)
    assert again.context["lines"][0].form.initial["lead"] == held
