"""Hand records with more deals than the session plays: the extra deals are named and left out."""

from __future__ import annotations

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.interchange.importers import import_deals
from tournaments.interchange.pbn import read_pbn
from tournaments.sessions.models import Board
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def pbn(numbers: range) -> str:
    return "\n".join(
        f'[Event "Hands"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n' for n in numbers
    )


def test_deals_for_boards_the_session_does_not_play_are_named_and_ignored():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    session = section.session
    played = sorted(Board.objects.filter(session=session).values_list("number", flat=True))
    last = played[-1]
    report = import_deals(session, read_pbn(pbn(range(1, last + 5))), filename="hands.pbn")
    assert report.boards == len(played)
    assert f"4 deals ignored ({last + 1}-{last + 4}): the session plays boards 1-{last} only." in report.warnings
    assert sorted(Board.objects.filter(session=session).values_list("number", flat=True)) == played
    assert not Board.objects.filter(session=session, deal="").exists()
