"""Helpers shared by the session pages: loading a session or section for the URL, the section picker."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.sessions.models import Section, Session


def get_session(pk: int) -> Session:
    return get_object_or_404(Session.objects.select_related("event"), pk=pk)


def get_section(session: Session, letter: str) -> Section:
    section = Section.objects.filter(session=session, letter=letter).order_by("pk").first()
    if section is None:
        raise Http404(f"No section {letter} in this session.")
    section.session = session  # read already, with its event: not joined again
    return section


def chosen_section(request: HttpRequest, session: Session) -> Section:
    """The section named by ?section=, else the first one."""
    sections = list(session.sections.select_related("session", "session__event").order_by("letter"))
    if not sections:
        raise Http404("This session has no sections.")
    letter = request.GET.get("section", "")
    return next((s for s in sections if s.letter == letter), sections[0])
