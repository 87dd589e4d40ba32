"""A late player in an individual: every partnership is drawn from the players set up, so one more player needs
another movement; the refusal names the section's real size (a 16- or 20-player club individual is not "for 8
or 12 players") and the movements that would take one more, the laws' or the club's."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.services.factories import section_a
from tournaments.sessions.models import ClubMovement, Entry, TableRound
from tournaments.sessions.services.designs import save_design
from tournaments.sessions.services.sessions import SectionSpec, add_late_pair, create_session

pytestmark = pytest.mark.django_db


def _club_individual(name: str, players: int) -> ClubMovement:
    """A club individual of `players` (a multiple of four, or one more: the last player replaces player 1 in the
    second round), one board set a round; sound enough to set a section up."""
    tables = players // 4
    cells: dict[str, str] = {}
    for r in (1, 2):
        seated = list(range(1, 4 * tables + 1))
        if players % 4 and r == 2:
            seated = [*seated[1:], players]
        for t in range(tables):
            for seat, player in zip("nsew", seated[4 * t : 4 * t + 4], strict=True):
                cells[f"r{r}t{t + 1}{seat}"] = str(player)
            cells[f"r{r}t{t + 1}b"] = f"{3 * r - 2}-{3 * r}"
    return save_design(actor=None, name=name, kind="individual", tables=tables, rounds=2, cells=cells)


def _individual(spec: SectionSpec):
    session = create_session(actor=None, event_name="Individual", date=datetime.date(2026, 11, 25), sections=[spec])
    return section_a(session)


@pytest.mark.parametrize("players", [16, 20])
def test_a_club_individual_names_its_own_size_not_8_or_12(players: int) -> None:
    stored = _club_individual(f"Our {players}", players)
    section = _individual(SectionSpec(pairs=players, kind="club", variant=str(stored.pk), boards_per_round=3))
    rows = TableRound.objects.filter(section=section).count()
    with pytest.raises(ValidationError) as refused:
        add_late_pair(actor=None, section=section, names=["Lou Late", ""])
    text = " ".join(refused.value.messages)
    assert f"club movement Our {players} for {players} players" in text
    assert f"no movement is saved for {players + 1} players" in text
    assert "8 or 12" not in text
    assert TableRound.objects.filter(section=section).count() == rows  # nothing moved
    assert not Entry.objects.filter(section=section, late=True).exists()


def test_a_club_individual_for_one_more_player_is_named() -> None:
    stored = _club_individual("Sixteen", 16)
    _club_individual("Seventeen", 17)
    section = _individual(SectionSpec(pairs=16, kind="club", variant=str(stored.pk), boards_per_round=3))
    with pytest.raises(ValidationError, match="there are 17: Seventeen is for 17 players; set the section up again"):
        add_late_pair(actor=None, section=section)


@pytest.mark.parametrize("players", [8, 12])
def test_the_laws_individual_says_its_size(players: int) -> None:
    section = _individual(SectionSpec(pairs=players, kind="individual", boards_per_round=3))
    with pytest.raises(ValidationError) as refused:
        add_late_pair(actor=None, section=section)
    text = " ".join(refused.value.messages)
    assert f"the laws' movement for {players} players" in text
    assert f"A late player makes {players + 1}" in text


def test_the_late_form_shows_the_refusal(director_client) -> None:
    stored = _club_individual("Twenty", 20)
    section = _individual(SectionSpec(pairs=20, kind="club", variant=str(stored.pk), boards_per_round=3))
    page = director_client.post(f"/sessions/{section.session_id}/entries/late/", {"section": "A", "player1": "Lou"})
    html = page.content.decode()
    assert page.status_code == 200 and "club movement Twenty for 20 players" in html
