"""The play in BBO .lin: each card a ``pc``, a claim an ``mc`` (declarer's tricks in all), read onto the table's
line (a trick cut short by the claim left out, the claim counted from the last whole trick) and written back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.interchange.lin import read_lin, write_lin

from .test_lin import MD1


def _table(cards: str, claim: str) -> str:
    calls = "".join(f"mb|{c}|" for c in ("1S", "p", "3S!", "p", "4S", "p", "p", "p"))
    plays = "".join(f"pc|{c}|" for c in cards.split())
    return f"qx|o1|pn|Sam,Wes,Nat,Eve|st||md|{MD1}|sv|o|ah|Board 1|{calls}{plays}{claim}pg||\n"


def test_the_cards_and_the_claim_are_read_onto_the_line_and_written_back() -> None:
    # East leads (declarer North) the club ace and king; North claims the rest but one mid-trick.
    record = read_lin(_table("CA C8 C5 C2 CK C9 C6 C3 CQ CT", "mc|10|"))
    (line,) = record.boards[0].lines
    assert (line.contract, line.declarer, line.tricks, line.lead) == ("4S", "N", 10, "CA")
    assert line.play == "CA C8 C5 C2 CK C9 C6 C3 =10"
    written = write_lin(record).decode()
    assert "mb|p|pc|CA|pc|C8|pc|C5|pc|C2|pc|CK|pc|C9|pc|C6|pc|C3|mc|10|pg||" in written
    (again,) = read_lin(written).boards[0].lines
    assert (again.tricks, again.play) == (10, line.play)


def test_a_play_that_breaks_a_rule_is_not_kept_but_the_line_is() -> None:
    record = read_lin(_table("CA C8 C5 S2", "mc|10|"))  # North holds clubs: a revoke
    (line,) = record.boards[0].lines
    assert (line.tricks, line.play) == (10, "")


def _no_auction(cards: str, tags: str) -> str:
    plays = "".join(f"pc|{c}|" for c in cards.split())
    return f"qx|o1|pn|Sam,Wes,Nat,Eve|st||md|{MD1}|sv|o|ah|Board 1|{tags}{plays}pg||\n"


def test_a_play_without_an_auction_takes_its_contract_from_the_result_and_round_trips() -> None:
    record = read_lin(_no_auction("CA C8 C5 C2 CK C9 C6 C3", "rs|4SN-1|"))
    (line,) = record.boards[0].lines
    assert (line.contract, line.declarer, line.tricks, line.lead) == ("4S", "N", 9, "CA")
    assert line.play == "CA C8 C5 C2 CK C9 C6 C3 =9" and line.auction == ""
    written = write_lin(record).decode()
    assert "rs|4SN-1|pc|CA|" in written and "mb|" not in written
    (again,) = read_lin(written).boards[0].lines
    assert (again.contract, again.declarer, again.tricks, again.play) == ("4S", "N", 9, line.play)
    assert read_lin(written).warnings == []


def test_a_vugraph_results_list_gives_each_games_contract_in_order() -> None:
    doubled = read_lin("rs|3NXE-2|\n" + _no_auction("CA C8 C5 C2", "mc|7|"))
    (line,) = doubled.boards[0].lines
    assert (line.contract, line.declarer, line.tricks) == ("3NTX", "E", 7)


def test_a_play_with_no_auction_and_no_result_is_left_out_with_a_clear_message() -> None:
    record = read_lin(_no_auction("CA C8 C5 C2", "mc|10|"))
    assert record.boards[0].lines == [] and record.boards[0].deal
    (warning,) = record.warnings
    assert "no auction (mb) and no result (rs)" in warning and "Board 1" in warning
    bad = read_lin(_no_auction("CA C8 C5 C2", "rs|4Q|"))
    assert bad.boards[0].lines == [] and "is not a result such as 4SN=" in bad.warnings[0]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="1234567CDHSNTXRDNESW=+-0123456789 ,", max_size=8))
def test_any_result_text_is_read_or_refused_with_a_warning(result: str) -> None:
    record = read_lin(_no_auction("CA C8 C5 C2", f"rs|{result}|"))
    assert len(record.boards[0].lines) + len(record.warnings) >= 1
    for line in record.boards[0].lines:
        assert line.contract == "PASS" or 0 <= (line.tricks or 0) <= 13
