"""The play in BBO .lin: each card a ``pc``, a claim an ``mc`` (declarer's tricks in all), read onto the table's
line (a trick cut short by the claim left out, the claim counted from the last whole trick) and written back."""

from __future__ import annotations

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
