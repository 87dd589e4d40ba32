"""A finished party changes nothing until the host reopens it (the one lifecycle guard, the FINISHED code)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.audit.models import AuditEntry
from tournaments.core.errors import FINISHED, status_of
from tournaments.parties import score_pads, services
from tournaments.parties.deals import DealEntry
from tournaments.parties.models import Party, PartyTable

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(started: Party, director) -> Party:
    """The 3-table party with round 1 entered at every table, then ended by the host."""
    for number, table in enumerate(started.rounds.get().tables.order_by("number"), start=1):
        score_pads.record_totals(actor=director, table=table, ns_total=100 * number, ew_total=50)
    services.finish_party(actor=director, party=started)
    started.refresh_from_db()
    assert started.status == Party.Status.FINISHED
    return started


def _table(party: Party, number: int = 1) -> PartyTable:
    return PartyTable.objects.get(round__party=party, round__number=1, number=number)


@pytest.mark.parametrize(
    ("write", "doing"),
    [
        (lambda a, p: score_pads.record_totals(actor=a, table=_table(p), ns_total=10, ew_total=900), "change a table"),
        (
            lambda a, p: score_pads.record_deals(actor=a, table=_table(p), deals=[DealEntry(contract="PASS")] * 4),
            "change a table",
        ),
        (lambda a, p: services.update_party(actor=a, party=p, name="Renamed"), "change its rules"),
        (lambda a, p: services.call_progression(actor=a, party=p), "play another round"),
    ],
    ids=["totals", "deals", "rules", "progression"],
)
def test_every_write_to_a_finished_party_is_refused(finished, director, write, doing) -> None:
    before = AuditEntry.objects.count()
    with pytest.raises(services.EntryError) as refused:
        write(director, finished)
    assert refused.value.code == FINISHED and status_of(refused.value) == 403
    assert refused.value.message == f"The party is finished: reopen it on the party page to {doing}."
    assert _table(finished).ns_total == 100 and finished.rounds.count() == 1
    assert Party.objects.get(pk=finished.pk).name == "Spring party"
    assert AuditEntry.objects.count() == before


def test_reopen_is_audited_and_lets_the_host_correct_a_table(finished, director) -> None:
    services.reopen_party(actor=director, party=finished, why="table 1 swapped the totals")
    finished.refresh_from_db()
    assert finished.status == Party.Status.PLAYING
    entry = AuditEntry.objects.filter(action="party.reopen").get()
    assert (entry.target_id, entry.old, entry.new, entry.why) == (
        finished.pk,
        "finished",
        "playing",
        "table 1 swapped the totals",
    )
    assert entry.actor_name == "director"
    score_pads.record_totals(actor=director, table=_table(finished), ns_total=50, ew_total=100, why="swapped")
    assert (_table(finished).ns_total, _table(finished).winner) == (50, "EW")
    services.finish_party(actor=director, party=finished)
    assert [e.action for e in AuditEntry.objects.filter(target_id=finished.pk, action__startswith="party.f")] == [
        "party.finish",
        "party.finish",
    ]


def test_only_a_finished_party_is_reopened(started, director) -> None:
    with pytest.raises(services.EntryError, match="The party is not finished"):
        services.reopen_party(actor=director, party=started)
    assert not AuditEntry.objects.filter(action="party.reopen").exists()


def test_the_pages_refuse_a_finished_party_then_accept_after_reopen(finished, director_client) -> None:
    c = director_client
    url = reverse("parties:table", args=[finished.pk, 1, 1])
    response = c.post(url, {"mode": "totals", "t-ns_total": "10", "t-ew_total": "900"})
    assert response.status_code == 200
    assert "The party is finished: reopen it on the party page to change a table." in response.content.decode()
    assert _table(finished).ns_total == 100
    response = c.post(reverse("parties:progress", args=[finished.pk]), follow=True)
    assert "reopen it on the party page to play another round" in response.content.decode()
    detail = c.get(reverse("parties:detail", args=[finished.pk])).content.decode()
    assert 'id="reopen-party"' in detail
    response = c.post(reverse("parties:reopen", args=[finished.pk]), {"why": "x" * 201}, follow=True)
    assert "The reason is too long: at most 200 characters (201 given)." in response.content.decode()
    assert Party.objects.get(pk=finished.pk).status == Party.Status.FINISHED
    response = c.post(reverse("parties:reopen", args=[finished.pk]), {"why": "table 1 misread"}, follow=True)
    assert "The party is open again" in response.content.decode()
    assert 'id="reopen-party"' not in response.content.decode()
    response = c.post(url, {"mode": "totals", "t-ns_total": "10", "t-ew_total": "900"})
    assert response.status_code == 302 and _table(finished).ns_total == 10
    response = c.post(reverse("parties:reopen", args=[finished.pk]), follow=True)
    assert "The party is not finished." in response.content.decode()
