"""Locust users for bench/bench_tables.py: one user is one table's phone.

It polls its table state every 5 s as the table page does (tableside/static/js/table.js): with the ETag of its
last full answer in `If-None-Match`, so a poll while nothing changed is answered 304 (counted under "poll"
with the full answers; a 200 takes the new ETag). It sends the results of its round at moments drawn
at random over the first `BENCH_POST_WINDOW` seconds. The tables' tokens and results are read from the JSON
plan that bench_tables.py writes (`BENCH_TABLES_PLAN`).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from typing import Any

from locust import HttpUser, constant, task

with open(os.environ["BENCH_TABLES_PLAN"], encoding="utf-8") as plan_file:
    PLANS = itertools.cycle(json.load(plan_file))
WINDOW = float(os.environ.get("BENCH_POST_WINDOW", "60"))
POLL_EVERY = 5.0


class TablePhone(HttpUser):
    wait_time = constant(0.25)

    def on_start(self) -> None:
        plan: dict[str, Any] = next(PLANS)
        self.token = plan["token"]
        now = time.monotonic()
        self.next_poll = now + random.uniform(0, POLL_EVERY)
        self.etag = ""
        self.posts = sorted(((now + random.uniform(1, WINDOW), body) for body in plan["results"]), key=lambda x: x[0])

    @task
    def tick(self) -> None:
        now = time.monotonic()
        if now >= self.next_poll:
            self.next_poll += POLL_EVERY
            headers = {"If-None-Match": self.etag} if self.etag else {}
            with self.client.get(
                f"/api/table/{self.token}/", name="poll", headers=headers, catch_response=True
            ) as response:
                if response.status_code == 200:
                    self.etag = response.headers.get("ETag", "")
                elif response.status_code != 304:
                    response.failure(f"poll answered {response.status_code}")
                else:
                    response.success()
        while self.posts and self.posts[0][0] <= now:
            _, body = self.posts.pop(0)
            with self.client.post(
                f"/api/table/{self.token}/results", json=body, name="post", catch_response=True
            ) as response:
                if response.status_code != 201:
                    response.failure(f"post answered {response.status_code}: {response.text[:200]}")
