"""The table API: a table's round, results sent once per client id, refusals with the field and a reason,
disagreements with the traveller kept beside it (409), withdrawn links and finished sessions (403)."""

import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.services.factories import make_session, section_a
from tournaments.core.limits import Limit
from tournaments.sessions.models import Result, Session
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import api as api_module
from tournaments.tableside import services
from tournaments.tableside.models import TableEntry, TableLink
from tournaments.tableside.state import move_words

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    """An 8-pair Mitchell: 4 tables, 4 rounds of 2 boards."""
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))


@pytest.fixture
def link(section):
    return services.issue_links(section)[0]


def post(client, token, **body):
    return client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")


def round_one(section, table=1):
    return section.table_rounds.get(round=1, table=table)


def test_the_table_sees_its_round_seats_and_boards(client, section, link):
    state = client.get(f"/api/table/{link.token}/").json()
    row = round_one(section)
    assert (state["section"], state["table"], state["round"], state["rounds"]) == ("A", 1, 1, 4)
    assert state["ns"]["pair"] == row.ns_entry.label and state["ew"]["pair"] == row.ew_entry.label
    assert [b["board"] for b in state["boards"]] == [int(b) for b in row.boards]
    assert all(b["result"] is None and b["dealer"] in "NESW" for b in state["boards"])


def test_a_result_is_stored_once_per_client_id_with_its_score_and_lead(client, section, link):
    board = int(round_one(section).boards[0])
    first = post(client, link.token, board=board, contract="4S", declarer="N", lead="HK", tricks=10, client_id="c-1")
    assert first.status_code == 201
    body = first.json()
    assert body["ns_score"] in (420, 620) and body["status"] == "accepted"
    again = post(client, link.token, board=board, contract="4S", declarer="N", lead="HK", tricks=10, client_id="c-1")
    assert again.status_code == 200 and again.json()["ns_score"] == body["ns_score"] and again.json()["repeat"]
    result = Result.objects.get(section=section, board__number=board)
    assert (result.contract, result.tricks, result.lead) == ("4S", 10, "HK")
    assert TableEntry.objects.count() == 1


def test_a_board_this_table_does_not_play_this_round_is_refused_with_where_it_is_played(client, section, link):
    later = section.table_rounds.get(round=3, table=1)
    board = int(later.boards[0])
    response = post(client, link.token, board=board, contract="3NT", declarer="S", tricks=9, client_id="x")
    assert response.status_code == 422
    problem = response.json()
    assert problem["field"] == "board"
    assert f"Table 1 plays board {board} in round 3, not now (round 1)." in problem["message"]
    assert f"Board {board} is played at table" in problem["message"]
    never = post(client, link.token, board=99, contract="3NT", declarer="S", tricks=9, client_id="y")
    assert never.status_code == 422 and "Table 1 does not play board 99" in never.json()["message"]
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"board": "²", "contract": "3NT", "declarer": "S", "tricks": 9}, "board"),
        ({"board": 1, "contract": "3NT", "declarer": "S", "tricks": "²"}, "tricks"),
        ({"board": 1, "contract": "3NT", "declarer": "S", "tricks": 14}, "tricks"),
        ({"board": 1, "contract": "8NT", "declarer": "S", "tricks": 9}, "contract"),
        ({"board": 1, "contract": "3NT", "declarer": "Q", "tricks": 9}, "declarer"),
        ({"board": 1, "contract": "3NT", "declarer": "S", "tricks": 9, "lead": "ZZ"}, "lead"),
        ({"board": 1, "contract": "3NT", "declarer": "S", "tricks": 9, "client_id": ""}, "client_id"),
        ({"board": 1, "contract": "3NT", "declarer": "S", "tricks": 9, "client_id": "a\x00b"}, "client_id"),
    ],
)
def test_bad_input_gets_422_with_the_field(client, section, link, body, field):
    body = {"client_id": "id-1", **body}
    if body["board"] == 1:
        body["board"] = int(round_one(section).boards[0])
    response = post(client, link.token, **body)
    assert response.status_code == 422, response.content
    assert response.json()["field"] == field and response.json()["message"]
    assert not Result.objects.exists() and not TableEntry.objects.exists()


def test_junk_json_gets_422_and_stores_nothing(client, link):
    response = client.post(f"/api/table/{link.token}/results", "{not json", content_type="application/json")
    assert response.status_code == 422 and "message" in response.json()
    missing = client.post(f"/api/table/{link.token}/results", "{}", content_type="application/json")
    assert missing.status_code == 422 and missing.json()["field"] in ("board", "contract", "client_id")
    assert not TableEntry.objects.exists()


def test_a_table_result_that_disagrees_with_the_traveller_is_kept_beside_it(client, section, link):
    row = round_one(section)
    board = int(row.boards[0])
    director = record_result(
        actor=None,
        section=section,
        board=board,
        ns=row.ns_entry.label,
        ew=row.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    response = post(client, link.token, board=board, contract="4S", declarer="N", tricks=10, client_id="t-1")
    assert response.status_code == 409
    body = response.json()
    assert body["yours"]["contract"] == "4S" and body["stored"]["contract"] == "3NT"
    director.refresh_from_db()
    assert director.contract == "3NT"  # nothing overwritten
    entry = TableEntry.objects.get()
    assert entry.status == "disputed" and entry.result_id == director.pk
    state = client.get(f"/api/table/{link.token}/").json()
    assert next(b for b in state["boards"] if b["board"] == board)["disputed"]
    agrees = post(client, link.token, board=int(row.boards[1]), contract="2H", declarer="E", tricks=8, client_id="t-2")
    assert agrees.status_code == 201
    record_same = post(client, link.token, board=board, contract="3NT", declarer="S", tricks=9, client_id="t-3")
    assert record_same.status_code == 201 and record_same.json()["status"] == "agrees"


def test_withdrawn_unknown_and_finished_links_are_refused(client, section, link):
    assert client.get("/api/table/nope/").status_code == 404
    fresh = services.revoke(actor=None, link=link, reissue=True)
    assert client.get(f"/api/table/{link.token}/").status_code == 403
    board = int(round_one(section).boards[0])
    assert (
        post(client, link.token, board=board, contract="3NT", declarer="S", tricks=9, client_id="z").status_code == 403
    )
    assert client.get(f"/api/table/{fresh.token}/").status_code == 200
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.FINISHED)
    finished = post(client, fresh.token, board=board, contract="3NT", declarer="S", tricks=9, client_id="z")
    assert finished.status_code == 403 and "finished" in finished.json()["message"]
    assert client.get(f"/t/{fresh.token}/").status_code == 403
    assert not Result.objects.exists()


def test_one_token_is_rate_limited(client, section, link, monkeypatch):
    monkeypatch.setattr(api_module, "TABLE_POSTS", Limit("table-posts", 5, 60))
    board = int(round_one(section).boards[0])
    codes = [
        post(client, link.token, board=board, contract="3NT", declarer="S", tricks=9, client_id=f"r{i}").status_code
        for i in range(8)
    ]
    assert codes[:5] == [201, 201, 201, 201, 201] and codes[5:] == [429, 429, 429]
    assert Result.objects.count() == 1  # the same board, five client ids: one result, the rest agree with it


def test_after_the_round_the_table_sees_the_move(client, section, link):
    row = round_one(section)
    for i, board in enumerate(row.boards):
        post(client, link.token, board=int(board), contract="1NT", declarer="N", tricks=7, client_id=f"m{i}")
    state = client.get(f"/api/table/{link.token}/").json()
    assert state["round"] == 2
    # The move is the one after round 1, shown with round 1's boards done; round 2 is now the current round.
    words = move_words(list(section.table_rounds.filter(round=2)), row)
    assert words.startswith("NS stay; EW go to table ") and "boards go to table" in words
    assert state["move"] == f"After round 1: {words}"
    # Once round 2's first board is in, the move is no longer news.
    row2 = section.table_rounds.get(round=2, table=1)
    post(client, link.token, board=int(row2.boards[0]), contract="1NT", declarer="N", tricks=7, client_id="r2")
    assert client.get(f"/api/table/{link.token}/").json()["move"] == ""


def test_the_openapi_schema_documents_the_table_api(client):
    schema = client.get("/api/schema/").json()
    assert "/api/table/{token}/" in schema["paths"] and "/api/table/{token}/results" in schema["paths"]


def test_table_links_command_prints_section_table_and_url(section, capsys):
    call_command("table_links", str(section.session_id), "--base-url", "https://club.example")
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 4 and lines[0].startswith("A\t1\thttps://club.example/t/")
    call_command("table_links", str(section.session_id), "--json")
    rows = json.loads(capsys.readouterr().out)
    tokens = {link.token for link in TableLink.objects.filter(revoked_at__isnull=True)}
    assert [r["table"] for r in rows] == [1, 2, 3, 4] and {r["url"].rsplit("/", 2)[-2] for r in rows} == tokens


def test_demo_no_results_sets_up_an_evening_ready_to_play(capsys):
    call_command("demo", "--tables", "3", "--movement", "mitchell", "--seed", "4", "--quick", "--no-results")
    session_id = int(capsys.readouterr().out.strip().splitlines()[-1])
    session = Session.objects.get(pk=session_id)
    assert not Result.objects.filter(section__session=session).exists()
    assert TableLink.objects.filter(section__session=session, revoked_at__isnull=True).count() == 3
    assert session.boards.exclude(deal="").count() == session.boards.count() > 0


def test_a_poll_costs_the_same_few_queries_at_4_tables_and_at_20(client):
    """Every phone polls every 5 s: the table state reads its own table, never the whole section."""
    counts = []
    for pairs in (8, 40):
        section = section_a(make_session(SectionSpec(pairs=pairs, kind="mitchell", boards_per_round=2)))
        token = services.issue_links(section)[0].token
        client.get(f"/api/table/{token}/")  # warm
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/api/table/{token}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12, counts


def test_a_lead_from_a_phone_goes_through_the_write_path_and_shows_on_the_traveller_at_once(
    client, director_client, section, link
):
    """The line is on the traveller without a lead; the table's phone sends the same line with one."""
    from tournaments.audit.models import AuditEntry
    from tournaments.sessions.models import Section

    board = int(round_one(section).boards[0])
    row = round_one(section)
    stored = record_result(
        actor=None,
        section=section,
        board=board,
        ns=row.ns_entry.label,
        ew=row.ew_entry.label,
        contract="4S",
        declarer="N",
        tricks=10,
    )
    version = Section.objects.get(pk=section.pk).version
    page = f"/sessions/{section.session_id}/travellers/?board={board}"
    before = director_client.get(page)
    assert before.status_code == 200 and "♥K" not in before.content.decode()
    etag = before["ETag"]
    assert director_client.get(page, HTTP_IF_NONE_MATCH=etag).status_code == 304

    sent = post(client, link.token, board=board, contract="4S", declarer="N", lead="HK", tricks=10, client_id="l-1")

    assert sent.status_code == 201 and sent.json()["status"] == "agrees"
    result = Result.objects.get(pk=stored.pk)
    assert (result.lead, result.version) == ("HK", stored.version + 1)
    assert Section.objects.get(pk=section.pk).version == version + 1
    entry = AuditEntry.objects.filter(target_type="result", target_id=stored.pk).order_by("-id").first()
    assert entry is not None and entry.action == "result.change"
    assert (entry.old["lead"], entry.new["lead"], entry.why) == ("", "HK", "Lead sent by table 1")
    after = director_client.get(page, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag and "♥K" in after.content.decode()
