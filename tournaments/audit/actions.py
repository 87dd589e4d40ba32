"""Every kind of change the audit log records: one name per kind, stored as its dotted string value.

The values are what rows already hold ("result.create"): never rename one, add a new member instead. The codes
are never translated (they are data); `label_of` gives the human label a director reads, in their language.
"""

from __future__ import annotations

import enum

from django.utils.translation import gettext_lazy as _


class AuditAction(enum.StrEnum):
    BOARDS_DEAL = "boards.deal"
    BOARD_HANDS = "board.hands"
    CLUB_CREATE = "club.create"
    ENTRY_LATE = "entry.late"
    EVENT_CARRY_OVER = "event.carry_over"
    ENTRY_PLAYERS = "entry.players"
    ENTRY_HANDICAP = "entry.handicap"
    EVENT_RANKINGS = "event.rankings"
    MEMBER_SAVE = "member.save"
    MOVEMENT_SAVE = "movement.save"
    PARTY_ARCHIVE = "party.archive"
    POINTS_AWARD = "points.award"
    POINTS_SCHEME = "points.scheme"
    RATINGS_RECOMPUTE = "ratings.recompute"
    COMPETITION_SAVE = "competition.save"
    PARTY_CREATE = "party.create"
    PARTY_FINISH = "party.finish"
    PARTY_GUESTS = "party.guests"
    PARTY_PROGRESSION = "party.progression"
    PARTY_REOPEN = "party.reopen"
    PARTY_RESTORE = "party.restore"
    PARTY_RULES = "party.rules"
    PARTY_START = "party.start"
    PARTY_TABLE = "party.table"
    RESULT_ADJUST = "result.adjust"
    RESULT_CHANGE = "result.change"
    RESULT_CREATE = "result.create"
    RESULT_DELETE = "result.delete"
    RESULT_RESTORE = "result.restore"
    RULING_APPEAL_DECIDE = "ruling.appeal_decide"
    RULING_APPEAL_LODGE = "ruling.appeal_lodge"
    RULING_APPLY = "ruling.apply"
    RULING_WITHDRAW = "ruling.withdraw"
    SECTION_SET_UP_AGAIN = "section.set_up_again"
    SESSION_ARCHIVE = "session.archive"
    SESSION_CONVENTIONS = "session.conventions"
    SESSION_CREATE = "session.create"
    SESSION_DEALS_IMPORTED = "session.deals_imported"
    SESSION_FINAL = "session.final"
    SESSION_IMPORTED = "session.imported"
    SESSION_PUBLISH = "session.publish"
    SESSION_RESTORE = "session.restore"
    SESSION_SCORES_SHOWN = "session.scores_shown"
    SESSION_STATUS = "session.status"
    SESSION_UNPUBLISH = "session.unpublish"
    SWISS_DRAW = "swiss.draw"
    SCREEN_LINK_ISSUE = "screen.link_issue"
    SCREEN_LINK_REVOKE = "screen.link_revoke"
    SIMULTANEOUS_CLUB = "simultaneous.club"
    SIMULTANEOUS_CREATE = "simultaneous.create"
    TABLE_DISPUTED = "table.disputed"
    TABLE_LINK_ISSUE = "table.link_issue"
    TABLE_LINK_REVOKE = "table.link_revoke"
    MEMBER_LINKS_REVOKE = "member.links_revoke"
    TABLE_SETTINGS = "table.settings"
    TABLE_SIGN_IN = "table.sign_in"
    TABLE_SIGN_IN_FIX = "table.sign_in_fix"
    TEAMS_ARCHIVE = "teams.archive"
    TEAMS_BOARDS = "teams.boards"
    TEAMS_CREATE = "teams.create"
    TEAMS_DRAW = "teams.draw"
    TEAMS_LINEUP = "teams.lineup"
    TEAMS_LINK_ISSUE = "teams.link_issue"
    TEAMS_LINK_REVOKE = "teams.link_revoke"
    TEAMS_PENALTY = "teams.penalty"
    TEAMS_RESTORE = "teams.restore"
    TEAMS_ROOM_SCORE = "teams.room_score"
    TEAMS_RULES = "teams.rules"
    TEAMS_STATUS = "teams.status"
    TEAMS_TEAM = "teams.team"


# The human label of each action, in the reader's language (the stored code stays as it is).
LABELS = {
    AuditAction.CLUB_CREATE: _("Club created"),
    AuditAction.BOARDS_DEAL: _("Boards dealt"),
    AuditAction.BOARD_HANDS: _("Hands of a board"),
    AuditAction.ENTRY_LATE: _("Late pair added"),
    AuditAction.EVENT_CARRY_OVER: _("Carry-over set"),
    AuditAction.ENTRY_PLAYERS: _("Players named"),
    AuditAction.ENTRY_HANDICAP: _("Handicap typed"),
    AuditAction.EVENT_RANKINGS: _("Handicaps and strata set"),
    AuditAction.MEMBER_SAVE: _("Member saved"),
    AuditAction.MOVEMENT_SAVE: _("Club movement saved"),
    AuditAction.PARTY_ARCHIVE: _("Party archived"),
    AuditAction.POINTS_AWARD: _("Master points awarded"),
    AuditAction.POINTS_SCHEME: _("Master points scheme set"),
    AuditAction.RATINGS_RECOMPUTE: _("Ratings recomputed"),
    AuditAction.COMPETITION_SAVE: _("Season competition saved"),
    AuditAction.PARTY_CREATE: _("Party created"),
    AuditAction.PARTY_FINISH: _("Party finished"),
    AuditAction.PARTY_GUESTS: _("Party guests changed"),
    AuditAction.PARTY_PROGRESSION: _("Progression called"),
    AuditAction.PARTY_REOPEN: _("Party reopened"),
    AuditAction.PARTY_RESTORE: _("Party restored"),
    AuditAction.PARTY_RULES: _("Party rules changed"),
    AuditAction.PARTY_START: _("Party started"),
    AuditAction.PARTY_TABLE: _("Party table scored"),
    AuditAction.RESULT_ADJUST: _("Result adjusted"),
    AuditAction.RESULT_CHANGE: _("Result changed"),
    AuditAction.RESULT_CREATE: _("Result entered"),
    AuditAction.RESULT_DELETE: _("Result removed"),
    AuditAction.RESULT_RESTORE: _("Result restored"),
    AuditAction.RULING_APPEAL_DECIDE: _("Appeal decided"),
    AuditAction.RULING_APPEAL_LODGE: _("Appeal lodged"),
    AuditAction.RULING_APPLY: _("Ruling applied"),
    AuditAction.RULING_WITHDRAW: _("Ruling withdrawn"),
    AuditAction.SESSION_ARCHIVE: _("Session archived"),
    AuditAction.SESSION_CONVENTIONS: _("Scoring conventions set"),
    AuditAction.SESSION_CREATE: _("Session created"),
    AuditAction.SECTION_SET_UP_AGAIN: _("Section set up again"),
    AuditAction.SESSION_DEALS_IMPORTED: _("Deals imported"),
    AuditAction.SESSION_FINAL: _("Results declared final"),
    AuditAction.SESSION_IMPORTED: _("Session imported"),
    AuditAction.SESSION_PUBLISH: _("Results published"),
    AuditAction.SESSION_RESTORE: _("Session restored"),
    AuditAction.SESSION_SCORES_SHOWN: _("Scores shown changed"),
    AuditAction.SESSION_STATUS: _("Session status changed"),
    AuditAction.SESSION_UNPUBLISH: _("Results unpublished"),
    AuditAction.SWISS_DRAW: _("Swiss round drawn"),
    AuditAction.SCREEN_LINK_ISSUE: _("Big screen link issued"),
    AuditAction.SCREEN_LINK_REVOKE: _("Big screen link withdrawn"),
    AuditAction.SIMULTANEOUS_CLUB: _("Simultaneous club added"),
    AuditAction.SIMULTANEOUS_CREATE: _("Simultaneous created"),
    AuditAction.TABLE_DISPUTED: _("Table result disputed"),
    AuditAction.TABLE_LINK_ISSUE: _("Table link issued"),
    AuditAction.TABLE_LINK_REVOKE: _("Table link withdrawn"),
    AuditAction.MEMBER_LINKS_REVOKE: _("Member's private links revoked"),
    AuditAction.TABLE_SETTINGS: _("Table settings changed"),
    AuditAction.TABLE_SIGN_IN: _("Players signed in at a table"),
    AuditAction.TABLE_SIGN_IN_FIX: _("Table sign-in corrected"),
    AuditAction.TEAMS_ARCHIVE: _("Teams event archived"),
    AuditAction.TEAMS_BOARDS: _("Teams boards scored"),
    AuditAction.TEAMS_CREATE: _("Teams event created"),
    AuditAction.TEAMS_DRAW: _("Teams round drawn"),
    AuditAction.TEAMS_LINEUP: _("Line-up set"),
    AuditAction.TEAMS_LINK_ISSUE: _("Room link issued"),
    AuditAction.TEAMS_LINK_REVOKE: _("Room link withdrawn"),
    AuditAction.TEAMS_PENALTY: _("Teams penalty"),
    AuditAction.TEAMS_RESTORE: _("Teams event restored"),
    AuditAction.TEAMS_ROOM_SCORE: _("Room score entered"),
    AuditAction.TEAMS_RULES: _("Teams rules changed"),
    AuditAction.TEAMS_STATUS: _("Teams event status changed"),
    AuditAction.TEAMS_TEAM: _("Team changed"),
}


def label_of(action: str) -> str:
    """The label a person reads for a stored action code; an unknown code (an older release's) as it is."""
    try:
        return str(LABELS[AuditAction(action)])
    except ValueError:
        return action
