"""Where Django finds Bridgedesk's models: each domain owns its models in its own package.

All of them keep the `tournaments` app label (so no table was renamed when the domains got packages of their
own); Django discovers an app's models by importing `<app>.models`, so this module imports every domain's.
Code imports models from their domain (`tournaments.sessions.models`), not from here.
"""

from tournaments.audit.models import AppendOnlyError, AuditChainHead, AuditEntry, AuditSeal
from tournaments.core.models import Access, LoginLanguage
from tournaments.parties.models import Party, PartyDeal, PartyGuest, PartyRound, PartyTable
from tournaments.printing.models import GeneratedFile
from tournaments.publishing.models import Correction, EmailDelivery, Publication, PublishedFigures
from tournaments.sessions.models import (
    Board,
    DoubleDummyAnalysis,
    Entry,
    EntryPlayer,
    Event,
    MasterPointAward,
    Member,
    PointsScheme,
    RankingRules,
    RatingEntry,
    Result,
    Ruling,
    Section,
    Session,
    TableRound,
)
from tournaments.simultaneous.models import Simultaneous, SimultaneousClub
from tournaments.tableside.models import (
    DirectorCall,
    RoundTimer,
    ScreenLink,
    SignIn,
    TableEntry,
    TableLink,
    TableSettings,
)
from tournaments.teams.models import (
    Team,
    TeamBoard,
    TeamEvent,
    TeamLineup,
    TeamMatch,
    TeamPenalty,
    TeamPlayer,
    TeamRoomScore,
    TeamRound,
)

__all__ = [
    "Access",
    "AppendOnlyError",
    "AuditChainHead",
    "AuditEntry",
    "AuditSeal",
    "Board",
    "Correction",
    "DirectorCall",
    "DoubleDummyAnalysis",
    "EmailDelivery",
    "Entry",
    "EntryPlayer",
    "Event",
    "GeneratedFile",
    "LoginLanguage",
    "MasterPointAward",
    "Member",
    "Party",
    "PartyDeal",
    "PartyGuest",
    "PartyRound",
    "PartyTable",
    "PointsScheme",
    "Publication",
    "PublishedFigures",
    "RankingRules",
    "RatingEntry",
    "Result",
    "RoundTimer",
    "Ruling",
    "ScreenLink",
    "Section",
    "Session",
    "SignIn",
    "Simultaneous",
    "SimultaneousClub",
    "TableEntry",
    "TableLink",
    "TableRound",
    "TableSettings",
    "Team",
    "TeamBoard",
    "TeamEvent",
    "TeamLineup",
    "TeamMatch",
    "TeamPenalty",
    "TeamPlayer",
    "TeamRoomScore",
    "TeamRound",
]
