"""A session's master-point awards as the file a national body takes (``manage.py export_masterpoints SESSION
--form usebio|ebu|acbl``, and the download on the session's results page).

- ``usebio``: the session's USEBIO 1.2 file with every pair's ``MASTER_POINTS_AWARDED`` and ``MASTER_POINT_TYPE``
  (0 for a pair awarded none), as the published files write them.
- ``ebu``: the same USEBIO 1.2 file in the form the EBU takes for its master points and pay-to-play returns: the
  club's EBU number in ``CLUB/CLUB_ID_NUMBER``, the event's code in ``EVENT_IDENTIFIER``, the status it is pointed
  at in ``MASTER_POINT_SCALE`` (Club, District, County, Regional), the EBU's colour in ``MASTER_POINT_TYPE``
  (BLACK for local points, BLUE, GREEN), ``MPS_AWARDED_FLAG`` Y, and every player's EBU number in
  ``NATIONAL_ID_NUMBER``, 88888888 for a player without one (the EBU's guest number); ``P2P_CHARGE_RATE`` the
  session's two-digit charge code when the director gives one (10 a club session, 02 none). docs/interchange.md
  names the sources of each and what was checked against them.
- ``acbl``: refused with the reason: no specification of ACBL's club masterpoint report could be found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.sessions.models import MasterPointAward, PlayerAward, Session

from . import usebio_writer
from .errors import InterchangeError
from .exporters import build_record, filename_for
from .records import SessionRecord

FORMS = ("usebio", "ebu", "acbl")
EBU_SCALES = ("Club", "District", "County", "Regional")
EBU_COLOURS = {"LOCAL": "BLACK", "BLACK": "BLACK", "BLUE": "BLUE", "GREEN": "GREEN"}
EBU_GUEST = "88888888"
_CODE = re.compile(r"^[A-Za-z0-9_-]{1,20}$")
_CHARGE = re.compile(r"^[0-9]{2}$")


@dataclass(frozen=True)
class EbuDetails:
    """What the EBU's form needs beyond the session: the club's EBU number, the event's code (the session's id
    when none is given) and the status the event is pointed at."""

    club_number: str = ""
    event_code: str = ""
    scale: str = "Club"
    charge_code: str = ""  # P2P_CHARGE_RATE: the EBU's two-digit charge code (10, 30, 50, 60, 02); empty: left out


def export_masterpoints(session: Session, form: str, ebu: EbuDetails | None = None) -> tuple[str, bytes]:
    """(filename, bytes) of the session's award file in the form named; InterchangeError says why not."""
    if form == "acbl":
        raise InterchangeError(
            _(
                "ACBL's club masterpoint report has no published specification and no open-source writer could be "
                "found (docs/interchange.md lists what was searched); ACBLscore writes it for the club."
            ),
            "form",
        )
    if form not in FORMS:
        raise InterchangeError(_("Choose a form: usebio, ebu or acbl."), "form")
    records = _records(session)
    if form == "ebu":
        details = _checked(ebu or EbuDetails())
        for record in records:
            _ebu_form(record, details, session)
    stem = filename_for(session, "xml").removesuffix(".xml")
    return f"{stem}-{form}-masterpoints.xml", usebio_writer.write_usebio(*records)


def _records(session: Session) -> list[SessionRecord]:
    """Each section with results as a record whose pairs (or an individual's players) carry their awards."""
    pairs = {a.entry_id: a for a in MasterPointAward.objects.filter(session=session).select_related("entry")}
    players = PlayerAward.objects.filter(session=session).exists()
    if session.status != Session.Status.FINISHED or not (pairs or players):
        raise InterchangeError(
            _(
                "No master points are awarded in this session: give its event a points scheme and finish the "
                "session (or import a file with its awards)."
            ),
            "session",
        )
    labels = {a.entry.label: a for a in pairs.values() if a.entry.section.session_id == session.pk}
    several = session.sections.count() > 1
    records = []
    for section in session.sections.order_by("letter"):
        record = build_record(session, section)
        if not any(x.kind != "not_played" for b in record.boards for x in b.lines):
            continue
        record.section = section.letter if several else ""
        if not record.individual:
            mine = {label: a for label, a in labels.items() if a.entry.section_id == section.pk}
            record.master_point_type = record.master_point_type or next(iter(pairs.values())).point_type
            for pair in record.pairs:
                award = mine.get(pair.label)
                pair.master_points = award.points if award else 0
                pair.master_point_type = award.point_type if award else record.master_point_type
        records.append(record)
    if not records:
        raise InterchangeError(_("no section has results yet; USEBIO publishes results."), "session")
    return records


def _checked(details: EbuDetails) -> EbuDetails:
    if not _CODE.match(details.club_number or ""):
        raise InterchangeError(
            _("The EBU's form needs the club's EBU number (letters and digits, up to 20)."), "club number"
        )
    if details.event_code and not _CODE.match(details.event_code):
        raise InterchangeError(_("An event code is letters and digits, up to 20."), "event code")
    if details.charge_code and not _CHARGE.match(details.charge_code):
        raise InterchangeError(
            _("The EBU's charge code is two digits (10 for a club session, 02 for no charge), not %(code)s.")
            % {"code": repr(details.charge_code)},
            "charge code",
        )
    if details.scale not in EBU_SCALES:
        raise InterchangeError(
            _("The EBU points events at Club, District, County or Regional status, not %(scale)s.")
            % {"scale": details.scale},
            "scale",
        )
    return details


def _ebu_colour(point_type: str) -> str:
    colour = EBU_COLOURS.get(point_type.strip().upper())
    if colour is None:
        raise InterchangeError(
            _("The EBU awards black (local), blue and green points; this session's points are %(type)s.")
            % {"type": point_type},
            "point type",
        )
    return colour


def _ebu_form(record: SessionRecord, details: EbuDetails, session: Session) -> None:
    record.club_id = details.club_number
    record.event_id = details.event_code or str(session.pk)
    record.master_point_scale = details.scale
    record.p2p_charge_rate = details.charge_code
    record.master_point_type = _ebu_colour(record.master_point_type)
    for pair in record.pairs:
        if pair.master_points is not None:
            pair.master_point_type = _ebu_colour(pair.master_point_type or record.master_point_type)
        for player in pair.players:
            player.national_id = player.national_id.strip() or EBU_GUEST
    for individual in record.players:
        individual.national_id = individual.national_id.strip() or EBU_GUEST
        if individual.master_points is not None:
            individual.master_point_type = _ebu_colour(individual.master_point_type or record.master_point_type)
