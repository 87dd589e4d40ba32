"""A process keeps one frozen copy of a section's scores per version, under the stamp the cache holds (issue 24).

Unpickling the whole scores object on every request was most of the big screen's and the live panel's CPU; the
process now answers from its own copy while the cache holds the same stamp. These tests check that the copy is
dropped as soon as another process writes (a new version) or the cache holds other scores (a new stamp), and
that no caller can change the copy every request shares: assigning raises, and every page that reads the scores
leaves them exactly as they were."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db.models import F
from django.test import Client

from tests.tournaments.reports.factories import make_session
from tournaments.publishing import services as publishing
from tournaments.sessions.models import Result, Section, Session
from tournaments.sessions.selectors import scores as scores_module
from tournaments.sessions.selectors.frozen import FrozenError
from tournaments.sessions.selectors.scores import SectionScores, score_section
from tournaments.sessions.services.sessions import set_status
from tournaments.tableside import services as tableside

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction, as a web request: the caches work


@pytest.fixture
def section(director) -> Section:
    session = make_session(pairs=8, boards_per_round=2, deals=False, adjusted=False, actor=director)
    set_status(actor=director, session=session, status=Session.Status.PLAYING)
    publishing.publish(actor=director, session=session)
    return session.sections.get()


def _scored(section: Section) -> SectionScores:
    return score_section(Section.objects.select_related("session").get(pk=section.pk))


def _figures(scores: SectionScores) -> list[object]:
    """Every figure and every stored field the pages read from the scores."""
    out: list[object] = [scores.method, scores.full_top, scores.published]
    for rows in scores.standings.values():
        out += [(s.entry.pk, s.total, s.percentage, s.place, s.boards_played, s.penalties) for s in rows]
    for bs in scores.boards:
        out.append((bs.board.pk, bs.top, bs.datum, [r.pk for r in bs.rulings]))
        for line in bs.lines:
            fields = {f.attname: getattr(line.result, f.attname) for f in Result._meta.concrete_fields}
            out.append((line.ns_points, line.ew_points, line.ns_total_points, line.display_score, fields))
    for entry in scores.entries:
        out.append({f.attname: getattr(entry, f.attname) for f in entry._meta.concrete_fields})
    return out


def _recording_gets(monkeypatch) -> list[str]:
    fetched: list[str] = []
    real_get = cache.get

    def get(key, *args, **kwargs):
        fetched.append(key)
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", get)
    return fetched


def test_an_unchanged_version_is_answered_from_the_process_copy_without_unpickling(section, monkeypatch):
    first = _scored(section)
    fetched = _recording_gets(monkeypatch)
    again = _scored(section)
    kept = [key for key in fetched if key.startswith("section-scores:")]
    assert len(kept) == 1 and kept[0].endswith(":stamp")  # a few bytes, not the 490 KB object
    assert again.boards is first.boards and again.standings is first.standings  # the same copy, shared
    assert again is not first  # each caller gets its own top (its own section object)


def test_a_write_from_another_process_is_never_answered_from_the_copy(section):
    """Another process's write reaches this one only through the database (a new version, so a new key) and the
    cache: the copy this process holds for the old version must not be answered."""
    before = _scored(section)
    line = next(line for bs in before.boards for line in bs.lines if line.result.kind == Result.Kind.PLAYED)
    # what another process's correction leaves behind: the result changed and the section's version bumped
    Result.objects.filter(pk=line.result.pk).update(ns_score=-(line.result.ns_score or 0) - 1430)
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    after = _scored(section)
    changed = next(x for bs in after.boards for x in bs.lines if x.result.pk == line.result.pk)
    assert changed.result.ns_score == -(line.result.ns_score or 0) - 1430
    assert _figures(after) != _figures(before)


def test_a_new_stamp_in_the_cache_drops_the_copy(section, monkeypatch):
    """Other scores stored at the same key (another process rebuilt them) or a cleared cache are a new stamp."""
    fetched = _recording_gets(monkeypatch)
    first = _scored(section)
    stamp_key = next(k for k in fetched if k.startswith("section-scores:") and k.endswith(":stamp"))
    key = stamp_key.removesuffix(":stamp")
    cache.set(stamp_key, "some-other-stamp")  # what another process that rebuilt them stored
    cache.set(key, ("some-other-stamp", first))
    fetched.clear()
    again = _scored(section)
    assert key in fetched  # read from the cache again, not the process's copy
    assert _figures(again) == _figures(first)
    cache.clear()
    fetched.clear()
    fresh = _scored(section)
    assert fresh.boards is not first.boards and _figures(fresh) == _figures(first)  # scored again, kept anew


def test_nobody_can_change_the_shared_copy(section):
    scores = _scored(section)
    standing = next(iter(scores.standings.values()))[0]
    board = scores.boards[0]
    with pytest.raises(FrozenError):
        standing.total = 0.0
    with pytest.raises(FrozenError):
        board.lines[0].ns_points = 0.0
    with pytest.raises(FrozenError):
        scores.standings["NS"] = []  # type: ignore[index]
    with pytest.raises(FrozenError):
        scores.method = "IMPs"
    with pytest.raises(AttributeError):
        scores.boards.append(board)  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        next(iter(scores.standings.values())).sort()  # type: ignore[attr-defined]


def test_every_page_that_reads_the_scores_leaves_them_as_they_were(section, director_client):
    """The director's standings, the live panel and big screen, the public pages, a table's phone and the PDFs
    all read the shared copy; afterwards it holds exactly the figures it was built with."""
    scores = _scored(section)
    before = _figures(scores)
    pk, entry = section.session_id, section.entries.order_by("direction", "number").first()
    link = tableside.issue_links(section)[0]
    hx = {"HTTP_HX_REQUEST": "true"}
    reader = Client()
    answers = [
        director_client.get(f"/sessions/{pk}/standings/"),
        director_client.get(f"/live/{pk}/", **hx),
        director_client.get(f"/live/{pk}/screen/", **hx),
        reader.get(f"/results/{pk}/"),
        reader.get(f"/results/{pk}/boards/"),
        reader.get(f"/results/{pk}/pairs/{entry.pk}/"),
        reader.get(f"/api/table/{link.token}/"),
    ]
    assert [a.status_code for a in answers] == [200] * len(answers)
    assert _scored(section).boards is scores.boards  # the pages were answered from the same copy
    assert _figures(scores) == before


def test_scores_in_a_transaction_are_the_callers_own(section):
    """Inside a transaction the scores are computed afresh and never kept: they are the caller's to change."""
    from django.db import transaction

    with transaction.atomic():
        mine = score_section(section)
    mine.method = "changed"  # not frozen: nobody else holds it
    assert _scored(section).method != "changed"
    assert scores_module.LOCAL_SCORES > 0


def test_the_big_screen_reads_only_its_rows_and_follows_every_write(section, monkeypatch):
    """The screen keeps only the rows it shows per section version: a poll on an unchanged version neither
    scores nor reads the scores object; a write (here another process's: the version bumped) shows at once."""
    from tournaments.tableside import screen

    session = Session.objects.get(pk=section.session_id)
    first = screen.rankings_of(session)
    assert [r.title for r in first] == ["North-South", "East-West"] and len(first[0].rows) == 4
    calls: list[int] = []
    real = screen.score_session
    monkeypatch.setattr(screen, "score_session", lambda s: calls.append(1) or real(s))
    fetched = _recording_gets(monkeypatch)
    assert screen.rankings_of(session) == first
    assert calls == [] and not [k for k in fetched if k.startswith("section-scores:")]
    played = Result.objects.filter(section=section, kind=Result.Kind.PLAYED).order_by("pk").first()
    Result.objects.filter(pk=played.pk).update(ns_score=(played.ns_score or 0) + 2000)
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    after = screen.rankings_of(session)
    assert calls == [1] and after != first
