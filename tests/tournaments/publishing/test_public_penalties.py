"""A procedural penalty is as visible to the public as to the director: on the public standings (a column and a
line in words), on the pair's public score card, and on the board it was given on; the boards page has an
index of its boards."""

import pytest

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.publishing import services
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.services.rulings import apply_ruling

pytestmark = pytest.mark.django_db


def test_a_penalty_shows_on_the_public_standings_card_and_board(client, played):  # noqa: F811
    entry = played.entries.get(label="1NS")
    apply_ruling(
        actor=None, section=played, decision="procedural_penalty", entry=entry, board_number=1, law="Law 90", penalty=1
    )
    services.publish(actor=None, session=played.session)
    standing = score_section(played).standing_of(entry.pk)
    assert standing is not None and standing.penalties == 1
    words = "Procedural penalty: pair 1NS −1 on board 1 (Law 90)"
    standings = client.get(f"/results/{played.session_id}/").content.decode()
    assert '<th class="num">Penalty</th>' in standings and words in standings
    card = client.get(f"/results/{played.session_id}/pairs/{entry.pk}/").content.decode()
    assert "penalties −1" in card and words in card
    other = played.entries.get(label="4NS")
    assert words not in client.get(f"/results/{played.session_id}/pairs/{other.pk}/").content.decode()
    boards = client.get(f"/results/{played.session_id}/boards/").content.decode()
    board_1 = boards.split('id="A-board-1"')[1].split("</section>")[0]
    assert words in board_1
    assert 'id="board-index"' in boards and 'href="#A-board-1"' in boards


def test_without_penalties_there_is_no_penalty_column(client, played):  # noqa: F811
    services.publish(actor=None, session=played.session)
    assert "Penalty</th>" not in client.get(f"/results/{played.session_id}/").content.decode()
