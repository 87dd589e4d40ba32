"""Duplicate whist in the director's pages: set up from the new-session form, travellers typed as N-S's tricks
(with the revoke of Law X s. 4), and the standings showing the whist scores."""

from __future__ import annotations

import pytest

from tournaments.sessions.models import Result, Session

pytestmark = pytest.mark.django_db


def new_whist_session(client, method: str = "mp") -> Session:
    setup = {
        "event_name": "Whist club",
        "session_name": "Tuesday",
        "date": "2026-11-24",
        "game": "whist",
        "scoring_method": method,
        "mp_scale": "ebu",
        "pairs_a": "10",
    }
    assert client.post("/sessions/new/", {**setup, "stage": "1"}).status_code == 200
    created = client.post(
        "/sessions/new/", {**setup, "stage": "2", "sec-A-choice": "mitchell|||", "sec-A-boards_per_round": "1"}
    )
    assert created.status_code == 302, created.content.decode()[:2000]
    return Session.objects.get()


def lines(data):
    return {f"line-{i}-{key}": value for i, line in enumerate(data) for key, value in line.items()}


def test_a_whist_traveller_is_typed_as_tricks_and_scored_in_the_standings(director_client) -> None:
    session = new_whist_session(director_client)
    assert session.game == Session.Game.WHIST
    page = director_client.get(f"/sessions/{session.pk}/A/traveller/1/")
    html = page.content.decode()
    assert "N-S tricks" in html and "Revoke" in html and 'name="line-0-contract"' not in html
    pairs = [(f.initial["ns"], f.initial["ew"]) for f in (line.form for line in page.context["lines"])]
    assert len(pairs) == 5
    tricks = ["7", "8", "6", "7", "7"]
    typed = [
        {"ns": ns, "ew": ew, "tricks": t, "revoke": "EW" if i == 4 else ""}
        for i, ((ns, ew), t) in enumerate(zip(pairs, tricks, strict=True))
    ]
    saved = director_client.post(f"/sessions/{session.pk}/A/traveller/1/", lines(typed))
    assert saved.status_code == 302
    assert sorted(Result.objects.values_list("tricks", flat=True)) == [6, 7, 7, 7, 8]
    assert Result.objects.get(revoke__side="EW").tricks == 7
    # Law X s. 4: E-W's revoke is worth +R1 to N-S (capped at the 8 made elsewhere), 7, 8, 6, 7, 8 on the
    # EBU scale: 3, 7, 0, 3, 7 of a top of 8; both 8-trick N-S pairs share the top of their field.
    standings = director_client.get(f"/sessions/{session.pk}/standings/")
    ns = standings.context["scores"].standings["NS"]
    assert [s.total for s in ns[:2]] == [7, 7]
    travellers = director_client.get(f"/sessions/{session.pk}/travellers/?board=1").content.decode()
    assert "+R1" in travellers


def test_a_whist_line_error_is_shown_at_its_field(director_client) -> None:
    session = new_whist_session(director_client)
    page = director_client.get(f"/sessions/{session.pk}/A/traveller/1/")
    ns, ew = page.context["lines"][0].form.initial["ns"], page.context["lines"][0].form.initial["ew"]
    bad = director_client.post(
        f"/sessions/{session.pk}/A/traveller/1/", lines([{"ns": ns, "ew": ew, "tricks": "7", "revoke": "XY"}])
    )
    assert bad.status_code == 200
    assert "is not a revoke" in " ".join(bad.context["lines"][0].form.errors["revoke"])
    assert not Result.objects.exists()


def test_whist_by_tricks_over_the_average(director_client) -> None:
    session = new_whist_session(director_client, method="total")
    page = director_client.get(f"/sessions/{session.pk}/A/traveller/1/")
    pairs = [(f.initial["ns"], f.initial["ew"]) for f in (line.form for line in page.context["lines"])]
    typed = [{"ns": ns, "ew": ew, "tricks": t} for (ns, ew), t in zip(pairs, ["7", "9", "5", "7", "7"], strict=True)]
    assert director_client.post(f"/sessions/{session.pk}/A/traveller/1/", lines(typed)).status_code == 302
    standings = director_client.get(f"/sessions/{session.pk}/standings/")
    totals = sorted(s.total for s in standings.context["scores"].standings["NS"])
    assert totals == [-2, 0, 0, 0, 2]  # the field's average is 7
    assert standings.context["unit"] == "tricks"
