"""The auction and the play a phone sends with its result, followed to the end as a club would: shown on the
director's recap, written in the PBN download ([Auction], [Play]) and in the BBO .lin file (`manage.py export_lin`)."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.tournaments.services.factories import make_session, section_a
from tests.tournaments.tableside.test_bidding import auction_to
from tournaments.sessions.models import Board, Result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PLAY = "ST S6 S2 SA HA HJ H8 H2 =11"  # East leads (declarer North), North wins both tricks and claims the rest


def test_the_phones_auction_and_play_reach_the_recap_the_pbn_and_the_lin(director_client, director, tmp_path: Path):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    choices = {section.pk: {"bidding": True, "play": True}}
    services.save_settings(actor=director, session=section.session, choices=choices)
    link = services.issue_links(section)[0]
    number = int(section.table_rounds.get(round=1, table=1).boards[0])
    Board.objects.filter(session=section.session, number=number).update(deal=DEAL)
    board = Board.objects.get(session=section.session, number=number)
    auction = auction_to(board.dealer, "N", "7S")
    body = {"board": number, "contract": "7S", "declarer": "N", "tricks": 13, "client_id": "a"}
    answer = director_client.post(
        f"/api/table/{link.token}/results",
        json.dumps({**body, "auction": auction, "play": PLAY}),
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    result = Result.objects.get()
    assert (result.auction, result.play) == (auction, PLAY)

    recap = director_client.get(f"/sessions/{section.session_id}/travellers/?board={number}").content.decode()
    pair = f"{result.ns_entry.label} v {result.ew_entry.label}"
    assert f'aria-label="Auction, {pair}"' in recap and f'aria-label="Play, {pair}"' in recap
    assert '<td class="alerted" title="Alerted">7♠!</td>' in recap

    pbn = director_client.get(f"/interchange/sessions/{section.session_id}/pbn/").content.decode()
    assert f'[Auction "{board.dealer}"]' in pbn and "7S =1=" in pbn and '[Play "E"]' in pbn
    assert "\nST S6 S2 SA\nHJ H8 H2 HA\n" in pbn.replace("\r", "")

    target = tmp_path / "session.lin"
    call_command("export_lin", section.session_id, "-o", str(target), stdout=StringIO())
    lin = target.read_text(encoding="utf-8")
    game = next(line for line in lin.splitlines() if "mb|" in line)  # the table's own line after the board's
    assert "mb|7S!|" in game and "pc|ST|pc|S6|pc|S2|pc|SA|pc|HA|pc|HJ|pc|H8|pc|H2|mc|13|" in game
    ns, ew = result.ns_entry.label, result.ew_entry.label  # pairs with no names: the seats named by the pairs
    assert game.startswith(f"pn|{ns} S,{ew} W,{ns} N,{ew} E|")  # South first, as BBO names the seats
