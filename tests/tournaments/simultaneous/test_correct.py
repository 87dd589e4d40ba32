"""Correcting a club's line of a simultaneous from the web: versioned, audited, refused with words when wrong."""

from __future__ import annotations

import datetime as dt
import html
import re
from collections import defaultdict

import pytest
from django.template.defaultfilters import floatformat

import scoring
from tournaments.audit.models import AuditEntry
from tournaments.sessions.models import Result, Section, Session
from tournaments.sessions.services.sessions import set_status
from tournaments.simultaneous import services
from tournaments.simultaneous.demo import club_files
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 11, 23)


@pytest.fixture
def simul(director) -> Simultaneous:
    simul = services.create_simultaneous(actor=director, name="Web corrections", date=DAY, boards=6)
    services.import_club_files(actor=director, simul=simul, files=club_files(3, tables=3, boards=6))
    return simul


def club_and_line(simul: Simultaneous, board: int = 1) -> tuple[SimultaneousClub, Result]:
    member = SimultaneousClub.objects.filter(simultaneous=simul).order_by("id").first()
    assert member is not None
    line = Result.objects.filter(section__session=member.session, board__number=board, kind="played").first()
    assert line is not None
    return member, line


def field_percentages(simul: Simultaneous) -> dict[int, float]:
    """Every pair's field percentage, worked out here from the stored lines with the plain match-point scorer."""
    lines = Result.objects.filter(section__session__simultaneous_club__simultaneous=simul, kind="played")
    return _percentages(lines)


def club_percentages(member: SimultaneousClub) -> dict[int, float]:
    """The club's own percentages: the same, over the club's lines only (every board played as often)."""
    return _percentages(Result.objects.filter(section__session=member.session, kind="played"))


def _percentages(lines: object) -> dict[int, float]:
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in lines.select_related("board"):  # type: ignore[attr-defined]
        by_board[r.board.number].append(r)
    earned: dict[int, list[float]] = defaultdict(list)
    for board_lines in by_board.values():
        points = scoring.matchpoints([r.ns_score for r in board_lines])
        top = 2 * (len(board_lines) - 1)
        for r, p in zip(board_lines, points, strict=True):
            earned[r.ns_entry_id].append(100 * p / top)
            earned[r.ew_entry_id].append(100 - 100 * p / top)
    return {k: sum(v) / len(v) for k, v in earned.items()}


def row_of(page: str, table_id: str, label: str) -> str:
    """The text of the table row with a cell reading `label` (a pair's names: labels repeat from club to club)."""
    table = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    for row in re.findall(r"<tr>(.*?)</tr>", table, flags=re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
        if label in cells:
            return " | ".join(cells)
    raise AssertionError(f"no row for {label} in #{table_id}")


def reopen(director, member: SimultaneousClub) -> None:
    set_status(actor=director, session=member.session, status=Session.Status.PLAYING)


def test_the_director_picks_a_line_on_the_board_page_and_the_standings_follow(simul, director, director_client):
    member, line = club_and_line(simul)
    reopen(director, member)
    club_page = director_client.get(f"/simultaneous/{simul.pk}/clubs/{member.session_id}/").content.decode()
    assert f'/simultaneous/{simul.pk}/boards/1/?club={member.session_id}&amp;from=club"' in club_page
    from_club = director_client.get(f"/simultaneous/{simul.pk}/boards/1/?club={member.session_id}&from=club")
    assert f'href="/simultaneous/{simul.pk}/results/{line.pk}/?from=club"' in from_club.content.decode()
    board_page = director_client.get(f"/simultaneous/{simul.pk}/boards/1/?club={member.session_id}").content.decode()
    assert 'id="lines"' in board_page and f'href="/simultaneous/{simul.pk}/results/{line.pk}/"' in board_page
    url = f"/simultaneous/{simul.pk}/results/{line.pk}/"
    before = director_client.get(f"/simultaneous/{simul.pk}/standings/").content.decode()
    page = director_client.get(url).content.decode()
    assert f'name="version" value="{line.version}"' in page and 'id="stored-line"' in page
    section_version = Section.objects.get(pk=line.section_id).version
    done = director_client.post(
        url,
        {"version": line.version, "contract": "7nt", "declarer": "n", "tricks": "=", "lead": "sk", "why": "Slip"},
    )
    assert (
        done.status_code == 302 and done["Location"] == f"/simultaneous/{simul.pk}/boards/1/?club={member.session_id}"
    )
    line.refresh_from_db()
    assert (line.contract, line.declarer, line.tricks, line.lead) == ("7NT", "N", 13, "SK")
    assert line.ns_score == scoring.ns_score("7NT", "N", 13, 1)
    assert Section.objects.get(pk=line.section_id).version == section_version + 1
    audit = AuditEntry.objects.get(action="result.change", target_id=line.pk)
    assert audit.why == "Slip" and audit.new["contract"] == "7NT" and audit.old["contract"] != "7NT"
    # The overall standings and the club's show the figures scored again with the corrected line.
    field = field_percentages(simul)
    own = club_percentages(member)
    ns, ew = line.ns_entry, line.ew_entry
    overall = director_client.get(f"/simultaneous/{simul.pk}/standings/").content.decode()
    for entry in (ns, ew):
        names = html.escape(" & ".join(entry.players.order_by("seat").values_list("name", flat=True)))
        assert floatformat(field[entry.pk], 2) in row_of(overall, "overall", names).split(" | ")
        assert row_of(overall, "overall", names) != row_of(before, "overall", names)
    names = html.escape(" & ".join(ns.players.order_by("seat").values_list("name", flat=True)))
    club = director_client.get(f"/simultaneous/{simul.pk}/clubs/{member.session_id}/").content.decode()
    cells = row_of(club, "club-standings", names).split(" | ")
    assert floatformat(own[ns.pk], 2) in cells and floatformat(field[ns.pk], 2) in cells
    # The line's N-S took every match point on board 1 across the field.
    board_page = director_client.get(f"/simultaneous/{simul.pk}/boards/1/?club={member.session_id}").content.decode()
    assert "100.00" in row_of(board_page, "lines", ns.label)


def test_a_save_built_on_a_stale_page_is_refused_and_shown(simul, director, director_client):
    member, line = club_and_line(simul, board=2)
    reopen(director, member)
    url = f"/simultaneous/{simul.pk}/results/{line.pk}/"
    shown = line.version
    services.correct_result(actor=director, result=line, contract="3NT", declarer="S", tricks="+1", why="first")
    line.refresh_from_db()
    audits = AuditEntry.objects.count()
    refused = director_client.post(url, {"version": shown, "contract": "2S", "declarer": "E", "tricks": "8"})
    text = refused.content.decode()
    assert refused.status_code == 200
    assert "changed by director since the page was opened; nothing was saved" in text
    assert "It now reads" in text and "3NT+1 by S" in text
    after = Result.objects.get(pk=line.pk)
    assert (after.contract, after.declarer, after.version) == ("3NT", "S", line.version)
    assert AuditEntry.objects.count() == audits
    # The page now carries the stored version: saving again replaces the line knowingly.
    assert f'name="version" value="{line.version}"' in text
    again = director_client.post(url, {"version": line.version, "contract": "2S", "declarer": "E", "tricks": "8"})
    assert again.status_code == 302
    assert Result.objects.get(pk=line.pk).contract == "2S"


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"contract": "8NT", "declarer": "N", "tricks": "="}, "contract", ""),
        ({"contract": "4S", "declarer": "N", "tricks": "+4"}, "tricks", "trick"),
        ({"contract": "4S", "declarer": "Q", "tricks": "="}, "declarer", ""),
        ({"contract": "4S", "declarer": "", "tricks": "="}, "declarer", "needs a declarer"),
        ({"contract": "4S", "declarer": "N", "tricks": "=", "score": "999"}, "score", "leave the score blank"),
        ({"contract": "4S", "declarer": "N", "tricks": "=", "score": "lots"}, "score", "is not a score"),
        ({"contract": "", "score": ""}, "contract", "score-only"),
        ({"contract": "", "score": "425"}, "score", "tens"),
        ({"contract": "4S", "declarer": "N", "tricks": "=", "lead": "ZZ"}, "lead", "such as SK"),
        ({"contract": "4S", "declarer": "N", "tricks": "=", "why": "bad\x07why"}, "why", "control character"),
    ],
)
def test_bad_input_is_shown_at_its_field_and_nothing_is_written(simul, director, director_client, data, field, words):
    member, line = club_and_line(simul)
    reopen(director, member)
    audits = AuditEntry.objects.count()
    response = director_client.post(f"/simultaneous/{simul.pk}/results/{line.pk}/", {"version": line.version, **data})
    text = response.content.decode()
    assert response.status_code == 200 and f'id="id_{field}_error"' in text and words in text
    after = Result.objects.get(pk=line.pk)
    assert (after.version, after.contract, after.ns_score) == (line.version, line.contract, line.ns_score)
    assert AuditEntry.objects.count() == audits


def test_a_score_only_line_and_a_finished_club(simul, director, director_client):
    member, line = club_and_line(simul, board=3)
    url = f"/simultaneous/{simul.pk}/results/{line.pk}/"
    finished = director_client.post(url, {"version": line.version, "contract": "", "score": "-200"})
    assert finished.status_code == 200 and "marked finished" in finished.content.decode()
    assert f'href="{member.session.get_absolute_url()}" id="club-session"' in finished.content.decode()
    assert Result.objects.get(pk=line.pk).version == line.version
    reopen(director, member)
    done = director_client.post(f"{url}?from=club", {"version": line.version, "contract": "", "score": "-200"})
    assert done["Location"] == f"/simultaneous/{simul.pk}/clubs/{member.session_id}/"
    after = Result.objects.get(pk=line.pk)
    assert (after.contract, after.declarer, after.tricks, after.ns_score) == ("", "", None, -200)


def test_only_directors_correct_and_only_lines_of_this_simultaneous(simul, director, client, role_user):
    member, line = club_and_line(simul)
    other = services.create_simultaneous(actor=director, name="Other", date=DAY, boards=6)
    client.force_login(role_user("player"))
    url = f"/simultaneous/{simul.pk}/results/{line.pk}/"
    assert client.get(url).status_code == 403
    assert client.post(url, {"version": line.version, "contract": "PASS"}).status_code == 403
    assert (
        "Correct</a>" not in client.get(f"/simultaneous/{simul.pk}/boards/1/?club={member.session_id}").content.decode()
    )
    client.force_login(director)
    assert client.get(f"/simultaneous/{other.pk}/results/{line.pk}/").status_code == 404
    assert Result.objects.get(pk=line.pk).version == line.version
