"""A Bridgemate `.bws` file (an MS Access database) as its tables of text rows, through Debian's mdbtools.

`mdb-tables` lists the tables and `mdb-export` writes each as CSV (a header row, text quoted, booleans 0/1);
both are run without a shell, on a private copy of the upload, with a time limit. The rows are then read by
:mod:`.bws` (which also reads the same CSV written by hand: the tests build files in Bridgemate's table shapes
that way, as mdbtools has no writer). Nothing here knows Django models.
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import tempfile
from pathlib import Path

from django.utils.translation import gettext as _

from .errors import InterchangeError

Table = list[dict[str, str]]
# The tables the reader uses; the others (Settings, Tables, IntermediateResults ...) are not exported.
TABLES = ("Session", "Section", "RoundData", "ReceivedData", "PlayerNumbers", "PlayerNames", "HandRecord")
TIMEOUT = 60  # seconds per table; a 30-table session's ReceivedData exports in well under one
_DATES = ("-D", "%Y-%m-%d", "-T", "%Y-%m-%d %H:%M:%S")  # dates and date-times, ISO first (Session.Date read [:10])
MAGIC = (b"Standard Jet DB", b"Standard ACE DB")  # at byte 4 of every Access (Jet 3/4, ACE) database


def looks_like_access(data: bytes) -> bool:
    """An Access database (what Bridgemate's .bws is) names its engine at byte 4."""
    return data[4:19] in MAGIC


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise InterchangeError(
            _(
                "Reading a Bridgemate .bws file needs mdbtools, which is not installed on this server "
                "(Debian: apt-get install mdbtools)."
            )
        )
    return path


def _run(args: list[str]) -> str:
    try:
        done = subprocess.run(args, capture_output=True, timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise InterchangeError(_("mdbtools took too long to read the file; is it a Bridgemate .bws?")) from None
    if done.returncode != 0:
        raise InterchangeError(_("The file is not an Access database that mdbtools can read (is it a .bws?)."))
    return done.stdout.decode("utf-8", errors="replace")


def parse_csv(text: str, table: str) -> Table:
    """mdb-export's CSV as rows of text, keyed by the header's column names (a row cut short: empty cells)."""
    reader = csv.reader(io.StringIO(text.replace("\x00", "")))
    try:
        header = next(reader, [])
        rows = [dict(zip(header, row + [""] * (len(header) - len(row)), strict=False)) for row in reader if row]
    except csv.Error as exc:
        raise InterchangeError(
            _("The table %(table)s cannot be read as CSV: %(error)s.") % {"table": table, "error": exc}
        ) from None
    return [{k.strip(): v.strip() for k, v in row.items()} for row in rows]


def export_tables(data: bytes) -> dict[str, Table]:
    """Every table the reader needs, from the database's bytes (a table the file lacks: left out)."""
    if not looks_like_access(data):
        raise InterchangeError(_("The file is not a Bridgemate .bws file (an Access database)."))
    mdb_tables, mdb_export = _tool("mdb-tables"), _tool("mdb-export")
    with tempfile.TemporaryDirectory(prefix="bws-") as folder:
        path = Path(folder) / "session.bws"
        path.write_bytes(data)
        names = set(_run([mdb_tables, "-1", str(path)]).split("\n"))
        return {name: parse_csv(_run([mdb_export, *_DATES, str(path), name]), name) for name in TABLES if name in names}
