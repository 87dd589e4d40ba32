"""Every kind of change the audit log records: one name per kind, stored as its dotted string value.

The values are what rows already hold ("result.create"): never rename one, add a new member instead.
"""

from __future__ import annotations

import enum


class AuditAction(enum.StrEnum):
    ENTRY_LATE = "entry.late"
    EVENT_CARRY_OVER = "event.carry_over"
    ENTRY_PLAYERS = "entry.players"
    PARTY_CREATE = "party.create"
    PARTY_FINISH = "party.finish"
    PARTY_GUESTS = "party.guests"
    PARTY_PROGRESSION = "party.progression"
    PARTY_RULES = "party.rules"
    PARTY_START = "party.start"
    PARTY_TABLE = "party.table"
    RESULT_ADJUST = "result.adjust"
    RESULT_CHANGE = "result.change"
    RESULT_CREATE = "result.create"
    RESULT_DELETE = "result.delete"
    RESULT_RESTORE = "result.restore"
    RULING_APPLY = "ruling.apply"
    RULING_WITHDRAW = "ruling.withdraw"
    SESSION_CONVENTIONS = "session.conventions"
    SESSION_CREATE = "session.create"
    SESSION_DEALS_IMPORTED = "session.deals_imported"
    SESSION_FINAL = "session.final"
    SESSION_IMPORTED = "session.imported"
    SESSION_PUBLISH = "session.publish"
    SESSION_SCORES_SHOWN = "session.scores_shown"
    SESSION_STATUS = "session.status"
    SESSION_UNPUBLISH = "session.unpublish"
    SIMULTANEOUS_CLUB = "simultaneous.club"
    SIMULTANEOUS_CREATE = "simultaneous.create"
    TABLE_DISPUTED = "table.disputed"
    TABLE_LINK_ISSUE = "table.link_issue"
    TABLE_LINK_REVOKE = "table.link_revoke"
    TABLE_SETTINGS = "table.settings"
    TEAMS_BOARDS = "teams.boards"
    TEAMS_CREATE = "teams.create"
    TEAMS_DRAW = "teams.draw"
    TEAMS_LINEUP = "teams.lineup"
    TEAMS_LINK_ISSUE = "teams.link_issue"
    TEAMS_LINK_REVOKE = "teams.link_revoke"
    TEAMS_PENALTY = "teams.penalty"
    TEAMS_ROOM_SCORE = "teams.room_score"
    TEAMS_RULES = "teams.rules"
    TEAMS_TEAM = "teams.team"
