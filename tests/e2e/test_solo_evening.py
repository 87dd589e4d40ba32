"""A host runs a progressive solo evening in a real browser: two tables, two rounds, chips, moves, prizes.

Each table's round is typed deal by deal (bidder, bid, doubled, points) and the saved chips are checked
against the reckoning written by hand in tests/tournaments/parties/test_party_solo_web.py.
"""

from __future__ import annotations

import pytest

from tests.e2e.test_party_evening import browser_page, shot  # noqa: F401  (the fixture, by name)
from tests.tournaments.parties.test_party_solo_web import _order, _round_by_hand
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import standings

GUESTS = "\n".join(f"Player {c}" for c in "ABCDEFGH")


def type_round(page, base: str, party: Party, number: int, table: int) -> dict[str, int]:
    """Type a table's four deals on its page; the chips each seat should get."""
    row = PartyTable.objects.get(round__party=party, round__number=number, number=table)
    deals, chips = _round_by_hand(_order(row))
    page.goto(f"{base}/parties/{party.pk}/round/{number}/")
    page.get_by_role("link", name=f"Enter table {table}").click()
    for i, deal in enumerate(deals):
        if "bidder" in deal:
            page.locator(f"#id_g-{i}-bidder").select_option(deal["bidder"])
            page.locator(f"#id_g-{i}-double").select_option(deal["double"])
            page.locator(f"#id_g-{i}-points").fill(deal["points"])
        page.locator(f"#id_g-{i}-bid").fill(deal["bid"])
    page.get_by_role("button", name=f"Score and save table {table}").click()
    page.wait_for_url(f"**/round/{number}/")
    return chips


@pytest.mark.e2e
def test_host_runs_a_solo_evening(live_server, director, transactional_db, browser_page) -> None:  # noqa: F811
    page, base = browser_page, live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("bridge-director-pw")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Parties").click()
    page.get_by_role("link", name="+ New party").click()
    page.get_by_label("Name of the party").fill("Solo night")
    page.get_by_label("Progressive Solo").check()
    page.get_by_label("Number of tables").fill("2")
    page.get_by_role("radio", name="Cut the cards", exact=True).check()
    page.get_by_role("button", name="Create party").click()
    page.get_by_label("Guests, one per line").fill(GUESTS)
    page.get_by_role("button", name="Save guests").click()
    page.get_by_role("button", name="Draw the tally cards").click()
    page.get_by_text("Tally cards are ready").wait_for()
    party = Party.objects.get()
    assert party.form == "solo" and party.status == "playing"

    # round 1: a typo first (points over 120), shown at its deal, then the round as played
    page.goto(f"{base}/parties/{party.pk}/round/1/")
    page.get_by_role("link", name="Enter table 1").click()
    first = PartyTable.objects.get(round__party=party, round__number=1, number=1)
    page.locator("#id_g-0-bidder").select_option(_order(first)[1])
    page.locator("#id_g-0-bid").fill("Heart Solo")
    page.locator("#id_g-0-points").fill("130")
    page.get_by_role("button", name="Score and save table 1").click()
    assert "between 0 and 120, not 130" in page.locator("#deal-1").inner_text()
    shot(page, "solo-01-error-phone")
    chips = {}
    for table in (1, 2):
        chips[table] = type_round(page, base, party, 1, table)
        row = PartyTable.objects.get(round__party=party, round__number=1, number=table)
        assert row.seat_totals == chips[table]
        assert f"{row.north.name} {chips[table]['N']}" in page.locator(f"#table-{table}").inner_text()
    shot(page, "solo-02-round-1-phone")
    page.get_by_role("button", name="Call the progression").click()
    page.get_by_role("heading", name="Moves for round 2").wait_for()
    before = {t.number: t for t in PartyTable.objects.filter(round__party=party, round__number=1)}
    head = PartyTable.objects.get(round__party=party, round__number=2, number=1)
    up = {before[n].seats[s].name for n in (1, 2) for s in before[n].winner}
    assert {g.name for g in head.seats.values()} == up  # the two high of each table at the head table

    for table in (1, 2):
        type_round(page, base, party, 2, table)
    page.goto(f"{base}/parties/{party.pk}/round/2/")
    page.get_by_role("button", name="That was the last round").click()
    page.get_by_role("heading", name="Prizes", exact=True).wait_for()
    shot(page, "solo-03-tallies-phone")
    st = standings(party)
    rows = page.locator("#tallies tbody tr")
    assert rows.count() == 8 and st.total_label == "Chips"
    assert st.rows[0].guest.name in rows.nth(0).inner_text()
    assert "Highest score" in page.locator("#prizes").inner_text()
    assert sum(r.tally.net for r in st.rows) == 0  # chips only change hands
