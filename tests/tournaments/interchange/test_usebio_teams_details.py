"""A teams file's contracts, declarers, leads, tricks and hand records come into the teams event (through the
teams gateway's import) and show on the match page; a hand record that cannot be read is left out with its line,
the rest of the file still imported (files written here in the USEBIO shape)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import read_usebio_teams
from tournaments.teams.models import TeamBoard, TeamMatch

from .test_usebio_teams import teams_xml

pytestmark = pytest.mark.django_db

DETAILS = "<CONTRACT>4S</CONTRACT><PLAYED_BY>North</PLAYED_BY><LEAD>HK</LEAD><TRICKS>11</TRICKS><SCORE>{score}</SCORE>"
HANDSET = """<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<HAND><DIRECTION>N</DIRECTION><SPADES>AKQJT98765432</SPADES><HEARTS>-</HEARTS><DIAMONDS>-</DIAMONDS><CLUBS/></HAND>
<HAND><DIRECTION>E</DIRECTION><SPADES/><HEARTS>AKQJT98765432</HEARTS><DIAMONDS>-</DIAMONDS><CLUBS>-</CLUBS></HAND>
<HAND><DIRECTION>S</DIRECTION><SPADES>-</SPADES><HEARTS>-</HEARTS><DIAMONDS>AKQJT98765432</DIAMONDS><CLUBS>-</CLUBS></HAND>
<HAND><DIRECTION>W</DIRECTION><SPADES>-</SPADES><HEARTS>-</HEARTS><DIAMONDS>-</DIAMONDS><CLUBS>AKQJT98765432</CLUBS></HAND>
</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER><HAND><DIRECTION>N</DIRECTION><SPADES>AAK</SPADES></HAND></BOARD>
</HANDSET>"""


def detailed_xml() -> bytes:
    """The 4-team file with room 1 of round 1's first board described, and hand records for boards 1 and 2."""
    text = teams_xml().decode()
    text = text.replace("<SCORE>420</SCORE>", DETAILS.format(score=420), 1)
    return text.replace("</EVENT>\n</USEBIO>", "</EVENT>\n" + HANDSET + "\n</USEBIO>").encode()


def test_contracts_leads_and_hand_records_are_read() -> None:
    record = read_usebio_teams(detailed_xml())
    board = record.matches[0].boards[0]
    assert board.rooms == {"1": {"contract": "4S", "declarer": "N", "lead": "HK", "tricks": "11"}}
    assert board.deal.startswith("N:AKQJT98765432...")
    assert record.matches[0].boards[1].deal == ""  # board 2's hand record is damaged: left out
    assert any("HANDSET BOARD 2" in w and "left out" in w for w in record.warnings)


def test_they_are_kept_on_the_event_and_shown_on_the_match_page(director_client) -> None:
    report = import_usebio_teams(detailed_xml(), filename="detailed.xml")
    match = TeamMatch.objects.get(round__event=report.event, round__number=1, table=1)
    stored = TeamBoard.objects.get(match=match, number=1)
    assert stored.rooms == {"1": {"contract": "4S", "declarer": "N", "lead": "HK", "tricks": "11"}}
    assert stored.deal.startswith("N:AKQJT98765432")
    assert (stored.room1_ns, stored.room2_ns) == (420, 170)
    page = director_client.get(reverse("teams:match", args=[report.event.pk, match.pk])).content.decode()
    assert "As the file gives it" in page and "4S N" in page and "lead HK" in page and "11 tricks" in page
    other = TeamMatch.objects.get(round__event=report.event, round__number=2, table=2)  # boards 5-8: no hand records
    assert (
        "As the file gives it"
        not in director_client.get(reverse("teams:match", args=[report.event.pk, other.pk])).content.decode()
    )
