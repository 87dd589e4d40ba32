"""compose.yaml read without a container engine (test_container_image.py builds and starts the image where one
runs): the whole service is there (web, worker, scheduler, PostgreSQL, Redis, the proxy), each of Bridgedesk's
services runs a role of the image's entrypoint, web is several processes behind the proxy, the scheduler one, and
only web is health-checked on its port (the image's HEALTHCHECK would call a worker unhealthy for ever)."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest
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
    assert "http://web:8000;" in config.read_text()  # the entrypoint's web role binds 0.0.0.0:8000


def test_the_proxy_looks_the_web_replicas_up_at_run_time() -> None:
    """An `upstream` names its servers once, at start: replicas scaled or restarted later would never be seen."""
    proxy = services()["proxy"]
    (mount,) = proxy["volumes"]
    source, target = mount.split(":")[:2]
    assert target.startswith("/etc/nginx/templates/") and target.endswith(".conf.template")
    assert proxy["environment"]["NGINX_ENTRYPOINT_LOCAL_RESOLVERS"]
    config = (ROOT / source).read_text()
    assert "resolver ${NGINX_LOCAL_RESOLVERS} " in config
    assert "upstream " not in config and "proxy_pass $bridgedesk_web;" in config


def test_nginx_accepts_the_proxy_config(tmp_path: Path) -> None:
    """`nginx -t` on the file as the image writes it (its DNS servers in); the cache, logs and port moved so that
    it runs without root. The old `upstream web:8000` failed here: nginx looked the name up at start."""
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if not nginx:
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    (mount,) = services()["proxy"]["volumes"]
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    config = (ROOT / mount.split(":")[0]).read_text().replace("${NGINX_LOCAL_RESOLVERS}", "127.0.0.11")
    config = config.replace("/var/cache/nginx", str(tmp_path)).replace("listen 80;", f"listen 127.0.0.1:{port};")
    (tmp_path / "site.conf").write_text(config)
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log stderr;\nevents {{}}\n"
        f"http {{ access_log off; include {tmp_path}/site.conf; }}\n"
    )
    command = [nginx, "-t", "-e", "stderr", "-c", str(main), "-p", f"{tmp_path}/"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_only_the_web_role_is_health_checked_on_its_port():
    assert "/readyz" in " ".join(services()["web"]["healthcheck"]["test"])
    for name in ("migrate", "worker", "scheduler"):
        assert services()[name]["healthcheck"] == {"disable": True}, name
