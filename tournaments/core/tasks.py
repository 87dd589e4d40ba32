"""Tasks that prove the job system works end to end."""

import os
import socket

from celery import shared_task


@shared_task(name="bridgedesk.ping")
def ping(payload: str = "ping") -> dict[str, str | int]:
    """Answer with the payload and where it ran, so a caller can see a real worker did the job."""
    return {"echo": payload, "worker_pid": os.getpid(), "host": socket.gethostname()}
