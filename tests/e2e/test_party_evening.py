"""The host's evening in a real browser: set up a 3-table party, play two rounds, see the moves and tallies.

Screenshots of the key pages, at phone and desktop sizes, go to $PARTY_SCREENSHOTS (default /tmp/party-e2e).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import scoring
from tournaments.audit.models import AuditEntry
from tournaments.parties.models import Party, PartyTable
from tournaments.parties.selectors import seating_of, standings

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop in this thread

playwright = pytest.importorskip("playwright.sync_api")

SHOTS = Path(os.environ.get("PARTY_SCREENSHOTS", "/tmp/party-e2e"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]  # fmt: skip
GUESTS = "\n".join([f"Lady {c} L" for c in "ABCDEF"] + [f"Gent {c} G" for c in "ABCDEF"])
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def browser_page():
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=1)
        page = context.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            context.close()
            browser.close()


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def enter_totals(page, base: str, party: Party, number: int, table: int, ns: int, ew: int) -> None:
    page.goto(f"{base}/parties/{party.pk}/round/{number}/")
    page.get_by_role("link", name=f"Enter table {table}").click()
    page.get_by_role("link", name="Just the two totals").click()
    page.get_by_label("North-South total").fill(str(ns))
    page.get_by_label("East-West total").fill(str(ew))
    page.get_by_role("button", name=f"Save table {table}").click()
    page.wait_for_url(f"**/round/{number}/")


@pytest.mark.e2e
def test_host_runs_a_three_table_party(live_server, director, transactional_db, browser_page) -> None:
    page, base = browser_page, live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill("director")
    page.get_by_label("Password").fill("bridge-director-pw")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Parties").click()
    page.get_by_role("link", name="+ New party").click()

    # set-up: the rules
    page.get_by_label("Name of the party").fill("Spring party")
    page.get_by_label("Number of tables").fill("3")
    page.get_by_label("Mixed party").check()
    page.get_by_label("Higher score on the last deal").check()
    shot(page, "01-new-party-phone")
    page.get_by_role("button", name="Create party").click()

    # guests, then the tally cards
    page.get_by_label("Guests, one per line").fill(GUESTS)
    page.get_by_role("button", name="Save guests").click()
    page.get_by_role("button", name="Draw the tally cards").click()
    page.get_by_text("Tally cards are ready").wait_for()
    shot(page, "02-tally-cards-phone")
    party = Party.objects.get()
    assert party.status == "playing" and party.tables == 3 and party.mixed
    page.get_by_role("link", name="Start round 1").click()
    shot(page, "03-round-1-phone")

    # round 1, table 1 deal by deal
    page.get_by_role("link", name="Enter table 1").click()
    deals = [("4S", "N", "10"), ("PASS", "", ""), ("3NTX", "E", "7"), ("2H", "W", "9")]
    for i, (contract, declarer, tricks) in enumerate(deals):
        page.locator(f"#id_d-{i}-contract").fill(contract)
        if declarer:
            page.locator(f"#id_d-{i}-declarer").select_option(declarer)
        page.locator(f"#id_d-{i}-tricks").fill(tricks)
    page.locator("#id_d-0-honors").select_option("NS100")
    shot(page, "04-table-entry-phone")
    page.get_by_role("button", name="Score and save table 1").click()
    page.wait_for_url("**/round/1/")
    t1 = PartyTable.objects.get(round__party=party, round__number=1, number=1)
    # each deal scored by the party rules at Law 9's vulnerability for the dealer of that deal
    dealers = [t1.first_dealer]
    for _ in range(3):
        dealers.append({"N": "E", "E": "S", "S": "W", "W": "N"}[dealers[-1]])
    vul = ["None", *("NS" if d in "NS" else "EW" for d in dealers[1:3]), "All"]
    expected = [
        scoring.progressive_deal_score("4S", "N", 10, vul[0], honors_side="NS", honors_points=100),
        (0, 0),
        scoring.progressive_deal_score("3NTX", "E", 7, vul[2]),
        scoring.progressive_deal_score("2H", "W", 9, vul[3]),
    ]
    stored = list(t1.deals.order_by("number"))
    assert [(d.dealer, d.vulnerable) for d in stored] == list(zip(dealers, vul, strict=True))
    assert [(d.ns, d.ew) for d in stored] == expected
    assert (t1.ns_total, t1.ew_total) == tuple(map(sum, zip(*expected, strict=True)))
    assert page.locator("#table-1").get_by_text(f"N-S {t1.ns_total}").count() == 1

    # tables 2 and 3 as just the two totals
    enter_totals(page, base, party, 1, 2, 620, 900)
    enter_totals(page, base, party, 1, 3, 500, 1430)
    before = {t.number: seating_of(t) for t in PartyTable.objects.filter(round__party=party, round__number=1)}
    winners = {t.number: t.winner for t in PartyTable.objects.filter(round__party=party, round__number=1)}
    page.get_by_role("button", name="Call the progression").click()
    page.get_by_role("heading", name="Moves for round 2").wait_for()
    shot(page, "05-moves-phone")

    # the moves on the page are Law 5's: table 1 winners stay, losers to table 3, others' winners up one
    after = {t.number: seating_of(t) for t in PartyTable.objects.filter(round__party=party, round__number=2)}
    table_of = {g: n for n, s in after.items() for g in s.players()}
    names = {str(g.pk): g.name for g in party.guests.all()}
    moves_text = page.locator("#moves").inner_text()
    for n, s in before.items():
        win = s.pair(winners[n])
        lose = s.pair("EW" if winners[n] == "NS" else "NS")
        expected_win, expected_lose = (1, 3) if n == 1 else (n - 1, n)
        assert {table_of[g] for g in win} == {expected_win}
        assert {table_of[g] for g in lose} == {expected_lose}
        for g in (*win, *lose):
            assert f"{names[g]}\t" in moves_text
    # Law 6: at every table of round 2 the visiting lady partners the gentleman who stayed
    for n, s in after.items():
        stayers = [g for g in s.players() if g in before[n].players()]
        assert len(stayers) == 2
        assert s.side_of(stayers[0]) != s.side_of(stayers[1])

    # round 2: all three tables as totals
    page.get_by_role("link", name="Go to round 2").click()
    for table, (ns, ew) in zip((1, 2, 3), ((400, 350), (1200, 0), (90, 620)), strict=True):
        enter_totals(page, base, party, 2, table, ns, ew)
    page.get_by_role("button", name="That was the last round").click()
    page.get_by_role("heading", name="Prizes", exact=True).wait_for()
    shot(page, "06-tallies-phone")
    st = standings(party)
    check = page.locator("#laws-check").inner_text()
    assert "The check agrees" in check and f"{st.my_total}" in check
    rows = page.locator("#tallies tbody tr")
    assert rows.count() == 12
    assert st.rows[0].guest.name in rows.nth(0).inner_text()
    top_net = st.rows[0].tally.net
    assert f"+{top_net}" in rows.nth(0).inner_text()
    assert "Highest score" in page.locator("#prizes").inner_text()

    # the same pages at desktop size
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "07-tallies-desktop")
    page.goto(f"{base}/parties/{party.pk}/round/1/")
    shot(page, "08-round-1-desktop")

    # the host reopens the finished party to correct a table: audited with the reason typed
    page.goto(f"{base}/parties/{party.pk}/")
    page.get_by_label("Reason").fill("table 2 swapped the totals")
    page.get_by_role("button", name="Reopen the party").click()
    page.get_by_text("The party is open again").wait_for()
    party.refresh_from_db()
    assert party.status == Party.Status.PLAYING
    assert AuditEntry.objects.filter(action="party.reopen", why="table 2 swapped the totals").count() == 1
