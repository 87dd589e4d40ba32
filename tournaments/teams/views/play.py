"""Playing a teams event: the draw of a round, a match's boards from the keyboard, line-ups, the standings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.access import Perm, has, requires
from tournaments.printing import jobs
from tournaments.printing.models import GeneratedFile
from tournaments.teams import carry, lineups, selectors, services
from tournaments.teams.calc import TIE_BREAKS
from tournaments.teams.jobs import TEAMS_JOB_PREFIX
from tournaments.teams.models import SEATS, TeamEvent, TeamLineup, TeamMatch, TeamRoomScore
from tournaments.teams.papers import PAPERS


def _round(event: TeamEvent, number: int) -> selectors.RoundView:
    for r in selectors.played_rounds(event):
        if r.number == number:
            return r
    raise Http404("No such round.")


@requires(Perm.VIEW_RESULTS)
def round_draw(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = get_object_or_404(TeamEvent, pk=pk)
    rnd = _round(event, number)
    names = dict(event.teams.values_list("number", "name"))
    knockout = event.format == TeamEvent.Format.KNOCKOUT  # the total decides: carry-over and every stanza
    matches = [(m, selectors.knockout(event, m) if knockout else None) for m in rnd.matches]
    context = {"event": event, "round": rnd, "matches": matches, "bye_name": names.get(rnd.bye) if rnd.bye else None}
    return render(request, "teams/round.html", context)


def _entry_rows(
    event: TeamEvent, view: selectors.MatchView, posted: dict[str, str] | None, error_field: str = ""
) -> list[dict[str, Any]]:
    stored = {n: (r1, r2) for n, r1, r2 in view.boards}
    imps = selectors.imps_by_number(view.boards)
    waiting: dict[int, list[str]] = {}
    for n, room, ns in TeamRoomScore.objects.filter(match_id=view.pk).values_list("number", "room", "ns"):
        waiting.setdefault(n, []).append(f"room {room}: {ns}")
    rows = []
    for n in range(1, selectors.boards_open(event, view) + 1):
        r1, r2 = stored.get(n, ("", ""))
        if posted is not None:
            r1, r2 = posted.get(f"b{n}_r1", ""), posted.get(f"b{n}_r2", "")
        rows.append({
            "board": n, "r1": r1, "r2": r2, "imps": imps.get(n), "stored": n in stored, "waiting": waiting.get(n, []),
            "extra": n > event.match_boards, **selectors.half_of(event, n),
            "err1": error_field == f"b{n}_r1", "err2": error_field == f"b{n}_r2",
        })  # fmt: skip
    return rows


SUBSTITUTE = "__substitute__"  # the seat select's value for "the substitute named in the box"


def _lineups(match: TeamMatch) -> list[dict[str, Any]]:
    kept = {lu.team_id: lu for lu in TeamLineup.objects.filter(match=match)}
    out = []
    for team in (match.home, match.away):
        lu = kept.get(team.pk)
        seats = SEATS * match.round.event.rooms // 2
        chosen = [name for pair in lu.pairs for name in pair] if lu else []
        chosen = (chosen + [""] * seats)[:seats]
        players = list(team.players.values_list("name", flat=True))
        # A team of 3: the seat its substitute took shows as "Substitute", the name in the box beside.
        short = len(players) < SEATS
        substitute = next((name for name in chosen if name and name not in players), "")
        chosen = [SUBSTITUTE if short and name and name == substitute else name for name in chosen]
        rooms = [(i // 2 + 1, name) for i, name in enumerate(chosen)]  # (room, who sits there), two a room
        out.append({"team": team, "players": players, "chosen": rooms, "short": short, "substitute": substitute})
    return out


@requires(Perm.ENTER_RESULTS)
@require_http_methods(["GET", "POST"])
def match_entry(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    """Both rooms of every board, typed in board order (Tab from room 1 to room 2 to the next board)."""
    match = get_object_or_404(TeamMatch.objects.select_related("home", "away", "round"), pk=match_id, round__event=pk)
    event = get_object_or_404(TeamEvent, pk=pk)
    error, field, status, posted = "", "", 200, None
    if request.method == "POST":
        scores: dict[int, tuple[object, object] | None] = {}
        try:
            version = int(request.POST.get("version", ""))
            for n in range(1, selectors.boards_open(event, selectors.match_view(match)) + 1):
                r1, r2 = request.POST.get(f"b{n}_r1", "").strip(), request.POST.get(f"b{n}_r2", "").strip()
                if bool(r1) != bool(r2):
                    missing = 2 if r1 else 1
                    raise services.TeamsError(
                        gettext("Board %(n)s: enter both rooms' scores (room %(missing)s is empty), or neither.")
                        % {"n": n, "missing": missing},
                        field=f"b{n}_r{missing}",
                    )
                scores[n] = (r1, r2) if r1 else None
            services.save_boards(actor=request.user, match=match, scores=scores, version=version)
        except services.StaleMatch as exc:
            error, status = str(exc), 409
        except services.TeamsError as exc:
            error, field, status, posted = str(exc), exc.field or "", 400, {k: str(v) for k, v in request.POST.items()}
        except ValueError:
            error, status = "The form is incomplete: reload the page.", 400
        else:
            messages.success(request, gettext("Saved."))
            return redirect("teams:match", pk=pk, match_id=match.pk)
    view = selectors.match_view(match)
    context = {
        "event": event, "match": match, "view": view, "rows": _entry_rows(event, view, posted, field), "error": error,
        "error_field": field, "lineups": _lineups(match), "substitute_value": SUBSTITUTE,
        "details": selectors.board_details(match),
        "ko": selectors.knockout(event, view) if event.format == TeamEvent.Format.KNOCKOUT else None,
        "earlier": carry.earlier_matches(match)
        if event.format == TeamEvent.Format.KNOCKOUT and has(request.user, Perm.DIRECT)
        else [],
    }  # fmt: skip
    return render(request, "teams/match.html", context, status=status)


@requires(Perm.ENTER_RESULTS)
@require_POST
def match_lineup(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    match = get_object_or_404(
        TeamMatch.objects.select_related("home", "away", "round__event"), pk=match_id, round__event=pk
    )
    side = request.POST.get("side")
    team = match.home if side == "home" else match.away if side == "away" else None
    if team is None:
        messages.error(request, gettext("Choose the team whose line-up this is."))
        return redirect("teams:match", pk=pk, match_id=match.pk)
    substitute = request.POST.get("substitute", "").strip()
    seats = [request.POST.get(f"p{i}", "") for i in range(SEATS * match.round.event.rooms // 2)]
    seats = [substitute if seat == SUBSTITUTE else seat for seat in seats]
    try:
        lineups.set_lineup(
            actor=request.user, match=match, team=team, room1_pair=seats[0:2], room2_pair=seats[2:4],
            room3_pair=seats[4:6], room4_pair=seats[6:8], substitute=substitute,
        )  # fmt: skip
    except services.TeamsError as exc:
        messages.error(request, f"{team.name}: {exc}")
    else:
        messages.success(request, gettext("Line-up of %(name)s saved.") % {"name": team.name})
    return redirect("teams:match", pk=pk, match_id=match.pk)


@requires(Perm.DIRECT)
@require_POST
def knockout_terms(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    """Director: a knockout match's carry-over and the event's stanza length, through the teams write gateway."""
    match = get_object_or_404(TeamMatch.objects.select_related("round"), pk=match_id, round__event=pk)
    try:
        services.set_knockout_terms(
            actor=request.user,
            match=match,
            carry=request.POST.get("carry_over", ""),
            stanza_boards=request.POST.get("stanza_boards", ""),
        )
    except services.TeamsError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, gettext("Carry-over and stanzas saved."))
    return redirect("teams:match", pk=pk, match_id=match.pk)


@requires(Perm.DIRECT)
@require_POST
def knockout_carry(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    """Director: the carry-over computed from an earlier match of the two teams by the rule chosen (teams/carry.py,
    through the teams write gateway)."""
    match = get_object_or_404(
        TeamMatch.objects.select_related("round__event", "home", "away"), pk=match_id, round__event=pk
    )
    earlier = request.POST.get("earlier", "")
    try:
        rule = carry.rule_of({k: request.POST.get(k, "") for k in ("rule", "fraction", "cap", "fixed")})
        if not earlier.isascii() or not earlier.isdigit():
            raise services.TeamsError(gettext("Choose a finished earlier match between these two teams."))
        saved = carry.carry_from_earlier(actor=request.user, match=match, earlier_id=int(earlier), rule=rule)
    except services.TeamsError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, gettext("Carry-over %(carry)s computed from the earlier match.") % {"carry": saved.carry_over}
        )
    return redirect("teams:match", pk=pk, match_id=match.pk)


@requires(Perm.VIEW_RESULTS)
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(TeamEvent, pk=pk)
    played = selectors.played_rounds(event)
    names = dict(event.teams.values_list("number", "name"))
    if event.format == TeamEvent.Format.KNOCKOUT:  # IMPs and who went through, never VPs
        context: dict[str, Any] = {"event": event, "rounds": len(played), "knockout": _knockout(event, played, names)}
        return render(request, "teams/standings.html", context)
    rows = [{"s": s, "name": names[s.team]} for s in selectors.standings(event, played)]
    context = {
        "event": event, "rows": rows, "rounds": len(played),
        "tie_breaks": [gettext(TIE_BREAKS[t]) for t in event.tie_breaks],
    }  # fmt: skip
    return render(request, "teams/standings.html", context)


def _knockout(event: TeamEvent, played: list[selectors.RoundView], names: dict[int, str]) -> dict[str, Any]:
    """Each knockout round's matches in IMPs with their winner, and the event's winner once the final is decided."""
    rounds: list[dict[str, Any]] = []
    champion = ""
    for r in played:
        matches: list[dict[str, Any]] = []
        for m in r.matches:
            ko = selectors.knockout(event, m)  # the total decides: carry-over and every stanza
            winner = names[m.home if ko.winner == "home" else m.away] if ko.winner else ""
            matches.append({"m": m, "ko": ko, "winner": winner, "tied": ko.tied})
        rounds.append({"number": r.number, "matches": matches})
        if r is played[-1] and len(matches) == 1 and matches[0]["winner"]:
            champion = str(matches[0]["winner"])
    return {"rounds": rounds, "champion": champion}


@requires(Perm.DIRECT)
@require_http_methods(["GET", "POST"])
def print_papers(request: HttpRequest, pk: int) -> HttpResponse:
    """The printing page: one button per paper; each starts a background job (its progress on the jobs page)."""
    event = get_object_or_404(TeamEvent, pk=pk)
    if request.method == "POST":
        kind = request.POST.get("kind", "")
        if kind not in PAPERS:
            messages.error(request, gettext("Choose a paper to print."))
        else:
            try:
                job = jobs.start_job(
                    owner=request.user, kind=f"{TEAMS_JOB_PREFIX}{kind}", team_event=event,
                    paper=request.POST.get("paper", ""),
                )  # fmt: skip
            except ValidationError as exc:
                messages.error(request, " ".join(exc.messages))
            else:
                return redirect("jobs:detail", job_id=job.pk)
    recent = GeneratedFile.objects.filter(team_event=event, expires_at__gt=timezone.now())
    papers = [(name, gettext(title)) for name, title in PAPERS.items()]
    return render(request, "teams/print.html", {"event": event, "papers": papers, "jobs": recent.order_by("-id")[:8]})
