"""Rulings: adjusted scores on a line or a board, penalties, each audited and reversible."""

import pytest
from django.core.exceptions import ValidationError

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Result, Ruling
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling, withdraw_ruling
from tournaments.sessions.services.sessions import SectionSpec

from .factories import make_session, section_a

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    # 8-pair relay Mitchell, 4 tables: board 1 is played at tables 1 and 4 in round 1, and at every table.
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


@pytest.fixture
def played(section):
    return record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")


@pytest.mark.parametrize(
    ("decision", "kwargs", "expect"),
    [
        ("artificial", dict(ns_percent=60, ew_percent=40), dict(kind="artificial", ns_percent=60.0, ew_percent=40.0)),
        ("artificial", dict(ns_percent=50, ew_percent=50), dict(kind="artificial", ns_percent=50.0, ew_percent=50.0)),
        ("artificial", dict(ns_percent=40, ew_percent=40), dict(kind="artificial", ns_percent=40.0, ew_percent=40.0)),
        (
            "assigned",
            dict(assigned={"contract": "3NT", "declarer": "S", "tricks": "="}),
            dict(kind="assigned", contract="3NT", tricks=9, ns_score=400),
        ),
        ("not_played", {}, dict(kind="not_played", ns_score=None, contract="")),
        ("score_stands", {}, dict(kind="played", ns_score=420)),
    ],
)
def test_a_ruling_on_a_line_changes_it_and_is_audited(section, played, director, decision, kwargs, expect):
    ruling = apply_ruling(
        actor=director, section=section, decision=decision, result=played, law="Law 12C", facts="Hesitation", **kwargs
    )
    played.refresh_from_db()
    for key, value in expect.items():
        assert getattr(played, key) == value, key
    assert (ruling.result, ruling.law, ruling.facts, ruling.director) == (played, "Law 12C", "Hesitation", director)
    assert AuditEntry.objects.filter(action="ruling.apply", target_id=ruling.pk).exists()
    if decision != "score_stands":
        log = AuditEntry.objects.get(action="result.adjust")
        assert log.old["ns_score"] == 420 and log.new["kind"] == expect["kind"]


def test_a_weighted_score_stores_each_contract_scored_with_fractions(section, played):
    apply_ruling(
        actor=None,
        section=section,
        decision="weighted",
        result=played,
        weighted=[
            {"weight": 60, "contract": "4S", "declarer": "N", "tricks": "="},
            {"weight": 40, "contract": "4S", "declarer": "N", "tricks": "-1"},
        ],
    )
    played.refresh_from_db()
    assert played.kind == "weighted"
    assert [(p["weight"], p["ns_score"]) for p in played.weighted] == [(0.6, 420), (0.4, -50)]


@pytest.mark.parametrize(
    ("decision", "kwargs", "field"),
    [
        ("artificial", dict(ns_percent=60), "ns_percent"),
        ("artificial", dict(ns_percent=120, ew_percent=40), "ns_percent"),
        ("assigned", dict(assigned={"contract": "8S", "declarer": "N", "tricks": "="}), "contract"),
        ("weighted", dict(weighted=[{"weight": 50, "contract": "4S", "declarer": "N", "tricks": "="}]), "weighted"),
        ("weighted", dict(weighted=[]), "weighted"),
        ("procedural_penalty", {}, "entry"),
        ("shouting", {}, "decision"),
    ],
)
def test_bad_rulings_are_refused_at_the_field_and_change_nothing(section, played, decision, kwargs, field):
    with pytest.raises(ValidationError) as err:
        apply_ruling(actor=None, section=section, decision=decision, result=played, **kwargs)
    assert field in err.value.message_dict
    played.refresh_from_db()
    assert (played.kind, played.ns_score) == ("played", 420)
    assert not Ruling.objects.exists()


def test_a_ruling_on_a_whole_board_adjusts_every_table_creating_missing_lines(section, played):
    ruling = apply_ruling(
        actor=None, section=section, decision="artificial", board_number=1, ns_percent=50, ew_percent=50, law="Law 6"
    )
    lines = Result.objects.filter(section=section, board__number=1)
    assert lines.count() == 4  # every table plays board 1 in a full 4-table Mitchell
    assert set(lines.values_list("kind", "ns_percent")) == {("artificial", 50.0)}
    withdraw_ruling(actor=None, ruling=ruling, why="board was not fouled after all")
    assert list(Result.objects.filter(section=section, board__number=1).values_list("kind", "ns_score")) == [
        ("played", 420)
    ]
    assert AuditEntry.objects.filter(action="result.delete").count() == 3
    assert AuditEntry.objects.filter(action="result.restore").count() == 1
    assert not Ruling.objects.exists()


def test_an_adjusted_score_on_a_line_not_entered_creates_it(section):
    ruling = apply_ruling(
        actor=None, section=section, decision="artificial", board_number=2, ns="1", ew="1", ns_percent=60, ew_percent=40
    )
    result = ruling.result
    assert (result.kind, result.table_round.table, result.ns_entry.label) == ("artificial", 1, "1NS")


@pytest.mark.parametrize(
    ("scoring_method", "kwargs", "penalty"),
    [
        ("mp", {}, 0.6),  # 10% of a top of 6 (EBU, 4 tables)
        ("mp", dict(fraction=0.25), 1.5),
        ("mp", dict(penalty=3), 3.0),
        ("butler", {}, 3.0),  # 3 IMPs
    ],
)
def test_a_procedural_penalty_is_recorded_on_the_entry(scoring_method, kwargs, penalty):
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3), scoring_method=scoring_method)
    section = section_a(session)
    entry = section.entries.get(label="2EW")
    ruling = apply_ruling(
        actor=None, section=section, decision="procedural_penalty", entry=entry, board_number=1, law="Law 90", **kwargs
    )
    assert ruling.penalty == pytest.approx(penalty)
    assert ruling.entry == entry
    assert Result.objects.count() == 0
