"""BBO LIN files (written here in BBO's shape): hand records, a traveller's tables with contract, declarer and
tricks from the auction, the claim or the play, and a LIN file for BBO's hand viewer written back."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from django.core.management import call_command

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.forms import sniff
from tournaments.interchange.lin import read_lin, write_lin
from tournaments.sessions.models import Result

DEAL1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# md lists South, West, North and East; the last hand left out, as BBO often writes it.
MD1 = "3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,"
ONE_SUIT = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
MD_ONE_SUIT = "3DAKQJT98765432,CAKQJT98765432,SAKQJT98765432,HAKQJT98765432"


def _calls(*calls: str) -> str:
    return "".join(f"mb|{c}|" for c in calls)


TRAVELLER = (
    f"qx|o1|pn|Sam,Wes,Nat,Eve|st||md|{MD1}|sv|o|ah|Board 1|"
    + _calls("1S", "p", "3S!", "p", "4S", "p", "p", "p")
    + "pc|SH|pc|H2|mc|10|pg||\n"
    + f"qx|c1|pn|Sue,Walt,Ned,Ella|st||md|{MD1}|sv|o|ah|Board 1|"
    + _calls("p", "1N", "p", "3N", "p", "p", "p")
    + "pc|D2|mc|8|pg||\n"
    + f"qx|o1|pn|Syd,Will,Nick,Emma|st||md|{MD1}|sv|o|ah|Board 1|"
    + _calls("1S", "d", "p", "p", "r", "p", "p", "p")
    + "pc|HA|pg||\n"
    + "qx|o2|st||md|4S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|n|ah|Board 2|pg||\n"
)


def test_a_traveller_becomes_deals_pairs_and_lines() -> None:
    record = read_lin(TRAVELLER)
    assert record.program == "BBO" and [b.number for b in record.boards] == [1, 2]
    board1, board2 = record.boards
    assert board1.deal == DEAL1 and board1.dealer == "N" and board1.vulnerability == "None"
    assert (board2.dealer, board2.vulnerability, board2.lines) == ("E", "NS", [])
    assert [(p.label, [x.name for x in p.players]) for p in record.pairs] == [
        ("1", ["Nat", "Sam"]), ("2", ["Eve", "Wes"]), ("3", ["Ned", "Sue"]), ("4", ["Ella", "Walt"]),
    ]  # fmt: skip
    assert [(x.ns_pair, x.ew_pair, x.contract, x.declarer, x.tricks, x.lead) for x in board1.lines] == [
        ("1", "2", "4S", "N", 10, "SH"),
        ("3", "4", "3NT", "E", 8, "D2"),
    ]
    (note,) = record.warnings  # the third table: 1S redoubled, play stopped, no claim
    assert note.startswith("line 3, Board 1:") and "no claim" in note


def test_the_tricks_are_counted_from_the_play_with_trumps_and_without() -> None:
    """Each hand one suit: in spades North ruffs the heart lead and takes all 13; in no-trump East's hearts win."""
    rest = "3456789TJQKA"
    ruffed = ["HA", "D2", "C2", "S2"] + [
        card for n, e, sd, w in zip(rest, "23456789TJQK", rest, rest, strict=True)
        for card in (f"S{n}", f"H{e}", f"D{sd}", f"C{w}")
    ]  # fmt: skip
    held = [card for r in "AKQJT98765432" for card in (f"H{r}", f"D{r}", f"C{r}", f"S{r}")]  # East leads each
    for calls, cards, tricks in ((("7S", "p", "p", "p"), ruffed, 13), (("7N", "p", "p", "p"), held, 0)):
        text = f"pn|S,W,N,E|md|{MD_ONE_SUIT}|" + _calls(*calls) + "".join(f"pc|{c}|" for c in cards)
        record = read_lin(text)
        assert record.boards[0].deal == ONE_SUIT
        assert (record.boards[0].lines[0].declarer, record.boards[0].lines[0].tricks) == ("N", tricks)


@pytest.mark.django_db
def test_it_imports_as_a_scored_session_from_the_command() -> None:
    out = StringIO()
    with TemporaryDirectory() as folder:
        path = Path(folder) / "traveller.lin"
        path.write_text(TRAVELLER)
        call_command("import_lin", str(path), stdout=out)
    session_id = int(out.getvalue().strip().splitlines()[-1])
    scores = {r.contract: r.ns_score for r in Result.objects.filter(section__session_id=session_id)}
    assert scores == {"4S": 420, "3NT": 50}


def test_the_upload_tells_lin_from_pbn_and_usebio() -> None:
    assert sniff(TRAVELLER.encode()) == "lin"
    assert sniff(b'[Event "x"]\n') == "pbn" and sniff(b"<?xml version='1.0'?><USEBIO/>") == "usebio"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello world", "holds no LIN deals"),
        ("md|9S2|", "does not start with the dealer"),
        ("md|3SAX,,,|", "is not a hand"),
        (f"md|{MD1}|sv|z|", "is not a vulnerability"),
        (f"md|{MD1}|mc|14|", "is not a number of tricks"),
    ],
)
def test_bad_files_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(InterchangeError) as caught:
        read_lin(text)
    assert message in caught.value.message and caught.value.where.startswith("line ")


def test_a_call_that_is_not_a_call_leaves_that_table_out() -> None:
    record = read_lin(f"pn|S,W,N,E|md|{MD1}|" + _calls("1S", "8H", "p", "p", "p") + "mc|9|")
    assert record.boards[0].lines == [] and "'8H' is not a call" in record.warnings[0]


def test_the_hand_viewer_file_reads_back_the_same_deals() -> None:
    record = read_lin(TRAVELLER)
    written = write_lin(record).decode()
    viewer = [x for x in written.splitlines() if x.startswith("pn|South,West,North,East|")]
    assert len(viewer) == 2 and "ah|Board 1|sv|o|" in viewer[0] and "ah|Board 2|sv|n|" in viewer[1]
    again = read_lin(written)
    assert [(b.number, b.deal, b.dealer, b.vulnerability) for b in again.boards] == [
        (b.number, b.deal, b.dealer, b.vulnerability) for b in record.boards
    ]


@pytest.mark.django_db
def test_export_lin_writes_the_sessions_deals(tmp_path: Path) -> None:
    out = StringIO()
    source = tmp_path / "traveller.lin"
    source.write_text(TRAVELLER)
    call_command("import_lin", str(source), stdout=out)
    session_id = out.getvalue().strip().splitlines()[-1]
    target = tmp_path / "hands.lin"
    call_command("export_lin", session_id, "-o", str(target), stdout=StringIO())
    assert [(b.number, b.deal) for b in read_lin(target.read_bytes()).boards] == [
        (b.number, b.deal) for b in read_lin(TRAVELLER).boards
    ]


def test_the_auctions_with_alerts_go_out_and_come_back() -> None:
    record = read_lin(TRAVELLER)
    assert [x.auction for x in record.boards[0].lines] == ["1S P 3S! P 4S P P P", "P 1NT P 3NT P P P"]
    written = write_lin(record).decode()
    assert "pn|Sam,Wes,Nat,Eve|st||md|" in written and "mb|1S|mb|p|mb|3S!|mb|p|mb|4S|mb|p|mb|p|mb|p|mc|10|" in written
    again = read_lin(written)
    assert [(x.contract, x.declarer, x.tricks, x.auction) for x in again.boards[0].lines] == [
        (x.contract, x.declarer, x.tricks, x.auction) for x in record.boards[0].lines
    ]


def test_bbo_tournament_travellers_name_the_board_in_qx_with_its_heading() -> None:
    """BBO's tournament traveller files: `qx|o1,BOARD 1|`, a `vg` header, `rh`, `an` notes and chat: board 1,
    not board 11."""
    text = (
        "vg|#4242 Pairs,I,P,1,2,Sam,Nat,Wes,Eve|rh||\n"
        f"qx|o1,BOARD 1|pn|Sam,Wes,Nat,Eve|st||md|{MD1}|sv|0|ah|Board 1 (session 2)|"
        + _calls("1S", "p", "3S!", "p", "4S", "p", "p", "p")
        + "an|limit raise|nt|well played|pc|SH|mc|10|pg||\n"
    )
    record = read_lin(text)
    assert [b.number for b in record.boards] == [1]
    line = record.boards[0].lines[0]
    assert (line.contract, line.declarer, line.tricks) == ("4S", "N", 10)
