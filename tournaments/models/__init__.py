"""Bridgedesk's data, one module per part of the domain."""

from .audit import AppendOnlyError, AuditEntry
from .events import Entry, EntryPlayer, Event, Member, Section, Session
from .jobs import DoubleDummyAnalysis, GeneratedFile
from .movements import TableRound
from .parties import Party, PartyDeal, PartyGuest, PartyRound, PartyTable
from .results import Board, Result
from .rulings import Ruling

__all__ = [
    "AppendOnlyError",
    "AuditEntry",
    "Board",
    "DoubleDummyAnalysis",
    "Entry",
    "EntryPlayer",
    "Event",
    "GeneratedFile",
    "Member",
    "Party",
    "PartyDeal",
    "PartyGuest",
    "PartyRound",
    "PartyTable",
    "Result",
    "Ruling",
    "Section",
    "Session",
    "TableRound",
]
