"""Settings read the environment and fail loudly on values that make no sense."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

from config.env import ImproperSetting, check_url_scheme, env_bool, env_int, env_list


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("yes", True), ("ON", True), ("0", False), ("false", False), ("", False)],
)
def test_env_bool_reads_yes_and_no(raw, expected):
    assert env_bool("DEBUG", False, {"DEBUG": raw}) is expected


def test_env_bool_rejects_nonsense_with_the_variable_name():
    with pytest.raises(ImproperSetting, match="DEBUG='maybe'"):
        env_bool("DEBUG", False, {"DEBUG": "maybe"})


def test_env_int_and_list():
    assert env_int("N", 3, {}) == 3
    assert env_int("N", 3, {"N": "7"}) == 7
    with pytest.raises(ImproperSetting, match="not a whole number"):
        env_int("N", 3, {"N": "seven"})
    assert env_list("ALLOWED_HOSTS", [], {"ALLOWED_HOSTS": "a.org, b.org"}) == ["a.org", "b.org"]
    with pytest.raises(ImproperSetting):
        env_list("ALLOWED_HOSTS", [], {"ALLOWED_HOSTS": " , "})


def test_url_scheme_is_checked():
    assert check_url_scheme("X", "redis://h:6379/0", ("redis",))
    with pytest.raises(ImproperSetting, match="unsupported scheme 'mysql'"):
        check_url_scheme("DATABASE_URL", "mysql://x/y", ("sqlite", "postgres"))


def _import_settings(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"}
    }
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import config.settings as s; print(s.DATABASES['default']['ENGINE'], s.DEBUG)",
        ],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_secret_key_is_required_when_debug_is_off(tmp_path):
    result = _import_settings({"BRIDGEDESK_DATA_DIR": str(tmp_path)})
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_embedded_default_is_sqlite_in_the_data_folder(tmp_path):
    result = _import_settings({"BRIDGEDESK_DATA_DIR": str(tmp_path), "SECRET_KEY": "x" * 40})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["tournaments.core.sqlite3", "False"]  # Django's SQLite, writers queued in turn
    assert (tmp_path / "celery-broker" / "queue").is_dir()


def test_bad_database_url_stops_start_up(tmp_path):
    result = _import_settings(
        {"BRIDGEDESK_DATA_DIR": str(tmp_path), "SECRET_KEY": "x" * 40, "DATABASE_URL": "mysql://db/x"}
    )
    assert result.returncode != 0
    assert "DATABASE_URL" in result.stderr


def test_ci_runs_on_the_real_services():
    """In CI the suite must run against PostgreSQL and Redis, never quietly on the embedded defaults."""
    if os.environ.get("CI", "").lower() not in {"1", "true", "yes"}:
        pytest.skip("only meaningful in CI, where .ci/run sets DATABASE_URL and CELERY_BROKER_URL")
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    assert settings.CELERY_BROKER_URL.startswith("redis://")
