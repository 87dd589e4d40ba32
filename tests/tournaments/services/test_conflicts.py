"""No silent overwrite: a save built on a line that changed since its page was opened is refused for that line
and shown beside what is stored; untouched lines are never written; a finished session is locked."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.tournaments.services.factories import make_session, section_a
from tournaments.audit.models import AuditEntry
from tournaments.core.errors import DomainError
from tournaments.sessions.models import Result, Section
from tournaments.sessions.services.results import (
    FinishedSessionError,
    LineInput,
    ResultEntryError,
    record_result,
    save_lines_checked,
)
from tournaments.sessions.services.rulings import apply_ruling, withdraw_ruling
from tournaments.sessions.services.sessions import SectionSpec, add_late_pair, set_players, set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return section_a(make_session(SectionSpec(pairs=8, kind="mitchell", boards_per_round=2)))


def rows_of(section, board=1):
    rows = section.table_rounds.select_related("ns_entry", "ew_entry")
    return sorted((r for r in rows if board in [int(b) for b in r.boards]), key=lambda r: r.round)


def line(row, board, contract, declarer, tricks, *, version, result_id=None):
    return LineInput(
        board, row.ns_entry.label, row.ew_entry.label, contract, declarer, tricks, version=version, result_id=result_id
    )


def test_a_save_built_on_an_old_version_is_refused_for_that_line_only(section):
    first, second = rows_of(section)[:2]
    stored = record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    # Director A changes line 1 (version 1 -> 2).
    a = save_lines_checked(
        actor=None, section=section, lines=[line(first, 1, "4S", "N", "10", version=1, result_id=stored.pk)]
    )
    assert not a.conflicts and Result.objects.get(pk=stored.pk).version == 2
    # Director B opened the page before: changes line 1 too and fills line 2.
    b = save_lines_checked(
        actor=None,
        section=section,
        lines=[
            line(first, 1, "2H", "E", "8", version=1, result_id=stored.pk),
            line(second, 1, "1NT", "N", "7", version=0),
        ],
    )
    assert [c.index for c in b.conflicts] == [0]
    assert b.conflicts[0].stored.contract == "4S"
    assert Result.objects.get(pk=stored.pk).contract == "4S"  # A's line stands
    assert Result.objects.get(board__number=1, ns_entry=second.ns_entry).contract == "1NT"  # B's other line kept


def test_all_or_nothing_saves_nothing_when_a_line_conflicts(section):
    first, second = rows_of(section)[:2]
    stored = record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    report = save_lines_checked(
        actor=None,
        section=section,
        all_or_nothing=True,
        lines=[
            line(first, 1, "2H", "E", "8", version=0),  # the page showed an empty line: someone filled it meanwhile
            line(second, 1, "1NT", "N", "7", version=0),
        ],
    )
    assert [c.index for c in report.conflicts] == [0] and report.saved == [None, None]
    assert Result.objects.filter(section=section).count() == 1 and Result.objects.get(pk=stored.pk).version == 1


def test_a_line_removed_meanwhile_is_a_conflict_not_a_resurrection(section):
    first = rows_of(section)[0]
    stored = record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    stored_pk = stored.pk
    save_lines_checked(actor=None, section=section, lines=[LineInput(1, result_id=stored_pk, version=1)])
    report = save_lines_checked(
        actor=None, section=section, lines=[line(first, 1, "4S", "N", "10", version=1, result_id=stored_pk)]
    )
    assert report.conflicts and report.conflicts[0].stored is None
    assert not Result.objects.filter(section=section).exists()


def test_every_write_bumps_the_section_version(section, director):
    def version():
        return Section.objects.get(pk=section.pk).version

    start = version()
    first = rows_of(section)[0]
    result = record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    assert version() == start + 1
    ruling = apply_ruling(
        actor=director,
        section=section,
        decision="artificial",
        result=result,
        ns_percent=60,
        ew_percent=40,
        law="12C",
        facts="slow play",
    )
    assert version() == start + 2
    withdraw_ruling(actor=director, ruling=ruling)
    assert version() == start + 3
    set_players(actor=None, entry=first.ns_entry, players=[("Ann", None), ("Bob", None)])
    assert version() == start + 4


def test_a_finished_session_is_locked_and_says_who_finished_it(section, director):
    first = rows_of(section)[0]
    set_status(actor=director, session=section.session, status="finished")
    with pytest.raises(FinishedSessionError, match="marked finished by director on"):
        record_result(
            actor=None,
            section=section,
            board=1,
            ns=first.ns_entry.label,
            ew=first.ew_entry.label,
            contract="3NT",
            declarer="S",
            tricks="9",
        )
    with pytest.raises(DomainError, match="marked finished by director"):
        set_players(actor=director, entry=first.ns_entry, players=[("Ann", None)])
    with pytest.raises(DomainError, match="marked finished"):
        add_late_pair(actor=director, section=section)
    with pytest.raises(DomainError, match="marked finished"):
        apply_ruling(
            actor=director,
            section=section,
            decision="artificial",
            board_number=1,
            ns=first.ns_entry.label,
            ew=first.ew_entry.label,
            ns_percent=60,
            ew_percent=40,
        )
    assert not Result.objects.exists()
    set_status(actor=director, session=section.session, status="playing")  # reopened by a director
    record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    changes = list(AuditEntry.objects.filter(action="session.status").order_by("id").values_list("new", flat=True))
    assert changes == ["finished", "playing"]


class Inputs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "entry-form":
            self.inside = True
        elif self.inside and tag == "input" and a.get("name") and a.get("type") != "radio":
            self.fields[a["name"]] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def open_page(client, url):
    reader = Inputs()
    reader.feed(client.get(url).content.decode())
    return reader.fields


def test_two_directors_on_one_traveller_never_lose_each_others_lines(client, django_user_model, director, section):
    from django.test import Client

    from tournaments.core.access import Role, grant

    other = django_user_model.objects.create_user(username="director2", password="pw-director-2")
    grant(other, Role.DIRECTOR)
    a, b = client, Client()
    a.force_login(director)
    b.force_login(other)
    url = f"/sessions/{section.session_id}/A/traveller/1/"
    page_a, page_b = open_page(a, url), open_page(b, url)
    page_a.update({"line-0-contract": "3NT", "line-0-declarer": "S", "line-0-tricks": "9"})
    page_b.update({"line-1-contract": "4S", "line-1-declarer": "N", "line-1-tricks": "10"})
    assert a.post(url, page_a).status_code == 302
    assert b.post(url, page_b).status_code == 302  # B's page still showed line 0 empty: untouched, not saved
    stored = {r.ns_entry.label: r.contract for r in Result.objects.filter(section=section)}
    rows = rows_of(section)
    assert stored == {rows[0].ns_entry.label: "3NT", rows[1].ns_entry.label: "4S"}

    # Both change line 0 from the same page: the second is refused for it and sees both versions.
    page_a, page_b = open_page(a, url), open_page(b, url)
    page_a.update({"line-0-contract": "2H", "line-0-declarer": "E", "line-0-tricks": "8"})
    page_b.update({"line-0-contract": "1NT", "line-0-declarer": "N", "line-0-tricks": "7"})
    assert a.post(url, page_a).status_code == 302
    refused = b.post(url, page_b)
    html = refused.content.decode()
    assert refused.status_code == 200 and "Changed by someone else meanwhile" in html
    assert re.search(r'class="yours">1NT N 7', html) and "2H E 8 tricks" in html and "by director" in html
    assert Result.objects.get(section=section, ns_entry=rows[0].ns_entry).contract == "2H"
    # B keeps theirs with one click: the conflict form posts that line against the version now stored.
    keep = {
        "only": "line-0",
        "line-0-ns": rows[0].ns_entry.label,
        "line-0-ew": rows[0].ew_entry.label,
        "line-0-contract": "1NT",
        "line-0-declarer": "N",
        "line-0-tricks": "7",
        "line-0-version": str(Result.objects.get(section=section, ns_entry=rows[0].ns_entry).version),
        "layout": page_b["layout"],
    }
    assert b.post(url, keep).status_code == 302
    assert Result.objects.get(section=section, ns_entry=rows[0].ns_entry).contract == "1NT"
    assert Result.objects.get(section=section, ns_entry=rows[1].ns_entry).contract == "4S"  # never touched


def test_without_a_version_the_page_is_refused_rather_than_guessing(section):
    first = rows_of(section)[0]
    record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    with pytest.raises(ResultEntryError):
        record_result(
            actor=None,
            section=section,
            board=1,
            ns=first.ns_entry.label,
            ew=first.ew_entry.label,
            contract="4S",
            declarer="N",
            tricks="10",
        )


def test_a_save_built_before_a_ruling_does_not_replace_the_adjusted_score(section):
    (first,) = rows_of(section)[:1]
    stored = record_result(
        actor=None,
        section=section,
        board=1,
        ns=first.ns_entry.label,
        ew=first.ew_entry.label,
        contract="3NT",
        declarer="S",
        tricks="9",
    )
    shown = stored.version  # a traveller page is opened here
    ruling = apply_ruling(
        actor=None, section=section, decision="artificial", result=stored, ns_percent=60, ew_percent=40
    )
    adjusted = Result.objects.get(pk=stored.pk)
    assert adjusted.version == shown + 1 and adjusted.kind == Result.Kind.ARTIFICIAL
    late = save_lines_checked(
        actor=None, section=section, lines=[line(first, 1, "4S", "N", "10", version=shown, result_id=stored.pk)]
    )
    assert [c.index for c in late.conflicts] == [0]
    assert Result.objects.get(pk=stored.pk).kind == Result.Kind.ARTIFICIAL  # the ruling stands
    withdraw_ruling(actor=None, ruling=ruling)
    restored = Result.objects.get(pk=stored.pk)
    assert restored.contract == "3NT" and restored.version == adjusted.version + 1
