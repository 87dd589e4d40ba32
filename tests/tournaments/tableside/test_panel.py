"""The director's live panel: the grid of tables by rounds, and the tables that are behind the room."""

import json

import pytest
from django.urls import reverse

from tests.tournaments.services.factories import make_session, section_a
from tournaments.sessions.services.sessions import SectionSpec
from tournaments.tableside import services
from tournaments.tableside.selectors import grid_of

pytestmark = pytest.mark.django_db


def play(client, section, table: int, rounds: range) -> None:
    """Send every board of `rounds` at `table` through the table API, as its phone would."""
    token = next(link.token for link in services.issue_links(section) if link.table == table)
    for rnd in rounds:
        for board in section.table_rounds.get(round=rnd, table=table).boards:
            body = {"board": int(board), "contract": "2S", "declarer": "N", "tricks": 8, "client_id": f"{rnd}-{board}"}
            answer = client.post(f"/api/table/{token}/results", json.dumps(body), content_type="application/json")
            assert answer.status_code == 201, answer.json()


def test_a_table_still_on_an_earlier_round_than_the_room_is_shown_as_behind(client, director_client):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    for table in (1, 2, 3):
        play(client, section, table, range(1, 3))
    grid = grid_of(section)
    assert grid.playing == 3 and grid.slow == [(4, 1)]
    assert [cells[:2] for _t, cells, _tok in grid.rows] == [["in", "in"]] * 3 + [["missing", "missing"]]
    page = director_client.get(reverse("tableside:panel", args=[section.session_id])).content.decode()
    assert "<strong>Behind:</strong> table 4 (round 1), while most tables play round 3." in page
    play(client, section, 4, range(1, 3))
    assert grid_of(section).slow == []


def test_one_fast_table_does_not_make_the_others_slow(client):
    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    play(client, section, 1, range(1, 2))
    assert grid_of(section).slow == []


def test_links_and_settings_are_made_when_the_session_is_set_up_and_the_panel_only_reads_them(director_client):
    from tournaments.audit.models import AuditEntry
    from tournaments.tableside.models import TableLink, TableSettings

    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    assert sorted(TableLink.objects.filter(section=section).values_list("table", flat=True)) == [1, 2, 3, 4]
    assert TableSettings.objects.filter(section=section).count() == 1
    TableLink.objects.filter(section=section).delete()  # a session set up before links were made at set-up
    url = reverse("tableside:panel", args=[section.session_id])
    assert "Give every table a link" in director_client.get(url).content.decode()
    assert not TableLink.objects.filter(section=section).exists()
    action = reverse("tableside:action", args=[section.session_id])
    assert director_client.post(action, {"action": "links"}).status_code == 302
    assert TableLink.objects.filter(section=section, revoked_at__isnull=True).count() == 4
    version = type(section).objects.get(pk=section.pk).version
    form = {"action": "settings", "section": section.pk, f"s{section.pk}-traveller": "on"}
    assert director_client.post(action, form).status_code == 302
    settings = TableSettings.objects.get(section=section)
    assert (settings.opponents_confirm, settings.show_traveller) == (False, True)
    assert type(section).objects.get(pk=section.pk).version == version + 1
    entry = AuditEntry.objects.filter(action="table.settings").get()
    # Every choice is audited; the form sent only the traveller's box, so the others it shows went off.
    assert entry.old == {name: getattr(TableSettings(), name) for name in services.SETTING_CHOICES}
    assert (entry.old["opponents_confirm"], entry.new["opponents_confirm"]) == (True, False)
    assert entry.new["show_traveller"] is True


def test_the_panel_writes_each_tables_row_and_link_as_the_template_did(client, director_client):
    from tournaments.tableside.models import TableLink
    from tournaments.tableside.selectors import table_url, table_urls

    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    play(client, section, 1, range(1, 3))
    play(client, section, 2, range(1, 3))
    play(client, section, 3, range(1, 3))
    links = list(TableLink.objects.filter(section=section, revoked_at__isnull=True).order_by("table"))
    assert table_urls(links) == [table_url(link) for link in links] and table_urls([]) == []
    page = director_client.get(reverse("tableside:panel", args=[section.session_id])).content.decode()
    assert '<tr><th>1</th><td class="cell-in" title="in">✓</td><td class="cell-in" title="in">✓</td>' in page
    assert '<tr><th>4 <span class="error" title="behind">⏱</span></th><td class="cell-missing" title="missing">' in page
    for link in links:
        url = table_url(link)
        assert f'Table {link.table}: <a href="{url}">{url}</a>' in page
        assert f'<input type="hidden" name="link" value="{link.pk}"><button name="action" value="reissue">' in page
    assert page.count('name="csrfmiddlewaretoken"') >= len(links)


@pytest.mark.django_db(transaction=True)  # outside a transaction, as a page reads it: inside one it is never kept
def test_the_grid_is_kept_at_the_sections_version_and_read_afresh_after_a_write(client, django_assert_num_queries):
    from tournaments.sessions.models import Section

    section = section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))
    first = grid_of(section)
    with django_assert_num_queries(1):  # the section's version; the grid comes from the cache
        again = grid_of(section)
    assert (again.rounds, again.rows, again.slow, again.playing) == (first.rounds, first.rows, [], first.playing)
    version = Section.objects.get(pk=section.pk).version
    play(client, section, 1, range(1, 2))  # every table result bumps the version: the kept grid is not answered
    assert Section.objects.get(pk=section.pk).version > version
    assert grid_of(section).rows[0][1][0] == "in"
