"""The edges of every response: a Content-Security-Policy that forbids inline scripts (and templates that hold
none), HSTS and secure cookies whenever the request came over HTTPS, and `check --deploy` clean for the
production settings the README documents."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize("url", ["/", "/results/", "/accounts/login/", "/no-such-page/", "/api/table/nope/"])
def test_every_response_forbids_inline_scripts(client, url):
    csp = policy(client.get(url))
    assert csp["script-src"] == ["'self'"] and csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and csp["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in csp["style-src"] and "'unsafe-eval'" not in csp["script-src"]


def test_a_directors_page_carries_the_policy_too(director_client):
    response = director_client.get("/")
    assert response.status_code == 200 and policy(response)["script-src"] == ["'self'"]


def test_no_template_holds_an_inline_script_or_handler():
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
    handler = re.compile(r"\son[a-z]+\s*=\s*['\"]", re.I)
    found = []
    for folder in (ROOT / "templates", ROOT / "tournaments"):
        for path in folder.rglob("*.html"):
            if "/email/" in str(path):
                continue  # e-mails are read in mail programs, not served under the policy
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in inline_script.finditer(text)]
            found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in handler.finditer(text)]
    assert found == []


def test_hsts_and_secure_cookies_whenever_served_over_https(client, django_user_model):
    django_user_model.objects.create_user(username="ann", password="a-long-password-1")
    plain = client.get("/accounts/login/")
    assert "Strict-Transport-Security" not in plain.headers
    secure = client.get("/accounts/login/", secure=True)
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert secure.cookies["csrftoken"]["secure"] is True
    token = secure.cookies["csrftoken"].value
    login = client.post(
        "/accounts/login/", {"username": "ann", "password": "a-long-password-1", "csrfmiddlewaretoken": token},
        secure=True,
    )  # fmt: skip
    assert login.status_code == 302 and login.cookies["sessionid"]["secure"] is True
    assert plain.cookies["csrftoken"]["secure"] == ""  # plain HTTP (the laptop at the club): not marked


def test_check_deploy_is_clean_for_the_documented_production_settings(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL", "CELERY_", "SECURE"))}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0", SECURE_COOKIES="1", ALLOWED_HOSTS="results.example.org",
        SITE_URL="https://results.example.org", SECRET_KEY="x" * 20 + "-production-key-of-fifty-odd-characters-0123",
        BRIDGEDESK_DATA_DIR=str(tmp_path),
    )  # fmt: skip
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "System check identified no issues (0 silenced)." in run.stdout
