"""The party engine's games in the party pages: whist, four-hand five hundred and cinch, entered per table."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments.audit.models import AuditEntry
from tournaments.parties import game_services, score_pads, services
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.reports import render_score_pads, render_standings, render_tally_cards
from tournaments.parties.selectors import standings
from tournaments.parties.services import EntryError

EIGHT = "\n".join(f"Guest {c}" for c in "ABCDEFGH")


def _party(director, form: str, **rules) -> Party:
    party = services.create_party(actor=director, name=f"{form} drive", form=form, tables=2, **rules)
    services.set_guests(actor=director, party=party, text=EIGHT)
    services.start_party(actor=director, party=party)
    party.refresh_from_db()
    return party


def _tables(party: Party, number: int = 1) -> list[PartyTable]:
    return list(PartyTable.objects.filter(round__party=party, round__number=number).order_by("number"))


def test_the_new_party_form_offers_the_games(director_client) -> None:
    html = director_client.get(reverse("parties:new")).content.decode()
    for label in ("Progressive Whist", "Progressive Five Hundred", "Progressive Cinch"):
        assert label in html


def test_a_whist_drive_counts_each_pairs_tricks_and_checks_the_fifty_two(director, director_client) -> None:
    party = _party(director, "whist", tie_rule="north_south")
    one, two = _tables(party)
    with pytest.raises(EntryError, match="4 hands are 52 tricks: the two pairs' tricks add up to 50") as err:
        score_pads.record_totals(actor=director, table=one, ns_total=30, ew_total=20)
    assert err.value.field == "ns_total"
    with pytest.raises(EntryError, match="entered as the two pairs' totals"):
        score_pads.record_deals(actor=director, table=one, deals=[])
    score_pads.record_totals(actor=director, table=one, ns_total=30, ew_total=22)
    score_pads.record_totals(actor=director, table=two, ns_total=26, ew_total=26)  # a tie: North-South win it
    st = standings(party)
    tricks = {r.guest.name: r.tally.net for r in st.rows}
    assert tricks == {
        one.north.name: 30, one.south.name: 30, one.east.name: 22, one.west.name: 22,
        two.north.name: 26, two.south.name: 26, two.east.name: 26, two.west.name: 26,
    }  # fmt: skip
    assert [r.tally.net for r in st.rows] == sorted(tricks.values(), reverse=True) and st.total_label == "Tricks"
    page = director_client.get(reverse("parties:standings", args=[party.pk])).content.decode()
    assert '<th class="num">Tricks</th>' in page and "laws-check" not in page and "My score" not in page
    services.call_progression(actor=director, party=party)
    new_one = _tables(party, 2)[0]
    assert {new_one.north, new_one.south, new_one.east, new_one.west} >= {one.north, one.south}  # winners stay
    assert {two.north, two.south} <= {new_one.north, new_one.south, new_one.east, new_one.west}  # tie to N-S


def test_whist_table_page_takes_totals_and_shows_the_laws_message_at_the_field(director, director_client) -> None:
    party = _party(director, "whist")
    url = reverse("parties:table", args=[party.pk, 1, 1])
    html = director_client.get(url + "?mode=totals").content.decode()
    assert "North-South tricks (all four hands)" in html
    response = director_client.post(url, {"mode": "totals", "t-ns_total": "40", "t-ew_total": "40"})
    assert response.status_code == 200
    field = re.search(r'<div class="party-field field-error">.*?</div>', response.content.decode(), re.S)
    assert field is not None and "add up to 80" in field.group(0) and "t-ns_total" in field.group(0)
    response = director_client.post(url, {"mode": "totals", "t-ns_total": "27", "t-ew_total": "25"})
    assert response.status_code == 302
    assert _tables(party)[0].ns_total == 27


def test_four_hand_five_hundred_takes_set_backs_and_scores_in_tens(director, director_client) -> None:
    party = _party(director, "five-hundred", tie_rule="north_south")
    one, two = _tables(party)
    score_pads.record_totals(actor=director, table=one, ns_total=-120, ew_total=340)
    with pytest.raises(EntryError, match="scores go in tens: 125") as err:
        score_pads.record_totals(actor=director, table=two, ns_total=125, ew_total=60)
    assert err.value.field == "ns_total"
    st = standings(party)
    assert {r.guest.name: r.tally.net for r in st.rows if r.tally.rounds} == {
        one.north.name: -120,
        one.south.name: -120,
        one.east.name: 340,
        one.west.name: 340,
    }
    assert PartyTable.objects.get(pk=one.pk).winner == "EW"
    response = director_client.post(
        reverse("parties:table", args=[party.pk, 1, 2]), {"mode": "totals", "t-ns_total": "-40", "t-ew_total": "200"}
    )
    assert response.status_code == 302


def test_cinch_tallies_games_won(director, director_client) -> None:
    party = _party(director, "cinch", tie_rule="cut")
    one, two = _tables(party)
    score_pads.record_totals(actor=director, table=one, ns_total=33, ew_total=20)
    score_pads.record_totals(actor=director, table=two, ns_total=-8, ew_total=24)
    games = {r.guest.name: r.tally.net for r in standings(party).rows}
    winners = {one.north.name, one.south.name, two.east.name, two.west.name}
    assert games == {name: (1 if name in winners else 0) for name in games}
    html = director_client.get(reverse("parties:screen", args=[party.pk])).content.decode()
    assert "Leaders" in html and "+1" not in html


def test_cinch_half_game_each_at_a_tie_and_a_cut_to_progress(director, director_client) -> None:
    # "Ties may cut to progress and score, or a half game may be scored for each player, cutting to progress only."
    party = _party(director, "cinch", tie_rule="half")
    one, two = _tables(party)
    score_pads.record_totals(actor=director, table=one, ns_total=32, ew_total=32)  # the bell rang on a tie
    score_pads.record_totals(actor=director, table=two, ns_total=32, ew_total=12)
    one.refresh_from_db()
    assert one.winner in ("NS", "EW") and one.decided_by == "half"
    games = {r.guest.name: r.tally.net for r in standings(party).rows}
    at_one = {g.name for g in one.seats.values()}
    assert games == {
        name: 0.5 if name in at_one else (1 if name in (two.north.name, two.south.name) else 0) for name in games
    }
    page = director_client.get(reverse("parties:round", args=[party.pk, 1])).content.decode()
    assert "half a game each; a cut decided who moves" in page
    assert "<strong>0.5</strong>" in director_client.get(reverse("parties:standings", args=[party.pk])).content.decode()
    services.call_progression(actor=director, party=party)  # the cut's winners move as winners do
    head = _tables(party, 2)[0]
    assert {g.name for g in head.seats.values()} >= {one.seats[s].name for s in one.winner}
    with pytest.raises(EntryError, match="progressive cinch's rule") as err:
        services.create_party(actor=director, name="Whist", form="whist", tables=2, tie_rule="half")
    assert err.value.field == "tie_rule"


def test_whist_papers_print_the_tricks_and_the_prizes(director) -> None:
    party = _party(director, "whist", tie_rule="north_south")
    for t, (ns, ew) in zip(_tables(party), ((30, 22), (19, 33)), strict=True):
        score_pads.record_totals(actor=director, table=t, ns_total=ns, ew_total=ew)
    services.finish_party(actor=director, party=party)
    _name, _type, data = render_standings(party)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert "Tricks" in text and "Prizes" in text and "Highest score" in text and "laws' check" not in text
    best = standings(party).rows[0]
    assert best.tally.net == 33 and best.guest.name in text
    _name, _type, cards = render_tally_cards(party)
    assert len(PdfReader(io.BytesIO(cards)).pages) >= 1


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ("whist", ["Progressive Whist", "N-S tricks", "add up to 13"]),
        ("five-hundred", ["Progressive Five Hundred", "Bidder", "Avondale", "Nullo"]),
        ("cinch", ["Progressive Cinch", "N-S running", "rings the bell"]),
    ],
)
def test_each_game_prints_its_own_score_pad(director, form, words) -> None:
    party = _party(director, form)
    _name, _type, data = render_score_pads(party)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
    assert len(pages) == 2  # one a table
    for word in words:
        assert word in pages[0], word
    assert "Contract" not in pages[0]


@pytest.mark.parametrize("form", ["whist", "five-hundred", "cinch"])
def test_every_party_page_and_paper_of_a_game_answers(director, director_client, form) -> None:
    party = _party(director, form, tie_rule="north_south")
    scores = {"whist": (30, 22), "five-hundred": (-80, 240), "cinch": (32, -6)}[form]
    for number in (1, 2):
        for t in _tables(party, number):
            score_pads.record_totals(actor=director, table=t, ns_total=scores[0], ew_total=scores[1])
        if number == 1:
            services.call_progression(actor=director, party=party)
    pages = [
        reverse("parties:detail", args=[party.pk]),
        reverse("parties:round", args=[party.pk, 1]),
        reverse("parties:round", args=[party.pk, 2]),
        reverse("parties:table", args=[party.pk, 2, 1]),
        reverse("parties:standings", args=[party.pk]),
        reverse("parties:screen", args=[party.pk]),
        reverse("parties:print", args=[party.pk]),
    ]
    for url in pages:
        assert director_client.get(url).status_code == 200, url
    services.finish_party(actor=director, party=party)
    for kind in ("tally-cards", "table-cards", "score-pads", "standings"):
        response = director_client.get(reverse("parties:pdf", args=[party.pk, kind]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", kind


def _rows(url_data: list[dict[str, str]], count: int) -> dict[str, str]:
    data = {"mode": "deals", "g-TOTAL_FORMS": str(count), "g-INITIAL_FORMS": str(count)}
    for i, row in enumerate(url_data):
        for key, value in row.items():
            data[f"g-{i}-{key}"] = value
    return data


def test_five_hundred_typed_deal_by_deal_is_scored_by_the_avondale_schedule(director, director_client) -> None:
    party = _party(director, "five-hundred", tie_rule="north_south")
    url = reverse("parties:table", args=[party.pk, 1, 1])
    html = director_client.get(url).content.decode()
    assert "Bidders' tricks" in html and html.count('class="card deal-card') == 4
    deals = [
        {"bidder": "N", "bid": "7H", "tricks": "8"},  # N-S make 200; E-W take 2 tricks: 20
        {"bidder": "E", "bid": "8S", "tricks": "7"},  # E-W set back 240; N-S 30
        {"bidder": "S", "bid": "NULLO", "tricks": "0"},  # nullo made: 250 to N-S
        {"bidder": "W", "bid": "6C", "tricks": "10"},  # all ten on a bid under 250: 250
    ]
    bad = [dict(d) for d in deals]
    bad[1]["bid"] = "5S"
    response = director_client.post(url, _rows(bad, 4))
    assert response.status_code == 200
    card = re.search(r'id="deal-2">(.*?)</fieldset>', response.content.decode(), re.S)
    assert card is not None and "not a bid" in card.group(1) and "field-error" in card.group(1)
    assert director_client.post(url, _rows(deals, 4)).status_code == 302
    table = _tables(party)[0]
    assert (table.ns_total, table.ew_total, table.winner) == (200 + 30 + 250, 20 - 240 + 250, "NS")
    entry = AuditEntry.objects.filter(action="party.table").latest("pk")
    assert [h["bid"] for h in entry.new["hands"]] == ["7H", "8S", "NULLO", "6C"]


def test_whist_and_cinch_deal_by_deal(director) -> None:
    whist = _party(director, "whist")
    table = _tables(whist)[0]
    game_services.record_game_deals(actor=director, table=table, rows=[{"tricks": t} for t in ("8", "5", "7", "9")])
    table.refresh_from_db()
    assert (table.ns_total, table.ew_total) == (29, 23)
    with pytest.raises(EntryError, match="Deal 2: the tricks is between 0 and 13, not 14") as err:
        game_services.record_game_deals(actor=director, table=table, rows=[{"tricks": "8"}, {"tricks": "14"}])
    assert (err.value.deal, err.value.field) == (2, "tricks")
    cinch = _party(director, "cinch")
    table = _tables(cinch)[0]
    rows = [{"bidder": "N", "bid": "6", "tricks": "9", "against": "5"},  # N-S 9, E-W 5
            {"bidder": "E", "bid": "10", "tricks": "7", "against": "7"},  # E-W set back 10, N-S 7
            {"bidder": "S", "bid": "8", "tricks": "14", "against": "0"}]  # fmt: skip
    game_services.record_game_deals(actor=director, table=table, rows=rows)
    table.refresh_from_db()
    assert (table.ns_total, table.ew_total, table.winner) == (30, -5, "NS")
    with pytest.raises(EntryError, match="who was the bidder") as err:
        game_services.record_game_deals(actor=director, table=table, rows=[{"bid": "6", "tricks": "9", "against": "5"}])
    assert err.value.field == "bidder"
