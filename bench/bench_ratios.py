"""Benchmark: every page as a multiple of the floor, at 15, 30 and 60 tables, warm and right after a change.

Run: ``.venv/bin/python bench/bench_ratios.py [--tables 15 30 60] [--repeat 30]``.
The floor is a bare Django view (``HttpResponse("ok")``) served through the same middleware, measured in the
same run and interleaved with the pages (floor, page, floor, page, ...), and timed in CPU time of this process
(the test client runs the views in it), so a machine shared with other people's test suites changes the ratio
far less than a wall-clock median, which there mostly measures preemption. For each size
a complete demo Mitchell is built in a throw-away SQLite database and published; then, through Django's test
client:

- warm: each page fetched ``--repeat`` times on an unchanged section (polls send the ETag they were given);
- after a change: ``--repeat`` times, one result corrected through the service, and one table of the party (not
  timed), then each page's first fetch timed (the public pages' first reader rebuilds them, the party's pages
  their standings and rows; polls send the ETag they had, so they get the new answer).

Goals (issue 24): cached public pages and 304s within 5x the floor warm, pages a director polls within 20x
warm and after a change. Exit status 1 if a warm goal is missed (``--no-check`` to report only).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GOALS: dict[str, float] = {}  # page name -> multiple of the floor allowed warm


@dataclass(frozen=True)
class Page:
    name: str
    fetch: Callable[[], int]  # returns the status
    goal: float  # multiple of the floor, warm
    status: int  # expected warm status


def _floor_urlconf() -> None:
    """The project's URLs plus the floor (a bare view) at /bench-floor/, as the URLconf of this process."""
    from django.conf import settings
    from django.http import HttpRequest, HttpResponse
    from django.urls import include, path

    from tournaments.core.access import public

    @public
    def floor(request: HttpRequest) -> HttpResponse:
        return HttpResponse("ok")

    module = types.ModuleType("bench_floor_urls")
    module.urlpatterns = [path("bench-floor/", floor), path("", include(settings.ROOT_URLCONF))]  # type: ignore[attr-defined]
    sys.modules["bench_floor_urls"] = module
    settings.ROOT_URLCONF = "bench_floor_urls"


def embedded_django(prefix: str, database_url: str = "") -> str:
    """Django set up in this process on a new, migrated SQLite database in a temporary folder (or on
    `database_url`, e.g. a new PostgreSQL database), with the floor at /bench-floor/ (the benches that time pages
    in-process against the floor share this). Returns the folder."""
    workdir = tempfile.mkdtemp(prefix=prefix)
    os.environ["BRIDGEDESK_DATA_DIR"] = workdir
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    _floor_urlconf()
    return workdir


def _pages(tables: int) -> tuple[list[Page], Callable[[int], None], Callable[[], int]]:
    """The pages of a new demo section of this size, a way to change one result, and the floor."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tournaments.publishing.services import publish
    from tournaments.sessions.models import Result, Session
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.results import change_result
    from tournaments.sessions.services.sessions import set_status
    from tournaments.tableside import services as tableside

    session = build_demo_session(tables=tables, movement="mitchell", seed=tables, quick=True)
    publish(actor=None, session=session)
    set_status(actor=None, session=session, status=Session.Status.PLAYING)
    section = session.sections.get()
    link = tableside.issue_links(section)[0]
    user = get_user_model().objects.filter(username="bench").first() or get_user_model().objects.create_superuser(
        username="bench", password="bench-pw-123"
    )
    director, reader, phone = Client(), Client(), Client()
    director.force_login(user)
    entry = section.entries.order_by("direction", "number").first()
    assert entry is not None
    etags: dict[str, str] = {}

    def get(client: Client, url: str, key: str = "", **headers: str) -> Callable[[], int]:
        def fetch() -> int:
            extra = dict(headers)
            if key and key in etags:
                extra["HTTP_IF_NONE_MATCH"] = etags[key]
            response = client.get(url, **extra)  # type: ignore[arg-type]
            if key and response.has_header("ETag"):
                etags[key] = response["ETag"]
            return response.status_code

        return fetch

    live, hx = f"/live/{session.pk}/", {"HTTP_HX_REQUEST": "true"}
    browser = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}  # as every browser sends: cached pages go as stored
    results_url = f"/results/{session.pk}/"
    pages = [
        Page("public standings (cached)", get(reader, results_url, **browser), 5, 200),
        Page("public boards (cached)", get(reader, f"{results_url}boards/", **browser), 5, 200),
        Page("public boards (no gzip)", get(reader, f"{results_url}boards/"), 5, 200),
        Page("public score card (cached)", get(reader, f"{results_url}pairs/{entry.pk}/", **browser), 5, 200),
        Page("table state poll (304)", get(phone, f"/api/table/{link.token}/", "table"), 5, 304),
        Page("live panel poll (304)", get(director, live, "panel", **hx), 5, 304),
        Page("big screen poll (304)", get(director, f"{live}screen/", "screen", **hx), 5, 304),
        Page("table state (full)", get(phone, f"/api/table/{link.token}/"), 20, 200),
        Page("live panel (full poll)", get(director, live, **hx), 20, 200),
        Page("big screen (full poll)", get(director, f"{live}screen/", **hx), 20, 200),
        Page("director standings", get(director, f"/sessions/{session.pk}/standings/"), 20, 200),
    ]
    growing, change_party = _growing_pages(tables, session.pk, section.letter, director, get)
    pages += growing
    GOALS.update({p.name: p.goal for p in pages})
    results = list(Result.objects.filter(section=section, kind=Result.Kind.PLAYED).order_by("pk")[:2])

    def change(i: int) -> None:
        result = results[i % 2]
        contract, tricks = ("3NT", "+1") if i % 4 < 2 else ("4S", "=")
        change_result(actor=None, result=result, contract=contract, declarer="S", tricks=tricks, why="bench")
        change_party(i)

    return pages, change, get(Client(), "/bench-floor/")


def _growing_pages(
    tables: int, session_pk: int, letter: str, director: object, get: Callable[..., Callable[[], int]]
) -> tuple[list[Page], Callable[[int], None]]:
    """The pages that grow with the field (issue 24: at most x1.5 from 15 to 60 tables): a board's traveller
    (recap and entry) and a progressive party of the same number of tables (played 4 rounds, then reopened):
    its dashboard, its last round's page and its tallies; and a correction of one of its last round's tables,
    so that "after a change" times the party's pages right after a party write too."""
    from tournaments.parties.finishing import reopen_party
    from tournaments.parties.management.commands.party_demo import save_demo
    from tournaments.parties.models import PartyTable
    from tournaments.parties.score_pads import record_totals
    from tournaments.parties.simulate import simulate_party

    party = save_demo(simulate_party(tables, 4, seed=tables), tables=tables, host="bench", seed=tables)
    reopen_party(actor=None, party=party, why="bench: corrections")
    table = PartyTable.objects.get(round__party=party, round__number=4, number=1)

    def change(i: int) -> None:
        ns, ew = (620, 100) if i % 2 else (100, 620)
        record_totals(actor=None, table=table, ns_total=ns, ew_total=ew, why="bench")

    travellers, hx = f"/sessions/{session_pk}/travellers/?board=1", {"HTTP_HX_REQUEST": "true"}
    return [
        Page("traveller recap (one board)", get(director, travellers), 20, 200),
        Page("traveller entry (one board)", get(director, f"/sessions/{session_pk}/{letter}/traveller/1/"), 20, 200),
        Page("party dashboard", get(director, f"/parties/{party.pk}/"), 20, 200),
        Page("party round (full poll)", get(director, f"/parties/{party.pk}/round/4/", **hx), 20, 200),
        Page("party round page", get(director, f"/parties/{party.pk}/round/4/"), 20, 200),
        Page("party tallies", get(director, f"/parties/{party.pk}/tallies/"), 20, 200),
    ], change


def _timed(fetch: Callable[[], int]) -> tuple[float, int]:
    """The CPU time of one fetch (this process's: the test client runs the view in it), and its status. CPU,
    not wall clock: on a machine shared with others' tests a wall-clock median mostly measures preemption."""
    t0 = time.process_time()
    status = fetch()
    return time.process_time() - t0, status


def _measure(tables: int, repeat: int) -> dict[str, tuple[float, float, float, float]]:
    """Per page: warm median CPU ms, warm ratio, after-change median CPU ms, after-change ratio."""
    pages, change, floor = _pages(tables)
    for page in pages:  # warm up: templates compiled, caches filled, ETags known
        page.fetch()
        page.fetch()
    floor_warm: list[float] = []
    warm: dict[str, list[float]] = {p.name: [] for p in pages}
    for _ in range(repeat):
        for page in pages:
            floor_warm.append(_timed(floor)[0])
            took, status = _timed(page.fetch)
            assert status == page.status, (page.name, status)
            warm[page.name].append(took)
    floor_after: list[float] = []
    after: dict[str, list[float]] = {p.name: [] for p in pages}
    for i in range(repeat):
        change(i)
        for page in pages:
            floor_after.append(_timed(floor)[0])
            took, status = _timed(page.fetch)
            assert status == 200, (page.name, status)
            after[page.name].append(took)
    fw, fa = statistics.median(floor_warm), statistics.median(floor_after)
    out = {"floor (bare view)": (fw * 1000, 1.0, fa * 1000, 1.0)}
    for p in pages:
        w, a = statistics.median(warm[p.name]), statistics.median(after[p.name])
        out[p.name] = (w * 1000, w / fw, a * 1000, a / fa)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, nargs="+", default=[15, 30, 60])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--no-check", action="store_true")
    args = parser.parse_args()

    embedded_django("bench-ratios-")

    figures = {t: _measure(t, args.repeat) for t in args.tables}
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores, shared)")
    head = "".join(f"{f'{t} tables: warm | after change':>40}" for t in args.tables)
    print(f"{'page (median CPU ms, x floor)':<30}{head}   goal   growth (warm x floor, last / first size)")
    missed = []
    for name in figures[args.tables[0]]:
        cells = []
        for t in args.tables:
            wm, wr, am, ar = figures[t][name]
            cells.append(f"{wm:7.2f} ms x{wr:5.1f} | {am:7.2f} ms x{ar:5.1f}")
            if name in GOALS and wr > GOALS[name]:
                missed.append(f"{name} at {t} tables: x{wr:.1f} warm (goal x{GOALS[name]:.0f})")
        goal = f"x{GOALS[name]:.0f}" if name in GOALS else ""
        growth = figures[args.tables[-1]][name][1] / figures[args.tables[0]][name][1]
        print(f"{name:<30}" + "".join(f"{c:>40}" for c in cells) + f"   {goal:>4}   x{growth:.2f}")
    for line in missed:
        print(f"MISSED: {line}")
    return 1 if missed and not args.no_check else 0


if __name__ == "__main__":
    raise SystemExit(main())
