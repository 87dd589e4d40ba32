"""The auction kept with a result is shown under its board's traveller: on the recap (travellers page) and on the
public board page once published; a line without one shows nothing (tests/tournaments/views/test_visibility.py
checks an auction is never shown before its board may be seen)."""

import pytest
from django.utils import translation
from django.utils.translation import pgettext

from tests.tournaments.services.factories import make_session, section_a
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Result
from tournaments.sessions.selectors.recaps import auction_grid
from tournaments.sessions.services.results import record_result, set_auction
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    """Board 1 played twice; the first line's auction (alerted 2C) kept with it."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    first = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks=10)
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="3NT", declarer="S", tricks=9)
    assert first is not None
    dealer = first.board.dealer
    passes = ("N", "E", "S", "W").index(dealer)
    calls = ["P"] * ((4 - passes) % 4) + ["1S", "P", "2C!", "P", "4S", "P", "P", "P"]
    set_auction(actor=None, result=first, auction=" ".join(calls), why="test")
    return section


def test_the_grid_starts_under_the_dealer_and_marks_alerts():
    rows = auction_grid("E", "1H P 1S! X P P P")
    assert rows[0] == [("", False), ("1♥", False), ("Pass", False), ("1♠", True)]
    assert rows[1] == [("X", False), ("Pass", False), ("Pass", False), ("Pass", False)]
    assert auction_grid("N", "1NT 3NT")[0] == [("1NT", False), ("3NT", False)]


def test_the_grid_shows_the_calls_as_the_pages_language_writes_them():
    with translation.override("sv"):
        assert [call for call, _ in auction_grid("N", "1NT X XX")[0]] == ["1NT", "D", "RD"]  # the phone's keys
    with translation.override("fr"):
        rows = auction_grid("N", "1NT X XX P")
        passed = pgettext("bridge call", "Pass")
    assert rows[0] == [("1SA", False), ("X", False), ("XX", False), (passed, False)]


def test_the_recap_shows_the_auction_under_the_traveller(director_client, section):
    html = director_client.get(f"/sessions/{section.session_id}/travellers/?board=1").content.decode()
    assert "Auctions (1)" in html and 'aria-label="Auction, 1NS v 1EW"' in html
    assert '<td class="alerted" title="Alerted">2♣!</td>' in html and "4♠" in html
    assert 'aria-label="Auction, 4NS v 4EW"' not in html, "the other table entered none"


def test_the_public_board_page_shows_it_once_published(client, section):
    assert client.get(f"/results/{section.session_id}/boards/").status_code == 404
    publishing.publish(actor=None, session=section.session)
    html = client.get(f"/results/{section.session_id}/boards/").content.decode()
    assert 'aria-label="Auction, 1NS v 1EW"' in html and "2♣!" in html
    assert Result.objects.filter(auction="").count() == 1
