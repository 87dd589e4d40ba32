"""The movements of our own construction run a real session: stored as a Mitchell with its variant, a result at
every played table of the first round is placed and scored, and the standings and score cards answer 200."""

import pytest
from django.urls import reverse

from tournaments import movements
from tournaments.sessions.models import Entry, TableRound
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.results import record_result
from tournaments.sessions.services.sessions import SectionSpec

from .factories import make_session, section_a

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("pairs", "variant", "winners"),
    [(24, "web", 2), (14, "hesitation", 1), (12, "scrambled", 1), (16, "share-relay", 2), (13, "rover", 1)],
)
def test_a_session_with_the_variant_is_played_and_scored(director_client, pairs, variant, winners):
    spec = SectionSpec(pairs=pairs, kind="mitchell", boards_per_round=2, variant=variant)
    session = make_session(spec)
    section = section_a(session)
    movement = movements.generate("mitchell", pairs, boards_per_round=2, variant=variant)
    assert (section.movement_variant, section.rounds, section.winners) == (variant, movement.rounds, winners)
    assert TableRound.objects.filter(section=section).count() == len(movement.rows)
    for row in movement.rows_for_round(1):
        if row.played:
            assert row.ns is not None and row.ew is not None
            result = record_result(
                actor=None, section=section, board=row.boards[0], ns=row.ns, ew=row.ew, contract="3NT", declarer="N",
                tricks=9,
            )  # fmt: skip
            assert result.table_round.table == row.table
    fields = score_section(section).standings
    assert len(fields) == winners  # one field ranks everyone (the rover too), or the NS and EW fields
    assert sum(len(rows) for rows in fields.values()) == len(movement.entries())
    response = director_client.get(reverse("standings", args=[session.pk]))
    assert response.status_code == 200
    for entry in Entry.objects.filter(section=section)[:3]:
        assert director_client.get(reverse("scorecard", args=[session.pk, entry.pk])).status_code == 200
