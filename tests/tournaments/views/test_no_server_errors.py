"""No input a director can type, and no address they can mistype, gives a server error.

Table-driven: every director form gets empty, huge, negative, non-numeric, unicode, SQL-ish and HTML-ish values in
each field; it must answer 200 with the message shown, and no row may have been written. Malformed URLs (another
session's board, a section letter that does not exist, board 0, round 999, ids too big for the database) must give
a page or a 404, never a 500.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import models

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Entry, EntryPlayer, Member, Result, Ruling, Section, Session, TableRound
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db

HUGE = "9" * 30
LONG = "x" * 5000
SQL = "1'; DROP TABLE tournaments_result; --"
HTML = "<script>alert(1)</script>"
UNICODE = "♠♥ Zoë 😀"

COUNTED: list[type[models.Model]] = [
    Session,
    Section,
    Entry,
    EntryPlayer,
    TableRound,
    Result,
    Ruling,
    Member,
    AuditEntry,
]


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in COUNTED}


@pytest.fixture
def evening(director):
    """Two sessions: an 8-pair Mitchell with board 1 entered and a ruling, and a Howell with nothing entered."""
    session = make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3))
    section = section_a(session)
    record_result(actor=director, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=director, section=section, board=1, ns="4", ew="4", contract="3NT", declarer="S", tricks="+1")
    apply_ruling(
        actor=director,
        section=section,
        decision="artificial",
        board_number=2,
        ns="1",
        ew="1",
        ns_percent=60,
        ew_percent=40,
    )
    other = make_session(SectionSpec(pairs=6, kind="howell", boards_per_round=2))
    Member.objects.create(name="Helen Sobel")
    return {"pk": session.pk, "other": other.pk, "entry": section.entries.order_by("pk").first().pk}


SETUP = {
    "event_name": "Club pairs",
    "session_name": "Evening",
    "date": "2026-11-20",
    "scoring_method": "mp",
    "mp_scale": "ebu",
    "pairs_a": "10",
}
SETUP_2 = {**SETUP, "stage": "2", "sec-A-choice": "mitchell|||", "sec-A-boards_per_round": "3"}
RULING = {"section": "A", "decision": "artificial", "board": "3", "ns": "1", "ew": "1", "ns_percent": "60"}
RULING["ew_percent"] = "40"
ASSIGNED = {"section": "A", "decision": "assigned", "board": "3", "ns": "1", "ew": "1", "contract": "4S"}
ASSIGNED |= {"declarer": "N", "tricks": "="}
LINE = {"line-0-ns": "1", "line-0-ew": "1", "line-0-contract": "4S", "line-0-declarer": "N", "line-0-tricks": "="}

# (name, url, valid base data, field, bad value, text expected on the page)
FORM_CASES: list[tuple[str, str, dict[str, str], str, str, str]] = [
    # New session, step 1 and step 2.
    ("setup", "/sessions/new/", SETUP, "pairs_a", "", "This field is required"),
    ("setup", "/sessions/new/", SETUP, "pairs_a", "-5", "greater than or equal to 3"),
    ("setup", "/sessions/new/", SETUP, "pairs_a", "0", "greater than or equal to 3"),
    ("setup", "/sessions/new/", SETUP, "pairs_a", HUGE, "less than or equal to 120"),
    ("setup", "/sessions/new/", SETUP, "pairs_a", "ten", "Enter a whole number"),
    ("setup", "/sessions/new/", SETUP, "pairs_a", "1e309", "Enter a whole number"),
    ("setup", "/sessions/new/", SETUP, "pairs_b", SQL, "Enter a whole number"),
    ("setup", "/sessions/new/", SETUP, "event_name", "", "This field is required"),
    ("setup", "/sessions/new/", SETUP, "event_name", LONG, "at most 160 characters"),
    ("setup", "/sessions/new/", SETUP, "session_name", LONG, "at most 120 characters"),
    ("setup", "/sessions/new/", SETUP, "date", HTML, "Enter a valid date"),
    ("setup", "/sessions/new/", SETUP, "date", "2026-02-30", "Enter a valid date"),
    ("setup", "/sessions/new/", SETUP, "date", "99999-01-01", "Enter a valid date"),
    ("setup", "/sessions/new/", SETUP, "scoring_method", SQL, "Select a valid choice"),
    ("setup", "/sessions/new/", SETUP, "mp_scale", UNICODE, "Select a valid choice"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-choice", HTML, "Select a valid choice"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-choice", "", "This field is required"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-boards_per_round", "0", "greater than or equal to 1"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-boards_per_round", HUGE, "less than or equal to 8"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-boards_per_round", "", "how many boards a round"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-rounds", "-1", "greater than or equal to 1"),
    ("setup-2", "/sessions/new/", SETUP_2, "sec-A-rounds", "abc", "Enter a whole number"),
    ("setup-2", "/sessions/new/", {**SETUP_2, "sec-A-rounds": "30"}, "sec-A-boards_per_round", "3", "rounds"),
    # Club members.
    ("member", "/members/", {"name": "Ann Other"}, "name", "", "This field is required"),
    ("member", "/members/", {"name": "Ann Other"}, "name", LONG, "at most 120 characters"),
    ("member", "/members/", {"name": "Ann Other"}, "email", HTML, "valid email"),
    ("member", "/members/", {"name": "Ann Other"}, "national_id", LONG, "at most 40 characters"),
    # Pairs & players.
    ("names", "/sessions/{pk}/entries/", {}, "e{entry}-player1", LONG, "at most 120 characters"),
    ("late", "/sessions/{other}/entries/late/", {"section": "A"}, "section", "Z", "Select a valid choice"),
    ("late", "/sessions/{other}/entries/late/", {"section": "A"}, "section", "", "This field is required"),
    ("late", "/sessions/{other}/entries/late/", {"section": "A"}, "player1", LONG, "at most 120 characters"),
    ("late", "/sessions/{pk}/entries/late/", {"section": "A"}, "player1", "Late", "can no longer be added"),
    # Rulings.
    ("ruling", "/sessions/{pk}/rulings/", RULING, "section", "Z", "Select a valid choice"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "decision", SQL, "Select a valid choice"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "board", "0", "greater than or equal to 1"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "board", "-3", "greater than or equal to 1"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "board", "abc", "Enter a whole number"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "board", HUGE, "no board"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "board", "999", "no board 999"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ns", "99", "99 does not play board 3"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ns", HTML, "at most 6 characters"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ew", UNICODE, "at most 6 characters"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ew", "2", "does not play"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ns_percent", "-5", "from 0 to 100"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ns_percent", "1e300", "from 0 to 100"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ns_percent", "1e309", "Enter a number"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ns_percent", "nan", "Enter a number"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ew_percent", "sixty", "Enter a number"),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "ew_percent", "", "both"),
    ("ruling", "/sessions/{pk}/rulings/", ASSIGNED, "contract", "9S", "1 to 7"),
    ("ruling", "/sessions/{pk}/rulings/", ASSIGNED, "contract", SQL, "at most 10 characters"),
    ("ruling", "/sessions/{pk}/rulings/", ASSIGNED, "contract", "4Z", "strain"),
    ("ruling", "/sessions/{pk}/rulings/", ASSIGNED, "declarer", "Q", "is not a seat"),
    ("ruling", "/sessions/{pk}/rulings/", ASSIGNED, "tricks", "+9", "there are only 13"),
    ("ruling", "/sessions/{pk}/rulings/", ASSIGNED, "tricks", "abc", "is not a result"),
    ("ruling", "/sessions/{pk}/rulings/", {**RULING, "decision": "weighted"}, "weighted", "60 4S N", "write weight"),
    ("ruling", "/sessions/{pk}/rulings/", {**RULING, "decision": "weighted"}, "weighted", "x 4S N =", "weight"),
    ("ruling", "/sessions/{pk}/rulings/", {**RULING, "decision": "weighted"}, "weighted", "60 4S N =", "100"),
    ("ruling", "/sessions/{pk}/rulings/", {**RULING, "decision": "weighted"}, "weighted", HTML, "write weight"),
    ("ruling", "/sessions/{pk}/rulings/", {"section": "A", "decision": "procedural_penalty"}, "entry", "99NS", "No"),
    ("ruling", "/sessions/{pk}/rulings/", {"section": "A", "decision": "procedural_penalty"}, "entry", HTML, "at most"),
    (
        "ruling",
        "/sessions/{pk}/rulings/",
        {"section": "A", "decision": "procedural_penalty", "entry": "1NS"},
        "penalty",
        "-1",
        "greater than or equal to 0",
    ),
    (
        "ruling",
        "/sessions/{pk}/rulings/",
        {"section": "A", "decision": "procedural_penalty", "entry": "1NS"},
        "penalty",
        "inf",
        "Enter a number",
    ),
    ("ruling", "/sessions/{pk}/rulings/", RULING, "law", LONG, "at most 40 characters"),
    # Typing results: a traveller and a pickup slip (and their live previews answer too).
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-contract", "8S", "1 to 7"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-contract", SQL, "at most 10 characters"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-contract", HTML, "at most 10 characters"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-contract", UNICODE, "is not a contract"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-tricks", "14", "between 0 and 13"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-tricks", "-14", "can go down at most 10"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-tricks", "+7", "there are only 13"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-tricks", "abc", "is not a result"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-declarer", "", "needs a declarer"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-declarer", "Q", "is not a seat"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-ns", "99", "no pair 99 in section A"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-ns", "-1", "no pair -1 in section A"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-ew", HUGE, "at most 6 characters"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-ew", "3", "plays board 3 against 1EW"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-score", "450", "scores 420"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-score", "abc", "is not a score"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", LINE, "line-0-score", HUGE, "at most 7 characters"),
    ("traveller", "/sessions/{pk}/A/traveller/3/", {**LINE, "line-1-ns": "1", "line-1-ew": "1"}, "line-1-contract",
     "3NT", "twice"),
    ("pickup", "/sessions/{pk}/A/pickup/1/1/", {}, "line-0-contract", "0NT", "1 to 7"),
    ("pickup", "/sessions/{pk}/A/pickup/1/1/", {"line-0-contract": "4S"}, "line-0-declarer", "", "declarer"),
    ("pickup", "/sessions/{pk}/A/pickup/1/1/", {"line-0-contract": "4S", "line-0-declarer": "N"}, "line-0-tricks",
     "99", "13"),
]  # fmt: skip


def _fill(text: str, ids: dict[str, int]) -> str:
    return text.format(**ids)


@pytest.mark.parametrize(
    ("name", "url", "base", "field", "value", "expected"),
    FORM_CASES,
    ids=[f"{c[0]}-{c[3]}-{c[4][:12]}" for c in FORM_CASES],
)
def test_bad_input_is_explained_and_nothing_is_saved(director_client, evening, name, url, base, field, value, expected):
    data: dict[str, Any] = {_fill(k, evening): v for k, v in base.items()}
    data[_fill(field, evening)] = value
    before = counts()
    results_before = list(Result.objects.order_by("pk").values())
    response = director_client.post(_fill(url, evening), data)
    assert response.status_code == 200, response.get("Location")
    html = response.content.decode()
    assert expected.lower() in html.lower()
    assert "<script>alert(1)</script>" not in html  # what was typed comes back escaped
    assert counts() == before
    assert list(Result.objects.order_by("pk").values()) == results_before


@pytest.mark.parametrize(
    ("url", "data", "status", "message"),
    [
        # A preview shows the lines with what is wrong in them (nothing is saved by a preview).
        ("/sessions/{pk}/A/traveller/3/preview/", {"line-0-contract": SQL, "line-0-tricks": HUGE}, 200, ""),
        ("/sessions/{pk}/A/pickup/1/1/preview/", {"line-0-contract": UNICODE, "line-1-score": LONG}, 200, ""),
        # The buttons post and go back to their page, which says why nothing changed.
        ("/sessions/{pk}/status/", {"status": HTML}, 302, "Unknown status"),
        ("/sessions/{pk}/rulings/999999/withdraw/", {}, 302, "already withdrawn"),
        ("/sessions/{pk}/rulings/" + HUGE + "/withdraw/", {}, 302, "already withdrawn"),
    ],
)
def test_posts_that_are_not_forms_never_write(director_client, evening, url, data, status, message):
    before = counts()
    response = director_client.post(_fill(url, evening), data)
    assert response.status_code == status
    assert counts() == before
    if status == 302:
        page = director_client.get(response["Location"])
        assert page.status_code == 200 and message in page.content.decode()


def test_withdrawing_a_ruling_twice_says_it_is_gone(director_client, evening):
    ruling = Ruling.objects.get()
    url = f"/sessions/{evening['pk']}/rulings/{ruling.pk}/withdraw/"
    assert director_client.post(url).status_code == 302
    before = counts()
    page = director_client.post(url, follow=True)
    assert page.status_code == 200 and "already withdrawn" in page.content.decode()
    assert counts() == before


def test_a_ruling_on_a_board_nobody_has_entered_yet(director_client, evening):
    """An adjusted score may come before the traveller: it makes the line, and the traveller shows it fixed."""
    response = director_client.post(f"/sessions/{evening['pk']}/rulings/", RULING)
    assert response.status_code == 302
    result = Result.objects.get(board__number=3)
    assert result.kind == "artificial" and result.ns_entry.label == "1NS"
    page = director_client.get(f"/sessions/{evening['pk']}/A/traveller/3/")
    assert page.status_code == 200 and "by ruling" in page.content.decode()


def test_a_double_submitted_traveller_saves_once(director_client, evening):
    url = f"/sessions/{evening['pk']}/A/traveller/3/"
    first = director_client.post(url, LINE)
    second = director_client.post(url, LINE)
    # The second post saves nothing and goes on to the next board, as the first did.
    assert first.status_code == 302 and second.status_code == 302
    assert first["Location"] == second["Location"] == f"/sessions/{evening['pk']}/A/traveller/4/"
    assert Result.objects.filter(board__number=3).count() == 1


def test_results_entered_after_a_late_pair_go_to_the_new_movement(director_client, evening):
    pk = evening["other"]
    director_client.post(f"/sessions/{pk}/entries/late/", {"section": "A", "player1": "Late", "player2": "Comer"})
    section = Section.objects.get(session_id=pk)
    assert section.entries.count() == 7
    late = section.entries.get(late=True)
    row = section.table_rounds.filter(ns_entry=late).first() or section.table_rounds.filter(ew_entry=late).first()
    page = director_client.get(f"/sessions/{pk}/A/pickup/{row.round}/{row.table}/")
    layout = page.context["layout"]
    typed = {f"line-{i}-contract": "2H" for i in range(len(row.boards))}
    typed |= {f"line-{i}-declarer": "E" for i in range(len(row.boards))}
    typed |= {f"line-{i}-tricks": "8" for i in range(len(row.boards))}
    response = director_client.post(f"/sessions/{pk}/A/pickup/{row.round}/{row.table}/", {"layout": layout, **typed})
    assert response.status_code == 302
    assert Result.objects.filter(table_round=row).count() == len(row.boards)
    again = director_client.post(f"/sessions/{pk}/entries/late/", {"section": "A", "player1": "Too", "player2": "Late"})
    assert again.status_code == 200 and "can no longer be added" in again.content.decode()


# Each address with the exact answer a director gets: 404 (our "not found" page) for what does not exist, 400
# for a NUL, 405 for a POST-only address, 302 where a typed board number leads to its page, else the page.
MALFORMED_URLS = [
    ("/sessions/999999/", 404),
    ("/sessions/" + HUGE + "/", 404),
    ("/sessions/{pk}/Z/traveller/", 404),
    ("/sessions/{pk}/Z/traveller/1/", 404),
    ("/sessions/{pk}/%C3%A9/pickup/", 404),
    ("/sessions/{pk}/A/traveller/0/", 404),
    ("/sessions/{pk}/A/traveller/999/", 404),
    ("/sessions/{pk}/A/traveller/" + HUGE + "/", 404),
    ("/sessions/{pk}/A/traveller/?board=" + HUGE, 302),
    ("/sessions/{pk}/A/traveller/?board=abc", 200),
    ("/sessions/{pk}/A/pickup/999/1/", 404),
    ("/sessions/{pk}/A/pickup/0/0/", 404),
    ("/sessions/{pk}/A/pickup/1/" + HUGE + "/", 404),
    ("/sessions/{other}/A/traveller/99/", 404),
    ("/sessions/{pk}/scorecards/" + HUGE + "/", 404),
    ("/sessions/{pk}/scorecards/999999/", 404),
    ("/sessions/{other}/scorecards/{entry}/", 404),  # a pair of another session
    ("/sessions/{pk}/standings/?section=Z&all-sort=nonsense&ns-sort=%00", 400),
    ("/sessions/{pk}/standings/?field=NS&_export=xlsx", 200),
    ("/sessions/{pk}/standings/?field=NS&_export=../../etc", 200),
    ("/sessions/{pk}/travellers/?board=abc", 200),
    ("/sessions/{pk}/travellers/?board=" + HUGE + "&_export=csv", 200),
    ("/sessions/{pk}/travellers/?board=1&_export=ods", 200),
    ("/sessions/{pk}/scorecards/{entry}/?_export=xls&sort=zzz", 200),
    ("/sessions/{pk}/scorecards/?section=%00", 400),
    ("/sessions/{pk}/audit/?page=abc", 200),
    ("/sessions/{pk}/audit/?page=-1", 200),
    ("/sessions/{pk}/audit/?page=" + HUGE, 200),
    ("/sessions/{pk}/rulings/?board=abc&section=Z&decision=zzz&ns=" + LONG[:200], 200),
    ("/members/?q=%00", 400),
    ("/members/?q=" + SQL, 200),
    ("/sessions/{pk}/A/traveller/1/preview/", 405),
    ("/sessions/{pk}/rulings/1/withdraw/", 405),
]


@pytest.mark.parametrize(("url", "status"), MALFORMED_URLS)
def test_malformed_urls_never_give_a_server_error(director_client, evening, url, status):
    before = counts()
    response = director_client.get(_fill(url, evening))
    assert response.status_code == status
    if "%00" in url:  # a NUL anywhere: a clear 400 naming where it is, before any view runs
        assert "contains a NUL character" in response.content.decode()
    elif status == 404:
        assert "Not found" in response.content.decode()
    elif status == 302:  # a board number too big for any board: its page says it does not exist
        assert director_client.get(response["Location"]).status_code == 404
    assert counts() == before


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("contract", "4Z", "strain"),
        ("declarer", "Q", "is not a seat"),
        ("declarer", "", "needs a declarer"),
        ("tricks", "+9", "there are only 13"),
        ("tricks", "abc", "is not a result"),
    ],
)
def test_an_assigned_score_error_is_at_the_field_typed(director_client, evening, field, value, message):
    page = director_client.post(f"/sessions/{evening['pk']}/rulings/", {**ASSIGNED, field: value})
    assert message in " ".join(page.context["form"].errors[field])
