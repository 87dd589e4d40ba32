"""Typing results in the browser: a traveller or a pickup slip saved whole, errors at the field, live scores."""

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.rulings import apply_ruling
from tournaments.sessions.services.sessions import SectionSpec

pytestmark = pytest.mark.django_db

# 8-pair relay Mitchell, 3 boards a round. Board 1's traveller: round 1 tables 1 and 4 (the relay), then
# rounds 2-4 at the other tables, in the movement's order.


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))


def url(section, tail):
    return f"/sessions/{section.session_id}/A/{tail}"


def lines(data):
    out = {}
    for i, line in enumerate(data):
        for key, value in line.items():
            out[f"line-{i}-{key}"] = value
    return out


def traveller_prefill(client, section, board):
    page = client.get(url(section, f"traveller/{board}/"))
    return [(f.initial["ns"], f.initial["ew"]) for f in (line.form for line in page.context["lines"])]


def test_traveller_lists_the_movement_rows_in_order_and_saves_all(director_client, section):
    pairs = traveller_prefill(director_client, section, 1)
    assert len(pairs) == 4 and pairs[0] == ("1", "1")
    typed = [
        {"ns": ns, "ew": ew, "contract": c, "declarer": d, "tricks": t}
        for (ns, ew), (c, d, t) in zip(
            pairs, [("4S", "N", "="), ("4S", "N", "+1"), ("3NT", "S", "9"), ("pass", "", "")], strict=True
        )
    ]
    response = director_client.post(url(section, "traveller/1/"), lines(typed))
    assert response.status_code == 302 and response["Location"].endswith("/traveller/2/")
    assert sorted(Result.objects.values_list("ns_score", flat=True)) == [0, 400, 420, 450]


@pytest.mark.parametrize(
    ("line", "field", "message"),
    [
        ({"ew": "3"}, "ew", "1NS plays board 1 against 1EW"),
        ({"contract": "4SXXX"}, "contract", "strain must be"),
        ({"tricks": "14"}, "tricks", "between 0 and 13"),
        ({"score": "450"}, "score", "scores 420"),
        ({"declarer": ""}, "declarer", "needs a declarer"),
    ],
)
def test_an_error_is_shown_at_its_field_and_nothing_is_saved(director_client, section, line, field, message):
    good = {"ns": "1", "ew": "1", "contract": "4S", "declarer": "N", "tricks": "="}
    second = {"ns": "4", "ew": "4", "contract": "3NT", "declarer": "S", "tricks": "9"}
    page = director_client.post(url(section, "traveller/1/"), lines([{**good, **line}, second]))
    assert page.status_code == 200
    form = page.context["lines"][0].form
    assert message in " ".join(form.errors[field])
    assert "Nothing saved" in page.content.decode()
    assert f"line-0-{field}" in page.content.decode()
    assert not Result.objects.exists()


def test_the_same_board_twice_on_one_traveller(director_client, section):
    same = {"ns": "1", "ew": "1", "contract": "4S", "declarer": "N", "tricks": "="}
    page = director_client.post(url(section, "traveller/1/"), lines([same, same]))
    assert "entered twice" in " ".join(page.context["lines"][1].form.errors["ns"])
    assert not Result.objects.exists()


def test_editing_a_traveller_changes_and_clears_lines_with_the_reason(director_client, section):
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    record_result(actor=None, section=section, board=1, ns="4", ew="4", contract="4S", declarer="N", tricks="=")
    page = director_client.get(url(section, "traveller/1/"))
    first = page.context["lines"][0].form.initial
    assert (first["contract"], first["declarer"], first["tricks"]) == ("4S", "N", "=")
    data = lines(
        [
            {"ns": "1", "ew": "1", "contract": "4S", "declarer": "N", "tricks": "-1"},
            {"ns": "4", "ew": "4", "contract": "", "declarer": "", "tricks": ""},
        ]
    )
    director_client.post(url(section, "traveller/1/"), {**data, "why": "slip misread"})
    assert list(Result.objects.values_list("ns_entry__label", "ns_score")) == [("1NS", -50)]


def test_a_line_adjusted_by_a_ruling_is_shown_not_editable(director_client, section):
    apply_ruling(
        actor=None, section=section, decision="artificial", board_number=1, ns="1", ew="1", ns_percent=60, ew_percent=40
    )
    page = director_client.get(url(section, "traveller/1/"))
    assert page.context["lines"][0].form is None
    assert "Artificial adjusted score by ruling" in page.content.decode()


def test_live_preview_shows_the_score_or_the_problem(director_client, section):
    data = lines(
        [
            {"ns": "1", "ew": "1", "contract": "4S", "declarer": "N", "tricks": "+1"},
            {"ns": "4", "ew": "4", "contract": "4S", "declarer": "N", "tricks": "=", "score": "620"},
        ]
    )
    html = director_client.post(url(section, "traveller/1/preview/"), data).content.decode()
    assert 'id="preview-line-0" class="computed" hx-swap-oob="true">450<' in html
    assert 'id="preview-line-1" class="computed flag"' in html and "scores 420" in html
    assert not Result.objects.exists()


def test_pickup_slip_saves_the_boards_of_one_table_and_round(director_client, section):
    page = director_client.get(url(section, "pickup/2/3/"))
    row = page.context["row"]
    assert [line.board for line in page.context["lines"]] == list(row.boards)
    typed = [{"contract": "2H", "declarer": "E", "tricks": "8"} for _ in row.boards]
    response = director_client.post(url(section, "pickup/2/3/"), lines(typed))
    assert response["Location"].endswith("/pickup/2/4/")
    saved = Result.objects.filter(table_round=row)
    assert saved.count() == 3 and set(saved.values_list("ns_score", flat=True)) == {-110}


@pytest.mark.parametrize(
    ("tail", "status"),
    [("traveller/99/", 404), ("pickup/9/9/", 404), ("traveller/1/preview/", 405)],  # a preview is POST only
)
def test_unknown_boards_and_tables_are_not_found_not_errors(director_client, section, tail, status):
    response = director_client.get(url(section, tail))
    assert response.status_code == status
    if status == 404:
        assert "Not found" in response.content.decode()


def test_a_line_links_to_a_ruling_form_filled_in_for_it(director_client, section):
    page = director_client.get(url(section, "traveller/1/")).content.decode()
    link = f"/sessions/{section.session_id}/rulings/?section=A&amp;board=1&amp;ns=1NS&amp;ew=1EW"
    assert link in page
    form = director_client.get(link.replace("&amp;", "&")).context["form"]
    assert (form["board"].value(), form["ns"].value(), form["ew"].value()) == ("1", "1NS", "1EW")


def test_over_long_text_is_refused_and_never_taken_for_a_cleared_line(director_client, section):
    record_result(actor=None, section=section, board=1, ns="1", ew="1", contract="4S", declarer="N", tricks="=")
    data = lines([{"ns": "1", "ew": "1", "contract": "4S" * 20, "declarer": "", "tricks": ""}])
    page = director_client.post(url(section, "traveller/1/"), data)
    assert page.status_code == 200
    assert "at most 10 characters" in " ".join(page.context["lines"][0].form.errors["contract"])
    assert Result.objects.get().contract == "4S"


def test_a_traveller_opened_before_a_ruling_is_not_saved_onto_the_wrong_lines(director_client, section):
    """Line 0 gets a ruling after the page was opened: what was typed for line 1 must not land on line 0's row."""
    page = director_client.get(url(section, "traveller/1/"))
    layout = page.context["layout"]
    pairs = [(f.initial["ns"], f.initial["ew"]) for f in (line.form for line in page.context["lines"])]
    apply_ruling(
        actor=None, section=section, decision="artificial", board_number=1, ns="1", ew="1", ns_percent=60, ew_percent=40
    )
    typed = [{"ns": ns, "ew": ew, "contract": "3NT", "declarer": "S", "tricks": "="} for ns, ew in pairs]
    response = director_client.post(url(section, "traveller/1/"), {"layout": layout, **lines(typed)})
    assert response.status_code == 200
    assert "the lines of this page changed since it was opened" in response.content.decode()
    assert list(Result.objects.values_list("kind", flat=True)) == ["artificial"]
    # The page now carries the new layout: typed again, it saves.
    fresh = response.context["layout"]
    assert fresh != layout
    typed = [{"ns": ns, "ew": ew, "contract": "3NT", "declarer": "S", "tricks": "="} for ns, ew in pairs[1:]]
    response = director_client.post(url(section, "traveller/1/"), {"layout": fresh, **lines(typed)})
    assert response.status_code == 302
    assert Result.objects.filter(kind="played").count() == 3


def test_a_pickup_slip_opened_before_a_late_pair_changed_the_movement_saves_nothing(director_client):
    """8 pairs become 9 with a late pair: most rows of the movement get other pairs or boards."""
    from tournaments.sessions.services.sessions import add_late_pair

    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=3)))
    before = {(r.round, r.table): r for r in section.table_rounds.all()}
    opened = {}
    for (rnd, table), row in before.items():
        if row.ns_entry_id and row.ew_entry_id:
            opened[(rnd, table)] = director_client.get(url(section, f"pickup/{rnd}/{table}/")).context["layout"]
    add_late_pair(actor=None, section=section, names=["Late", "Comer"])
    changed = 0
    for (rnd, table), layout in opened.items():
        now = director_client.get(url(section, f"pickup/{rnd}/{table}/"))
        same = now.status_code == 200 and now.context["layout"] == layout
        before_post = Result.objects.count()
        response = director_client.post(
            url(section, f"pickup/{rnd}/{table}/"),
            {"layout": layout, **lines([{"contract": "2H", "declarer": "E", "tricks": "8"}] * 3)},
        )
        if same:  # the slip still shows the same lines: it saves and goes on
            assert response.status_code == 302
        else:  # the page again, as it is now, saying why nothing was saved
            assert response.status_code == 200
            assert "Nothing saved: the lines of this page changed" in response.content.decode()
            assert Result.objects.count() == before_post
            changed += 1
    # Whatever the movement kept the same saves; a slip whose lines changed saves nothing.
    saved_rows = {(r.table_round.round, r.table_round.table) for r in Result.objects.select_related("table_round")}
    assert changed > 0 and changed + len(saved_rows) == len(opened)
