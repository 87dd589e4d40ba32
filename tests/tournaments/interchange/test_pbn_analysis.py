"""The double-dummy analysis a PBN file publishes (BridgeComposer's and DDS tools' tags: DoubleDummyTricks,
OptimumResultTable, OptimumScore, ParContract) is kept with the board and set against Bridgedesk's own solution
on import (a file written here in that shape; the figures below were solved for this deal)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.interchange.errors import InterchangeError
from tournaments.interchange.importers import import_pbn
from tournaments.interchange.pbn import read_pbn
from tournaments.sessions.models import Board

DEAL = "N:AK73.QJ4.K62.A95 QJ9.K873.Q84.J72 T862.A965.A7.K83 54.T2.JT953.QT64"
# Declarer N, S, E, W; in each NT, S, H, D, C. N-S make 10 in NT, 11 in spades, 10 hearts, 9 diamonds, 10 clubs.
DIGITS = "ABA9AABA9A3234332343"
TRICKS = {
    "NT": {"N": 10, "S": 10, "E": 3, "W": 3},
    "S": {"N": 11, "S": 11, "E": 2, "W": 2},
    "H": {"N": 10, "S": 10, "E": 3, "W": 3},
    "D": {"N": 9, "S": 9, "E": 4, "W": 4},
    "C": {"N": 10, "S": 10, "E": 3, "W": 3},
}


def composer_file(analysis: str) -> str:
    """Board 2 (dealer East, N-S vulnerable), as BridgeComposer writes a hand record with its analysis."""
    return (
        '% PBN 2.1\n% EXPORT\n% Creator: BridgeComposer\n[Event "Club hands"]\n[Site "?"]\n[Date "2025.04.07"]\n'
        f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n{analysis}'
    )


def _table(tricks: dict[str, dict[str, int]]) -> str:
    rows = "".join(f"{seat} {strain} {tricks[strain][seat]}\n" for seat in "NSEW" for strain in tricks)
    return f'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n{rows}'


FULL = f'[DoubleDummyTricks "{DIGITS}"]\n[OptimumScore "NS 650"]\n[ParContract "NS 4S+1"]\n'


def test_the_tags_are_read_into_the_board() -> None:
    record = read_pbn(composer_file(FULL))
    assert record.boards[0].published_analysis == {"tricks": TRICKS, "par_score": 650, "par_contracts": ["NS 4S+1"]}
    assert record.warnings == []


def test_the_optimum_result_table_reads_the_same() -> None:
    record = read_pbn(composer_file(_table(TRICKS) + '[OptimumScore "EW -650"]\n'))
    assert record.boards[0].published_analysis == {"tricks": TRICKS, "par_score": 650}


@pytest.mark.parametrize(
    ("tag", "reason"),
    [
        ('[DoubleDummyTricks "ABA9AABA9A32343"]', "DoubleDummyTricks 'ABA9AABA9A32343' is not 20 digits 0 to D"),
        ('[DoubleDummyTricks "ABA9AABA9A323433234Z"]', "is not 20 digits 0 to D"),
        ('[OptimumScore "650"]', "OptimumScore '650' is not a side and a score (NS 420)"),
        ('[ParContract "NS 9S"]', "ParContract 'NS 9S' is not a side and a contract (NS 4S)"),
    ],
)
def test_a_tag_that_cannot_be_read_is_left_out_with_its_line(tag: str, reason: str) -> None:
    record = read_pbn(composer_file(tag + "\n"))
    assert record.boards[0].deal == DEAL and record.boards[0].published_analysis == {}
    assert len(record.warnings) == 1 and record.warnings[0].startswith("line 11, Board 2: ")
    assert reason in record.warnings[0] and record.warnings[0].endswith("is left out.")


def test_unknown_cells_are_left_unknown() -> None:
    record = read_pbn(composer_file(f'[DoubleDummyTricks "{"-" * 5}{DIGITS[5:]}"]\n'))
    assert "N" not in record.boards[0].published_analysis["tricks"]["NT"]
    assert record.boards[0].published_analysis["tricks"]["NT"]["S"] == 10


@pytest.mark.django_db
def test_on_import_the_analysis_is_kept_and_agrees_with_ours() -> None:
    report = import_pbn(composer_file(FULL), filename="hands.pbn")
    board = Board.objects.get(session=report.session)
    assert board.published_analysis["par_score"] == 650 and board.vulnerability == "NS"
    assert (
        "The file's double-dummy analysis of 1 board agrees with Bridgedesk's (20 trick counts and 1 par score agree)."
    ) in report.notes


@pytest.mark.django_db
def test_a_figure_that_differs_from_ours_is_named() -> None:
    wrong = FULL.replace(DIGITS, "9" + DIGITS[1:]).replace("NS 650", "NS 620")
    report = import_pbn(composer_file(wrong), filename="hands.pbn")
    assert "Board 2: NT by N: 9 in the file, 10 here; par NS 620 in the file, NS 650 here." in report.notes
    assert any("19 trick counts and 0 par scores agree with Bridgedesk's; 1 board differs:" in n for n in report.notes)


@pytest.mark.django_db
def test_hand_records_loaded_into_a_session_are_compared_too(director_client) -> None:
    session = import_pbn(composer_file(""), filename="deals.pbn").session
    wrong = FULL.replace("NS 650", "NS 620")
    url = reverse("interchange:deals", args=[session.pk])
    response = director_client.post(url, {"file": SimpleUploadedFile("hands.pbn", composer_file(wrong).encode())})
    assert response.status_code == 302
    page = director_client.get(response["Location"]).content.decode()
    assert "Board 2: par NS 620 in the file, NS 650 here." in page
    assert Board.objects.get(session=session).published_analysis["par_score"] == 620


# (a NUL is refused as a binary file, with its reason: tested elsewhere)
_VALUE = st.text(st.characters(blacklist_characters='"\\\r\n\x00', blacklist_categories=("Cs",)), max_size=30)


@settings(max_examples=200, deadline=None)
@given(tag=st.sampled_from(["DoubleDummyTricks", "OptimumScore", "ParContract"]), value=_VALUE)
def test_no_value_of_an_analysis_tag_stops_the_file(tag: str, value: str) -> None:
    try:
        record = read_pbn(composer_file(f'[{tag} "{value}"]\n'))
    except InterchangeError as exc:  # "#" (as before) with no game before: refused with its line
        assert value.strip() == "#" and exc.where == "line 11"
    else:
        assert record.boards[0].deal == DEAL
        assert record.boards[0].published_analysis or record.warnings or not value.strip().strip("?")


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(st.tuples(_VALUE.filter(lambda v: v.strip() and " " not in v), st.integers(-5, 20)), max_size=6))
def test_no_optimum_result_table_stops_the_file(rows: list[tuple[str, int]]) -> None:
    body = "".join(f"{name[:2]} {name[2:] or 'NT'} {tricks}\n" for name, tricks in rows)
    text = composer_file(f'[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n{body}')
    try:
        record = read_pbn(text)
    except InterchangeError as exc:  # a token that is not PBN at all (an unclosed quote ...) names its line
        assert exc.where.startswith("line ")
    else:
        assert record.boards[0].deal == DEAL
