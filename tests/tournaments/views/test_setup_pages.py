"""Setting up in the browser: pairs present -> suggested movements -> session; names; late pairs; members."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Entry, Member, Session
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db

SETUP = {
    "event_name": "Tuesday pairs",
    "session_name": "Evening",
    "date": "2026-11-17",
    "scoring_method": "mp",
    "mp_scale": "ebu",
    "pairs_a": "14",
}


def test_pairs_present_give_suggested_movements_then_a_session(director_client):
    page = director_client.post("/sessions/new/", {**SETUP, "stage": "1"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'value="mitchell||7|' in html or 'value="mitchell||' in html
    assert "Howell" in html and "Mitchell" in html
    choice = page.context["sections"][0][2].fields["choice"].choices[0][0]
    created = director_client.post("/sessions/new/", {**SETUP, "stage": "2", "sec-A-choice": choice})
    session = Session.objects.get()
    assert created.status_code == 302 and created["Location"] == f"/sessions/{session.pk}/entries/"
    section = section_a(session)
    kind, _variant, rounds, bpr = choice.split("|")
    assert (section.movement_kind, section.rounds, section.boards_per_round) == (kind, int(rounds), int(bpr))
    assert section.entries.count() == 14


def test_two_sections_and_my_own_movement(director_client):
    director_client.post(
        "/sessions/new/",
        {
            **SETUP,
            "pairs_b": "9",
            "stage": "2",
            "sec-A-choice": "mitchell|||",
            "sec-A-boards_per_round": "3",
            "sec-B-choice": "howell|||",
            "sec-B-boards_per_round": "3",
            "sec-B-rounds": "8",
        },
    )
    session = Session.objects.get()
    a, b = session.sections.order_by("letter")
    assert (a.movement_kind, a.tables, a.rounds, a.boards_per_round) == ("mitchell", 7, 7, 3)
    assert (b.movement_kind, b.tables, b.rounds, b.boards_per_round) == ("howell", 5, 8, 3)


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({**SETUP, "stage": "1", "pairs_a": "2"}, "pairs_a", "greater than or equal to 3"),
        ({**SETUP, "stage": "1", "date": "tomorrow"}, "date", "valid date"),
    ],
)
def test_bad_setup_input_is_shown_at_its_field(director_client, data, field, message):
    page = director_client.post("/sessions/new/", data)
    assert page.status_code == 200
    assert message in " ".join(page.context["setup"].errors[field])
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("choice", "extra", "message"),
    [
        ("mitchell|||", {"sec-A-boards_per_round": "3", "sec-A-rounds": "12"}, "at most 7 rounds"),
        ("mitchell|||", {}, "how many boards a round"),
    ],
)
def test_a_movement_that_cannot_be_made_is_explained_at_the_section(director_client, choice, extra, message):
    page = director_client.post("/sessions/new/", {**SETUP, "stage": "2", "sec-A-choice": choice, **extra})
    assert page.status_code == 200
    form = page.context["sections"][0][2]
    assert message in str(form.errors)
    assert not Session.objects.exists()


def test_names_typed_or_picked_from_members(director_client):
    session = make_session()
    member = Member.objects.create(name="Zia Mahmood", national_id="1234")
    entry = section_a(session).entries.get(label="2EW")
    page = director_client.get(f"/sessions/{session.pk}/entries/")
    assert '<option value="Zia Mahmood">' in page.content.decode()
    response = director_client.post(
        f"/sessions/{session.pk}/entries/", {f"e{entry.pk}-player1": "Zia Mahmood", f"e{entry.pk}-player2": "Ann Other"}
    )
    assert response.status_code == 302
    players = list(entry.players.order_by("seat"))
    assert [(p.name, p.member_id) for p in players] == [("Zia Mahmood", member.pk), ("Ann Other", None)]
    assert AuditEntry.objects.filter(action="entry.players", target_id=entry.pk).exists()


def test_late_pair_from_the_entries_page(director_client):
    session = make_session(SectionSpec(pairs=7, kind="mitchell", boards_per_round=3))
    response = director_client.post(
        f"/sessions/{session.pk}/entries/late/", {"section": "A", "player1": "Late", "player2": "Comer"}, follow=True
    )
    assert "Pair 4NS added to section A" in response.content.decode()
    assert Entry.objects.get(label="4NS").late


def test_member_quick_search_live_partial(director_client):
    for name in ("Helen Sobel", "Charles Goren", "Helmut Lang"):
        Member.objects.create(name=name)
    page = director_client.get("/members/?q=hel", HTTP_HX_REQUEST="true")
    html = page.content.decode()
    assert "Helen Sobel" in html and "Helmut Lang" in html and "Goren" not in html
    assert "<html" not in html  # the partial only
    director_client.post("/members/", {"name": "Bob Hamman", "national_id": "", "email": ""})
    assert Member.objects.filter(name="Bob Hamman").exists()


def test_pages_need_a_login(client):
    session = make_session()
    for url in ("/sessions/new/", f"/sessions/{session.pk}/", f"/sessions/{session.pk}/standings/", "/members/"):
        assert client.get(url).status_code == 302


@pytest.mark.parametrize(
    ("status", "expect"), [("finished", "finished"), ("playing", "playing"), ("nonsense", "setup")]
)
def test_the_director_marks_the_session_finished_or_reopens_it(director_client, status, expect):
    session = make_session()
    director_client.post(f"/sessions/{session.pk}/status/", {"status": status})
    session.refresh_from_db()
    assert session.status == expect
    assert AuditEntry.objects.filter(action="session.status").exists() is (status != "nonsense")


def test_home_lists_the_sessions_with_their_tables(director_client):
    session = make_session(
        SectionSpec(pairs=14, kind="mitchell", boards_per_round=3),
        SectionSpec(pairs=8, kind="howell", boards_per_round=2),
    )
    page = director_client.get("/")
    html = page.content.decode()
    assert f'href="/sessions/{session.pk}/"' in html and "/sessions/new/" in html
    assert next(iter(page.context["sessions"])).table_count == 11  # 7 + 4 tables


def test_each_section_is_entered_and_ranked_on_its_own(director_client):
    session = make_session(
        SectionSpec(pairs=8, kind="mitchell", boards_per_round=3),
        SectionSpec(pairs=8, kind="howell", boards_per_round=2),
    )
    b = session.sections.get(letter="B")
    page = director_client.get(f"/sessions/{session.pk}/B/traveller/1/")
    ns, ew = page.context["lines"][0].form.initial["ns"], page.context["lines"][0].form.initial["ew"]
    data = {"line-0-ns": ns, "line-0-ew": ew, "line-0-contract": "3NT", "line-0-declarer": "S", "line-0-tricks": "10"}
    director_client.post(f"/sessions/{session.pk}/B/traveller/1/", data)
    assert b.results.get().ns_score == 430
    assert not session.sections.get(letter="A").results.exists()
    standings = director_client.get(f"/sessions/{session.pk}/standings/?section=B")
    assert standings.context["section"] == b and [f["key"] for f in standings.context["fields"]] == [""]


def test_ten_pairs_see_the_standard_howell_first_and_named(director_client):
    page = director_client.post("/sessions/new/", {**SETUP, "pairs_a": "10", "stage": "1"})
    choices = page.context["sections"][0][2].fields["choice"].choices
    value, label = choices[0]
    assert value == "howell|standard|9|3"
    assert label.startswith("Standard 5-table Howell: the published movement;")
    assert "4 bye stands between tables 1 and 5" in label
    assert any(v == "howell||9|3" and lbl.startswith("Howell: ") for v, lbl in choices[1:])  # the generated one
    html = page.content.decode()
    assert html.index("Standard 5-table Howell") < html.index("Howell: one winner")
    created = director_client.post("/sessions/new/", {**SETUP, "pairs_a": "10", "stage": "2", "sec-A-choice": value})
    assert created.status_code == 302
    section = section_a(Session.objects.get())
    assert (section.movement_kind, section.movement_variant, section.tables, section.rounds) == (
        "howell",
        "standard",
        5,
        9,
    )


def test_fourteen_pairs_see_unusual_mitchells_marked_after_the_usual_ones(director_client):
    page = director_client.post("/sessions/new/", {**SETUP, "stage": "1"})
    labels = [label for _, label in page.context["sections"][0][2].fields["choice"].choices]
    suggested = labels[:-2]  # the last two are "as I set it below"
    marked = [i for i, label in enumerate(suggested) if ": unusual: " in label]
    assert marked and marked == list(range(marked[0], len(suggested)))  # only at the end
    assert not any("3 rounds of 8" in label for label in suggested[: marked[0]])
    html = page.content.decode()
    assert "unusual: each pair meets only" in html
    assert html.count('class="choice unusual"') == len(marked)
