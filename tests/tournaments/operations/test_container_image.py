"""The container image (issue 30): where a container engine runs (Debian's podman or docker.io) and can fetch the
base image, the Dockerfile is built and the image started in its web role, answering /healthz and /readyz.

Where the registry is out of reach (the test machines: registry-1.docker.io does not resolve), the base image
made from Debian by `scripts/build-base-image` is used when it exists (`CONTAINER_BASE_IMAGE`, default
localhost/bridgedesk-base:bookworm: `--build-arg BASE_IMAGE=...`). `CONTAINER_RUNTIME` picks podman's OCI
runtime (default `runc` when installed: crun refuses a hybrid cgroup machine) and
`CONTAINER_RUN_ARGS` adds to each `run` (default
`--ulimit nofile=20000:20000 --ulimit nproc=8192:8192` where the engine may not raise the limits). Skipped,
with the reason, where there is no engine or no base image can be had; `CONTAINER_TEST=1` makes a skip a
failure (a CI job with an engine). Elsewhere the two-process test starts the image's same entrypoint without
the container.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PORT = int(os.environ.get("CONTAINER_TEST_PORT", "8931"))
pytestmark = pytest.mark.container


BASE_IMAGE = os.environ.get("CONTAINER_BASE_IMAGE", "localhost/bridgedesk-base:bookworm")
# Defaults that work on the test machines (see the docstring); harmless where the engine needs neither.
RUN_ARGS = shlex.split(os.environ.get("CONTAINER_RUN_ARGS", "--ulimit nofile=20000:20000 --ulimit nproc=8192:8192"))


def _engine() -> list[str] | None:
    name = next((name for name in ("podman", "docker") if shutil.which(name)), None)
    if name is None:
        return None
    runtime = os.environ.get("CONTAINER_RUNTIME", "runc" if shutil.which("runc") else "")
    return [name, "--runtime", runtime] if runtime and name == "podman" else [name]


def _base_args(engine: list[str]) -> list[str]:
    """`--build-arg BASE_IMAGE=...` when the Debian-made base image is there (scripts/build-base-image)."""
    found = subprocess.run([*engine, "image", "inspect", BASE_IMAGE], capture_output=True, timeout=60)
    return ["--build-arg", f"BASE_IMAGE={BASE_IMAGE}"] if found.returncode == 0 else []


def _skip(why: str) -> None:
    if os.environ.get("CONTAINER_TEST") == "1":
        pytest.fail(f"CONTAINER_TEST=1 but {why}")
    pytest.skip(why)


def _get(path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{PORT}{path}", timeout=5) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as answer:
        return int(answer.code)


def test_the_image_builds_and_its_web_role_answers(tmp_path):
    engine = _engine()
    if engine is None:
        _skip("no container engine (podman or docker) on this machine")
    assert engine is not None
    tag = f"localhost/bridgedesk-test:{uuid.uuid4().hex[:8]}"
    built = subprocess.run([*engine, "build", "--network=host", *_base_args(engine), "-t", tag, "."], cwd=ROOT,
                           capture_output=True, text=True, timeout=1800)  # fmt: skip
    if built.returncode != 0 and ("pinging container registry" in built.stderr or "no such host" in built.stderr):
        _skip(
            f"the engine cannot fetch the base image ({built.stderr.strip().splitlines()[-1]}) and there is no "
            f"{BASE_IMAGE}: make it with scripts/build-base-image"
        )
    assert built.returncode == 0, built.stderr[-2000:]
    name = f"bridgedesk-test-{uuid.uuid4().hex[:8]}"
    tmp_path.chmod(0o777)  # the image runs as its own unprivileged user: its data volume must be writable to it
    env = ["-e", "SECRET_KEY=" + "container-test-" + "x" * 40, "-e", "DATABASE_URL=sqlite:////data/db.sqlite3",
           "-e", "ALLOWED_HOSTS=127.0.0.1,localhost"]  # fmt: skip
    try:
        migrate = subprocess.run([*engine, "run", *RUN_ARGS, "--rm", "-v", f"{tmp_path}:/data:Z", *env, tag,
                                  "migrate"], capture_output=True, text=True, timeout=600)  # fmt: skip
        assert migrate.returncode == 0, migrate.stderr[-2000:]
        subprocess.run([*engine, "run", *RUN_ARGS, "-d", "--name", name, "-p", f"127.0.0.1:{PORT}:8000", "-v",
                        f"{tmp_path}:/data:Z", *env, tag, "web"], check=True, capture_output=True)  # fmt: skip
        deadline = time.monotonic() + 120
        while True:
            try:
                if _get("/healthz") == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the image's web role did not answer /healthz in 120 s"
            time.sleep(1)
        assert _get("/readyz") == 200
    finally:
        subprocess.run([*engine, "rm", "-f", name], capture_output=True)
        subprocess.run([*engine, "rmi", "-f", tag], capture_output=True)
