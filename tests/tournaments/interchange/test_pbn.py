"""PBN 2.1: deals, ScoreTable and TotalScoreTable read with line numbers, written in export format."""

from __future__ import annotations

import pytest
from endplay.parsers import pbn as endplay_pbn

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.pbn import read_pbn, write_pbn
from tournaments.interchange.records import LineRecord
from tournaments.interchange.usebio import read_usebio

DEAL1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL2 = "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

SCORE_COLUMNS = ";".join(
    [
        "PairId_NS\\2R",
        "PairId_EW\\2R",
        "Contract\\4L",
        "Declarer\\1R",
        "Result\\2R",
        "Score_NS\\4R",
        "Score_EW\\4R",
        "MP_NS\\3R",
        "MP_EW\\3R",
        "Percentage_NS\\3R",
        "Percentage_EW\\3R",
    ]
)

SAMPLE = f"""% PBN 2.1
% EXPORT
; written by hand for the tests
[Event "Spring Pairs"]
[Site "Anytown BC"]
[Date "2025.04.01"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL1}"]
[Scoring "MatchPoints"]
{{ a comment
   over two lines }}
[ScoreTable "{SCORE_COLUMNS}"]
 1  1 4S   N 10  420    -   3   1  75  25
 2  2 3NT  S  8    -   50   0   4   0 100
 3  3 -    -  -    -    - 2.4 1.6 ^60 ^40
[TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\2R;TotalMP\\5R;TotalPercentage\\5R;Names\\20L"]
 1  1 NS   3.0 75.00 "Ann Ames;Bob Bell"
 2  3 NS   2.4 60.00 "Cy Cole;Di Dunn"
 3  2 NS   0.0  0.00 "Ed Eyre"
 1  2 EW   4.0 100.00 "Fay Ford;Gus Gale"
 2  3 EW   1.6 40.00 -
 3  1 EW   1.0 25.00 "Hal Hunt;Ivy Ives"

[Event "#"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEAL2}"]
"""


def test_a_hand_written_file_reads_completely() -> None:
    record = read_pbn(SAMPLE)
    assert record.event_name == "Spring Pairs" and record.club_name == "Anytown BC"
    assert record.date is not None and record.date.isoformat() == "2025-04-01"
    assert record.scoring == "mp" and record.winners == 2
    assert [b.number for b in record.boards] == [1, 2]
    assert record.boards[0].deal == DEAL1
    assert record.boards[1].deal == "N:432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"
    assert (record.boards[1].dealer, record.boards[1].vulnerability) == ("E", "NS")
    lines = record.boards[0].lines
    assert [(x.ns_pair, x.ew_pair, x.kind) for x in lines] == [
        ("1NS", "1EW", "played"),
        ("2NS", "2EW", "played"),
        ("3NS", "3EW", "artificial"),
    ]
    assert (lines[0].contract, lines[0].declarer, lines[0].tricks, lines[0].score) == ("4S", "N", 10, 420)
    assert lines[1].score == -50 and lines[1].tricks == 8
    assert (lines[2].ns_percent, lines[2].ew_percent, lines[2].ns_points) == (60, 40, 2.4)
    pair = record.pair("2EW")
    assert pair is not None and (pair.total, pair.percentage, pair.place) == (4.0, 100.0, "1")
    assert [p.name for p in pair.players] == ["Fay Ford", "Gus Gale"]
    assert [p.name for p in record.pair("2NS").players] == ["Ed Eyre"]  # type: ignore[union-attr]


def _error(text: str) -> InterchangeError:
    with pytest.raises(InterchangeError) as caught:
        read_pbn(text)
    return caught.value


def test_a_fourteen_card_hand_names_the_line_and_board() -> None:
    error = _error(SAMPLE.replace(DEAL1, DEAL1.replace("N:AKQJ.", "N:AKQJ2.")))
    assert str(error) == "line 10, Board 1: North's hand has 14 cards; a hand has 13."


def test_a_card_dealt_twice() -> None:
    error = _error(SAMPLE.replace(DEAL2, DEAL2.replace("E:AKQJ.T98.765.432", "E:AKQJ.T98.765.43A")))
    assert error.where == "line 30, Board 2"
    assert "the CA, which is also in" in error.message


def test_a_short_row_of_a_table() -> None:
    error = _error(SAMPLE.replace(" 3  3 -    -  -    -    - 2.4 1.6 ^60 ^40", " 3  3 -    -  -    -    - 2.4"))
    assert error.where == "line 17"
    assert "has 8 elements; the table names 11 columns" in error.message


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ('[Board "2"]', '[Board "two"]', "line 27", "Board 'two' is not a board number"),
        ('[Site "Anytown BC"]', '[Site "Anytown BC"', "line 5", "not closed"),
        (" 1  1 4S   N 10  420", " 1  1 4S   N 14  420", "line 15, Board 1", "between 0 and 13 tricks"),
        (" 2  2 3NT  S  8", " 2  2 3NT  X  8", "line 16, Board 1", "Declarer 'X'"),
        (" 1  2 EW   4.0 100.00", " 1  B EW   4.0 100.00", "line 22", "PairId 'B' is not a pair number"),
    ],
)
def test_bad_values_name_their_line(old: str, new: str, where: str, message: str) -> None:
    assert old in SAMPLE
    error = _error(SAMPLE.replace(old, new, 1))
    assert error.where == where
    assert message in error.message


def test_text_outside_any_tag() -> None:
    error = _error("hello world\n")
    assert error.where == "line 1"


def test_an_empty_file_is_not_pbn() -> None:
    assert "no PBN games" in _error("% PBN 2.1\n\n").message


def _line(x: LineRecord) -> tuple[object, ...]:
    tricks = None if x.contract == "PASS" else x.tricks  # a passed-out deal has no result in PBN
    return (x.ns_pair, x.ew_pair, x.kind, x.contract, x.declarer, tricks, x.score, x.lead)


def test_real_results_survive_a_pbn_round_trip(howell_xml: bytes, mitchell_xml: bytes) -> None:
    for data in (howell_xml, mitchell_xml):
        record = read_usebio(data)
        again = read_pbn(write_pbn(record))
        assert again.winners == record.winners and again.scoring == "mp"
        assert [(p.label, p.total, p.percentage, p.place) for p in again.pairs] == sorted(
            [(p.label, p.total, p.percentage, p.place) for p in record.pairs],
            key=lambda t: ({"NS": 0, "EW": 1}.get(t[0][-2:], 0), int(t[0].rstrip("NSEW"))),
        )
        assert [[p.name for p in x.players] for x in sorted(again.pairs, key=lambda p: p.label)] == [
            [p.name for p in x.players] for x in sorted(record.pairs, key=lambda p: p.label)
        ]
        for b1, b2 in zip(record.boards, again.boards, strict=True):
            assert b2.deal == b1.deal
            assert [_line(x) for x in b2.lines] == [_line(x) for x in b1.lines]
            assert [(x.ns_points, x.ew_points) for x in b2.lines] == [(x.ns_points, x.ew_points) for x in b1.lines]


def test_hand_records_are_readable_by_endplay(howell_xml: bytes) -> None:
    record = read_usebio(howell_xml)
    text = write_pbn(record, results=False)
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [b.number for b in record.boards]
    for theirs, ours in zip(boards, record.boards, strict=True):
        assert theirs.deal.to_pbn() == ours.deal
