"""Benchmark: the director's pages at 15, 30 and 60 tables, and the first request of a fresh web process.

Run: ``.venv/bin/python bench/bench_pages.py [--tables 15 30 60] [--repeat 30]``.
For each size it builds a complete demo Mitchell (points-and-fit tricks, no solver) in a throw-away SQLite
database and times, through Django's test client as a logged-in director: the standings page, the travellers
page, one pair's personal score card, and saving one traveller (the form is read from the page, one line's
contract is changed, and the whole form is posted back form-encoded, as a browser would; the demo session is
reopened first, since the demo finishes it, and every save must redirect and bump the section's version).
Median and p95 per page, the HTML size, and how each figure grows from the smallest size to the largest (it
must stay linear; the score card flat). Then it starts a new Python process that sets Django up and answers
its first request, and prints how long that took from the process's start (the cold start a gunicorn worker
pays).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class _FormReader(HTMLParser):
    """The named inputs of the entry form (`#entry-form`), as a browser would post them."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and a.get("id") == "entry-form":
            self.inside = True
        elif self.inside and tag == "input" and a.get("name") and a.get("type") not in ("checkbox", "radio"):
            self.fields[str(a["name"])] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _measure(tables: int, repeat: int) -> dict[str, tuple[float, float, int]]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tournaments.sessions.models import Section, Session
    from tournaments.sessions.services.demo import build_demo_session
    from tournaments.sessions.services.sessions import set_status

    session = build_demo_session(tables=tables, movement="mitchell", seed=tables, quick=True)
    section = session.sections.get()
    user = get_user_model().objects.filter(username="bench").first() or get_user_model().objects.create_superuser(
        username="bench", password="bench-pw-123"
    )
    set_status(actor=user, session=session, status=Session.Status.PLAYING)  # the demo is finished: saves refused
    client = Client()
    client.force_login(user)
    entry = section.entries.order_by("direction", "number").first()
    assert entry is not None
    pages = {
        "standings": f"/sessions/{session.pk}/standings/",
        "travellers": f"/sessions/{session.pk}/travellers/",
        "score card": f"/sessions/{session.pk}/scorecards/{entry.pk}/",
    }
    out: dict[str, tuple[float, float, int]] = {}
    for name, url in pages.items():
        client.get(url)  # warm: templates compiled, caches filled
        times, size = [], 0
        for _ in range(repeat):
            t0 = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - t0)
            assert response.status_code == 200, (url, response.status_code)
            size = len(response.content)
        out[name] = (statistics.median(times) * 1000, _p95(times) * 1000, size)

    url = f"/sessions/{session.pk}/{section.letter}/traveller/1/"
    times = []
    for i in range(repeat):
        reader = _FormReader()
        reader.feed(client.get(url).content.decode())
        data = dict(reader.fields)
        contract_field = next(k for k in data if k.endswith("contract"))
        prefix = contract_field[: -len("contract")]
        data[contract_field] = "3NT" if i % 2 == 0 else "4S"
        data[f"{prefix}declarer"] = "N"
        data[f"{prefix}tricks"] = "9" if i % 2 == 0 else "10"
        data[f"{prefix}score"] = ""
        data["why"] = "bench"
        body = urlencode(data)
        version = Section.objects.values_list("version", flat=True).get(pk=section.pk)
        t0 = time.perf_counter()
        response = client.post(url, body, content_type="application/x-www-form-urlencoded")
        times.append(time.perf_counter() - t0)
        assert response.status_code == 302, ("the benchmark's traveller was not saved", response.status_code)
        assert Section.objects.values_list("version", flat=True).get(pk=section.pk) > version, "nothing was saved"
    out["save traveller"] = (statistics.median(times) * 1000, _p95(times) * 1000, 0)
    return out


COLD = """
import io, os, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
from django.core.wsgi import get_wsgi_application
app = get_wsgi_application()
t1 = time.perf_counter()
environ = {{
    "REQUEST_METHOD": "GET", "PATH_INFO": "/accounts/login/", "QUERY_STRING": "", "SCRIPT_NAME": "",
    "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
    "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(), "wsgi.errors": sys.stderr,
    "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
}}
status = []
body = b"".join(app(environ, lambda s, h, *a: status.append(s)))
t2 = time.perf_counter()
assert status[0].startswith("200"), status
print(f"{{t1 - t0:.3f}} {{t2 - t0:.3f}}")
"""


def _cold_start(workdir: str) -> tuple[float, float]:
    """Median of 5 new processes, each as a gunicorn worker starts: the WSGI app, then one request (the login
    page, as a plain WSGI environ, so the measure does not load django.test). The project's bytecode is compiled
    first, as on a deployed server (this machine sets PYTHONDONTWRITEBYTECODE, which would otherwise have every
    new process compile our ~200 modules from source)."""
    compileall.compile_dir(str(ROOT / "tournaments"), quiet=1)
    compileall.compile_dir(str(ROOT / "config"), quiet=1)
    compileall.compile_dir(str(ROOT / "scoring"), quiet=1)
    env = {**os.environ, "BRIDGEDESK_DATA_DIR": workdir, "SECRET_KEY": "bench-only", "DEBUG": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = []
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-c", COLD.format(root=str(ROOT))], env=env, capture_output=True, text=True, check=True
        )
        setup_s, first_s = (float(x) for x in done.stdout.split())
        runs.append((setup_s, first_s))
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, nargs="+", default=[15, 30, 60])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-pages-")
    os.environ["BRIDGEDESK_DATA_DIR"] = workdir
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)

    figures = {t: _measure(t, args.repeat) for t in args.tables}
    names = list(next(iter(figures.values())))
    print(f"{'page':<16}" + "".join(f"{f'{t} tables (median/p95 ms, KB)':>34}" for t in args.tables) + "   growth")
    for name in names:
        cells = []
        for t in args.tables:
            median, p95, size = figures[t][name]
            kb = f", {size / 1024:.0f} KB" if size else ""
            cells.append(f"{median:>8.1f} / {p95:>6.1f}{kb:>10}")
        first, last = figures[args.tables[0]][name][0], figures[args.tables[-1]][name][0]
        growth = f"x{last / first:.2f} for x{args.tables[-1] / args.tables[0]:.0f} tables"
        print(f"{name:<16}" + "".join(f"{c:>34}" for c in cells) + f"   {growth}")
    setup_s, first_s = _cold_start(workdir)
    print(f"cold start: Django set up in {setup_s * 1000:.0f} ms, first request answered {first_s * 1000:.0f} ms")
    print("after the process started (median of 5 new processes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
