"""The host's pages through Django's test client: the whole flow, bad input at the field, never a 500."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.core.access import Role, grant
from tournaments.parties.models import Party, PartyTable

pytestmark = pytest.mark.django_db


def test_pages_need_a_login(client) -> None:
    response = client.get(reverse("parties:list"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_another_host_cannot_see_my_party(party, django_user_model, client) -> None:
    other = django_user_model.objects.create_user(username="other", password="x-secret-pw")
    grant(other, Role.DIRECTOR)  # another host: a director too, just not this party's
    client.force_login(other)
    assert client.get(reverse("parties:detail", args=[party.pk])).status_code == 404


def test_new_party_form_shows_errors_at_the_field(director_client) -> None:
    response = director_client.post(
        reverse("parties:new"),
        {"name": "Pivot night", "date": "2026-03-14", "form": "pivot", "tables": "3", "tally_draw": "random",
         "progression": "standard", "vulnerability": "law9", "tie_rule": "last_deal", "planned_rounds": "6"},
    )  # fmt: skip
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'id="field-tables".*?Pivot bridge is played at a single table', html, re.S)
    assert not Party.objects.exists()
    response = director_client.post(reverse("parties:new"), {"name": "", "tables": "abc"})
    assert response.status_code == 200 and "This field is required" in response.content.decode()


def _table_entry_url(party: Party, number: int, table: int) -> str:
    return reverse("parties:table", args=[party.pk, number, table])


def test_the_whole_evening_through_the_pages(director_client) -> None:
    c = director_client
    response = c.post(
        reverse("parties:new"),
        {"name": "Club social", "date": "2026-03-14", "form": "bridge", "tables": "2", "mixed": "on",
         "tally_draw": "random", "progression": "standard", "vulnerability": "law9", "tie_rule": "north_south",
         "planned_rounds": "3", "prizes": ["highest", "booby", "ladies_highest"]},
    )  # fmt: skip
    party = Party.objects.get()
    assert response["Location"] == reverse("parties:guests", args=[party.pk])
    assert c.get(response["Location"]).status_code == 200
    # a mixed party with unequal piles is refused with a message, before the draw
    c.post(
        reverse("parties:guests", args=[party.pk]), {"guests": "Ann L\nBea L\nCat L\nDot L\nEd G\nFred G\nGus G\nHal L"}
    )
    response = c.post(reverse("parties:start", args=[party.pk]))
    assert "needs 4 ladies and 4 gentlemen" in response.content.decode()
    response = c.post(
        reverse("parties:guests", args=[party.pk]), {"guests": "Ann L\nBea L\nCat L\nDot L\nEd G\nFred G\nGus G\nHal G"}
    )
    assert response.status_code == 302
    response = c.post(reverse("parties:start", args=[party.pk]), follow=True)
    html = response.content.decode()
    assert "Start round 1" in html and "Ladies'" in html
    assert c.get(reverse("parties:detail", args=[party.pk])).status_code == 200
    round1 = c.get(reverse("parties:round", args=[party.pk, 1])).content.decode()
    assert "Enter table 1" in round1 and "Enter table 2" in round1
    # table 1 deal by deal, with a mistake first: the message sits at deal 3's declarer
    url = _table_entry_url(party, 1, 1)
    page = c.get(url).content.decode()
    assert "Deal 1" in page and "nobody vulnerable" in page and "both vulnerable" in page
    deals = {"mode": "deals", "d-TOTAL_FORMS": "4", "d-INITIAL_FORMS": "0", "d-MIN_NUM_FORMS": "1",
             "d-MAX_NUM_FORMS": "16"}  # fmt: skip
    rows = [("4S", "N", "10", ""), ("PASS", "", "", ""), ("3NTX", "", "-2", ""), ("6H", "W", "12", "EW100")]
    for i, (contract, declarer, tricks, honors) in enumerate(rows):
        deals |= {f"d-{i}-contract": contract, f"d-{i}-declarer": declarer, f"d-{i}-tricks": tricks,
                  f"d-{i}-honors": honors}  # fmt: skip
    response = c.post(url, deals)
    assert response.status_code == 200
    assert re.search(r'id="deal-3".*?Who was declarer', response.content.decode(), re.S)
    assert not PartyTable.objects.get(round__number=1, number=1).entered
    deals["d-2-declarer"] = "E"
    response = c.post(url, deals)
    assert response.status_code == 302
    t1 = PartyTable.objects.get(round__party=party, round__number=1, number=1)
    assert t1.entry == "deals" and t1.deals.count() == 4
    # table 2 as two totals; nonsense gives a field error, not a 500
    url2 = _table_entry_url(party, 1, 2)
    response = c.post(url2, {"mode": "totals", "t-ns_total": "lots", "t-ew_total": "200"})
    assert response.status_code == 200 and "Enter a whole number" in response.content.decode()
    response = c.post(url2, {"mode": "totals", "t-ns_total": "300", "t-ew_total": "200"})
    assert response.status_code == 302
    response = c.post(reverse("parties:progress", args=[party.pk]), follow=True)
    html = response.content.decode()
    assert "Moves for round 2" in html and "Go to round 2" in html
    tallies = c.get(reverse("parties:standings", args=[party.pk])).content.decode()
    assert "The check agrees" in tallies
    response = c.post(reverse("parties:finish", args=[party.pk]), follow=True)
    html = response.content.decode()
    assert "Prizes" in html and "Highest score" in html and "Ladies&#x27; highest" in html
    party.refresh_from_db()
    assert party.status == "finished" and party.rounds.count() == 1


@pytest.mark.parametrize(
    ("kind", "missing"),
    [
        ("tally-cards", "Draw the tally cards first"),
        ("table-cards", ""),
        ("score-pads", ""),
        ("standings", "No round has been entered yet."),
    ],
)
def test_print_before_play_never_fails(director_client, party, kind, missing) -> None:
    """Blank table cards and score pads print before play; tally cards and standings say what is missing."""
    response = director_client.get(reverse("parties:pdf", args=[party.pk, kind]))
    if not missing:
        assert response.status_code == 200 and response.content.startswith(b"%PDF")
    else:
        assert response.status_code == 302 and response["Location"] == reverse("parties:print", args=[party.pk])
        page = director_client.get(response["Location"])
        assert page.status_code == 200 and missing in page.content.decode()


def test_unknown_pages_are_404(director_client, started) -> None:
    assert director_client.get(reverse("parties:round", args=[started.pk, 9])).status_code == 404
    assert director_client.get(_table_entry_url(started, 1, 7)).status_code == 404
    assert director_client.get(reverse("parties:pdf", args=[started.pk, "nothing"])).status_code == 404
    assert director_client.get(_table_entry_url(started, 1, 1) + "?mode=rubbish&deals=x").status_code == 200


def _deal_post(rows: list[tuple[str, str, str, str]]) -> dict[str, str]:
    data = {"mode": "deals", "d-TOTAL_FORMS": str(len(rows)), "d-INITIAL_FORMS": "0", "d-MIN_NUM_FORMS": "1",
            "d-MAX_NUM_FORMS": "16"}  # fmt: skip
    for i, (contract, declarer, tricks, honors) in enumerate(rows):
        data |= {f"d-{i}-contract": contract, f"d-{i}-declarer": declarer, f"d-{i}-tricks": tricks,
                 f"d-{i}-honors": honors}  # fmt: skip
    return data


def test_rubber_round_skips_blank_rows_but_bridge_needs_all_four(director_client, director, started) -> None:
    from tournaments.parties import services

    url = _table_entry_url(started, 1, 1)
    rows = [("4S", "N", "10", ""), ("", "", "", ""), ("", "", "", ""), ("", "", "", "")]
    response = director_client.post(url, _deal_post(rows))
    assert response.content.decode().count("Write the contract, or PASS") == 3
    rubber = services.create_party(actor=director, name="Rubbers", form="rubber", tables=2)
    services.set_guests(actor=director, party=rubber, text="\n".join(f"P{i}" for i in range(8)))
    services.start_party(actor=director, party=rubber)
    url = _table_entry_url(rubber, 1, 2)
    page = director_client.get(url + "?deals=10").content.decode()
    assert 'id="deal-10"' in page and "vulnerable by score" in page
    rows = [("1NT", "S", "8", ""), ("3S", "E", "9", "EW100"), ("", "", "", ""), ("", "", "", "")]
    assert director_client.post(url, _deal_post(rows)).status_code == 302
    table = PartyTable.objects.get(round__party=rubber, number=2)
    # 1NT+1 to N-S (40 + 30); 3S= and 100 honors to E-W (90 + 100). The rubber is unfinished with a
    # part-score on each side, so neither earns the 50 that only a lone part-score gets.
    assert (table.ns_total, table.ew_total) == (70, 190) and table.deals.count() == 2


def test_assigned_tally_cards_page(director_client, director) -> None:
    from tournaments.parties import services

    party = services.create_party(actor=director, name="Assigned", tables=2, tally_draw="assigned")
    services.set_guests(actor=director, party=party, text="\n".join(f"P{i}" for i in range(8)))
    guests = list(party.guests.all())
    url = reverse("parties:start", args=[party.pk])
    assert "Table 2 South" in director_client.get(url).content.decode()
    places = [f"{t}-{s}" for t in (1, 2) for s in "NESW"]
    clash = {f"guest_{g.pk}": places[i] for i, g in enumerate(guests)} | {f"guest_{guests[1].pk}": "1-N"}
    response = director_client.post(url, clash)
    assert "both have table 1 N" in response.content.decode()
    ok = {f"guest_{g.pk}": places[i] for i, g in enumerate(guests)}
    assert director_client.post(url, ok).status_code == 302
    first = PartyTable.objects.get(round__party=party, number=2)
    assert [first.north, first.east, first.south, first.west] == guests[4:]


def test_euchre_entry_asks_who_won_a_tie(director_client, director) -> None:
    from tournaments.parties import services

    party = services.create_party(actor=director, name="Euchre", form="euchre", tables=2)
    services.set_guests(actor=director, party=party, text="\n".join(f"P{i}" for i in range(8)))
    services.start_party(actor=director, party=party)
    url = _table_entry_url(party, 1, 1)
    page = director_client.get(url).content.decode()
    assert "most tricks towards the next hand" in page and "Deal by deal" not in page
    response = director_client.post(url, {"mode": "totals", "t-ns_total": "5", "t-ew_total": "5"})
    assert re.search(r"host_choice.*?say which pair won the tie", response.content.decode(), re.S)
    response = director_client.post(
        url, {"mode": "totals", "t-ns_total": "5", "t-ew_total": "5", "t-host_choice": "EW"}
    )
    assert response.status_code == 302
    assert PartyTable.objects.get(round__party=party, number=1).winner == "EW"
    tallies = director_client.get(reverse("parties:standings", args=[party.pk])).content.decode()
    assert "Gold" in tallies


def test_pivot_round_page_shows_who_sits_out(director_client, director) -> None:
    from tournaments.parties import services

    party = services.create_party(actor=director, name="Pivot", form="pivot", tables=1)
    services.set_guests(actor=director, party=party, text="Ann\nBob\nCat\nDan\nEve")
    services.start_party(actor=director, party=party)
    table = PartyTable.objects.get(round__party=party)
    page = director_client.get(reverse("parties:round", args=[party.pk, 1])).content.decode()
    assert f"<bdi>{table.sitting_out.name}</bdi> sits out this round" in page and "Enter table 1" in page
    tallies = director_client.get(reverse("parties:standings", args=[party.pk]))
    assert tallies.status_code == 200
