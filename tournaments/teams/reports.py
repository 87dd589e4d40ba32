"""The printed papers of a teams event (ReportLab), each ``render_*(event, paper) -> (filename, type, bytes)``:
the draw of the latest round, a score card per match (both rooms, IMPs per board, line-ups), the standings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer, Table

from tournaments.core.languages import local_decimal
from tournaments.printing.pdf import (
    PDF,
    STYLES,
    Masthead,
    Progress,
    ReportError,
    build_pdf,
    long_date,
    table_style,
    text,
)
from tournaments.teams import selectors
from tournaments.teams.calc import TIE_BREAKS
from tournaments.teams.models import TeamEvent, TeamLineup

__all__ = ["RENDERERS", "render_draw", "render_job", "render_score_cards", "render_standings"]

Rendered = tuple[str, str, bytes]


def _masthead(event: TeamEvent) -> Masthead:
    return Masthead(club="", event=event.name, session=event.get_format_display().split(" (")[0],
                    date=long_date(event.date))  # fmt: skip


def _file(event: TeamEvent, what: str) -> str:
    return f"{slugify(event.name) or 'teams'}-{what}.pdf"


def _para(value: object, key: str = "cell") -> Paragraph:
    return Paragraph(text(str(value)), STYLES[key])


def _names(event: TeamEvent) -> dict[int, str]:
    return dict(event.teams.values_list("number", "name"))


def render_draw(event: TeamEvent, paper: str = "a4") -> Rendered:
    """The latest round's draw: match number, home (N-S in room 1), away, and the bye."""
    played = selectors.played_rounds(event)
    if not played:
        raise ReportError(gettext("No round has been drawn yet."))
    rnd, names = played[-1], _names(event)
    rows: list[list[object]] = [[gettext("Match"), gettext("Home (N-S in room 1)"), gettext("Away (N-S in room 2)")]]
    rows += [[str(m.table), _para(f"{m.home}. {m.home_name}"), _para(f"{m.away}. {m.away_name}")] for m in rnd.matches]
    table = Table(rows, colWidths=[20 * mm, 80 * mm, 80 * mm], repeatRows=1)
    table.setStyle(table_style())
    story: list[Flowable] = [
        _para(gettext("%(event)s: draw of round %(round)s") % {"event": event.name, "round": rnd.number}, "title"),
        Spacer(1, 4 * mm),
        table,
    ]
    if rnd.bye is not None:
        story += [
            Spacer(1, 4 * mm),
            _para(
                gettext("Bye: %(team)s. %(name)s (%(vp)s VP)")
                % {"team": rnd.bye, "name": names[rnd.bye], "vp": event.bye_vp},
                "body",
            ),
        ]
    pdf = build_pdf(
        story, paper=paper, masthead=_masthead(event), title=gettext("Draw, round %(round)s") % {"round": rnd.number}
    )
    return _file(event, f"draw-round-{rnd.number}"), PDF, pdf


def render_score_cards(event: TeamEvent, paper: str = "a4") -> Rendered:
    """A card per match of the latest round: both rooms' N-S scores, IMPs per board, totals, VPs, line-ups."""
    played = selectors.played_rounds(event)
    if not played:
        raise ReportError(gettext("No round has been drawn yet."))
    rnd = played[-1]
    lineups = {(lu.match_id, lu.team.number): lu for lu in TeamLineup.objects.filter(match__round_id=rnd.pk)
               .select_related("team")}  # fmt: skip
    story: list[Flowable] = []
    for m in rnd.matches:
        s = m.score
        heading = gettext("Round %(round)s, match %(match)s: %(home)s v %(away)s") % {
            "round": rnd.number,
            "match": m.table,
            "home": m.home_name,
            "away": m.away_name,
        }
        story += [CondPageBreak(80 * mm), _para(heading, "h2")]  # fmt: skip
        for team, name in ((m.home, m.home_name), (m.away, m.away_name)):
            lu = lineups.get((m.pk, team))
            if lu is not None and len(lu.pairs) == 4:  # teams of eight: four rooms
                seats = {"team": name, **{f"room{i}": " & ".join(p) for i, p in enumerate(lu.pairs, 1)}}
                text = gettext("%(team)s: room 1 %(room1)s; room 2 %(room2)s; room 3 %(room3)s; room 4 %(room4)s")
                story.append(_para(text % seats, "small"))
            elif lu is not None:
                seats = {"team": name, "room1": " & ".join(lu.room1_pair), "room2": " & ".join(lu.room2_pair)}
                story.append(_para(gettext("%(team)s: room 1 %(room1)s; room 2 %(room2)s") % seats, "small"))
        imps_of = gettext("IMPs %(team)s")
        rows = [[gettext("Board"), gettext("Room 1 N-S"), gettext("Room 2 N-S"), imps_of % {"team": m.home_name},
                 imps_of % {"team": m.away_name}]]  # fmt: skip
        entered = {b[0]: (b, i) for b, i in zip(m.boards, s.board_imps, strict=True)}
        for n in range(1, event.match_boards + 1):
            if n in entered:
                (_, r1, r2), imps = entered[n]
                rows.append([str(n), str(r1), str(r2), str(imps) if imps > 0 else "", str(-imps) if imps < 0 else ""])
            else:
                rows.append([str(n), "", "", "", ""])
        vps = (gettext("VP %(home).2f – %(away).2f") % {"home": s.vp_home, "away": s.vp_away} if s.complete
               else gettext("VP when every board is in"))  # fmt: skip
        for i, half in enumerate(s.halves or (), start=1):  # teams of eight: each match, then the sum
            label = gettext("Match %(number)s") % {"number": i}
            rows.append([label, "", "", str(half.imps_home), str(half.imps_away)])
        rows.append([gettext("Total"), "", vps, str(s.imps_home), str(s.imps_away)])
        rows += _knockout_rows(event, m)
        table = Table(_fit_header(rows), colWidths=[18 * mm, 30 * mm, 52 * mm, 40 * mm, 40 * mm], repeatRows=1)
        table.setStyle(table_style())
        story += [table, Spacer(1, 6 * mm)]
    pdf = build_pdf(
        story,
        paper=paper,
        masthead=_masthead(event),
        title=gettext("Score cards, round %(round)s") % {"round": rnd.number},
    )
    return _file(event, f"score-cards-round-{rnd.number}"), PDF, pdf


def _knockout_rows(event: TeamEvent, m: selectors.MatchView) -> list[list[str]]:
    """A knockout's carry-over, running score after each stanza and total (the winner is decided on it)."""
    if event.format != TeamEvent.Format.KNOCKOUT:
        return []
    ko = selectors.knockout(event, m)
    rows = []
    if ko.carry_home or ko.carry_away:
        rows.append([gettext("Carry-over"), "", "", str(ko.carry_home), str(ko.carry_away)])
    for st in ko.stanzas:
        label = gettext("Extra boards") if st.extra else gettext("Stanza %(number)s") % {"number": st.number}
        span = gettext("boards %(first)s-%(last)s") % {"first": st.first, "last": st.last}
        rows.append([label, span, gettext("running score"), str(st.running_home), str(st.running_away)])
    rows.append([gettext("Total with carry-over"), "", "", str(ko.total_home), str(ko.total_away)])
    return rows


def _fit_header(rows: Sequence[Sequence[object]]) -> list[list[object]]:
    return [[_para(c, "cell_bold") for c in rows[0]], *(list(row) for row in rows[1:])]


def render_standings(event: TeamEvent, paper: str = "a4") -> Rendered:
    played = selectors.played_rounds(event)
    names = _names(event)
    if not names:
        raise ReportError(gettext("No team has been entered yet."))
    rows: list[list[object]] = [
        [
            gettext("Place"),
            gettext("Team"),
            gettext("Played"),
            gettext("IMPs +"),
            gettext("IMPs −"),
            gettext("Penalty"),
            gettext("VP")
            if event.scoring_form in (TeamEvent.Scoring.IMPS, TeamEvent.Scoring.TEAMS8)
            else gettext("Points"),
        ]
    ]
    for st in selectors.standings(event, played):
        vp = str(local_decimal(f"{st.vp:.2f}"))
        rows.append([str(st.place), _para(f"{st.team}. {names[st.team]}"), str(st.played), str(st.imps_for),
                     str(st.imps_against), str(st.penalty) if st.penalty else "", vp])  # fmt: skip
    table = Table(_fit_header(rows), colWidths=[15 * mm, 75 * mm, 17 * mm, 17 * mm, 17 * mm, 18 * mm, 20 * mm],
                  repeatRows=1)  # fmt: skip
    table.setStyle(table_style())
    # A numbered list, not phrases glued with "then": "1. head to head; 2. ..." reads in any word order.
    ties = "; ".join(f"{n}. {gettext(TIE_BREAKS[t])}" for n, t in enumerate(event.tie_breaks, start=1)) or gettext(
        "none (level teams share the place)"
    )
    story: list[Flowable] = [
        _para(ngettext("%(event)s: standings after %(rounds)s round", "%(event)s: standings after %(rounds)s rounds",
                       len(played)) % {"event": event.name, "rounds": len(played)}, "title"),
        Spacer(1, 4 * mm), table, Spacer(1, 3 * mm),
        _para(gettext("Scoring: %(form)s.") % {"form": event.get_scoring_form_display()}, "small"),
        _para(gettext("Ties broken by, in this order: %(ties)s.") % {"ties": ties}, "small"),
    ]  # fmt: skip
    pdf = build_pdf(story, paper=paper, masthead=_masthead(event), title=gettext("Standings"))
    return _file(event, "standings"), PDF, pdf


RENDERERS: dict[str, Callable[[TeamEvent, str], Rendered]] = {
    "draw": render_draw,
    "score-cards": render_score_cards,
    "standings": render_standings,
}


def render_job(kind: str, event: TeamEvent, paper: str, progress: Progress) -> Rendered:
    """The job pipeline's renderer (imported when a job runs, by jobs.py): "teams-standings" -> `render_standings`."""
    progress(0.1, gettext("Making the paper"))
    return RENDERERS[kind.removeprefix("teams-")](event, paper)
