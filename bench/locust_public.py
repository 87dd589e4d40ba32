"""Locust users for bench/bench_public.py: one user is one reader of a published session.

A reader opens the standings, then a pair's score card or the boards page, and rereads the standings, pausing
1-3 s between pages as a person does. The pages are read from `BENCH_PUBLIC_PLAN` (JSON: standings URL, boards
URL, score card URLs). The same readers also fetch the boards page refusing gzip ("boards plain": what every
reader got before the pages were kept compressed) and the floor (a bare Django view through the same
middleware, bench/floor_wsgi.py), so each page reads as a multiple of the floor under the same load.
"""

from __future__ import annotations

import json
import os
import random

from locust import HttpUser, between, task

with open(os.environ["BENCH_PUBLIC_PLAN"], encoding="utf-8") as plan_file:
    PLAN = json.load(plan_file)


class Reader(HttpUser):
    wait_time = between(1, 3)

    @task(3)
    def standings(self) -> None:
        self.client.get(PLAN["standings"], name="standings")

    @task(2)
    def scorecard(self) -> None:
        self.client.get(random.choice(PLAN["scorecards"]), name="score card")

    @task(1)
    def boards(self) -> None:
        self.client.get(PLAN["boards"], name="boards")  # requests sends Accept-Encoding: gzip, as browsers do

    @task(1)
    def boards_plain(self) -> None:
        self.client.get(PLAN["boards"], name="boards plain", headers={"Accept-Encoding": "identity"})

    @task(1)
    def floor(self) -> None:
        self.client.get("/bench-floor/", name="floor")
