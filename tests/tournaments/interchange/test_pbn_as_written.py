"""PBN as other programs write it: unknown values of optional tags, other date forms, PBN 1.0 and no header,
and the board's own vulnerability and dealer used in its scores (files written here, in those programs' shapes)."""

from __future__ import annotations

import pytest

from tournaments.interchange.importers import import_pbn
from tournaments.interchange.pbn import read_pbn
from tournaments.sessions.models import Board, Result

from .test_pbn import SAMPLE

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _deals_only(header: str = "% PBN 2.1\n", date: str = "2015.10.06", extra: str = "") -> str:
    """A dealing program's file: deals only, as BigDeal or a dealing machine's software writes them."""
    games = []
    for number in (1, 2):
        games.append(
            f'[Event "Club deals"]\n[Site "?"]\n[Date "{date}"]\n[Board "{number}"]\n[West "?"]\n[North "?"]\n'
            f'[East "?"]\n[South "?"]\n[Dealer "{"NE"[number - 1]}"]\n[Vulnerable "{("None", "NS")[number - 1]}"]\n'
            f'[Deal "{DEAL}"]\n[Scoring "?"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n{extra}'
        )
    return header + "\n".join(games)


def test_question_marks_in_optional_tags_read_as_unknown() -> None:
    record = read_pbn(_deals_only())
    assert [b.number for b in record.boards] == [1, 2]
    assert record.scoring == "mp" and record.warnings == []


@pytest.mark.parametrize("value", ["Rubber", "Chicago", "BAM"])
def test_an_unknown_scoring_is_read_as_unknown_with_a_note(value: str) -> None:
    record = read_pbn(SAMPLE.replace('[Scoring "MatchPoints"]', f'[Scoring "{value}"]'))
    assert record.scoring == "mp"  # the file's MP columns say so
    assert any(f"Scoring {value!r} is not one Bridgedesk knows" in w and "line 11" in w for w in record.warnings)


@pytest.mark.parametrize(
    ("written", "day"),
    [("2015.10.06", None), ("20151006", "06 October 2015"), ("06/10/2015", "06 October 2015"),
     ("2015-10-06", "06 October 2015")],
)  # fmt: skip
def test_dates_in_other_forms_are_read_with_a_note(written: str, day: str | None) -> None:
    record = read_pbn(_deals_only(date=written))
    assert record.date is not None and record.date.isoformat() == "2015-10-06"
    notes = [w for w in record.warnings if "Date" in w]
    expected = f"line 4: Date {written!r} is not a PBN date (YYYY.MM.DD); read as {day}."
    assert notes == ([] if day is None else [expected])


def test_a_date_that_cannot_be_read_is_left_out_with_a_note() -> None:
    record = read_pbn(_deals_only(date="Tuesday"))
    assert record.date is None
    assert any("'Tuesday' is not a date Bridgedesk can read" in w for w in record.warnings)


@pytest.mark.parametrize("header", ["% PBN 1.0\n", "", "% PBN 2.0\n% EXPORT\n"])
def test_pbn_1_0_and_files_without_a_version_header(header: str) -> None:
    record = read_pbn(_deals_only(header=header))
    assert [b.deal for b in record.boards] == [DEAL, DEAL]


def test_a_version_from_the_future_is_read_with_a_note() -> None:
    record = read_pbn(_deals_only(header="% PBN 3.0\n"))
    assert len(record.boards) == 2 and "PBN version 3.0" in record.warnings[0]


def test_a_dealer_that_cannot_be_read_leaves_the_board_numbers_with_a_note() -> None:
    record = read_pbn(SAMPLE.replace('[Dealer "E"]', '[Dealer "Q"]'))
    board2 = next(b for b in record.boards if b.number == 2)
    assert board2.dealer == ""
    assert any(
        "line 28, Board 2: 'Q' is not a seat" in w and "dealer that goes with the board number is used" in w
        for w in record.warnings
    )


@pytest.mark.django_db
def test_the_files_vulnerability_is_used_in_the_score_and_the_disagreement_shown() -> None:
    """Board 1 is vulnerable nobody by its number; the file says All: 4S making is +620, not +420."""
    text = SAMPLE.replace('[Vulnerable "None"]', '[Vulnerable "All"]').replace(
        " 1  1 4S   N 10  420    -", " 1  1 4S   N 10    -    -"
    )
    report = import_pbn(text.encode(), filename="allvul.pbn")
    board = Board.objects.get(session=report.session, number=1)
    assert board.vulnerability == "All"
    result = Result.objects.get(board=board, contract="4S")
    assert result.ns_score == 620
    assert any(
        "the file deals board 1 with dealer N, vulnerable All; its number implies dealer N, vulnerable None" in w
        for w in report.warnings
    )


def test_a_windows_1252_ellipsis_does_not_cut_a_line() -> None:
    """Byte 0x85 ("…" in Windows-1252) read as ISO-8859-1 is U+0085, which Python's splitlines takes for a line
    break: a tag holding it must stay one line."""
    data = _deals_only().replace("Club deals", "Club\u2026 deals").encode("cp1252")
    record = read_pbn(data)
    assert record.event_name == "Club\x85 deals" and [b.number for b in record.boards] == [1, 2]
