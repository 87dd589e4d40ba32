"""Duplicate whist as a stored session: the bridge session's movement, boards and write gateway, whist's lines.

The worked figures come from the Laws of Duplicate Whist (whist-and-duplicate-whist.txt), Law X s. 4, read in
its own words beside each assertion: two tricks for the first revoke, "the revoking players cannot score
more, nor their adversaries less than the average", and in pair matches the R "separately indicated" and
capped by the most made at the other tables unless the committee enforces the full penalty.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from reportlab.platypus import Paragraph

from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Result, Section, Session, TableRound
from tournaments.sessions.reports import standings
from tournaments.sessions.reports.data import SessionData
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.results import ResultEntryError, change_result, record_result
from tournaments.sessions.services.sessions import SectionSpec, create_session

pytestmark = pytest.mark.django_db


def whist_session(method: str = Session.ScoringMethod.MATCHPOINTS, *, pairs: int = 10) -> Section:
    session = create_session(
        actor=None,
        event_name="Whist club",
        date=datetime.date(2026, 11, 24),
        sections=[SectionSpec(pairs=pairs, kind="mitchell", boards_per_round=1)],
        scoring_method=method,
        game=Session.Game.WHIST,
    )
    return session.sections.get()


def board_one_tables(section: Section) -> list[TableRound]:
    """The five tables that play board 1 in the 5-table Mitchell, in round order."""
    return [row for row in section.table_rounds.order_by("round", "table") if 1 in row.boards]


def play_board_one(section: Section, tricks: list[int], revoke: str = "") -> list[Result]:
    """N-S's tricks at each table that plays board 1; the last table's line carries the revoke."""
    rows = board_one_tables(section)
    assert len(rows) == len(tricks) == 5
    out = []
    for i, (row, n) in enumerate(zip(rows, tricks, strict=True)):
        assert row.ns_entry is not None and row.ew_entry is not None
        out.append(
            record_result(
                actor=None,
                section=section,
                board=1,
                ns=row.ns_entry.label,
                ew=row.ew_entry.label,
                tricks=n,
                revoke=revoke if i == 4 else "",
            )
        )
    return out


def test_a_whist_line_is_stored_as_n_s_tricks_without_contract_or_declarer() -> None:
    section = whist_session()
    assert section.session.is_whist
    (result, *_rest) = play_board_one(section, [7, 8, 6, 7, 7], revoke="EW")
    assert (result.contract, result.declarer, result.tricks, result.ns_score) == ("", "", 7, 7)
    last = Result.objects.get(pk=_rest[-1].pk)
    assert last.revoke == {"side": "EW", "count": 1, "tricks_before": 0, "full_penalty": False}
    assert AuditEntry.objects.filter(action="result.create", target_id=last.pk).get().new["revoke"]["side"] == "EW"


def test_law_x_the_revoke_capped_by_the_other_tables_and_match_pointed() -> None:
    section = whist_session()
    lines = play_board_one(section, [7, 8, 6, 7, 7], revoke="EW")
    scores = score_section(section)
    (board,) = scores.boards
    # E-W made 6 at the last table and revoked: 6 - 2 = 4; at the other tables E-W made 6, 5, 7, 6, least 5:
    # "the penalty ... shall not increase the score of the opponents above the maximum" (N-S made 8 at most):
    # N-S are credited 8, recorded "as made" (7) with +R1 indicated separately.
    by_pk = {line.result.pk: line for line in board.lines}
    assert by_pk[lines[4].pk].display_score == "7 +R1"
    # N-S tricks counted 7, 8, 6, 7, 8: EBU match points, 2 a pair beaten and 1 a tie; top 8.
    assert board.top == 8
    assert [by_pk[r.pk].ns_points for r in lines] == [3, 7, 0, 3, 7]
    assert [by_pk[r.pk].ew_points for r in lines] == [5, 1, 8, 5, 1]
    ns = {s.entry.label: s.total for s in scores.standings["NS"]}
    assert ns[lines[1].ns_entry.label] == ns[lines[4].ns_entry.label] == 7


def test_the_committee_enforces_the_full_penalty() -> None:
    section = whist_session()
    lines = play_board_one(section, [7, 8, 6, 7, 7], revoke="EW!")
    (board,) = score_section(section).boards
    by_pk = {line.result.pk: line for line in board.lines}
    # the full two tricks: N-S 9, above every other table: 2 x 4 = 8, the top
    assert by_pk[lines[4].pk].display_score == "7 +R2"
    assert by_pk[lines[4].pk].ns_points == 8


def test_tricks_over_the_average_of_the_field() -> None:
    section = whist_session(Session.ScoringMethod.TOTAL_POINTS)
    lines = play_board_one(section, [7, 8, 6, 7, 10], revoke="NS")
    (board,) = score_section(section).boards
    by_pk = {line.result.pk: line for line in board.lines}
    # N-S made 10 and revoked: 10 - 2 = 8, but "cannot score more than the average" of the others (7): 7, -R3.
    # The field's tricks 7, 8, 6, 7, 7: average 7; each N-S pair scores its tricks less 7, E-W the opposite.
    assert by_pk[lines[4].pk].display_score == "10 -R3"
    assert [by_pk[r.pk].ns_points for r in lines] == [0, 1, -1, 0, 0]
    assert [by_pk[r.pk].ew_points for r in lines] == [0, -1, 1, 0, 0]
    assert board.top is None


@pytest.mark.parametrize(
    ("line", "field", "message"),
    [
        ({"tricks": 14}, "tricks", "0 to 13 tricks"),
        ({"tricks": ""}, "tricks", "Type the tricks"),
        ({"tricks": 7, "contract": "4S", "declarer": "N"}, "contract", "no contract"),
        ({"tricks": 7, "revoke": "N"}, "revoke", "is not a revoke"),
        ({"tricks": 3, "revoke": "NS1/5"}, "revoke", "more tricks before its revoke"),
    ],
)
def test_a_bad_whist_line_is_refused_at_its_field(line, field, message) -> None:
    section = whist_session()
    row = board_one_tables(section)[0]
    with pytest.raises(ResultEntryError) as caught:
        record_result(actor=None, section=section, board=1, ns=row.ns_entry.label, ew=row.ew_entry.label, **line)
    assert message in caught.value.errors[0][field]
    assert not Result.objects.exists()


def test_a_whist_line_is_changed_through_the_gateway() -> None:
    section = whist_session()
    first = play_board_one(section, [7, 8, 6, 7, 7])[0]
    changed = change_result(actor=None, result=first, contract="", tricks=9, revoke="EW", why="misread")
    assert (changed.tricks, changed.ns_score, changed.version, changed.revoke["side"]) == (9, 9, 2, "EW")


def test_whist_is_never_scored_by_imps() -> None:
    with pytest.raises(ValidationError, match="match points or by tricks"):
        whist_session(Session.ScoringMethod.BUTLER)


@pytest.mark.parametrize(
    ("method", "words"),
    [
        (Session.ScoringMethod.MATCHPOINTS, "Duplicate whist, match points, top 8 per board"),
        (Session.ScoringMethod.TOTAL_POINTS, "Duplicate whist, tricks above or below the average"),
    ],
)
def test_the_standings_pdf_says_it_is_duplicate_whist(method, words) -> None:
    section = whist_session(method)
    play_board_one(section, [7, 8, 6, 7, 7], revoke="EW")
    story = standings.story(SessionData.load(section.session), "a4")
    assert any(words in p.getPlainText() for p in story if isinstance(p, Paragraph))
