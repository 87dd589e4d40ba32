"""One board on its own public page (/results/<pk>/boards/<n>/): what a player opens from a score card on a
phone, a few KB, while the page of every board stays whole and linked."""

import pytest

from tests.tournaments.publishing.test_publishing import played  # noqa: F401  (the fixture)
from tournaments.publishing import services
from tournaments.publishing.selectors import analysis_deal
from tournaments.sessions.models import Result
from tournaments.sessions.services.results import change_result

pytestmark = pytest.mark.django_db


def _board_card(page: str, number: int) -> str:
    return page.split(f'id="A-board-{number}"')[1].split("</section>")[0]


def test_one_board_alone_shows_the_same_traveller_as_the_whole_page(client, played):  # noqa: F811
    pk = played.session_id
    assert client.get(f"/results/{pk}/boards/1/").status_code == 404  # not published: nothing public
    services.publish(actor=None, session=played.session)
    whole = client.get(f"/results/{pk}/boards/").content.decode()
    one = client.get(f"/results/{pk}/boards/1/")
    assert one.status_code == 200 and one["ETag"]  # cached like every public page
    page = one.content.decode()
    assert _board_card(page, 1) == _board_card(whole, 1) and "420" in _board_card(page, 1)
    assert 'id="A-board-2"' not in page
    assert f'href="/results/{pk}/boards/"' in page and f'href="/results/{pk}/boards/2/" rel="next"' in page
    assert 'rel="prev"' not in page
    last = max(played.session.boards.values_list("number", flat=True))
    assert 'rel="next"' not in client.get(f"/results/{pk}/boards/{last}/").content.decode()
    assert client.get(f"/results/{pk}/boards/{last + 1}/").status_code == 404


def test_the_score_card_links_each_board_to_its_own_page_and_a_correction_shows_there(client, played):  # noqa: F811
    pk = played.session_id
    services.publish(actor=None, session=played.session)
    entry = played.entries.get(label="1NS")
    card = client.get(f"/results/{pk}/pairs/{entry.pk}/").content.decode()
    assert f'href="/results/{pk}/boards/1/#A-board-1"' in card
    before = client.get(f"/results/{pk}/boards/1/")
    result = Result.objects.get(section=played, board__number=1, ns_entry__label="4NS")
    change_result(actor=None, result=result, contract="4S", declarer="N", tricks="=", why="claim misread")
    after = client.get(f"/results/{pk}/boards/1/")
    assert after["ETag"] != before["ETag"] and "claim misread" in after.content.decode()


def test_the_analyses_key_is_endplays_text_without_loading_endplay():
    """analysis_deal writes a deal as endplay's Deal.to_pbn() (the key the hand records' analyses are kept
    under), for any first seat, any order of ranks, any case; what it does not take is left to endplay."""
    import random

    from endplay.types import Deal

    rng = random.Random(24)
    cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    for _ in range(200):
        rng.shuffle(cards)
        hands = [cards[i * 13 : (i + 1) * 13] for i in range(4)]
        texts = [".".join("".join(c[1] for c in hand if c[0] == s) for s in "SHDC") for hand in hands]
        deal = rng.choice("NESWnesw") + ":" + " ".join(t.lower() if rng.random() < 0.2 else t for t in texts)
        assert analysis_deal(deal) == str(Deal.from_pbn(deal).to_pbn())
    assert analysis_deal("N:AKQ.JT9.8765.432 - - -") is None and analysis_deal("N:10") is None
