"""Every renderer's PDF parsed: its text and page count checked against the session it prints."""

from __future__ import annotations

import io
import math
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from pypdf import PdfReader

import scoring
from tournaments.printing import pdf
from tournaments.printing.pdf import ReportError
from tournaments.sessions import reports
from tournaments.sessions.models import (
    Board,
    DoubleDummyAnalysis,
    Entry,
    EntryPlayer,
    Result,
    Ruling,
    Section,
    Session,
    TableRound,
)
from tournaments.sessions.reports.handrecords import analyse
from tournaments.sessions.selectors.scores import score_session
from tournaments.tableside.models import TableLink
from tournaments.tableside.selectors import table_url

from .factories import make_session

pytestmark = pytest.mark.django_db
SHOTS = Path(tempfile.gettempdir()) / "bridgedesk-screenshots"


def pages_of(content: bytes) -> list[str]:
    """Each page's text laid out as printed (rows of a table on one line), runs of spaces squeezed to one."""
    pages = PdfReader(io.BytesIO(content)).pages
    return [
        "\n".join(re.sub(r"\s+", " ", ln).strip() for ln in p.extract_text(extraction_mode="layout").splitlines())
        for p in pages
    ]


def stream_of(content: bytes) -> list[str]:
    """Each page's text in drawing order (card by card on pages of several cards), one line per text run."""
    return [re.sub(r"[ \xa0]+", " ", p.extract_text() or "") for p in PdfReader(io.BytesIO(content)).pages]


def render(kind: str, session: Session, paper: str = "a4", *, layout: bool = True) -> tuple[str, list[str], bytes]:
    filename, content_type, content = reports.render(kind, session, paper=paper)
    assert content_type == "application/pdf"
    assert content.startswith(b"%PDF-")
    return filename, (pages_of(content) if layout else stream_of(content)), content


@pytest.fixture
def session() -> Session:
    """8 tables, relay-and-bye-stand Mitchell, 8 rounds of 2 boards: 16 boards, 16 pairs, all played.

    No deals: double-dummy solving is the slow part, so only the tests about hands deal them.
    """
    return make_session(pairs=16, boards_per_round=2, deals=False)


@pytest.fixture
def dealt() -> Session:
    """A small dealt session: 4 tables (relay Mitchell), 4 rounds of 2 boards, 10 boards with hands."""
    return make_session(pairs=8, boards_per_round=2, rounds=4)


def test_standings_list_every_pair_with_total_percentage_and_place(session):
    filename, pages, _ = render("standings", session)
    assert filename == "standings.pdf"
    assert len(pages) == 1
    text = pages[0]
    assert "North-South" in text and "East-West" in text
    assert "Riverside Bridge Club" in text and "Tuesday Pairs" in text and "17 November 2026" in text
    (scores,) = score_session(session)
    for field in ("NS", "EW"):
        rows = scores.standings[field]
        assert len(rows) == 8
        for standing in rows:
            line = next(ln for ln in text.splitlines() if re.search(rf"\b{standing.entry.label}\b", ln))
            assert line.split()[0] == standing.place
            assert f"{scoring.shown(standing.percentage)}" in line
            assert standing.entry.players.get(seat=1).name.split()[0] in line
        # printed in place order
        labels = [s.entry.label for s in rows]
        positions = [text.index(f" {label} ") for label in labels]
        assert positions == sorted(positions)


def test_recaps_show_every_board_line_with_scores_points_and_rulings(session):
    filename, pages, _ = render("recaps", session)
    assert filename == "recaps.pdf"
    text = "\n".join(pages)
    (scores,) = score_session(session)
    assert [int(n) for n in re.findall(r"^Board (\d+)", text, re.M)] == [bs.board.number for bs in scores.boards]
    assert len(scores.boards) == 16
    for bs in scores.boards:
        assert len(bs.lines) == 8
        block = text.split(f"Board {bs.board.number} ")[1].split("Board ")[0]
        for line in bs.lines:
            r = line.result
            row = next(ln for ln in block.splitlines() if ln.startswith(f"{r.ns_entry.label} {r.ew_entry.label} "))
            if r.kind == Result.Kind.ARTIFICIAL:
                assert "A60/40" in row
            else:
                assert str(abs(r.ns_score)) in row.split()
                assert r.declarer in row.split()
    assert "Ruling Artificial adjusted score (Law 12C2)" in text
    assert "Board fouled" in text
    assert len(pages) == math.ceil(16 / 4)  # four 8-line travellers fit an A4 page


def test_score_cards_one_per_pair_with_running_total(session):
    filename, pages, _ = render("scorecards", session)
    assert filename == "scorecards.pdf"
    text = "\n".join(pages)
    (scores,) = score_session(session)
    entries = list(Entry.objects.filter(section__session=session))
    assert len(re.findall(r"^Pair \d+(NS|EW) ", text, re.M)) == len(entries) == 16
    assert len(pages) == 8  # two 16-board cards a page
    for entry in entries:
        card = text.split(f"Pair {entry.label} ")[1].split("\nPair ")[0]
        standing = scores.standing_of(entry.pk)
        assert f"Place {standing.place} of 8" in card
        assert f"{scoring.shown(standing.percentage)}%" in card
        boards = [bs.board.number for bs, _line, _side in scores.lines_of(entry.pk)]
        assert len(boards) == 16
        # the last running total is the sum of the board points
        mine = sum((ln.ns_points if side == "NS" else ln.ew_points) for _bs, ln, side in scores.lines_of(entry.pk))
        assert pdf.points(mine) in card.split()


def test_hand_records_four_boards_a_page_with_dd_table_and_par():
    session = make_session(pairs=16, boards_per_round=2)
    filename, pages, _ = render("hand-records", session)
    assert filename == "hand-records.pdf"
    assert len(pages) == 4  # 16 boards, four a page
    text = "\n".join(pages)
    boards = list(Board.objects.filter(session=session))
    analysis = analyse(boards)
    for board in boards:
        assert f"Board {board.number}" in text
        a = analysis[board.number]
        side = "N-S" if a.par_score >= 0 else "E-W"
        assert f"{side} +{abs(a.par_score)}" in text
    assert text.count("Makeable contracts (double dummy)") == 16
    assert DoubleDummyAnalysis.objects.count() == 16


def test_double_dummy_answers_are_right_for_a_known_deal(session):
    """The solver's answers for a deal worked by hand."""
    board = Board.objects.get(session=session, number=1)
    # Each hand holds one whole suit: whoever has the trumps takes every trick; in no trumps the opening
    # leader runs a suit. N-S make 7S, E-W 7H, which spades outbid: par is 7S by N-S, +1510 not vulnerable.
    board.deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    board.vulnerability, board.dealer = "None", "N"
    a = analyse([board])[1]
    assert a.tricks["S"]["N"] == a.tricks["S"]["S"] == 13
    assert a.tricks["H"]["E"] == a.tricks["H"]["W"] == 13
    assert a.tricks["NT"]["N"] == 0  # East leads hearts
    assert a.tricks["NT"]["E"] == 0  # South leads diamonds
    assert a.par_score == 1510
    assert a.par_contracts == ("7S by N/S",)


def test_guide_cards_cover_every_table_and_pair_with_relay_and_bye_stand(session):
    filename, pages, _ = render("guide-cards", session, layout=False)
    assert filename == "guide-cards.pdf"
    tables, pairs = 8, 16
    assert len(pages) == math.ceil(tables / 2) + math.ceil(pairs / 4)
    text = "\n".join(pages)
    for t in range(1, tables + 1):
        assert f"Table {t}\n" in text
    for entry in Entry.objects.filter(section__session=session):
        assert f"Pair {entry.label}\n" in text
    table1 = text.split("Table 1\n")[1].split("Table 2\n")[0]
    assert "(relay)" in table1 and "share boards with table 8" in table1
    assert "bye stand" in text.split("Table 5\n")[1].split("Table 6\n")[0]
    # the pair card agrees with the stored movement: round 3 of pair 2NS, cell by cell
    row = TableRound.objects.get(section__session=session, round=3, ns_entry__label="2NS")
    card = text.split("Pair 2NS\n")[1].split("Pair ")[0]
    assert f"\n3\n2\nN-S\n{row.ew_entry.label}\n{row.boards[0]}–{row.boards[-1]}\n" in card


def test_travellers_list_the_pairs_in_playing_order(session):
    filename, pages, _ = render("travellers", session)
    assert filename == "travellers.pdf"
    assert len(pages) == 16 / 2  # two travellers a page
    text = "\n".join(pages)
    for number in (1, 5, 16):
        board = Board.objects.get(session=session, number=number)
        block = text.split(f"Board {number} ")[1].split("Board ")[0]
        assert block.startswith(f"Dealer {dict(N='North', E='East', S='South', W='West')[board.dealer]}")
        assert f"Vulnerable {board.get_vulnerability_display()}" in block
        rows = [
            r
            for r in TableRound.objects.filter(section__session=session).order_by("round", "table")
            if number in r.boards
        ]
        expected = [f"{r.ns_entry.label} {r.ew_entry.label}" for r in rows]
        printed = [ln for ln in block.splitlines() if re.fullmatch(r"\d+NS \d+EW", ln)]
        assert printed == expected


def test_pickup_slips_one_per_table_and_round(session):
    filename, pages, _ = render("pickup-slips", session, layout=False)
    assert filename == "pickup-slips.pdf"
    played = TableRound.objects.filter(section__session=session, ns_entry__isnull=False, ew_entry__isnull=False)
    assert len(pages) == math.ceil(played.count() / 8)
    text = "\n".join(pages)
    assert len(re.findall(r"^Table \d+ · Round \d+$", text, re.M)) == played.count()
    row = played.get(round=4, table=6)
    assert f"N-S {row.ns_entry.label} v E-W {row.ew_entry.label} · boards {row.boards[0]}–{row.boards[-1]}" in text


def test_books_hold_their_reports_in_order(dealt):
    pages = {kind: render(kind, dealt)[1] for kind in ("standings", "recaps", "scorecards", "hand-records")}
    filename, book, _ = render("results", dealt)
    assert filename == "results.pdf"
    assert len(book) == sum(len(p) for p in pages.values())
    n = len(book)
    assert "page 1 of" in book[0] and f"page {n} of {n}" in book[-1]
    start = 0
    for kind, title in (
        ("standings", "Standings"),
        ("recaps", "Recaps"),
        ("scorecards", "Personal score cards"),
        ("hand-records", "Hand records"),
    ):
        assert title in book[start].splitlines()[1]  # the running title under the masthead
        start += len(pages[kind])
    kit = {kind: render(kind, dealt)[1] for kind in ("guide-cards", "travellers", "pickup-slips")}
    filename, book, _ = render("session-kit", dealt)
    assert filename == "session-kit.pdf"
    assert len(book) == sum(len(p) for p in kit.values())


def test_results_book_without_hands_leaves_hand_records_out(session):
    book = render("results", session)[1]
    assert len(book) == sum(len(render(k, session)[1]) for k in ("standings", "recaps", "scorecards"))
    assert "Makeable contracts" not in "\n".join(book)


def test_us_letter_and_a4(session):
    for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
        _, _, content = render("guide-cards", session, paper=paper)
        box = PdfReader(io.BytesIO(content)).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size
    with pytest.raises(ReportError, match="Unknown paper size 'a3'"):
        reports.render("standings", session, paper="a3")


def test_every_card_grid_is_filled_on_both_papers(dealt):
    """Four hand records, two table cards, four pair cards, two travellers, eight pickup slips a page."""
    boards = Board.objects.filter(session=dealt).count()
    rows = TableRound.objects.filter(section__session=dealt)
    played = rows.filter(ns_entry__isnull=False, ew_entry__isnull=False).count()
    tables = rows.values("table").distinct().count()
    pairs = Entry.objects.filter(section__session=dealt).count()
    for paper in ("a4", "letter"):
        assert len(render("hand-records", dealt, paper)[1]) == math.ceil(boards / 4)
        assert len(render("guide-cards", dealt, paper)[1]) == math.ceil(tables / 2) + math.ceil(pairs / 4)
        assert len(render("travellers", dealt, paper)[1]) == math.ceil(boards / 2)
        assert len(render("pickup-slips", dealt, paper)[1]) == math.ceil(played / 8)


def test_same_inputs_give_the_same_bytes(dealt):
    first = reports.render("results", dealt)[2]
    assert reports.render("results", dealt)[2] == first
    assert reports.render("session-kit", dealt)[2] == reports.render("session-kit", dealt)[2]


def test_no_results_or_no_deals_is_said_in_words():
    session = make_session(pairs=8, results=False, deals=False)
    for kind in ("standings", "recaps", "scorecards", "results"):
        with pytest.raises(
            ReportError, match=rf"^Session {session.pk} \(Tuesday Pairs, 17 Nov 2026\) has no results yet"
        ):
            reports.render(kind, session)
    with pytest.raises(ReportError, match="has no hands recorded: import the deals"):
        reports.render("hand-records", session)
    # the session kit needs neither
    assert len(pages_of(reports.render("session-kit", session)[2])) > 0
    Board.objects.filter(session=session, number=1).update(deal="N:AKQ.xxx")
    with pytest.raises(ReportError, match="Board 1's deal is not a valid PBN deal"):
        reports.render("hand-records", session)


def test_half_table_howell_imps_and_long_foreign_names():
    session = make_session(pairs=15, boards_per_round=2, seed=3, deals=False)  # half table: a pair sits out
    pages = pages_of(reports.render("guide-cards", session)[2])
    assert "sit out" in "\n".join(pages)
    slips = "\n".join(pages_of(reports.render("pickup-slips", session)[2]))
    assert "sit out" not in slips
    assert len(pages_of(reports.render("results", session)[2])) > 5

    howell = make_session(pairs=10, kind="howell", boards_per_round=3, scoring_method="butler", seed=5, deals=False)
    entry = Entry.objects.filter(section__session=howell).order_by("number").first()
    EntryPlayer.objects.filter(entry=entry, seat=1).update(name="Łukasz Wiśniewski-Grzybowski von Hohenzollern")
    EntryPlayer.objects.filter(entry=entry, seat=2).update(name="Zoë Ångström-Ødegård")
    text = pages_of(reports.render("standings", howell)[2])[0]
    assert "Overall" in text and "IMPs" in text
    assert "Łukasz" in text  # fonts cover the name; long names are cut with an ellipsis, not spilled
    cards = "\n".join(pages_of(reports.render("scorecards", howell)[2]))
    assert "IMPs" in cards
    assert Section.objects.get(session=howell).movement_kind == "howell"


def test_two_sections_are_told_apart_everywhere():
    import datetime
    import random

    from tournaments.sessions.services.sessions import SectionSpec, create_session

    from .factories import add_results

    session = create_session(
        actor=None,
        event_name="Club championship",
        club="Riverside Bridge Club",
        date=datetime.date(2026, 11, 17),
        sections=[
            SectionSpec(pairs=8, kind="mitchell", boards_per_round=2, rounds=4),
            SectionSpec(pairs=10, kind="howell", boards_per_round=3, rounds=3),
        ],
    )
    boards = {b.number: b for b in Board.objects.filter(session=session)}
    for section in Section.objects.filter(session=session):
        add_results(section, boards, random.Random(section.pk), adjusted=False)
    standings = "\n".join(render("standings", session)[1])
    assert "Section A – North-South" in standings and "Section B – Overall" in standings
    assert re.search(r"^\d+=? A\dNS ", standings, re.M) and re.search(r"^\d+=? B\d+ ", standings, re.M)
    recaps = "\n".join(render("recaps", session)[1])
    assert recaps.count("Board 1 ") == 2  # board 1 is played in both sections, each with its own traveller
    kit = "\n".join(render("session-kit", session, layout=False)[1])
    assert "Section A · Table 1" in kit and "Section B · Table 1" in kit
    assert "Pair A1NS" in kit and "Pair B1" in kit


def test_a_megabyte_of_facts_stored_before_the_limits_is_cut_in_the_recaps(session):
    """The services refuse such text now; a row stored before they did must not make the PDF take minutes."""
    ruling = Ruling.objects.filter(session=session).first()
    assert ruling is not None
    Ruling.objects.filter(pk=ruling.pk).update(facts="word " * 200_000)  # 1 MB, as an old import might hold
    _, pages, _ = render("recaps", session)
    text = "\n".join(pages)
    assert "(cut at 2,000 characters)" in text
    assert text.count("word") < 500


def test_table_cards_carry_the_table_page_as_a_qr_code_and_address(dealt, tmp_path):
    _filename, pages, content = render("guide-cards", dealt)
    links = {link.table: link for link in TableLink.objects.filter(section__session=dealt, revoked_at__isnull=True)}
    assert sorted(links) == [1, 2, 3, 4]  # printing the kit issued the links it prints
    text = "\n".join(pages).replace(" ", "")
    for table, link in links.items():
        assert f"/t/{link.token}/" in text, f"table {table}'s address is not on its card"
    assert "Scantoenterthistable'sresults" in text
    reissued = render("guide-cards", dealt)[2]
    assert reissued == content, "printing again keeps the same links (and the same bytes)"
    # Looked at as a phone's camera would: the page rasterised, and each code read back.
    (tmp_path / "cards.pdf").write_bytes(content)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(tmp_path / "cards.pdf"), str(tmp_path / "p")],
        check=True,
    )
    (png,) = tmp_path.glob("p*.png")
    read = sorted(code.text for code in zxingcpp.read_barcodes(Image.open(png)))
    assert read == sorted(table_url(links[t]) for t in (1, 2))  # two table cards a page


def test_a_long_name_wraps_in_the_standings_and_its_partner_is_never_dropped(session):
    entry = Entry.objects.get(section__session=session, label="1NS")
    EntryPlayer.objects.filter(entry=entry, seat=1).update(name="Featherstonehaugh-Cholmondeley-Worthington")
    EntryPlayer.objects.filter(entry=entry, seat=2).update(name="Ann Smith")
    _, pages, content = render("standings", session)
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "standings-long-name.pdf").write_bytes(content)
    text = " ".join(" ".join(pages).split())
    assert "Featherstonehaugh-Cholmondeley-Worthington" in text.replace(" ", "")
    assert "Ann Smith" in text and "…" not in text


def test_the_header_never_cuts_the_event_name(session):
    long_name = "Riverside Spring Congress Championship Pairs for the Founders' Memorial Trophy"
    session.event.name = long_name
    session.event.save()
    _, pages, content = render("standings", session)
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "standings-long-event.pdf").write_bytes(content)
    first_line = pages[0].splitlines()[0]
    assert long_name in " ".join(pages[0].split()), first_line


def test_a_long_opponent_name_wraps_on_the_score_cards(session):
    entry = Entry.objects.get(section__session=session, label="1EW")
    EntryPlayer.objects.filter(entry=entry, seat=1).update(name="Featherstonehaugh-Cholmondeley-Worthington")
    EntryPlayer.objects.filter(entry=entry, seat=2).update(name="Ann Smith")
    _, pages, _ = render("scorecards", session)
    text = " ".join(" ".join(pages).split())
    assert "…" not in text and "Ann Smith" in text
    # On its own card's heading, and wrapped in the "Against" column of every card that met it.
    assert text.count("Featherstonehaugh") == text.count("Worthington") >= 2
