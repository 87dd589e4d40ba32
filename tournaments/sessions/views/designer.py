"""The movement designer: a director edits a movement in a grid (rounds x tables: NS pair, EW pair, boards), the
validator answers as the grid changes (HTMX), and the grid is saved as a club movement, exported and imported as
a file (bridgescorer YAML, howellki's explicit CSV)."""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.core.access import Perm, requires
from tournaments.movements import MovementError, load_bridgescorer_yaml, load_howellki
from tournaments.movements.designer import MAX_DESIGN_TABLES, check_design, design_from_grid, grid_of
from tournaments.movements.individual_design import SEATS
from tournaments.movements.types import MAX_ROUNDS
from tournaments.movements.writers import write_bridgescorer_yaml, write_howellki_csv
from tournaments.sessions.models import ClubMovement
from tournaments.sessions.services import designs

_MAX_UPLOAD = 200_000


def _size(value: str | None, default: int, most: int) -> int:
    try:
        number = int(value or default)
    except ValueError:
        return default
    return min(max(number, 1), most)


def _context(kind: str, tables: int, rounds: int, cells: Mapping[str, str], name: str = "") -> dict[str, Any]:
    seats = SEATS if kind == "individual" else ("ns", "ew")  # an individual's cell: four players, not two pairs
    grid = [
        (
            r,
            [
                (t, [(s, cells.get(f"r{r}t{t}{s}", "")) for s in seats], cells.get(f"r{r}t{t}b", ""))
                for t in range(1, tables + 1)
            ],
            cells.get(f"r{r}relay", ""),  # the tables sharing a board set that round (a relay), if any
        )
        for r in range(1, rounds + 1)
    ]
    return {
        "kind": kind,
        "tables": tables,
        "rounds": rounds,
        "table_numbers": range(1, tables + 1),
        "grid": grid,
        "name": name,
        "kinds": ClubMovement.Kind.choices,
        "saved": ClubMovement.objects.all(),
        "max_tables": MAX_DESIGN_TABLES,
        "max_rounds": MAX_ROUNDS,
        **_report(kind, tables, rounds, cells),
    }


def _report(kind: str, tables: int, rounds: int, cells: Mapping[str, str]) -> dict[str, Any]:
    """The validator's answer for the grid: errors, warnings, or that it is sound."""
    try:
        movement = design_from_grid(cells, kind=kind, rounds=rounds, tables=tables)
    except MovementError as error:
        return {"errors": [str(error)], "warnings": [], "sound": False, "summary": "", "individual": False}
    check = check_design(movement)
    summary = (
        _("%(pairs)s players, %(tables)s tables, %(rounds)s rounds, %(boards)s boards in play")
        if movement.kind == "individual"
        else _("%(pairs)s pairs, %(tables)s tables, %(rounds)s rounds, %(boards)s boards in play")
    ) % {
        "pairs": movement.pairs,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards": movement.board_count,
    }
    individual = movement.kind == "individual"
    return {
        "errors": check.errors,
        "warnings": check.warnings,
        "sound": check.ok,
        "summary": summary,
        "individual": individual,
    }


def _posted(request: HttpRequest) -> tuple[str, int, int, dict[str, str]]:
    kind = request.POST.get("kind", "howell")
    kind = kind if kind in ClubMovement.Kind.values else "howell"
    tables = _size(request.POST.get("tables"), 4, MAX_DESIGN_TABLES)
    rounds = _size(request.POST.get("rounds"), 7, MAX_ROUNDS)
    cells = {k: request.POST.get(k, "") for k in request.POST if k.startswith("r") and k[1:2].isdigit()}
    return kind, tables, rounds, cells


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def designer(request: HttpRequest) -> HttpResponse:
    """Director: the grid (a blank one, a saved club movement with ?movement=ID, or resized with ?tables&rounds);
    POST `check` answers with the validator's messages, `save` saves it as a club movement."""
    if request.method == "GET":
        stored_id = request.GET.get("movement", "")
        if stored_id.isdigit():
            stored = get_object_or_404(ClubMovement, pk=int(stored_id))
            return render(
                request,
                "sessions/designer.html",
                _context(stored.kind, stored.tables, stored.rounds, stored.cells, stored.name) | {"stored": stored},
            )
        kind = request.GET.get("kind", "howell")
        kind = kind if kind in ClubMovement.Kind.values else "howell"
        tables = _size(request.GET.get("tables"), 4, MAX_DESIGN_TABLES)
        rounds = _size(request.GET.get("rounds"), 7, MAX_ROUNDS)
        return render(request, "sessions/designer.html", _context(kind, tables, rounds, {}))
    kind, tables, rounds, cells = _posted(request)
    name = request.POST.get("name", "")
    if request.POST.get("action") == "save":
        try:
            stored = designs.save_design(
                actor=request.user, name=name, kind=kind, tables=tables, rounds=rounds, cells=cells
            )
        except ValidationError as error:
            context = _context(kind, tables, rounds, cells, name)
            context["errors"] = [m for ms in error.message_dict.values() for m in ms] + context["errors"]
            return render(request, "sessions/designer.html", context, status=400)
        messages.success(request, _("The movement %(name)s is saved for the club.") % {"name": stored.name})
        return redirect(reverse("movement_designer") + f"?movement={stored.pk}")
    if request.headers.get("HX-Request"):
        return render(request, "sessions/_designer_report.html", _report(kind, tables, rounds, cells))
    return render(request, "sessions/designer.html", _context(kind, tables, rounds, cells, name))


@requires(Perm.DIRECT)
@require_http_methods(["POST"])
def designer_import(request: HttpRequest) -> HttpResponse:
    """Director: a movement file (bridgescorer YAML, or one movement of a howellki CSV by its key) read into the
    grid to edit; nothing is saved until the director saves it."""
    upload = request.FILES.get("file")
    key = request.POST.get("key", "").strip()
    try:
        if upload is None or upload.size is None or upload.size > _MAX_UPLOAD:
            raise MovementError(_("Choose a movement file (at most 200 kB)."))
        suffix = Path(upload.name or "").suffix.lower()
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"movement{suffix}"
            path.write_bytes(upload.read())
            if suffix in (".yaml", ".yml"):
                movement = load_bridgescorer_yaml(path)
            elif suffix == ".csv":
                if not key:
                    raise MovementError(_("A howellki file holds many movements: type the key of one, e.g. 4-7."))
                movement = load_howellki(path, key)
            else:
                raise MovementError(_("Import a bridgescorer .yaml file or a howellki .csv file."))
    except (MovementError, UnicodeDecodeError, ValueError, KeyError) as error:
        messages.error(request, _("The file cannot be read as a movement: %(error)s") % {"error": error})
        return redirect("movement_designer")
    kind = movement.kind if movement.kind in ("mitchell", "individual") else "howell"
    name = Path(upload.name or "").stem[:80]
    context = _context(kind, movement.tables, movement.rounds, grid_of(movement), name)
    return render(request, "sessions/designer.html", context)


@requires(Perm.DIRECT)
@require_GET
def designer_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Director: a saved club movement as a file other programs read (bridgescorer YAML or howellki CSV)."""
    stored = get_object_or_404(ClubMovement, pk=pk)
    movement = designs.movement_of(stored)
    try:
        if fmt == "yaml":
            text, kind, ext = write_bridgescorer_yaml(movement, stored.name), "application/yaml", "yaml"
        elif fmt == "csv":
            text, kind, ext = write_howellki_csv(movement, stored.name), "text/csv", "csv"
        else:
            return HttpResponse(_("Export as yaml or csv."), status=404, content_type="text/plain; charset=utf-8")
    except MovementError as error:
        return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type=f"{kind}; charset=utf-8")
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in stored.name) or "movement"
    response["Content-Disposition"] = f'attachment; filename="{safe}.{ext}"'
    return response
