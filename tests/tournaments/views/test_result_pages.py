"""Standings, travellers and score cards as web pages: numbers from the scores selector, sortable, CSV,
live, and a bounded number of queries however big the session."""

import csv
import io

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Ruling
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """An 8-pair Mitchell with board 1 played at two tables: 1NS v 1EW made 4S, 4NS v 4EW went one off."""
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks="-1")
    return section


def rows_of(response):
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_standings_show_both_fields_and_download_as_csv(director_client, played):
    pk = played.session_id
    page = director_client.get(f"/sessions/{pk}/standings/")
    assert [f["key"] for f in page.context["fields"]] == ["NS", "EW"]
    exported = rows_of(director_client.get(f"/sessions/{pk}/standings/?field=NS&_export=csv"))
    assert exported[0][:5] == ["Place", "Pair", "Players", "Total", "%"]
    assert exported[1][:2] == ["1", "1NS"] and float(exported[1][3]) == 2.0
    ew = rows_of(director_client.get(f"/sessions/{pk}/standings/?field=EW&_export=csv"))
    assert ew[1][:2] == ["1", "4EW"]


def test_standings_sort_by_a_column(director_client, played):
    page = director_client.get(f"/sessions/{played.session_id}/standings/?ns-sort=pair")
    table = page.context["fields"][0]["table"]
    assert [row[1][0] for row in table.rows] == sorted((row[1][0] for row in table.rows), key=lambda p: int(p[:-2]))
    backwards = director_client.get(f"/sessions/{played.session_id}/standings/?ns-sort=-pair").context["fields"][0]
    assert [row[1][0] for row in backwards["table"].rows] == [row[1][0] for row in table.rows][::-1]


def test_the_live_partial_changes_when_a_result_arrives(director_client, played):
    url = f"/sessions/{played.session_id}/standings/"
    before = director_client.get(url, HTTP_HX_REQUEST="true")
    assert "<html" not in before.content.decode() and 'hx-trigger="every 5s"' in before.content.decode()
    record_result(actor=None, section=played, board=2, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    after = director_client.get(url, HTTP_HX_REQUEST="true")
    assert before.context["boards_scored"] == 1 and after.context["boards_scored"] == 2


def test_one_winner_in_a_howell(director_client):
    section = section_a(make_session(SectionSpec(pairs=8, kind="howell", boards_per_round=2)))
    page = director_client.get(f"/sessions/{section.session_id}/standings/")
    assert [f["key"] for f in page.context["fields"]] == [""]


def test_traveller_page_and_csv_with_points(director_client, played):
    pk = played.session_id
    exported = rows_of(director_client.get(f"/sessions/{pk}/travellers/?board=1&_export=csv"))
    assert exported[0] == [
        "Round",
        "Table",
        "NS",
        "EW",
        "Contract",
        "By",
        "Lead",
        "Result",
        "NS +",
        "NS −",
        "NS pts",
        "EW pts",
        "Ruling",
    ]
    assert exported[1][:10] == ["1", "1", "1NS", "1EW", "4S", "N", "", "'=", "420", ""]
    assert exported[2][:10] == ["1", "4", "4NS", "4EW", "4S", "N", "", "'-1", "", "50"]
    assert [float(x) for x in exported[1][10:12]] == [2.0, 0.0]


def test_score_card_running_total_matches_the_standing(director_client, played):
    record_result(actor=None, section=played, board=2, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    entry = played.entries.get(label="1NS")
    page = director_client.get(f"/sessions/{played.session_id}/scorecards/{entry.pk}/")
    table = page.context["table"]
    labels = [label for label, _numeric, _url, _arrow in table.head]
    rows = [dict(zip(labels, (text for text, _n, _u in row), strict=True)) for row in table.rows]
    assert [r["Board"] for r in rows] == ["1", "2"]
    assert rows[0]["Against"].startswith("1EW")
    assert float(rows[-1]["Running total"]) == pytest.approx(page.context["standing"].raw_total)
    html = page.content.decode()
    assert f">{rows[-1]['Running total']}</td>" in html
    exported = rows_of(director_client.get(f"/sessions/{played.session_id}/scorecards/{entry.pk}/?_export=csv"))
    assert exported[1][4:9] == ["1", "4S", "N", "'=", "420"]


def test_rulings_page_applies_shows_and_withdraws(director_client, played):
    pk = played.session_id
    response = director_client.post(
        f"/sessions/{pk}/rulings/",
        {
            "section": "A",
            "decision": "artificial",
            "board": "1",
            "ns": "1",
            "ew": "1",
            "ns_percent": "60",
            "ew_percent": "40",
            "law": "Law 12C2",
            "facts": "Slow play by EW",
        },
    )
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    page = director_client.get(f"/sessions/{pk}/rulings/")
    assert "Law 12C2" in page.content.decode() and "Slow play by EW" in page.content.decode()
    recap = director_client.get(f"/sessions/{pk}/travellers/?board=1&_export=csv")
    assert "A60/40" in recap.content.decode() and "Artificial adjusted score (Law 12C2)" in recap.content.decode()
    director_client.post(f"/sessions/{pk}/rulings/{ruling.pk}/withdraw/")
    assert not Ruling.objects.exists()


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"decision": "artificial", "board": "1", "ns": "1", "ew": "1", "ns_percent": "60"}, "ns_percent", "both"),
        ({"decision": "assigned", "board": "1", "ns": "1", "ew": "1", "contract": "9S"}, "contract", "1 to 7"),
        ({"decision": "procedural_penalty", "entry": "12NS"}, "entry", "No single pair"),
        (
            {"decision": "weighted", "board": "1", "ns": "1", "ew": "1", "weighted": "60 4S N"},
            "weighted",
            "write weight",
        ),
        (
            {
                "decision": "assigned",
                "board": "1",
                "ns": "2",
                "ew": "1",
                "contract": "4S",
                "declarer": "N",
                "tricks": "=",
            },
            "ns",
            "does not play",
        ),
    ],
)
def test_a_bad_ruling_is_explained_at_its_field(director_client, played, data, field, message):
    page = director_client.post(f"/sessions/{played.session_id}/rulings/", {"section": "A", **data})
    assert page.status_code == 200
    assert message in " ".join(page.context["form"].errors[field])
    assert not Ruling.objects.exists()


def test_audit_log_page_lists_changes_with_old_and_new(director_client, played, director):
    result = played.results.get(ns_entry__label="1NS")
    apply_ruling(
        actor=director,
        section=played,
        decision="assigned",
        result=result,
        assigned={"contract": "4S", "declarer": "N", "tricks": "-1"},
        law="Law 23",
    )
    page = director_client.get(f"/sessions/{played.session_id}/audit/")
    html = page.content.decode()
    assert "result.adjust" in html and "<del>420</del> → <ins>-50</ins>" in html
    # The director reads which line it was, not row ids.
    assert f"board {result.board.number} · 1NS v {result.ew_entry.label}" in html
    assert "board_id=" not in html and "ns_entry_id" not in html
    assert page.context["page"].paginator.count == AuditEntry.objects.filter(session_id=played.session_id).count()


@pytest.fixture
def big_session():
    """A 30-table Mitchell, fully played, with rulings (points-and-fit tricks: no solver, to stay quick)."""
    return build_demo_session(tables=30, movement="mitchell", seed=4, quick=True)


@pytest.mark.parametrize("page", ["standings/", "travellers/?board=5", "scorecards/{entry}/", "", "A/traveller/5/"])
def test_a_30_table_session_uses_a_bounded_number_of_queries(
    director_client, big_session, django_assert_max_num_queries, page
):
    entry = big_session.sections.get().entries.get(label="7EW")
    with django_assert_max_num_queries(20):
        response = director_client.get(f"/sessions/{big_session.pk}/" + page.format(entry=entry.pk))
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("method", "unit", "pct_column"),
    [
        ("butler", "IMPs", False),
        ("cross_imps", "IMPs", False),
        ("total", "points", False),
        ("mp", "match points", True),
    ],
)
def test_every_scoring_method_has_its_standings(director_client, method, unit, pct_column):
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3), scoring_method=method)
    section = section_a(session)
    for ns, ew, tricks in (("1", "1", "="), ("4", "4", "-1")):
        record_result(actor=None, section=section, board=1, ns=ns, ew=ew, contract="4S", declarer="N", tricks=tricks)
    page = director_client.get(f"/sessions/{session.pk}/standings/")
    assert page.context["unit"] == unit
    table = page.context["fields"][0]["table"]
    labels = [label for label, _numeric, _url, _arrow in table.head]
    assert ("%" in labels) is pct_column
    first = dict(zip(labels, (text for text, _numeric, _url in table.rows[0]), strict=True))
    assert first["Pair"] == "1NS" and float(first["Total"]) > 0


def test_rulings_are_shown_on_the_recap_with_law_and_facts(director_client, played):
    apply_ruling(actor=None, section=played, decision="not_played", board_number=2, law="Law 6D", facts="Board fouled")
    result = played.results.get(board__number=1, ns_entry__label="1NS")
    apply_ruling(
        actor=None,
        section=played,
        decision="assigned",
        result=result,
        law="Law 16B1",
        facts="Hesitation before 4S",
        assigned={"contract": "3NT", "declarer": "S", "tricks": "9"},
    )
    html = director_client.get(f"/sessions/{played.session_id}/travellers/").content.decode()
    assert "Ruling (every table): Board not played, Law 6D.</strong> Board fouled" in html
    assert "Ruling, 1NS v 1EW: Assigned adjusted score, Law 16B1.</strong> Hesitation before 4S" in html


def test_the_recap_shows_the_deal_when_it_is_known(director_client, played):
    played.session.boards.filter(number=1).update(
        deal="N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.J76.AKQ.JT9 2.5432.JT98.AKQ8"
    )
    page = director_client.get(f"/sessions/{played.session_id}/travellers/?board=1")
    hands = page.context["boards"][0]["hands"]
    assert hands["N"][0] == ("s", "♠", "AKQJ") and hands["E"][1] == ("h", "♥", "AKQ") and hands["W"][0][2] == "2"
    assert hands["N"][1][2] == "1098"


@pytest.mark.parametrize(
    ("page", "live_id"), [("travellers/", "travellers-live"), ("scorecards/{entry}/", "scorecard-live")]
)
def test_travellers_and_score_cards_refresh_themselves_as_results_arrive(director_client, played, page, live_id):
    url = f"/sessions/{played.session_id}/" + page.format(entry=played.entries.get(label="1NS").pk)
    full = director_client.get(url).content.decode()
    assert f'id="{live_id}"' in full and 'hx-trigger="every 10s"' in full
    before = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in before and "3NT" not in before
    record_result(actor=None, section=played, board=2, ns="1", ew="1", contract="3NT", declarer="S", tricks="9")
    after = director_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert after.startswith("<div") or after.lstrip().startswith("<div")
    assert "3NT" in after
