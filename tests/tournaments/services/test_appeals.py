"""Appeals: lodged against a ruling, then upheld, changed (the scores change, the log shows both) or withdrawn."""

from __future__ import annotations

import pytest

from tests.tournaments.audit.test_seals import verify
from tournaments.audit.models import AuditEntry
from tournaments.publishing.wording import ruling_words
from tournaments.sessions.models import Result, Ruling, Section
from tournaments.sessions.services.appeals import (
    AppealError,
    Changed,
    Upheld,
    Withdrawn,
    decide_appeal,
    lodge_appeal,
)
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import ArtificialScore, AssignedScore, Penalty, apply_ruling
from tournaments.sessions.services.sessions import SectionSpec

from .factories import make_session, section_a

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


@pytest.fixture
def played(section):
    return record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")


@pytest.fixture
def ruling(section, played, director):
    return apply_ruling(
        actor=director, section=section, decision=ArtificialScore(60, 40), result=played, law="Law 16B", facts="Pause"
    )


def _lodge(director, ruling):
    return lodge_appeal(actor=director, ruling=ruling, by="EW", grounds="The pause suggested nothing.")


def test_lodging_an_appeal_makes_it_pending_audited_and_sealed(director, ruling):
    version = ruling.version
    lodged = _lodge(director, ruling)
    ruling.refresh_from_db()
    assert (ruling.appeal, ruling.appeal_by, ruling.appeal_grounds) == ("pending", "EW", "The pause suggested nothing.")
    assert ruling.appeal_lodged_at is not None and ruling.version == version + 1 == lodged.version
    log = AuditEntry.objects.get(action="ruling.appeal_lodge", target_id=ruling.pk)
    assert (log.old["appeal"], log.new["appeal"]) == ("none", "pending")
    assert verify() == "ok"


def test_upholding_keeps_the_scores_and_records_the_committee(director, ruling, played):
    _lodge(director, ruling)
    decide_appeal(
        actor=director, ruling=ruling, outcome=Upheld(), committee="A. Smith, B. Jones, C. Brown",
        reasons="EW had a logical alternative.", deposit_returned=False,
    )  # fmt: skip
    ruling.refresh_from_db()
    played.refresh_from_db()
    assert (ruling.appeal, ruling.appeal_committee, ruling.appeal_deposit_returned) == (
        "upheld", "A. Smith, B. Jones, C. Brown", False,
    )  # fmt: skip
    assert ruling.appeal_decided_at is not None
    assert (played.kind, played.ns_percent, played.ew_percent) == ("artificial", 60.0, 40.0)
    assert AuditEntry.objects.filter(action="ruling.appeal_decide", target_id=ruling.pk).count() == 1
    assert verify() == "ok"


def test_changing_the_ruling_changes_the_scores_and_the_log_shows_both(director, ruling, played, section):
    _lodge(director, ruling)
    version = Section.objects.get(pk=section.pk).version
    decide_appeal(
        actor=director, ruling=ruling, outcome=Changed(AssignedScore("3NT", "S", "=")), committee="Panel of three",
        reasons="An assigned score fits the likely outcome.", deposit_returned=True,
    )  # fmt: skip
    ruling.refresh_from_db()
    played.refresh_from_db()
    assert (ruling.appeal, ruling.decision) == ("changed", "assigned")
    assert (played.kind, played.contract, played.ns_score) == ("assigned", "3NT", 400)
    assert ruling.details["before_appeal"]["decision"] == "artificial"
    assert ruling.details["previous"][str(played.pk)]["ns_score"] == 420  # withdrawing still goes back to 420
    adjusts = list(AuditEntry.objects.filter(target_type="result", target_id=played.pk).order_by("id"))
    kinds = [(e.action, (e.new or {}).get("kind")) for e in adjusts]
    assert kinds[-3:] == [("result.adjust", "artificial"), ("result.restore", "played"), ("result.adjust", "assigned")]
    assert Section.objects.get(pk=section.pk).version > version
    assert verify() == "ok"


def test_a_ruling_changed_to_a_penalty_puts_the_line_back(director, ruling, played, section):
    _lodge(director, ruling)
    entry = section.entries.get(number=1, direction="NS")
    decide_appeal(
        actor=director, ruling=ruling, outcome=Changed(Penalty("procedural_penalty", entry, 2.0)),
        committee="Panel", reasons="The score stands; a procedural penalty instead.",
    )  # fmt: skip
    played.refresh_from_db()
    ruling.refresh_from_db()
    assert (played.kind, played.ns_score) == ("played", 420)
    assert (ruling.decision, ruling.penalty, ruling.entry) == ("procedural_penalty", 2.0, entry)
    assert verify() == "ok"


def test_withdrawing_an_appeal_keeps_the_ruling(director, ruling, played):
    _lodge(director, ruling)
    decide_appeal(actor=director, ruling=ruling, outcome=Withdrawn(), deposit_returned=False)
    ruling.refresh_from_db()
    played.refresh_from_db()
    assert (ruling.appeal, ruling.decision, played.kind) == ("withdrawn", "artificial", "artificial")


@pytest.mark.parametrize(
    ("by", "grounds", "field"),
    [
        ("XX", "grounds", "by"),
        ("NS", "   ", "grounds"),
        ("NS", "bad\x07bell", "grounds"),
        ("NS", "x" * 5000, "grounds"),
    ],
)
def test_bad_lodging_is_refused_at_its_field_and_writes_nothing(director, ruling, by, grounds, field):
    count = AuditEntry.objects.count()
    with pytest.raises(AppealError) as caught:
        lodge_appeal(actor=director, ruling=ruling, by=by, grounds=grounds)
    assert caught.value.field == field
    ruling.refresh_from_db()
    assert ruling.appeal == "none" and AuditEntry.objects.count() == count


@pytest.mark.parametrize(
    ("outcome", "committee", "reasons", "field"),
    [
        (Upheld(), "", "reasons", "committee"),
        (Upheld(), "Panel", "", "reasons"),
        (Changed(ArtificialScore(120, 40)), "Panel", "reasons", "ns_percent"),
        (Changed(AssignedScore("8S", "N", "=")), "Panel", "reasons", "contract"),
    ],
)
def test_bad_decisions_are_refused_at_the_field_and_change_nothing(
    director, ruling, played, outcome, committee, reasons, field
):
    _lodge(director, ruling)
    with pytest.raises(AppealError) as caught:
        decide_appeal(actor=director, ruling=ruling, outcome=outcome, committee=committee, reasons=reasons)
    assert caught.value.field == field
    ruling.refresh_from_db()
    played.refresh_from_db()
    assert (ruling.appeal, played.kind, played.ns_percent) == ("pending", "artificial", 60.0)


def test_an_appeal_cannot_be_decided_twice_or_lodged_twice_or_from_a_stale_page(director, ruling):
    stale = ruling.version
    _lodge(director, ruling)
    with pytest.raises(AppealError) as twice:
        _lodge(director, ruling)
    assert twice.value.code == "conflict"
    decide_appeal(actor=director, ruling=ruling, outcome=Upheld(), committee="P", reasons="R")
    with pytest.raises(AppealError, match="No appeal is pending"):
        decide_appeal(actor=director, ruling=ruling, outcome=Upheld(), committee="P", reasons="R")
    with pytest.raises(AppealError) as old:
        lodge_appeal(actor=director, ruling=ruling, by="NS", grounds="g", version=stale)
    assert old.value.code == "conflict"


def test_a_changed_whole_board_ruling_moves_every_table(director, section, played):
    board = apply_ruling(actor=director, section=section, decision="not_played", board_number=1)
    _lodge(director, board)
    decide_appeal(actor=director, ruling=board, outcome=Changed(ArtificialScore(50, 50)), committee="P", reasons="R")
    lines = Result.objects.filter(section=section, board__number=1)
    assert lines.count() > 1 and {r.kind for r in lines} == {"artificial"}
    assert Ruling.objects.get(pk=board.pk).decision == "artificial"
    assert verify() == "ok"


def test_the_words_recaps_and_public_pages_use():
    ruling = Ruling(decision="artificial", appeal="changed", appeal_reasons="Nine tricks.")
    assert ruling.appeal_words == "Ruling changed on appeal: Nine tricks."
    assert Ruling(appeal="pending").appeal_words == "Appeal pending" and Ruling().appeal_words == ""
    decided = ruling_words("ruling.appeal_decide", {"decision": "assigned", "board": 3, "appeal": "upheld"})
    assert decided == "board 3: assigned adjusted score upheld on appeal"
