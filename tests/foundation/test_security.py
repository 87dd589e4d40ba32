"""Logins are throttled after repeated failures (django-axes); behind HTTPS `check --deploy` is clean."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def login(client, username, password):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_five_wrong_passwords_lock_that_login_for_a_while(client, django_user_model):
    django_user_model.objects.create_user(username="ann", password="ann-right-pw-1")
    django_user_model.objects.create_user(username="bob", password="bob-right-pw-1")
    for _ in range(4):
        assert login(client, "ann", "wrong").status_code == 200  # the form again, with its error
    assert login(client, "ann", "wrong").status_code == 429  # the fifth locks
    locked = login(client, "ann", "ann-right-pw-1")  # even the right password, now
    assert locked.status_code == 429 and "Too many wrong passwords" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    other = login(client, "bob", "bob-right-pw-1")  # another login from the same address is not locked
    assert other.status_code == 302 and client.session["_auth_user_id"]


def test_check_deploy_is_clean_behind_https(tmp_path):
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "BRIDGEDESK_DATA_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "SECURE_COOKIES": "1",
        "ALLOWED_HOSTS": "results.club.org",
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout
