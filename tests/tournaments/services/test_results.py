"""Entering results: every line checked against the movement and the scoring table; all or nothing."""

import pytest

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Result, Session
from tournaments.sessions.services.results import (
    LineInput,
    ResultEntryError,
    change_result,
    delete_result,
    preview_lines,
    record_result,
    save_lines,
)
from tournaments.sessions.services.sessions import SectionSpec

from .factories import make_session, section_a

pytestmark = pytest.mark.django_db

# An 8-pair relay Mitchell (4 tables, 3 boards a round): in round 1, 1NS v 1EW and 4NS v 4EW share boards 1-3.


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


@pytest.mark.parametrize(
    ("board", "ns", "ew", "contract", "declarer", "tricks", "ns_score", "table"),
    [
        (1, "1", "1", "4S", "N", "=", 420, 1),  # board 1: none vulnerable
        (1, "4NS", "4EW", "3NTX", "E", "-2", 300, 4),  # the relay table plays the same boards
        (2, "1", "1", "4H", "S", "+1", 650, 1),  # board 2: NS vulnerable
        (3, "1", "1", "6NT", "W", "12", -1440, 1),  # board 3: EW vulnerable
        (4, "1", "4", "1CXX", "N", "7", 230, 1),  # round 2: 4EW has moved to table 1, board 4 all vulnerable
        (1, "1", "1", "pass", "", "", 0, 1),
        (1, "1", "1", "7nt", "s", "-7", -350, 1),
    ],
)
def test_a_line_is_placed_in_the_movement_and_scored(
    section, board, ns, ew, contract, declarer, tricks, ns_score, table
):
    result = record_result(
        actor=None, section=section, board=board, ns=ns, ew=ew, contract=contract, declarer=declarer, tricks=tricks
    )
    assert result.ns_score == ns_score
    assert result.table_round.table == table
    assert result.board.number == board
    assert result.table_round.ns_entry_id == result.ns_entry_id
    assert result.table_round.ew_entry_id == result.ew_entry_id
    assert board in result.table_round.boards
    assert AuditEntry.objects.get(action="result.create").new["ns_score"] == ns_score


@pytest.mark.parametrize(
    ("line", "field", "message"),
    [
        (dict(ns="1", ew="2"), "ew", "1NS plays board 1 against 1EW"),
        (dict(ns="2", ew="1"), "ew", "2NS plays board 1 against 3EW (round 4, table 2)"),
        (dict(ns="9"), "ns", "no pair 9"),
        (dict(ns=""), "ns", "missing"),
        (dict(board="40"), "board", "Board 40 is not played"),
        (dict(board="x"), "board", "not a board number"),
        (dict(contract="8S"), "contract", "1 to 7"),
        (dict(contract="4Q"), "contract", "strain"),
        (dict(contract=""), "contract", "missing"),
        (dict(tricks="14"), "tricks", "between 0 and 13"),
        (dict(tricks="+4"), "tricks", "14 tricks"),
        (dict(tricks="-11"), "tricks", "at most 10"),
        (dict(tricks=""), "tricks", "missing"),
        (dict(declarer=""), "declarer", "needs a declarer"),
        (dict(declarer="Q"), "declarer", "not a seat"),
        (dict(score="450"), "score", "scores 420"),
        (dict(score="-420"), "score", "scores 420"),
        (dict(score="abc"), "score", "not a score"),
    ],
)
def test_wrong_input_gets_a_message_at_its_field_and_nothing_is_saved(section, line, field, message):
    values = dict(board="1", ns="1", ew="1", contract="4S", declarer="N", tricks="=", score="")
    values.update(line)
    with pytest.raises(ResultEntryError) as err:
        save_lines(actor=None, section=section, lines=[LineInput(**values)])
    assert field in err.value.errors[0], err.value.errors
    assert message in err.value.errors[0][field]
    assert Result.objects.count() == 0
    assert not AuditEntry.objects.filter(action__startswith="result").exists()


def test_a_typed_score_that_agrees_is_accepted(section):
    result = record_result(
        actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=", score="420"
    )
    assert result.ns_score == 420


def test_a_traveller_saves_all_lines_or_none(section):
    good = LineInput(1, "1", "1", "4S", "N", "=")
    bad = LineInput(1, "4", "4", "4S", "N", "+4")
    with pytest.raises(ResultEntryError) as err:
        save_lines(actor=None, section=section, lines=[good, bad])
    assert list(err.value.errors) == [1]
    assert Result.objects.count() == 0
    save_lines(actor=None, section=section, lines=[good, LineInput(1, "4", "4", "4S", "N", "+1"), LineInput(1)])
    assert sorted(Result.objects.values_list("ns_score", flat=True)) == [420, 450]


def test_a_board_entered_twice_in_one_batch_or_again_later_is_refused(section):
    line = LineInput(1, "1", "1", "4S", "N", "=")
    with pytest.raises(ResultEntryError) as err:
        save_lines(actor=None, section=section, lines=[line, LineInput(1, "1", "1", "4S", "N", "-1")])
    assert "entered twice" in err.value.errors[1]["ns"]
    save_lines(actor=None, section=section, lines=[line])
    with pytest.raises(ResultEntryError) as err:
        save_lines(actor=None, section=section, lines=[LineInput(1, "1", "1", "3NT", "S", "=")])
    assert "already entered" in err.value.errors[0]["ns"]
    assert Result.objects.get().contract == "4S"


def test_changes_and_removals_are_audited_with_old_and_new(section, director):
    result = record_result(
        actor=director, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="="
    )
    change_result(actor=director, result=result, contract="4SX", declarer="N", tricks="-1", why="misread the slip")
    result.refresh_from_db()
    assert (result.contract, result.tricks, result.ns_score) == ("4SX", 9, -100)
    log = AuditEntry.objects.get(action="result.change")
    assert (log.old["contract"], log.new["contract"], log.old["ns_score"], log.new["ns_score"]) == (
        "4S",
        "4SX",
        420,
        -100,
    )
    assert (log.why, log.actor_name) == ("misread the slip", "director")
    delete_result(actor=director, result=result, why="wrong board")
    assert not Result.objects.exists()
    gone = AuditEntry.objects.get(action="result.delete")
    assert gone.old["contract"] == "4SX" and gone.target_id == result.pk


def test_the_first_result_starts_the_session(section):
    assert section.session.status == Session.Status.SETUP
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    section.session.refresh_from_db()
    assert section.session.status == Session.Status.PLAYING


def test_preview_scores_without_saving(section):
    lines = preview_lines(
        section, [LineInput(1, "1", "1", "4S", "N", "+1"), LineInput(1), LineInput(1, "4", "4", "9S")]
    )
    assert lines[0].ns_score == 450 and lines[0].display == "4S+1 N 450"
    assert lines[1] is None
    assert "contract" in lines[2].errors
    assert Result.objects.count() == 0


def test_arrow_switched_rounds_put_the_ew_pair_in_the_ns_seat():
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2, variant="arrow-switch")))
    last = section.table_rounds.filter(round=section.rounds, table=1).select_related("ns_entry", "ew_entry").get()
    assert last.ns_entry.direction == "EW"
    board = last.boards[0]
    result = record_result(
        actor=None,
        section=section,
        board=board,
        ns=str(last.ns_entry.number),
        ew=str(last.ew_entry.number),
        contract="2H",
        declarer="N",
        tricks="8",
    )
    assert result.ns_entry == last.ns_entry and result.table_round == last
