"""The play in PBN: exported as a [Play] section (tricks in the columns from the opening leader, "*" after a
claim) in the game of its line, read back onto the same line by our reader and readable by another program's
(endplay); a foreign play that breaks a rule is left out, named."""

from __future__ import annotations

import random

import pytest
from endplay.parsers import pbn as endplay_pbn

from scoring.play import check_play
from tests.scoring.test_play import _random_play
from tests.tournaments.services.factories import make_session, section_a
from tournaments.interchange.exporters import export_pbn
from tournaments.interchange.importers import import_pbn
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.pbn_play import play_lines
from tournaments.interchange.records import LineRecord
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.results import record_result, set_play
from tournaments.sessions.services.sessions import SectionSpec

from .test_pbn import DEAL1, SAMPLE

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_the_columns_stay_under_the_seats_from_the_opening_leader() -> None:
    line = LineRecord("1", "2", contract="7S", declarer="N", tricks=13, play="ST S6 S2 SA HA HJ H8 H2 =11")
    assert play_lines(DEAL, line) == ['[Play "E"]', "ST S6 S2 SA", "HJ H8 H2 HA", "*"]


FOREIGN = SAMPLE.replace(
    '\n\n[Event "#"]',
    "\n"
    + "\n".join(
        [
            "",
            '[Event "Spring Pairs"]',
            '[Board "1"]',
            '[Declarer "N"]',
            '[Contract "4S"]',
            '[Result "10"]',
            '[Play "E"]',
            "C2 C3 $1 C4 CA",
            "S2 S3 - S4",
            "*",
        ]
    )
    + '\n\n[Event "#"]',
    1,
)


def test_a_foreign_play_that_breaks_a_rule_is_named() -> None:
    record = read_pbn(FOREIGN)
    assert record.boards[0].lines[0].play == ""
    assert any("the play is not kept" in w and "Board 1" in w for w in record.warnings), record.warnings


@pytest.mark.django_db
def test_an_exported_play_comes_back_on_its_line(director) -> None:
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    Board.objects.filter(session=section.session).update(deal=DEAL1)
    cards, won = _random_play(DEAL1, "N", "S", random.Random(7))
    five = check_play(DEAL1, "4S", "N", " ".join([*cards[:20], "=0"])).declarer_tricks
    play = " ".join([*cards[:20], f"={won - five}"])
    first = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks=won)
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks=9)
    assert first is not None
    set_play(actor=None, result=first, play=play, why="test")
    _, text = export_pbn(section.session)
    assert text.count('[Play "E"]') == 1 and '[PairId_NS "1NS"]' in text
    games = endplay_pbn.loads(text)  # another program's reader takes the file, the play's game included
    assert any(len(g.play) == 20 for g in games)
    again = import_pbn(text, filename="ours.pbn", actor=director)
    assert again.differences == []
    kept = Result.objects.filter(section__session=again.session)
    by_pair = {r.ns_entry.label: r.play for r in kept.filter(board__number=1).select_related("ns_entry")}
    assert by_pair == {"1NS": play, "4NS": ""}
