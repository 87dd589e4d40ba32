"""Stateless web processes: two web processes (the image's entrypoint, gunicorn) on two ports and one worker,
sharing only PostgreSQL, Redis and the files' storage, serve the same answers. A result posted to one is on
the other's public page at once (no stale local cache), both give the same ETag for a page one of them
cached, a director of another club gets 404 from both for the first club's every page and its table API, the
table-token guess limit counts across both, a PDF made by the worker downloads from both, and one scrape of
/metrics adds up a web server's gunicorn processes (PROMETHEUS_MULTIPROC_DIR).

No container engine runs on the test machines, so this starts `scripts/entrypoint` (the image's ENTRYPOINT,
compose.yaml's commands) without the container; docs/deployment.md says so.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.private_servers import _wait_port

ROOT = Path(__file__).resolve().parents[3]
PORTS = tuple(int(p) for p in os.environ.get("TWO_WEB_PORTS", "8704,8714").split(","))  # two lanes, two pairs
PG_SERVER = os.environ.get("SERVICE_TEST_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("SERVICE_TEST_REDIS", "redis://127.0.0.1:6379/4")
PASSWORD = "two-web-director-pw"


def _reachable() -> str | None:
    """Why the engines cannot be used here, or None."""
    psql = subprocess.run(["psql", f"{PG_SERVER}/postgres", "-tAc", "SELECT 1"], capture_output=True, text=True)
    if psql.returncode != 0:
        return f"PostgreSQL at {PG_SERVER} does not answer"
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping()
    except redis.RedisError:
        return f"Redis at {REDIS} does not answer"
    return None


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([str(ROOT / "scripts/entrypoint"), *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def service(tmp_path_factory) -> Iterator[dict[str, object]]:
    """The database migrated, a published evening and a director, two web processes and a worker."""
    why = _reachable()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the two-process test, but {why}")
        pytest.skip(why)
    run = uuid.uuid4().hex[:8]
    db = f"bd_service_it_{run}"
    subprocess.run(["psql", f"{PG_SERVER}/postgres", "-c", f"CREATE DATABASE {db}"], check=True, capture_output=True)
    data = tmp_path_factory.mktemp("two-web")
    env = {
        **os.environ,
        "PYTHON": sys.executable,
        "DATABASE_URL": f"{PG_SERVER}/{db}",
        "CELERY_BROKER_URL": REDIS,
        "CACHE_URL": REDIS,
        "CACHE_KEY_PREFIX": f"it-{run}",
        "CELERY_TASK_DEFAULT_QUEUE": f"it-{run}",
        "BRIDGEDESK_DATA_DIR": str(data),
        "SECRET_KEY": "two-web-test-" + "x" * 40,
        "WEB_WORKERS": "2",
        "METRICS_TOKEN": "two-web-metrics",
        "WEB_THREADS": "2",
        "LOG_FORMAT": "json",
    }
    for name in ("DJANGO_SETTINGS_MODULE", "CELERY_RESULT_BACKEND", "DATABASE_REPLICA_URL"):
        env.pop(name, None)
    _manage(env, "migrate")
    make = (
        "from django.contrib.auth import get_user_model; from tournaments.core.access import Role, grant; "
        "from tournaments.publishing import services; from tournaments.sessions.services.demo import "
        "build_demo_session; from tournaments.sessions.services.sessions import set_status; "
        "from tournaments.tableside.services import issue_links; "
        f"u = get_user_model().objects.create_superuser('director', password='{PASSWORD}'); "
        "grant(u, Role.ADMINISTRATOR); "
        "s = build_demo_session(tables=3, movement='mitchell', seed=7, quick=True, results=False); "
        "set_status(actor=None, session=s, status='playing'); services.publish(actor=None, session=s); "
        "link = issue_links(s.sections.get())[0]; "
        "from tournaments.clubs.models import Club, ClubRole; b = Club.objects.create(slug='bclub', name='Club B'); "
        f"bu = get_user_model().objects.create_user('b-director', password='{PASSWORD}'); "
        "[ClubRole.objects.create(user=bu, club=b, role=r) for r in ('director', 'administrator')]; "
        "print(s.pk, link.token, s.event_id)"
    )
    pk, token, event = _manage(env, "shell", "-c", make).splitlines()[-1].split()
    logs = [(data / f"{name}.log").open("wb") for name in ("web-a", "web-b", "worker")]
    procs = []
    for port, log in zip(PORTS, logs[:2], strict=True):
        web = {**env, "BIND": f"127.0.0.1:{port}", "PROMETHEUS_MULTIPROC_DIR": str(data / f"metrics-{port}")}
        procs.append(subprocess.Popen([str(ROOT / "scripts/entrypoint"), "web"], cwd=ROOT, env=web, stdout=log))
    procs.append(subprocess.Popen([str(ROOT / "scripts/entrypoint"), "worker", "--pool", "solo"], cwd=ROOT, env=env,
                                  stdout=logs[2], stderr=subprocess.STDOUT))  # fmt: skip
    try:
        for port in PORTS:
            _wait_port(port, timeout=int(os.environ.get("TWO_WEB_START_SECONDS", "60")))  # a loaded machine: more
        yield {"session": int(pk), "token": token, "event": int(event), "data": data, "env": env, "prefix": f"it-{run}"}
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        for log in logs:
            log.close()
        subprocess.run(["psql", f"{PG_SERVER}/postgres", "-c", f"DROP DATABASE IF EXISTS {db} WITH (FORCE)"],
                       capture_output=True)  # fmt: skip


def url(port: int, path: str) -> str:
    return f"http://127.0.0.1:{port}{path}"


def fetch(address: str, data: bytes | None = None, headers: dict[str, str] | None = None, opener=None):
    request = urllib.request.Request(address, data=data, headers=headers or {})
    try:
        return (opener or urllib.request.build_opener()).open(request, timeout=30)
    except urllib.error.HTTPError as answer:
        return answer


def test_a_result_posted_to_one_is_on_the_others_public_page_at_once(service):
    a, b = PORTS
    page = f"/results/{service['session']}/boards/"
    first_a, first_b = fetch(url(a, page)), fetch(url(b, page))
    assert first_a.status == first_b.status == 200
    assert first_a.headers["ETag"] == first_b.headers["ETag"]  # one cached copy, one fingerprint
    state = json.load(fetch(url(a, f"/api/table/{service['token']}/")))
    board = state["boards"][0]["board"]
    body = {"board": board, "contract": "7NT", "declarer": "S", "tricks": 6, "client_id": "two-web-1"}
    posted = fetch(url(a, f"/api/table/{service['token']}/results"), json.dumps(body).encode(),
                   {"Content-Type": "application/json"})  # fmt: skip
    assert posted.status in (200, 201), posted.read()
    # The worker rebuilds the page once (issue 24); until it is stored, readers of either process get the previous
    # page marked as updating, never a stale one unmarked. Within a few seconds both serve the new one.
    deadline = time.monotonic() + 15
    while True:
        after_b = fetch(url(b, page))
        text = after_b.read().decode()
        assert after_b.status == 200 and after_b.headers["ETag"] != first_b.headers["ETag"]
        if "7NT" in text:
            break
        assert 'class="card updating"' in text, "the previous page is served unmarked"
        assert time.monotonic() < deadline, "the page was not rebuilt within 15 s"
        time.sleep(0.2)
    again = fetch(url(b, page), headers={"If-None-Match": after_b.headers["ETag"]})
    assert again.status == 304
    assert fetch(url(a, page), headers={"If-None-Match": after_b.headers["ETag"]}).status == 304


# Club A's pages (the director's, the public ones, the live and big screens, the jobs) by its objects' ids.
CLUB_A_PAGES = (
    "sessions/{session}/", "sessions/{session}/standings/", "sessions/{session}/entries/", "sessions/{session}/audit/",
    "sessions/{session}/A/traveller/1/", "sessions/{session}/print/", "sessions/{session}/rulings/",
    "events/{event}/", "results/{session}/", "results/{session}/boards/", "live/{session}/screen/",
)  # fmt: skip


def test_a_director_of_club_b_gets_404_from_both_for_club_a(service):
    opener = _login(PORTS[1], "b-director")
    token, wrong = service["token"], []
    for port in PORTS:
        for club in ("/c/bclub/", "/"):  # the club's address, and the login's own club without it
            for page in CLUB_A_PAGES:
                address = url(port, club + page.format(**service))
                if (status := fetch(address, opener=opener).status) != 404:
                    wrong.append(f"GET {address}: {status}")
            api = url(port, f"{club}api/table/{token}/")
            body = json.dumps({"board": 1, "contract": "1NT", "declarer": "N", "tricks": 7, "client_id": "b"})
            for answer in (fetch(api, opener=opener), fetch(api + "results", body.encode(),
                                                          {"Content-Type": "application/json"}, opener)):  # fmt: skip
                if answer.status != 404:
                    wrong.append(f"{answer.url}: {answer.status}")
    import redis  # a fresh count of token guesses for the next test (these were 404s from this address)

    store = redis.Redis.from_url(REDIS)
    for key in store.scan_iter(f"*{service['prefix']}*token-guesses*"):
        store.delete(key)
    assert wrong == []
    assert fetch(url(PORTS[0], f"/api/table/{token}/")).status == 200  # the link itself works (no club: by token)


def test_the_token_guess_limit_counts_across_both_processes(service):
    a, b = PORTS
    statuses = [fetch(url(a if n % 2 else b, f"/api/table/nope-{n}/")).status for n in range(21)]
    assert statuses[:20] == [404] * 20 and statuses[20] == 429, statuses


def _login(port: int, username: str = "director"):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = fetch(url(port, "/accounts/login/"), opener=opener).read().decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert csrf is not None
    data = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": csrf[1]})
    done = fetch(url(port, "/accounts/login/"), data.encode(), {"Referer": url(port, "/accounts/login/")}, opener)
    assert done.status == 200 and "Log out" in done.read().decode()
    return opener


def test_a_pdf_made_by_the_worker_downloads_from_both(service):
    a, b = PORTS
    start = (
        "from django.contrib.auth import get_user_model; from tournaments.printing import jobs; "
        "from tournaments.sessions.models import Session; from tournaments.core.tenancy import using_club; "
        "from tournaments.clubs.models import Club; "
        "ctx = using_club(Club.objects.get(slug='club').pk); ctx.__enter__(); "  # the job's club (several now)
        f"j = jobs.start_job(owner=get_user_model().objects.get(username='director'), "
        f"session=Session.objects.get(pk={service['session']}), kind='standings'); print(j.pk)"
    )
    job = int(_manage(service["env"], "shell", "-c", start).splitlines()[-1])  # type: ignore[arg-type]
    opener = _login(a)
    deadline = time.monotonic() + 60
    while (status := json.load(fetch(url(b, f"/jobs/{job}/status/"), opener=opener)))["status"] != "done":
        assert status["status"] in ("queued", "running") and time.monotonic() < deadline, status
        time.sleep(0.5)
    files = [fetch(url(port, status["download_url"]), opener=opener) for port in (a, b)]
    contents = [f.read() for f in files]
    assert all(f.status == 200 for f in files) and contents[0] == contents[1] and contents[0].startswith(b"%PDF")


def test_one_scrape_adds_up_every_gunicorn_process_of_a_web_server(service):
    a, _b = PORTS
    for _ in range(10):  # spread over both gunicorn processes of web A
        assert fetch(url(a, "/healthz")).status == 200
    scrape = fetch(url(a, "/metrics"), headers={"Authorization": "Bearer two-web-metrics"})
    assert scrape.status == 200
    text = scrape.read().decode()
    counted = [
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("bridgedesk_http_requests_total{") and 'route="healthz"' in line
    ]
    assert sum(counted) >= 10, text
    assert fetch(url(a, "/metrics")).status == 404  # no token, nothing to see
