"""Reading settings from the environment, failing loudly on values that make no sense.

A typo in a deployment variable should stop the server at start-up with a message naming the variable,
not turn into a silent default that surfaces weeks later.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


class ImproperSetting(RuntimeError):
    """A setting in the environment has a value Bridgedesk cannot use."""


def env_bool(name: str, default: bool, environ: Mapping[str, str] = os.environ) -> bool:
    raw = environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperSetting(f"{name}={raw!r} is not a yes/no value: use one of 1/0, true/false, yes/no, on/off.")


def env_list(name: str, default: list[str], environ: Mapping[str, str] = os.environ) -> list[str]:
    raw = environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",") if item.strip()]
    if not items:
        raise ImproperSetting(f"{name} is set but empty: give a comma-separated list, e.g. example.org,127.0.0.1")
    return items


def env_int(name: str, default: int, environ: Mapping[str, str] = os.environ) -> int:
    raw = environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperSetting(f"{name}={raw!r} is not a whole number.") from None


def check_url_scheme(name: str, url: str, allowed: tuple[str, ...]) -> str:
    scheme = url.split("://", 1)[0] if "://" in url else ""
    if scheme not in allowed:
        raise ImproperSetting(f"{name}={url!r} has an unsupported scheme {scheme!r}: use one of {', '.join(allowed)}.")
    return url


def env_time(name: str, default: str, environ: Mapping[str, str] = os.environ) -> str:
    """A time of day "HH:MM" (24-hour clock), checked here so a typo stops the start, not the scheduler later."""
    raw = environ.get(name, default).strip()
    hour, _, minute = raw.partition(":")
    if not (hour.isdigit() and minute.isdigit() and len(minute) == 2 and int(hour) < 24 and int(minute) < 60):
        raise ImproperSetting(f"{name}={raw!r} is not a time of day: write it HH:MM, e.g. 18:00.")
    return f"{int(hour):02d}:{minute}"
