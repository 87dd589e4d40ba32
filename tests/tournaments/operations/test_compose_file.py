"""compose.yaml read without a container engine (test_container_image.py builds and starts the image where one
runs): the whole service is there (web, worker, scheduler, PostgreSQL, Redis, the proxy), each of Bridgedesk's
services runs a role of the image's entrypoint, web is several processes behind the proxy, the scheduler one, and
only web is health-checked on its port (the image's HEALTHCHECK would call a worker unhealthy for ever)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[3]


def services() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    return found


def test_the_whole_service_is_in_the_compose_file():
    assert {"web", "worker", "scheduler", "postgres", "redis", "proxy", "migrate"} <= set(services())


def test_each_bridgedesk_service_runs_a_role_of_the_image_s_entrypoint():
    entrypoint = (ROOT / "scripts/entrypoint").read_text()
    roles = set(re.findall(r"^  ([a-z]+)\)$", entrypoint, re.MULTILINE))
    assert 'ENTRYPOINT ["scripts/entrypoint"]' in (ROOT / "Dockerfile").read_text()
    for name in ("migrate", "web", "worker", "scheduler"):
        service = services()[name]
        assert service["build"] == "." and service["command"][0] in roles, name


def test_several_web_processes_behind_the_proxy_and_one_scheduler():
    web, scheduler, proxy = services()["web"], services()["scheduler"], services()["proxy"]
    assert web["deploy"]["replicas"] >= 2 and scheduler.get("deploy", {}).get("replicas", 1) == 1
    (mount,) = proxy["volumes"]
    config = ROOT / mount.split(":")[0]
    assert "server web:8000;" in config.read_text()  # the entrypoint's web role binds 0.0.0.0:8000


def test_only_the_web_role_is_health_checked_on_its_port():
    assert "/readyz" in " ".join(services()["web"]["healthcheck"]["test"])
    for name in ("migrate", "worker", "scheduler"):
        assert services()[name]["healthcheck"] == {"disable": True}, name
