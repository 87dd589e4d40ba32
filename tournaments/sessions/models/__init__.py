"""The club session core's data: events, sessions, sections, entries, movements, boards, results, rulings."""

from tournaments.sessions.models.analysis import DoubleDummyAnalysis
from tournaments.sessions.models.competitions import Competition, CompetitionEvent
from tournaments.sessions.models.designs import ClubMovement
from tournaments.sessions.models.events import Entry, EntryPlayer, Event, Member, Section, Session
from tournaments.sessions.models.movements import TableRound
from tournaments.sessions.models.ratings import (
    MasterPointAward,
    PlayerAward,
    PointsScheme,
    RankingRules,
    RatingEntry,
)
from tournaments.sessions.models.reminders import DirectorReminder
from tournaments.sessions.models.results import Board, Result
from tournaments.sessions.models.rulings import Ruling

__all__ = [
    "Board",
    "ClubMovement",
    "Competition",
    "CompetitionEvent",
    "DirectorReminder",
    "DoubleDummyAnalysis",
    "Entry",
    "EntryPlayer",
    "Event",
    "MasterPointAward",
    "Member",
    "PlayerAward",
    "PointsScheme",
    "RankingRules",
    "RatingEntry",
    "Result",
    "Ruling",
    "Section",
    "Session",
    "TableRound",
]
