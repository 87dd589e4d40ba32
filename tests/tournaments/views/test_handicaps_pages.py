"""Handicaps and strata through the web app: the event's rules, the typed handicaps, the rankings on the director's
and the public standings and in the standings PDF, on a real evening played and finished through the services."""

from __future__ import annotations

import datetime
import shutil
import subprocess

import pytest

from scoring import handicaps as method
from scoring.matchpoints import rank_with_ties
from tournaments.audit.models import AuditEntry
from tournaments.publishing.models import Publication
from tournaments.sessions.models import Entry, MasterPointAward, RankingRules, RatingEntry, Session
from tournaments.sessions.reports import render
from tournaments.sessions.selectors.handicaps import session_rankings
from tournaments.sessions.selectors.scores import score_session
from tournaments.sessions.services.demo import build_demo_session
from tournaments.sessions.services.sessions import set_status

pytestmark = pytest.mark.django_db

RULES = {"handicap": "full", "handicap_from_rating": "on", "strata_by": "rating", "strata": "A: 51, B"}


@pytest.fixture
def evening():
    return build_demo_session(tables=3, movement="howell", seed=21, quick=True)


def _versions(session: Session) -> list[int]:
    return list(session.sections.order_by("pk").values_list("version", flat=True))


def _rate(session: Session, label: str, ratings: tuple[float, float]) -> None:
    """Give the pair's players these ratings before the session (as an earlier session would have left them)."""
    entry = Entry.objects.get(section__session=session, label=label)
    for player, rating in zip(entry.players.order_by("seat"), ratings, strict=True):
        RatingEntry.objects.filter(session=session, member=player.member).update(before=rating)


def test_the_director_sets_the_rules_and_a_wrong_strata_line_is_refused_at_its_field(director_client, evening):
    url = f"/events/{evening.event_id}/rankings/"
    assert director_client.get(url).status_code == 200
    before = _versions(evening)
    bad = director_client.post(url, {**RULES, "strata": "A: 45, B: 50, C"})
    assert bad.status_code == 400
    assert "must be below the one above" in bad.content.decode()
    assert not RankingRules.objects.exists() and _versions(evening) == before
    saved = director_client.post(url, RULES)
    assert saved.status_code == 302 and saved["Location"] == url
    rules = RankingRules.objects.get(event=evening.event)
    assert (rules.handicap, rules.strata_by, rules.strata) == ("full", "rating", "A: 51, B")
    assert AuditEntry.objects.filter(action="event.rankings", actor_name="director").count() == 1
    assert _versions(evening) == [v + 1 for v in before]  # the pages keyed on the version show the new rankings
    assert director_client.post(url, RULES).status_code == 302  # the same rules again: nothing new to audit
    assert AuditEntry.objects.filter(action="event.rankings").count() == 1


def test_handicaps_from_the_ratings_give_a_second_ranking_beside_the_unchanged_scratch_one(director_client, evening):
    _rate(evening, "1", (60.0, 56.0))  # handicap +8
    _rate(evening, "2", (41.0, 43.0))  # handicap -8
    scratch = [(s.entry.label, s.place) for f in score_session(evening)[0].standings.values() for s in f]
    director_client.post(f"/events/{evening.event_id}/rankings/", RULES)
    (ranked,) = session_rankings(evening, score_session(evening))
    (field,) = ranked.fields
    handicaps = {r.standing.entry.label: r.handicap for r in field.handicap}
    assert handicaps == {"1": 8.0, "2": -8.0, "3": 0.0, "4": 0.0, "5": 0.0, "6": 0.0}
    for row in field.handicap:
        assert row.percentage == pytest.approx(row.standing.percentage - row.handicap)
    assert [r.place for r in field.handicap] == rank_with_ties([r.percentage for r in field.handicap])
    assert [(s.entry.label, s.place) for f in score_session(evening)[0].standings.values() for s in f] == scratch
    page = director_client.get(f"/sessions/{evening.pk}/standings/").content.decode()
    assert "Handicapped (full handicap)" in page and 'id="handicapped-A"' in page


def test_half_handicaps_take_half_off(director_client, evening):
    _rate(evening, "1", (60.0, 56.0))
    director_client.post(f"/events/{evening.event_id}/rankings/", {**RULES, "handicap": "half"})
    (ranked,) = session_rankings(evening, score_session(evening))
    row = next(r for r in ranked.fields[0].handicap if r.standing.entry.label == "1")
    assert row.percentage == pytest.approx(row.standing.percentage - 4.0)


def test_typed_handicaps_win_over_the_ratings_and_bad_ones_are_refused_at_their_field(director_client, evening):
    director_client.post(f"/events/{evening.event_id}/rankings/", RULES)
    url = f"/sessions/{evening.pk}/handicaps/?section=A"
    entries = {e.label: e for e in Entry.objects.filter(section__session=evening)}
    finished = director_client.post(url, {f"handicap-{entries['1'].pk}": "3"})
    assert finished.status_code == 400 and "marked finished" in finished.content.decode()
    assert not Entry.objects.filter(handicap__isnull=False).exists()
    set_status(actor=None, session=evening, status=Session.Status.PLAYING)
    before = _versions(evening)
    bad = director_client.post(url, {f"handicap-{entries['1'].pk}": "3", f"handicap-{entries['2'].pk}": "lots"})
    assert bad.status_code == 400
    assert "not &#x27;lots&#x27;" in bad.content.decode() or "not 'lots'" in bad.content.decode()
    too_big = director_client.post(url, {f"handicap-{entries['2'].pk}": "75"})
    assert too_big.status_code == 400 and "between -50 and 50" in too_big.content.decode()
    assert not Entry.objects.filter(handicap__isnull=False).exists() and _versions(evening) == before
    saved = director_client.post(url, {f"handicap-{entries['1'].pk}": "4,5", f"handicap-{entries['2'].pk}": "−2"})
    assert saved.status_code == 302
    assert dict(Entry.objects.filter(handicap__isnull=False).values_list("label", "handicap")) == {"1": 4.5, "2": -2.0}
    audit = AuditEntry.objects.get(action="entry.handicap")
    assert audit.new == {"1": 4.5, "2": -2.0} and audit.old == {"1": None, "2": None}
    (ranked,) = session_rankings(evening, score_session(evening))
    used = {r.standing.entry.label: (r.handicap, r.typed) for r in ranked.fields[0].handicap}
    assert used["1"] == (4.5, True) and used["2"] == (-2.0, True) and used["3"] == (0.0, False)
    page = director_client.get(url).content.decode()
    assert 'value="4.5"' in page and 'value="-2"' in page


def test_each_stratum_is_the_overall_ranking_filtered_on_every_page_and_in_the_pdf(director_client, evening):
    _rate(evening, "1", (60.0, 56.0))
    _rate(evening, "4", (52.0, 50.0))
    director_client.post(f"/events/{evening.event_id}/rankings/", RULES)
    (ranked,) = session_rankings(evening, score_session(evening))
    strata = dict((s.name, rows) for s, rows in ranked.fields[0].strata)
    assert {r.standing.entry.label for r in strata["A"]} == {"1", "4"}
    assert len(strata["B"]) == 4 and {r.figure for r in strata["B"]} == {50.0}
    overall = [s.entry.label for s in score_session(evening)[0].standings[""]]
    for rows in strata.values():
        labels = [r.standing.entry.label for r in rows]
        assert labels == [label for label in overall if label in labels]
        assert [r.place for r in rows] == rank_with_ties([r.standing.total for r in rows])
    Publication.objects.create(session=evening, published_at=datetime.datetime.now(datetime.UTC))
    evening.sections.update(version=999)  # the public page is cached by version: a publication bumps it
    public = director_client.get(f"/results/{evening.pk}/").content.decode()
    assert 'id="stratum-A-A"' in public and "Stratum B" in public and "Handicapped (full handicap)" in public
    if not shutil.which("pdftotext"):
        pytest.skip("needs poppler-utils (pdftotext) to read the printed standings back")
    _name, _type, pdf = render("standings", evening)
    printed = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout
    assert b"Handicapped (full handicap)" in printed and b"Stratum A (rating 51 or more)" in printed


def test_strata_by_master_points_count_the_points_earned_before_the_session(director_client, evening):
    earlier = Session.objects.create(event=evening.event, number=9, date=evening.date - datetime.timedelta(days=7))
    strong = Entry.objects.get(section__session=evening, label="3")
    MasterPointAward.objects.create(session=earlier, entry=strong, points=120, point_type="GREEN")
    rules = {**RULES, "handicap": "none", "strata_by": "points", "strata": "A: 100, B: 10, C"}
    assert director_client.post(f"/events/{evening.event_id}/rankings/", rules).status_code == 302
    (ranked,) = session_rankings(evening, score_session(evening))
    assert ranked.fields[0].handicap == []
    strata = {s.name: [r.standing.entry.label for r in rows] for s, rows in ranked.fields[0].strata}
    assert strata["A"] == ["3"] and strata["B"] == [] and len(strata["C"]) == 5
    assert [r.figure for s, rows in ranked.fields[0].strata if s.name == "A" for r in rows] == [120.0]
    assert method.stratum_of(120.0, method.parse_strata(rules["strata"])) == "A"
    page = director_client.get(f"/sessions/{evening.pk}/standings/").content.decode()
    assert "Stratum A (master points 100 or more)" in page and "No pair in this stratum." in page


def test_no_rules_no_extra_rankings(director_client, evening):
    page = director_client.get(f"/sessions/{evening.pk}/standings/").content.decode()
    assert "Handicapped" not in page and "Stratum" not in page
    assert session_rankings(evening, score_session(evening)) == []


def test_each_stratum_is_awarded_master_points_on_its_own(director_client, evening):
    """The table pays 6, 4, 2 to any field: overall, and again within each stratum; a pair keeps the larger award,
    and its place says which ranking earned it ("1 B")."""
    _rate(evening, "1", (60.0, 56.0))
    _rate(evening, "4", (52.0, 50.0))
    scheme = {"kind": "table", "per_entry": "6", "share_percent": "33", "cap": "1000", "table": "1: 6 4 2"}
    assert (
        director_client.post(f"/events/{evening.event_id}/points/", {**scheme, "point_type": "GREEN"}).status_code
        == 302
    )
    overall = {a.entry.label: a.points for a in MasterPointAward.objects.filter(session=evening)}
    assert sorted(overall.values()) == [2, 4, 6]
    assert director_client.post(f"/events/{evening.event_id}/rankings/", RULES).status_code == 302
    (ranked,) = session_rankings(evening, score_session(evening))
    awards = {a.entry.label: (a.points, a.place) for a in MasterPointAward.objects.filter(session=evening)}
    for stratum, rows in ranked.fields[0].strata:
        for row, paid in zip(rows, (6, 4, 2), strict=False):
            label = row.standing.entry.label
            assert awards[label][0] == max(paid, overall.get(label, 0))
            if paid > overall.get(label, 0):
                assert awards[label][1] == f"{row.place} {stratum.name}"
    assert len(awards) == 5  # 3 paid in A (2 pairs) + B (4 pairs): 2 + 3 pairs
    assert AuditEntry.objects.filter(action="points.award").count() == 2
