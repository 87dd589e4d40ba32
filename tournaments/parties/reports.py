"""The printed papers of a progressive party (ReportLab), each ``render_*(party) -> (filename, type, bytes)``.

Tally cards come in two colours at a mixed party (one pile for the ladies, one for the gentlemen, Law 2 and
the Hints to the Hostess); table cards carry a big number; score pads carry the party scoring table of the
Laws of Progressive Bridge; the standings list the tallies, the laws' cross-check and the prizes.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from tournaments.parties import games
from tournaments.parties.deals import deal_plan
from tournaments.parties.models import Party
from tournaments.parties.papers import PAPERS, PARTY_JOB_PREFIX
from tournaments.parties.selectors import Standings, guests_of, party_rounds, seating_of, standings
from tournaments.parties.tally_cards import SEAT_NAMES, tally_cards_for
from tournaments.printing.pdf import (
    FONT,
    FONT_BOLD,
    GREEN,
    INK,
    MUTED,
    PDF,
    RULE,
    STYLES,
    Layout,
    Masthead,
    Progress,
    ReportError,
    build_pdf,
    fit,
    frame_size,
    long_date,
    page_size,
    style,
    table_style,
    text,
)

__all__ = [
    "RENDERERS",
    "render_score_pads",
    "render_standings",
    "render_table_cards",
    "render_tally_cards",
]

PILE_COLOURS = {
    "lady": (colors.HexColor("#f7dbe6"), colors.HexColor("#a2315f"), N_("Ladies' tally")),
    "gentleman": (colors.HexColor("#d9e7f7"), colors.HexColor("#1d4f91"), N_("Gentlemen's tally")),
    "": (colors.HexColor("#e3f1e8"), GREEN, N_("Tally")),
}
# Marked here (N_), translated where printed: the vulnerability of a deal on a score pad.
VUL_WORDS = {"None": N_("Neither"), "NS": N_("N-S"), "EW": N_("E-W"), "All": N_("Both")}
DEALER_WORDS = (N_("1st dealer"), N_("2nd dealer"), N_("3rd dealer"), N_("4th dealer"))
LAW9_VULNERABILITY = (N_("Neither"), N_("Dealer's side"), N_("Dealer's side"), N_("Both"))


def _masthead(party: Party) -> Masthead:
    return Masthead(
        club="",
        event=party.name,
        session=party.get_form_display().split(" (")[0],
        date=long_date(party.date),
    )


def _filename(party: Party, what: str) -> str:
    return f"{slugify(party.name) or 'party'}-{what}.pdf"


class TallyCard(Flowable):
    """A tally card: coloured band with the pile, table and position; a line per round; totals and net."""

    def __init__(self, party: Party, name: str, pile: str, place: str, rounds: int, width: float, height: float):
        super().__init__()
        self.party, self.name, self.pile, self.place, self.rounds = party, name, pile, place, rounds
        self.width, self.height = width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        fill, ink, label = PILE_COLOURS[self.pile]
        w, h = self.width, self.height
        c.setFillColor(fill)
        c.setStrokeColor(ink)
        c.setLineWidth(1.5)
        c.roundRect(0, 0, w, h, 6, stroke=1, fill=1)
        c.setFillColor(ink)
        c.rect(0, h - 22 * mm, w, 22 * mm, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont(FONT_BOLD, 9)
        c.drawString(5 * mm, h - 7 * mm, fit(f"{_(label)} · {self.party.name}", FONT_BOLD, 9, w - 10 * mm))
        c.setFont(FONT_BOLD, 15)
        c.drawString(5 * mm, h - 15 * mm, self.place)
        c.setFont(FONT, 10)
        c.drawString(5 * mm, h - 20 * mm, fit(self.name, FONT, 10, w - 10 * mm))
        # the score lines
        top = h - 29 * mm
        row_h = min(10 * mm, (top - 30 * mm) / (self.rounds + 1))
        cols = [5 * mm, 20 * mm, w * 0.36, w * 0.66, w - 5 * mm]
        c.setFillColor(INK)
        c.setFont(FONT_BOLD, 8)
        game = games.game(self.party.form).tally_label  # a game's own tally: no opponents' column
        heads = (
            (_("Round"), _("Table"), _(game), _("Running total"))
            if game
            else (_("Round"), _("Table"), _("My score"), _("Opponents'"))
        )
        for x, head in zip(cols[:-1], heads, strict=True):
            c.drawString(x, top, head)
        c.setStrokeColor(ink)
        c.setLineWidth(0.4)
        c.setFont(FONT, 8.5)
        y = top - 2 * mm
        for r in range(1, self.rounds + 1):
            c.line(cols[0], y, cols[-1], y)
            y -= row_h
            c.drawString(cols[0] + 2 * mm, y + 2 * mm, str(r))
        c.line(cols[0], y, cols[-1], y)
        for x in cols[1:-1]:
            c.line(x - 1.5 * mm, top - 2 * mm, x - 1.5 * mm, y)
        c.setFont(FONT_BOLD, 9)
        c.drawString(cols[0], y - 6 * mm, _("Totals"))
        c.line(cols[2], y - 7 * mm, cols[3] - 3 * mm, y - 7 * mm)
        c.line(cols[3], y - 7 * mm, cols[4], y - 7 * mm)
        c.drawString(cols[0], y - 14 * mm, _("Net score (+ or −)"))
        c.line(cols[3], y - 15 * mm, cols[4], y - 15 * mm)
        c.setFont(FONT, 7)
        c.setFillColor(MUTED)
        c.drawString(5 * mm, 6 * mm, fit(_("Enter both scores after every round (Law 10)."), FONT, 7, w - 10 * mm))
        c.drawString(5 * mm, 3 * mm, fit(_("The host checks that all the totals agree."), FONT, 7, w - 10 * mm))


def render_tally_cards(party: Party) -> tuple[str, str, bytes]:
    """One tally card per guest, in the pile's colour, with the table and position of round 1."""
    rounds = party_rounds(party)
    if not rounds:
        raise ReportError(_("Draw the tally cards first: then each card shows its table and position."))
    guests = {g.id: g for g in guests_of(party)}
    seating = [seating_of(t) for t in rounds[0].tables.all()]
    cards = tally_cards_for(seating, {g.id: g.group for g in guests.values()})
    width, height = frame_size(page_size("a4"), 2, 2)
    width, height = width - 2, height - 2  # a hair inside the frame, or ReportLab refuses it
    story: list[Flowable] = []
    for card in cards:
        seat = _(SEAT_NAMES[card.seat])
        place = _("Table %(table)s · %(seat)s") % {"table": card.table, "seat": seat}
        if games.game(party.form).single_table:
            place = _("Pivot table · %(seat)s") % {"seat": seat}
        story.append(TallyCard(party, guests[card.guest].name, card.pile, place, party.planned_rounds, width, height))
    for t in seating:
        for who in t.sitting_out:
            story.append(
                TallyCard(party, guests[who].name, "", _("Sits out round 1"), party.planned_rounds, width, height)
            )
    data = build_pdf(
        story, paper="a4", masthead=_masthead(party), title=_("Tally cards"), layouts=[Layout("cards", 2, 2)]
    )
    return _filename(party, "tally-cards"), PDF, data


def render_table_cards(party: Party) -> tuple[str, str, bytes]:
    """A big number for each table, to stand on it where everybody can see it (Law 1's comment)."""
    story: list[Flowable] = []
    big = style("big", 200, bold=True, align=TA_CENTER, leading=220, color=GREEN)
    label = style("label", 28, bold=True, align=TA_CENTER, leading=34)
    note = style("tnote", 13, align=TA_CENTER, leading=17, color=MUTED)
    for n in range(1, party.tables + 1):
        if n > 1:
            story.append(PageBreak())
        caption = ""
        if party.tables > 1 and not games.game(party.form).single_table:
            caption = _("Head table") if n == 1 else _("Last table") if n == party.tables else ""
        # Translators: the word above the big number on a party's table card.
        story += [
            Spacer(1, 40 * mm),
            Paragraph(text(pgettext("table card", "TABLE")), label),
            Paragraph(str(n), big),
            Spacer(1, 10 * mm),
        ]
        if caption:
            story.append(Paragraph(text(caption), label))
        story.append(Paragraph(text(party.name), note))
    data = build_pdf(story, paper="a4", masthead=_masthead(party), title=_("Table cards"))
    return _filename(party, "table-cards"), PDF, data


# The party scoring table printed under each score pad: marked here (N_), translated when printed.
SCORING_TABLE = [
    [N_("Trick score (bid and made)"), N_("♣ ♦ 20 a trick · ♥ ♠ 30 · NT 40 first, 30 after; doubled ×2, redoubled ×4")],
    [N_("Game bid and made in one deal"), N_("300 not vulnerable · 500 vulnerable")],
    [N_("Part-score contract made"), "50"],
    [N_("Slams (only if bid)"), N_("Small 500 / 750 vulnerable · Grand 1,000 / 1,500 vulnerable")],
    [N_("Overtricks"), N_("Trick value; doubled 100 (200 vulnerable), redoubled twice that")],
    [
        N_("Undertricks"),
        N_(
            "50 a trick (100 vulnerable). Doubled: 100, 300, 500, then 300 more each (vulnerable 200, "
            "500, 800, then 300 more each); redoubled twice that"
        ),
    ],
    [N_("Honors (any contract)"), N_("4 trump honors in one hand 100 · 5, or 4 aces at no-trump, 150")],
    [N_("Limit"), N_("No side scores more than 1,000 on a deal, except for a slam bid and made")],
    [N_("Passed out"), N_("Not redealt: both sides score 0")],
]


def _pad_columns(party: Party) -> tuple[list[str], int]:
    """The pad's headings and how many deal lines: the game's own at a table of four; at five hundred for three,
    five or six, a column for each seat (each scored on his own or as his side of the moment) and one deal
    dealt by each player ("Play one deal for each player at table, and then progress")."""
    rules = games.game(party.form)
    if party.hands == 4:
        return [_(c) for c in rules.pad_columns], 10
    named = [_("Partners")] if party.hands == 5 else []
    seats = [_("Seat %(seat)s (+/-)") % {"seat": n} for n in range(1, party.hands + 1)]
    return [_("Deal"), _("Bidder"), _("Bid"), *named, *seats], rules.round_end(party.hands).deals


def _game_pad(party: Party, table_no: int) -> list[Flowable]:
    """A game of the party engine: the game's own columns, a line a deal, and its laws in a sentence."""
    rules = games.game(party.form)
    columns, deals = _pad_columns(party)
    lines = [[str(n)] + [""] * (len(columns) - 1) for n in range(1, deals + 1)]
    rows = [columns, *lines, [_("Total")] + [""] * (len(columns) - 1)]
    heights = [7 * mm] + [10 * mm] * (deals + 1)
    grid = Table(rows, colWidths=[182 * mm / len(columns)] * len(columns), rowHeights=heights)
    grid.setStyle(table_style(extra=[("GRID", (0, 0), (-1, -1), 0.4, RULE), ("FONT", (0, -1), (0, -1), FONT_BOLD, 9)]))
    return [
        Paragraph(
            text(_("Score pad · Table %(table)s · %(game)s") % {"table": table_no, "game": _(rules.label)}),
            STYLES["title"],
        ),
        Spacer(1, 4 * mm),
        grid,
        Spacer(1, 4 * mm),
        Paragraph(text(_(rules.pad_note) if rules.pad_note else ""), STYLES["note"]),
    ]


def _score_pad(party: Party, table_no: int, first_dealer: str | None) -> list[Flowable]:
    if games.game(party.form).tally_label:  # a game with its own columns on the pad
        return _game_pad(party, table_no)
    head = _("Score pad · Table %(table)s") % {"table": table_no}
    out: list[Flowable] = [Paragraph(text(head), STYLES["title"])]
    rules = games.game(party.form)
    if rules.vulnerability_by_score:
        out.append(
            Paragraph(
                text(
                    _(
                        "Rubber scoring: vulnerable after winning a game; rubber 700 (two games) or 500 "
                        "(three); at the end of the round 300 for a single game, 50 for a part-score."
                    )
                ),
                STYLES["note"],
            )
        )
    rows = [
        [_("Deal"), _("Dealer"), _("Vulnerable"), _("Contract"), pgettext("declarer", "By"), _("Tricks"), _("Honors"),
         _("N-S"), _("E-W")]
    ]  # fmt: skip
    if not rules.deals_message and not rules.vulnerability_by_score:  # bridge's deals at the announced vulnerability
        for n, dealer, vul in deal_plan(first_dealer or "N", party.vulnerability):
            seat = _(SEAT_NAMES[dealer]) if first_dealer else _(DEALER_WORDS[n - 1])
            law9 = not first_dealer and party.vulnerability == Party.Vulnerability.LAW9
            vul_word = _(LAW9_VULNERABILITY[n - 1] if law9 else VUL_WORDS[vul])
            rows.append([str(n), seat, vul_word, "", "", "", "", "", ""])
    else:
        rows += [[str(n), "", "", "", "", "", "", "", ""] for n in range(1, 9)]
    rows.append([_("Total"), "", "", "", "", "", "", "", ""])
    widths = [12 * mm, 24 * mm, 24 * mm, 24 * mm, 11 * mm, 14 * mm, 17 * mm, 28 * mm, 28 * mm]
    grid = Table(rows, colWidths=widths, rowHeights=[7 * mm] + [10 * mm] * (len(rows) - 1))
    grid.setStyle(table_style(extra=[("GRID", (0, 0), (-1, -1), 0.4, RULE), ("FONT", (0, -1), (0, -1), FONT_BOLD, 9)]))
    out += [Spacer(1, 4 * mm), grid, Spacer(1, 6 * mm), Paragraph(text(_("The party scoring table")), STYLES["h2"])]
    ref = Table(
        [[Paragraph(text(_(a)), STYLES["cell_bold"]), Paragraph(text(_(b)), STYLES["cell"])] for a, b in SCORING_TABLE],
        colWidths=[55 * mm, 127 * mm],
    )
    ref.setStyle(table_style(header_rows=0, extra=[("BACKGROUND", (0, 0), (0, -1), colors.HexColor("#eef1f4"))]))
    out.append(ref)
    return out


def render_score_pads(party: Party) -> tuple[str, str, bytes]:
    """A score pad for each table with the deals of a round and the party scoring table."""
    rounds = party_rounds(party)
    current = {t.number: t.first_dealer for t in rounds[-1].tables.all()} if rounds else {}
    story: list[Flowable] = []
    for n in range(1, party.tables + 1):
        if n > 1:
            story.append(PageBreak())
        story += _score_pad(party, n, current.get(n))
    data = build_pdf(story, paper="a4", masthead=_masthead(party), title=_("Score pads"))
    return _filename(party, "score-pads"), PDF, data


def render_standings(party: Party) -> tuple[str, str, bytes]:
    """The final standings (tallies ranked by net, Law 12) with the laws' cross-check and the prizes."""
    st = standings(party)
    if not st.rounds_entered:
        raise ReportError(_("No round has been entered yet."))
    story: list[Flowable] = [
        Paragraph(text(_("%(party)s: final standings") % {"party": party.name}), STYLES["title"]),
        Paragraph(
            text(
                ngettext("%(count)s round played", "%(count)s rounds played", st.rounds_entered)
                % {"count": st.rounds_entered}
            ),
            STYLES["note"],
        ),
        Spacer(1, 4 * mm),
    ]
    if st.prizes:
        story += [Paragraph(text(_("Prizes")), STYLES["h2"]), _prize_table(st), Spacer(1, 6 * mm)]
    story.append(Paragraph(text(_("Tallies")), STYLES["h2"]))
    if st.game:  # a game of the party engine: one tally (tricks, points or games), no cross-check
        story.append(_game_grid(st))
    else:
        story += [_tally_grid(st), Spacer(1, 3 * mm), Paragraph(text(_verdict(st)), STYLES["note"])]
    data = build_pdf(story, paper="a4", masthead=_masthead(party), title=_("Final standings"))
    return _filename(party, "standings"), PDF, data


def _prize_table(st: Standings) -> Table:
    """Each prize and who won it."""
    prize_rows = [
        [
            Paragraph(text(label), STYLES["cell_bold"]),
            Paragraph(text(", ".join(g.name for g in who)), STYLES["cell"]),
        ]
        for label, who in st.prizes
    ]
    t = Table(prize_rows, colWidths=[70 * mm, 112 * mm])
    t.setStyle(table_style(header_rows=0))
    return t


def _tally_grid(st: Standings) -> Table:
    """Law 11's tallies (or the euchre stars beside them), with the totals of all tallies at the foot."""
    if st.euchre:
        header = [_("Place"), _("Guest"), "", _("Gold"), _("Red"), _("Green"), _("My points"), _("Opponents'")]
        body = [
            [
                str(r.place),
                fit(r.guest.name, FONT, 8.5, 60 * mm),
                r.guest.get_group_display() if r.guest.group else "",
                str(r.stars.gold if r.stars else 0),  # a euchre party's rows always have stars
                str(r.stars.red if r.stars else 0),
                str(r.stars.green if r.stars else 0),
                f"{r.tally.my:,}",
                f"{r.tally.opponents:,}",
            ]
            for r in st.rows
        ]
        widths = [14 * mm, 62 * mm, 22 * mm, 14 * mm, 14 * mm, 14 * mm, 21 * mm, 21 * mm]
    else:
        header = [_("Place"), _("Guest"), "", _("My score"), _("Opponents'"), _("Net")]
        body = [
            [
                str(r.place),
                fit(r.guest.name, FONT, 8.5, 70 * mm),
                r.guest.get_group_display() if r.guest.group else "",
                f"{r.tally.my:,}",
                f"{r.tally.opponents:,}",
                f"{r.tally.net:+,}",
            ]
            for r in st.rows
        ]
        widths = [14 * mm, 72 * mm, 24 * mm, 24 * mm, 24 * mm, 24 * mm]
    body.append(["", _("All tallies"), *[""] * (4 if not st.euchre else 6)])
    body[-1][-3 if not st.euchre else -2] = f"{st.my_total:,}"
    body[-1][-2 if not st.euchre else -1] = f"{st.opponents_total:,}"
    grid = Table([header, *body], colWidths=widths, repeatRows=1)
    grid.setStyle(
        table_style(
            extra=[
                ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
                ("FONT", (0, -1), (-1, -1), FONT_BOLD, 8.5),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, INK),
            ]
        )
    )
    return grid


def _verdict(st: Standings) -> str:
    """The laws' cross-check in a sentence: the "My Score" and "Opponents' Score" totals agree, or not."""
    figures = {"my": f"{st.my_total:,}", "opponents": f"{st.opponents_total:,}"}
    return (
        _(
            "The laws' check: all “My Score” totals add up to %(my)s and all “Opponents' Score” totals to "
            "%(opponents)s: they agree."
        )
        if st.check_ok
        else _(
            "The laws' check: all “My Score” totals add up to %(my)s and all “Opponents' Score” totals to "
            "%(opponents)s: THEY DIFFER, look for a wrong entry."
        )
    ) % figures


def _game_grid(st: Standings) -> Table:
    """Place, guest and the game's tally, highest first."""
    header = [_("Place"), _("Guest"), "", st.total_label]
    body = [
        [str(r.place), fit(r.guest.name, FONT, 8.5, 90 * mm), r.guest.get_group_display() if r.guest.group else "",
         f"{r.tally.net:,}"]
        for r in st.rows
    ]  # fmt: skip
    grid = Table([header, *body], colWidths=[14 * mm, 92 * mm, 28 * mm, 30 * mm], repeatRows=1)
    grid.setStyle(table_style(extra=[("ALIGN", (3, 0), (-1, -1), "RIGHT")]))
    return grid


RENDERERS: dict[str, tuple[str, Callable[[Party], tuple[str, str, bytes]]]] = {
    "tally-cards": (PAPERS["tally-cards"], render_tally_cards),
    "table-cards": (PAPERS["table-cards"], render_table_cards),
    "score-pads": (PAPERS["score-pads"], render_score_pads),
    "standings": (PAPERS["standings"], render_standings),
}


def render_paper(kind: str, party: Party) -> tuple[str, str, bytes]:
    """One paper of the party (a kind of PAPERS), rendered now (the print page, through parties/jobs.render_paper)."""
    return RENDERERS[kind][1](party)


def render_job(kind: str, party: Party, _paper: str, progress: Progress) -> tuple[str, str, bytes]:
    """The job pipeline's renderer (imported when a job runs, by parties/jobs.py): kind is the stored job kind."""
    progress(0.1, _("Making the paper"))
    return render_paper(kind.removeprefix(PARTY_JOB_PREFIX), party)
