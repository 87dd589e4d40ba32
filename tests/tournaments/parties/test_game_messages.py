"""The party games' own checks speak the reader's language (#27): each is one whole sentence through the catalogue.

The games stay pure: they write their messages with ``scoring.messages.gettext`` (as ``scoring`` does), which the
app hands Django's translation at start-up. The pseudo language (tests/i18n/pseudo.py) wraps and accents every
string that went through the catalogue, so a message made of an English fragment, or left in English, shows.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tests.i18n import pseudo
from tournaments.parties import game_services, services
from tournaments.parties.engine import moves, play_party
from tournaments.parties.games import game
from tournaments.parties.games.base import settle_tie, top_players
from tournaments.parties.games.pivot import pivot_round
from tournaments.parties.models import Party
from tournaments.parties.services import EntryError
from tournaments.parties.types import PartyError

P4 = ["a", "b", "c", "d"]
SEATED = dict(zip("NESW", P4, strict=True))

# Each check of the games and of the engine, called with what the laws refuse.
CHECKS: dict[str, Callable[[], Any]] = {
    "unknown game": lambda: game("bezique"),
    "tie rule": lambda: settle_tie([0, 1], "coin", random.Random(1)),
    "tie asked": lambda: settle_tie([0, 1], "ask", random.Random(1)),
    "individual tie asked": lambda: top_players(P4, dict.fromkeys(P4, 1), 2, "ask", random.Random(1)),
    "not bridge deals": lambda: game("whist").score_bridge_round("N", "law9", []),
    "not typed": lambda: game("euchre").typed_entry({}, {}, 1),
    "several tables": lambda: game("whist").single_table_cycle(4),
    "whole number": lambda: game("whist").typed_entry({"tricks": "x"}, SEATED, 1),
    "bidder seat": lambda: game("five-hundred").typed_entry({"bidder": "Q"}, SEATED, 1),
    "bounds": lambda: game("whist").score_deals([{"tricks": 14}], P4),
    "player": lambda: game("cinch").score_deals([{"bidder": "z", "bid": 7, "made": 7, "against": 6}], P4),
    "cinch points": lambda: game("cinch").score_deals([{"bidder": "a", "bid": 7, "made": 9, "against": 6}], P4),
    "whist hands": lambda: game("whist").check_totals([30, 20], 4),
    "whist one hand": lambda: game("whist").check_totals([10, 2], 1),
    "five hundred bid": lambda: game("five-hundred").score_deals([{"bidder": "a", "bid": "5S", "tricks": {}}], P4),
    "five hundred tens": lambda: game("five-hundred").check_totals([125, 60], 4),
    "five hundred tricks": lambda: game("five-hundred").score_deals([{"bidder": "a", "bid": "7H", "tricks": 3}], P4),
    "five hundred trick count": lambda: game("five-hundred").score_deals(
        [{"bidder": "a", "bid": "7H", "tricks": {"a": 11}}], P4
    ),
    "five hundred sum": lambda: game("five-hundred").score_deals(
        [{"bidder": "a", "bid": "7H", "tricks": {"a": 5}}], P4
    ),
    "five hundred partners": lambda: game("five-hundred").score_deals(
        [{"bidder": "a", "bid": "7H", "partners": ["b"], "tricks": {"a": 10}}], P4
    ),
    "five hand partners": lambda: game("five-hundred").score_deals(
        [{"bidder": "a", "bid": "7H", "tricks": {"a": 10}}], [*P4, "e"]
    ),
    "solo bid": lambda: game("solo").score_deals([{"bidder": "b", "bid": "grand"}], P4),
    "solo dealer": lambda: game("solo").score_deals([{"bidder": "a", "bid": "heart"}], P4),
    "solo chips": lambda: game("solo").check_totals([5, 3, -2, 0], 4),
    "pivot size": lambda: game("pivot").single_table_cycle(7),
    "pivot round": lambda: pivot_round(P4, 9),
    "rubber deals": lambda: game("rubber").score_deals([], P4),
    "rubber deal": lambda: game("rubber").score_deals([{"contract": "4S", "declarer": "", "tricks": 10}], P4),
    "engine size": lambda: play_party(game("five-hundred"), tables=2, rounds=2, seed=1, size=7),
    "engine single table": lambda: play_party(game("pivot"), tables=2, rounds=2, seed=1),
    "engine rounds": lambda: play_party(game("whist"), tables=2, rounds=0, seed=1),
    "engine tie rule": lambda: play_party(game("cinch"), tables=2, rounds=1, seed=1, tie_rule="north_south"),
    "engine mixed": lambda: play_party(game("whist"), tables=1, rounds=1, seed=1, groups={"g1": "lady"}),
    "engine progression": lambda: moves([], "spiral"),
}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_every_check_is_one_whole_sentence_through_the_catalogue(check) -> None:
    with pseudo.active(), pytest.raises(PartyError) as err:
        CHECKS[check]()
    message = str(err.value)
    # One sentence through the catalogue: wrapped once, from the first letter to the last; a value inside may
    # itself be a translated sentence (rubber's deal wraps the scoring's own), never English words around it.
    assert message.startswith(pseudo.OPEN) and message.endswith(pseudo.CLOSE), message
    assert not re.search(r"[A-Za-z]{4,}", re.sub(r"'[^']*'|\b[a-z]\b|\b(cut|half|ask)\b", "", message)), message


def test_in_english_the_messages_read_as_before() -> None:
    with pytest.raises(PartyError, match=r"^4 hands are 52 tricks: the two pairs' tricks add up to 50\.$"):
        CHECKS["whist hands"]()
    with pytest.raises(PartyError, match=r"^1 hand is 13 tricks: the two pairs' tricks add up to 12\.$"):
        CHECKS["whist one hand"]()
    with pytest.raises(PartyError, match=r"^Deal 1: '5S' is not a bid: 6 to 10 and S, C, D, H or NT"):
        CHECKS["five hundred bid"]()


@pytest.mark.django_db
def test_a_french_table_gets_the_games_check_in_french() -> None:
    """An entry the game refuses, made at the edge (the services) in a French request, reads in French."""
    with translation.override("fr"), pytest.raises(EntryError) as err:
        game_services.game_entry("whist", {"tricks": "sept"}, SEATED, 2)
    assert str(err.value) == "Donne 2 : écrivez un nombre entier."
    assert err.value.field == "tricks"


def test_the_french_catalogue_is_what_the_games_ask_for() -> None:
    """The game asks the catalogue with its whole sentence as msgid: French with the French catalogue active."""
    with translation.override("fr"), pytest.raises(PartyError) as err:
        CHECKS["whole number"]()
    assert str(err.value) == "Donne 1 : écrivez un nombre entier."


@pytest.mark.django_db
def test_the_host_page_shows_the_games_check_in_the_readers_language(
    director, director_client, settings, tmp_path
) -> None:
    """Posted from a browser that chose the pseudo language: the five hundred bid refused at the deal's card."""
    pseudo.register(settings, tmp_path / "locale")
    party = services.create_party(actor=director, name="Five hundred", form="five-hundred", tables=2)
    services.set_guests(actor=director, party=party, text="\n".join(f"Guest {c}" for c in "ABCDEFGH"))
    services.start_party(actor=director, party=party)
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = pseudo.CODE
    url = reverse("parties:table", args=[Party.objects.get().pk, 1, 1])
    rows = [{"bidder": "N", "bid": "7H", "tricks": "8"}, {"bidder": "E", "bid": "5S", "tricks": "7"}]
    rows += [{"bidder": "S", "bid": "6C", "tricks": "6"}, {"bidder": "W", "bid": "6C", "tricks": "6"}]
    data = {"mode": "deals", "g-TOTAL_FORMS": "4", "g-INITIAL_FORMS": "4"}
    data.update({f"g-{i}-{k}": v for i, row in enumerate(rows) for k, v in row.items()})
    response = director_client.post(url, data)
    assert response.status_code == 200
    card = re.search(r'id="deal-2">(.*?)</fieldset>', response.content.decode(), re.S)
    assert card is not None and "field-error" in card.group(1)
    assert "is not a bid" not in card.group(1) and pseudo.pseudo("Deal %(deal)s: ")[1:6] in card.group(1)
