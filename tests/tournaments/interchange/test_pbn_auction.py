"""Auctions in PBN: exported as a game per line with [Auction] (alerts as =n= notes), read back onto the same line
by our reader; a foreign file's auction with AP, annotations and notes is read; a broken one is left out, named."""

from __future__ import annotations

import pytest
from endplay.parsers import pbn as endplay_pbn

from tests.tournaments.services.factories import make_session, section_a
from tournaments.interchange.exporters import export_pbn
from tournaments.interchange.importers import import_pbn
from tournaments.interchange.pbn import read_pbn
from tournaments.interchange.pbn_auction import auction_lines
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.results import record_result, set_auction
from tournaments.sessions.services.sessions import SectionSpec

from .test_pbn import DEAL1, SAMPLE


def test_alerts_become_numbered_notes() -> None:
    assert auction_lines("E", "1H P 1S! X 2C! P 4S P P P") == [
        '[Auction "E"]',
        "1H Pass 1S =1= X",
        "2C =2= Pass 4S Pass",
        "Pass Pass",
        '[Note "1:Alert"]',
        '[Note "2:Alert"]',
    ]


FOREIGN = SAMPLE.replace(
    '\n\n[Event "#"]',
    "\n"
    + "\n".join(
        [
            "",
            '[Event "Spring Pairs"]',
            '[Board "1"]',
            '[Dealer "N"]',
            '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
            '[Declarer "N"]',
            '[Contract "4S"]',
            '[Result "10"]',
            '[Auction "N"]',
            "1S! Pass 2NT =1= $1 Pass",
            "4S AP *",
            '[Note "1:Jacoby, game forcing"]',
            "",
            '[Event "Spring Pairs"]',
            '[Board "1"]',
            '[Contract "3NT"]',
            '[Declarer "S"]',
            '[Auction "N"]',
            "1S 1S AP",
        ]
    )
    + '\n\n[Event "#"]',
    1,
)


def test_a_foreign_auction_is_read_onto_its_line_and_a_broken_one_named() -> None:
    record = read_pbn(FOREIGN)
    lines = record.boards[0].lines
    assert lines[0].auction == "1S P 2NT! P 4S P P P", "by the contract: one line of board 1 is 4S by N"
    assert lines[1].auction == ""
    assert any("1S is not higher than 1S" in w and "Board 1" in w for w in record.warnings), record.warnings


@pytest.mark.django_db
def test_an_exported_auction_comes_back_on_its_line(director) -> None:
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    Board.objects.filter(session=section.session).update(deal=DEAL1)
    first = record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks=10)
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks=9)
    assert first is not None
    seat = "NESW".index(first.board.dealer)
    auction = " ".join(["P"] * ((4 - seat) % 4) + ["1S", "X!", "2S!", "P", "4S", "P", "P", "P"])
    set_auction(actor=None, result=first, auction=auction, why="test")
    _, text = export_pbn(section.session)
    assert text.count('[Auction "') == 1 and '[PairId_NS "1NS"]' in text and '[Note "2:Alert"]' in text
    games = endplay_pbn.loads(text)  # another program's reader takes the file, the auction's game included
    assert any(len(g.auction) == len(auction.split()) for g in games)
    again = import_pbn(text, filename="ours.pbn", actor=director)
    assert again.differences == []
    kept = Result.objects.filter(section__session=again.session)
    by_pair = {r.ns_entry.label: r.auction for r in kept.filter(board__number=1).select_related("ns_entry")}
    assert by_pair == {"1NS": auction, "4NS": ""}
