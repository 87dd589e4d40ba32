"""The one token generator and the one QR helper of every table link (pairs tables, teams rooms, later parties).

A link's token is the key to its table (no login at the table), so it comes from the OS's generator: 128 bits,
URL-safe, unguessable however many tables a club runs. The QR code is drawn as inline SVG for a page to show or
print; segno is imported on the first code drawn, not by every web process at start-up.
"""

from __future__ import annotations

import secrets

TOKEN_BYTES = 16


def new_token() -> str:
    """A fresh link token (22 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def qr_svg(url: str) -> str:
    """The address as an inline SVG QR code (medium error correction: still read off a creased card)."""
    import segno  # heavy for a web process that never draws one: loaded on first use

    return str(segno.make(url, error="m").svg_inline(scale=3, border=2))
