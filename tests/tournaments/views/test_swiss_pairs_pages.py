"""Swiss pairs through the web app: set up, results typed through the results service, the next round drawn from
the victory-point standings (refused while a round is incomplete), every page and permission on the way."""

from __future__ import annotations

import datetime
import shutil
import subprocess

import pytest
from django.core.exceptions import ValidationError

import scoring
from tournaments.audit.models import AuditEntry
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Entry, Session, TableRound
from tournaments.sessions.reports import render
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.selectors.swiss import BYE_VP, swiss_table
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import add_late_pair
from tournaments.sessions.services.swiss import create_swiss, draw_next_round

pytestmark = pytest.mark.django_db

# Round 1 (boards 1-2), table by table: pair 1 beats 2 well, 3 and 4 about even, 6 (EW) beats 5.
ROUND_ONE = {
    (1, 2): [("4S", "S", 11), ("3NT", "N", 10)],  # NS 1 v 2
    (3, 4): [("4S", "S", 10), ("3NT", "N", 9)],
    (5, 6): [("4S", "S", 8), ("3NT", "N", 7)],
}


def _play(section, number: int, lines_by_table) -> None:
    for (ns, ew), lines in lines_by_table.items():
        for board, (contract, declarer, tricks) in enumerate(lines, start=(number - 1) * 2 + 1):
            record_result(
                actor=None, section=section, board=board, ns=str(ns), ew=str(ew), contract=contract,
                declarer=declarer, tricks=tricks,
            )  # fmt: skip


def _swiss(pairs: int = 6, method: str = Session.ScoringMethod.BUTLER) -> Session:
    return create_swiss(
        actor=None, event_name="Swiss", date=datetime.date(2026, 11, 24), pairs=pairs, rounds=3,
        boards_per_round=2, scoring_method=method,
    )  # fmt: skip


def test_the_director_sets_up_a_swiss_and_round_one_is_drawn(director_client):
    assert director_client.get("/sessions/new/swiss/").status_code == 200
    form = {
        "event_name": "Swiss",
        "date": "2026-11-24",
        "pairs": "6",
        "boards_per_round": "2",
        "scoring_method": "butler",
    }
    bad = director_client.post("/sessions/new/swiss/", {**form, "rounds": "6"})
    assert bad.status_code == 400 and "2 to 5 rounds" in bad.content.decode()
    assert not Session.objects.exists()
    made = director_client.post("/sessions/new/swiss/", {**form, "rounds": "3"})
    session = Session.objects.get()
    assert made.status_code == 302 and made["Location"] == f"/sessions/{session.pk}/swiss/"
    section = session.sections.get()
    assert (section.movement_kind, section.rounds, section.tables) == ("swiss", 3, 3)
    rows = [(r.round, r.table, r.ns_entry.label, r.ew_entry.label, r.boards) for r in TableRound.objects.all()]
    assert rows == [(1, 1, "1", "2", [1, 2]), (1, 2, "3", "4", [1, 2]), (1, 3, "5", "6", [1, 2])]
    page = director_client.get(f"/sessions/{session.pk}/swiss/").content.decode()
    assert "1 of 3 rounds drawn" in page and "table 1: 0 of 2 boards" in page and 'id="swiss-draw"' in page


def test_the_next_round_waits_for_the_last_and_is_drawn_from_the_victory_points(director_client):
    session = _swiss()
    section = session.sections.get()
    _play(section, 1, {k: v for k, v in ROUND_ONE.items() if k != (5, 6)})
    refused = director_client.post(f"/sessions/{session.pk}/swiss/draw/", follow=True)
    assert "Round 1 is not complete: table 3: 0 of 2 boards." in refused.content.decode()
    assert TableRound.objects.filter(round=2).count() == 0
    _play(section, 1, {(5, 6): ROUND_ONE[(5, 6)]})
    table = swiss_table(section)
    vps = {s.entry.label: s.rounds[0].score for s in table.standings}
    for a, b in (("1", "2"), ("3", "4"), ("5", "6")):
        assert vps[a] + vps[b] == pytest.approx(20.0)
    assert vps["1"] > 10 > vps["2"] and vps["6"] > 10 > vps["5"]
    order = [s.entry.number for s in table.standings]
    drawn = director_client.post(f"/sessions/{session.pk}/swiss/draw/", follow=True)
    assert "Round 2 is drawn from the standings." in drawn.content.decode()
    second = list(TableRound.objects.filter(round=2).order_by("table"))
    assert second[0].ns_entry.number == order[0] and all(r.boards == [3, 4] for r in second)
    met = {frozenset((r.ns_entry_id, r.ew_entry_id)) for r in TableRound.objects.all()}
    assert len(met) == 6  # no pair met another twice
    assert AuditEntry.objects.filter(action="swiss.draw").count() == 1
    assert director_client.post(f"/sessions/{session.pk}/swiss/draw/", follow=True).status_code == 200
    assert TableRound.objects.filter(round=3).count() == 0  # round 2 has no results yet: refused


def test_victory_points_follow_the_wbf_scale_of_the_match_margin():
    session = _swiss()
    section = session.sections.get()
    _play(section, 1, ROUND_ONE)
    table = swiss_table(section)
    imps: dict[int, float] = {}
    for board in score_section(section).boards:
        for line in board.lines:
            imps[line.result.ns_entry.number] = imps.get(line.result.ns_entry.number, 0) + line.ns_points
            imps[line.result.ew_entry.number] = imps.get(line.result.ew_entry.number, 0) + line.ew_points
    first = next(s for s in table.standings if s.entry.number == 1)
    assert first.rounds[0].score == scoring.victory_points(imps[1] - imps[2], 2)[0]


def test_an_odd_field_gives_a_bye_its_victory_points_and_the_rounds_run_out():
    session = _swiss(pairs=5)
    section = session.sections.get()
    assert TableRound.objects.get(round=1, ew_entry__isnull=True).ns_entry.label == "5"
    _play(section, 1, {(1, 2): ROUND_ONE[(1, 2)], (3, 4): ROUND_ONE[(3, 4)]})
    bye = next(s for s in swiss_table(section).standings if s.entry.label == "5")
    assert bye.rounds[0].score == BYE_VP and bye.rounds[0].opponent is None
    assert draw_next_round(actor=None, section=section) == 2
    assert TableRound.objects.get(round=2, ew_entry__isnull=True).ns_entry.label != "5"


def test_a_match_pointed_swiss_ranks_by_the_field_and_a_player_cannot_draw(client, role_user):
    session = _swiss(method=Session.ScoringMethod.MATCHPOINTS)
    section = session.sections.get()
    _play(section, 1, ROUND_ONE)
    table = swiss_table(section)
    assert not table.vps
    assert [s.rounds[0].score for s in table.standings if s.entry.label in ("1", "2")] == [8.0, 0.0]  # top 4 a board
    client.force_login(role_user("player"))
    assert client.get(f"/sessions/{session.pk}/swiss/").status_code == 200
    assert client.post(f"/sessions/{session.pk}/swiss/draw/").status_code == 403
    assert not TableRound.objects.filter(round=2).exists()


def test_every_page_and_report_of_the_evening_works_with_rounds_drawn_as_play_goes_on(director_client):
    """The movement's later rounds exist only once drawn: the entry pages, recaps, live panel and PDFs use the
    rows there are (round 2's boards are entered at once; guide cards print the rounds drawn)."""
    session = _swiss()
    section = session.sections.get()
    _play(section, 1, ROUND_ONE)
    draw_next_round(actor=None, section=section)
    pages = ["", "entries/", "standings/", "travellers/", "scorecards/", "A/traveller/3/", "A/pickup/", "swiss/"]
    for page in pages:
        assert director_client.get(f"/sessions/{session.pk}/{page}").status_code == 200, page
    assert director_client.get(f"/live/{session.pk}/").status_code == 200
    second = TableRound.objects.get(round=2, table=1)
    record_result(
        actor=None, section=section, board=3, ns=second.ns_entry.label, ew=second.ew_entry.label, contract="3NT",
        declarer="N", tricks=9,
    )  # fmt: skip
    for kind in ("guide-cards", "standings", "travellers"):
        _name, _type, pdf = render(kind, session)
        assert pdf.startswith(b"%PDF"), kind
    if not shutil.which("pdftotext"):
        pytest.skip("needs poppler-utils (pdftotext) to read the printed Swiss standings back")
    printed = subprocess.run(["pdftotext", "-layout", "-", "-"], input=render("standings", session)[2],
                             capture_output=True, check=True).stdout.decode()  # fmt: skip
    assert "Swiss standings" in printed and "R1" in printed and "R2" in printed


def test_the_published_results_show_the_swiss_standings(client):
    session = _swiss()
    _play(session.sections.get(), 1, ROUND_ONE)
    Publication.objects.create(session=session, published_at=datetime.datetime.now(datetime.UTC))
    session.sections.update(version=999)  # the public page is cached by version: a publication bumps it
    page = client.get(f"/results/{session.pk}/").content.decode()
    assert "Swiss standings" in page and 'id="swiss-standings"' in page
    leader = swiss_table(session.sections.get()).standings[0]
    assert f"{leader.total:g}" in page


def test_a_late_pair_is_refused_in_words():
    session = _swiss()
    with pytest.raises(ValidationError, match="drawn for the pairs set up"):
        add_late_pair(actor=None, section=session.sections.get())
    assert Entry.objects.filter(section__session=session).count() == 6
