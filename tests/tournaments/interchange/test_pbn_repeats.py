"""PBN's ``#`` (4.8, tag value inheritance: the previous game's value of the tag) with no earlier game to take it
from reads the tag as unknown with a note naming its line, as other unknown values of optional tags are read; the
file is not refused for it. Files written here in the shape dealing programs write."""

from __future__ import annotations

from tournaments.interchange.pbn import read_pbn

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _game(board: int, site: str, dealer: str, vulnerable: str) -> str:
    return (
        f'[Event "Tuesday deals"]\n[Site "{site}"]\n[Date "2026.11.24"]\n[Board "{board}"]\n'
        f'[Dealer "{dealer}"]\n[Vulnerable "{vulnerable}"]\n[Deal "{DEAL}"]\n\n'
    )


def test_a_repeat_with_nothing_before_it_is_unknown_with_a_note() -> None:
    text = "% PBN 2.1\n" + _game(1, "#", "#", "None") + _game(2, "#", "E", "NS")
    record = read_pbn(text)
    assert [b.number for b in record.boards] == [1, 2]
    notes = [w for w in record.warnings if "says # (as before)" in w]
    assert len(notes) == 2 and all("read as unknown" in w for w in notes)
    assert any("line 3" in w and "Site" in w for w in notes)
    first, second = record.boards
    assert first.dealer == ""  # unknown: the board number gives it, as for any dealer that cannot be read
    assert second.dealer == "E" and second.vulnerability == "NS"
    assert first.deal and first.deal == second.deal


def test_a_repeat_takes_the_previous_games_value() -> None:
    record = read_pbn("% PBN 2.1\n" + _game(1, "Club", "S", "EW") + _game(2, "#", "#", "#"))
    assert [(b.dealer, b.vulnerability) for b in record.boards] == [("S", "EW"), ("S", "EW")]
    assert not any("says #" in w for w in record.warnings)
