"""The one address the club's phones use to reach this app: every absolute link (QR codes, table links, teams
room links, e-mails, `table_links`, `publish`) is built on `settings.SITE_URL`, which is worked out here.

`SITE_URL` when it is set; else, when the server listens on all interfaces (`HOST=0.0.0.0`), this machine's
LAN address (never a loopback one) with `PORT`; else the address it listens on. Plain Python but for the
warning's words (translated when a page or a command asks for them): the settings call it before Django is set
up, and `manage.py start` again when `--host`/`--port` change what the settings saw.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from urllib.parse import urlsplit

from django.utils.translation import gettext  # needs no settings until called: a view or a command calls it

ALL_INTERFACES = ("0.0.0.0", "::", "")
FIX_COMMAND = "HOST=0.0.0.0 make run"  # the one command that lets the phones in (or set SITE_URL)
DEFAULT_PORT = 8000


def _usable(address: str) -> bool:
    """An IPv4 address a phone on the same network can use: not loopback, link-local or unspecified."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_address() -> str | None:
    """This machine's address on its network, or None when it has none but loopback.

    A UDP socket "connected" to an outside address sends nothing but makes the kernel choose the interface
    (and so the source address) the default route would use; without a route, the host name's addresses.
    """
    candidates: list[str] = []
    for probe in ("10.254.254.254", "192.0.2.1", "8.8.8.8"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                candidates.append(str(sock.getsockname()[0]))
        except OSError:
            continue
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        candidates.extend(str(info[4][0]) for info in infos)
    except OSError:
        pass
    return next((address for address in candidates if _usable(address)), None)


def work_out_site_url(environ: Mapping[str, str]) -> str:
    """The site as the phones reach it (no trailing slash)."""
    explicit = environ.get("SITE_URL", "").strip()
    if explicit:
        return explicit.rstrip("/")
    host = environ.get("HOST", "127.0.0.1").strip()
    port = environ.get("PORT", "").strip() or str(DEFAULT_PORT)
    if host in ALL_INTERFACES:
        host = lan_address() or "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}:{port}"


def only_this_machine(url: str) -> bool:
    """True when a link to `url` works on this machine only (localhost, a loopback address)."""
    host = (urlsplit(url).hostname or "").lower()
    if host in ("localhost", "") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def fix_command(url: str) -> str:
    """The command that lets the phones in, on the port `url` uses (a director who chose PORT keeps it)."""
    try:
        port = urlsplit(url).port
    except ValueError:
        port = None
    if port is None or port == DEFAULT_PORT:
        return FIX_COMMAND
    return FIX_COMMAND.replace("make run", f"PORT={port} make run")


def reach_warning(url: str) -> str | None:
    """What the director reads when the phones cannot reach `url`, with the command that fixes it; else None."""
    if not only_this_machine(url):
        return None
    return gettext(
        "Phones cannot open these links: %(url)s only works on this computer. Stop Bridgedesk and start it with "
        "`%(command)s` (or set SITE_URL to the address the phones use)."
    ) % {"url": url, "command": fix_command(url)}
