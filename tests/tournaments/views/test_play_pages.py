"""The play kept with a result is shown under its board's traveller, beside the auction: each trick under N E S W
with the card led and the winner marked, and the claim; a later change of the contract or the tricks clears it
(tests/tournaments/views/test_visibility.py checks a play is never shown before its board may be seen)."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Board, Result
from tournaments.sessions.selectors.recaps import play_rows
from tournaments.sessions.services.results import change_result, record_result, set_play
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PLAY = "ST S6 S2 SA HA HJ H8 H2 =11"


@pytest.fixture
def result():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    Board.objects.filter(session=section.session, number=1).update(deal=DEAL)
    first = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="7S", declarer="N", tricks=13)
    assert first is not None
    return set_play(actor=None, result=first, play=PLAY, why="test")


def test_the_rows_follow_the_tricks_from_declarers_left():
    rows = play_rows(DEAL, "7S", "N", PLAY)
    assert rows is not None and rows["claim"] == 11 and rows["declarer_tricks"] == 13
    first, second = rows["tricks"]
    assert first["cards"] == [("♠A", False, True), ("♠10", True, False), ("♠6", False, False), ("♠2", False, False)]
    assert second["cards"][0] == ("♥A", True, True) and second["winner"] == "N"
    assert play_rows(DEAL, "7S", "N", "") is None


def test_kept_through_the_results_service_audited_and_versioned(result):
    assert Result.objects.get(pk=result.pk).play == PLAY and result.version == 2
    entry = AuditEntry.objects.filter(target_type="result", target_id=result.pk).order_by("-id").first()
    assert entry is not None and entry.new["play"] == PLAY and entry.old["play"] == ""


def test_the_recap_and_the_public_board_page_show_the_play(director_client, client, result):
    session_id = result.section.session_id
    html = director_client.get(f"/sessions/{session_id}/travellers/?board=1").content.decode()
    assert 'aria-label="Play, 1NS v 1EW"' in html and "Declarer claims 11 more tricks." in html
    assert '<td class="led ">♠10</td>' in html and "Declarer takes 13 tricks." in html
    assert client.get(f"/results/{session_id}/boards/").status_code == 404
    publishing.publish(actor=None, session=result.section.session)
    assert 'aria-label="Play, 1NS v 1EW"' in client.get(f"/results/{session_id}/boards/").content.decode()


def test_a_change_of_the_tricks_or_contract_clears_the_play(result):
    changed = change_result(actor=None, result=result, contract="7S", declarer="N", tricks=12, why="Correction")
    assert changed is not None
    assert Result.objects.get(pk=result.pk).play == ""
