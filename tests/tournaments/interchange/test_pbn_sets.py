"""Concatenated PBN files (several events' deals in one file, as dealing programs and results pages append them)
are offered as separate deal sets: the reader, the command's --set, and the upload pages' Deal set."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments.interchange import InterchangeError
from tournaments.interchange.pbn import read_pbn
from tournaments.sessions.models import Board, Session

from .test_pbn import SAMPLE

MONDAY = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
THURSDAY = "N:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"


def _event(name: str, deal: str, boards: tuple[int, ...] = (1, 2)) -> str:
    """One event's deals as a dealing program writes them."""
    return "\n".join(
        f'[Event "{name}"]\n[Site "?"]\n[Date "2025.04.07"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{deal}"]\n'
        for n in boards
    )


TWO_EVENTS = "% PBN 2.1\n" + _event("Monday pairs", MONDAY) + "\n" + _event("Thursday pairs", THURSDAY, (1, 2, 3))


def test_a_file_of_one_event_is_read_as_before() -> None:
    record = read_pbn(SAMPLE)
    assert record.event_name == "Spring Pairs" and record.warnings == []


def test_two_events_in_one_file_are_refused_with_the_sets_listed() -> None:
    with pytest.raises(InterchangeError) as caught:
        read_pbn(TWO_EVENTS)
    assert str(caught.value) == (
        "line 1: the file holds 2 deal sets: set 1 'Monday pairs' (boards 1-2, from line 2); set 2 'Thursday pairs' "
        "(boards 1-3, from line 18). Choose the set to import (Deal set on the upload page, --set N on the "
        "command line)."
    )


@pytest.mark.parametrize(
    ("number", "event", "boards", "deal"), [(1, "Monday pairs", 2, MONDAY), (2, "Thursday pairs", 3, THURSDAY)]
)
def test_each_set_reads_as_its_own_event(number: int, event: str, boards: int, deal: str) -> None:
    record = read_pbn(TWO_EVENTS, number)
    assert record.event_name == event
    assert [b.number for b in record.boards] == list(range(1, boards + 1))
    assert [b.deal for b in record.boards] == [deal] * boards
    assert f"the file holds 2 deal sets; imported set {number} '{event}'" in record.warnings[0]


def test_boards_dealt_again_under_the_same_event_name_start_a_new_set() -> None:
    """Big Deal's files of several sessions often all say [Event "?"]: the second board 1 dealt otherwise tells."""
    text = _event("?", MONDAY) + "\n" + _event("?", THURSDAY)
    with pytest.raises(InterchangeError, match="holds 2 deal sets: set 1 \\(boards 1-2, from line 1\\); set 2"):
        read_pbn(text)
    assert read_pbn(text, 2).boards[0].deal != read_pbn(text, 1).boards[0].deal


def test_a_board_repeated_with_its_deal_or_without_one_stays_in_the_set() -> None:
    """Results files may give a board's tables as games of their own, the deal written once or each time."""
    text = _event("Club", MONDAY, (1,)) + "\n" + _event("Club", MONDAY, (1,)) + '\n[Event "Club"]\n[Board "1"]\n'
    assert [b.number for b in read_pbn(text).boards] == [1]


@pytest.mark.parametrize("number", [0, 3, 99])
def test_a_set_that_is_not_there_is_refused_clearly(number: int) -> None:
    with pytest.raises(InterchangeError, match=f"there is no deal set {number}: the file holds 2 deal sets"):
        read_pbn(TWO_EVENTS, number)


@pytest.mark.django_db
def test_import_pbn_set_imports_the_chosen_set(tmp_path: Path) -> None:
    path = tmp_path / "week.pbn"
    path.write_text(TWO_EVENTS)
    with pytest.raises(CommandError) as caught:
        call_command("import_pbn", str(path))
    assert caught.value.returncode == 2 and "holds 2 deal sets" in str(caught.value)
    out = io.StringIO()
    call_command("import_pbn", str(path), "--set", "2", stdout=out)
    session = Session.objects.get(pk=int(out.getvalue().split()[-1]))
    assert session.event.name == "Thursday pairs"
    assert Board.objects.filter(session=session).count() == 3


@pytest.mark.django_db
def test_the_upload_page_imports_the_deal_set_chosen(director_client) -> None:
    def post(**extra: str):
        data = {"file": SimpleUploadedFile("week.pbn", TWO_EVENTS.encode()), "format": "auto", **extra}
        return director_client.post(reverse("interchange:upload"), data)

    refused = post()
    assert refused.status_code == 200 and "holds 2 deal sets" in refused.content.decode()
    assert 'name="deal_set"' in refused.content.decode()
    assert not Session.objects.exists()
    response = post(deal_set="1")
    session = Session.objects.get()
    assert response.status_code == 302 and session.event.name == "Monday pairs"
    bad = post(deal_set="x", import_again="on")
    assert bad.status_code == 200 and "Enter a whole number" in bad.content.decode()


@pytest.mark.django_db
def test_hand_records_for_a_session_come_from_the_chosen_set(director_client, tmp_path: Path) -> None:
    path = tmp_path / "week.pbn"
    path.write_text(TWO_EVENTS)
    call_command("import_pbn", str(path), "--set", "1", stdout=io.StringIO())
    session = Session.objects.get()
    url = reverse("interchange:deals", args=[session.pk])
    refused = director_client.post(url, {"file": SimpleUploadedFile("week.pbn", TWO_EVENTS.encode())})
    assert refused.status_code == 200 and "holds 2 deal sets" in refused.content.decode()
    response = director_client.post(url, {"file": SimpleUploadedFile("w.pbn", TWO_EVENTS.encode()), "deal_set": "2"})
    assert response.status_code == 302
    board = Board.objects.get(session=session, number=1)
    assert board.deal == THURSDAY
