"""The table API (django-ninja), documented by its OpenAPI schema at /api/schema/.

The table page uses exactly this API; other terminals may too. The token in the path is the key: no login.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Schema, Status
from ninja.errors import HttpError
from ninja.errors import ValidationError as NinjaValidationError

from tournaments.core.errors import DomainError, status_of
from tournaments.core.limits import TABLE_POSTS, client_address
from tournaments.core.writers import BUSY_RETRY_SECONDS, WritersBusy
from tournaments.parties import terminal as party_tables
from tournaments.sessions.models import Result
from tournaments.sessions.selectors.scores import score_section
from tournaments.sessions.selectors.visibility import sight_for_table
from tournaments.tableside import hands, letters, poll_tags, services, signins, standing
from tournaments.tableside.kept_states import keep_state, kept_state
from tournaments.tableside.models import TableLink
from tournaments.tableside.state import table_state
from tournaments.teams import tables as rooms

api = NinjaAPI(
    title="Bridgedesk table API",
    version="1",
    urls_namespace="api",
    openapi_url="/schema/",
    docs_url="/docs/",
    description=(
        "Results entered at the table: the token of a table link is the key. One terminal for every event kind: "
        "a session's table sends contracts; a teams match's room (its state's `kind` is `teams`) sends its N-S "
        "score of a board as `ns_score`, with `seen`, the score its page showed; a party's table (`kind` `party`) "
        "sends its round (`round`, `seen`) as the `kind` of entry its state lists in `entry_kinds`: `totals` "
        "(`ns_total`, `ew_total`), `deals` or `games` (`deals`, one object a deal), `seats` (`seats`: N, E, S, W)."
    ),
)


def json_bodies_only(run: Callable[..., Any]) -> Callable[..., Any]:
    """415 for a body that is not JSON, before anything reads it (a form post made Django's `request.body` raise
    RawPostDataException, a 500); an empty body (the call for the director) passes."""

    @wraps(run)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        kind = request.content_type or ""
        has_body = request.META.get("CONTENT_LENGTH") not in (None, "", "0") or "HTTP_TRANSFER_ENCODING" in request.META
        if has_body and kind != "application/json" and not kind.endswith("+json"):
            body = {
                "field": "",
                "message": _("Send the body as JSON (Content-Type: application/json), not %(kind)s.")
                % {"kind": kind or _("no type")},
            }
            return api.create_response(request, body, status=415)
        return run(request, *args, **kwargs)

    return checked


api.add_decorator(json_bodies_only, mode="view")


class ResultIn(Schema):
    """A result as on a traveller: contract `4S`, `3NTX` or `PASS`; tricks taken by declarer (0-13). A teams room
    sends `ns_score` (minus when E-W scored) and `seen` (the score its page showed, empty for none) instead. A
    party's table sends its round: `kind` (one of its state's `entry_kinds`), `round`, `seen` (its state's), and
    `ns_total`/`ew_total`, `deals` (a list of objects, one a deal) or `seats` ({"N": chips, ...}).
    `letters`: the language whose letters `declarer` and `lead` (and a party table's deals' `contract` and `declarer`:
    `4C` is four hearts in French) are in (`fr`: `O` is West, `PR` the spade king);
    empty for the English letters (`W`, `SK`), which are what is stored.
    A duplicate whist table sends no contract: `tricks` are N-S's, and `revoke` ("EW", "NS2", "EW1/4", "NS!")."""

    board: int | str | None = None
    contract: str = ""
    declarer: str = ""
    lead: str = ""
    tricks: int | str | None = None
    ns_score: int | str | None = None
    seen: int | str | None = None
    client_id: str
    auction: str = ""
    play: str = ""
    kind: str = ""
    round: int | str | None = None
    ns_total: int | str | None = None
    ew_total: int | str | None = None
    deals: list[dict[str, Any]] = []
    seats: dict[str, int | str] = {}
    host_choice: str = ""
    letters: str = ""
    revoke: str = ""


class SignInIn(Schema):
    """A player signing into a seat: the member number (or a member picked from the search), and the name typed
    when the number is not on the club's list. `letters`: the language of the seat's letter (`fr`: `O` is West)."""

    seat: str
    letters: str = ""
    number: str = ""
    name: str = ""
    member: int | None = None


class FindIn(Schema):
    """Part of a member's name, as typed in the sign-in's search."""

    q: str = ""


class HandsIn(Schema):
    """The four hands of a board as cards ("SA", "H10", "D2"), 13 a hand: {"N": [...], "E": [...], ...}."""

    board: int
    hands: dict[str, list[str]]


class CardsIn(Schema):
    """The cards a table has played so far on a board ("ST S6 S2", in the order played, no claim), with the
    contract and declarer on its keypad; `letters` as for a result (the declarer's letter)."""

    board: int
    contract: str
    declarer: str
    play: str = ""
    letters: str = ""


class Problem(Schema):
    """A refusal: the field (empty for the request as a whole) and the message; a link's refusal and a party
    table's also name its `code` (`finished` for a finished event) and a party table's its `deal`."""

    field: str = ""
    message: str


@api.exception_handler(NinjaValidationError)
def bad_input(request: HttpRequest, exc: NinjaValidationError) -> Any:
    """Junk JSON or a missing field: 422 with the field and a message, as for every other bad input."""
    first = exc.errors[0] if exc.errors else {}
    loc = [str(x) for x in first.get("loc", ()) if x not in ("body", "data", "payload")]
    field = loc[-1] if loc else ""
    # Translators: %(problem)s is the JSON parser's own English words.
    problem = _("The body must be JSON: %(problem)s") % {"problem": first.get("msg", _("not readable"))}
    message = problem if not field else first.get("msg", "")
    return api.create_response(request, {"field": field, "message": message}, status=422)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> Any:
    """A body that is not JSON at all is bad input like any other: 422 with a message, never a bare 400."""
    if exc.status_code == 400:
        return api.create_response(request, {"field": "", "message": _("The body must be a JSON object.")}, status=422)
    return api.create_response(request, {"field": "", "message": str(exc)}, status=exc.status_code)


@api.exception_handler(WritersBusy)
def writers_busy(request: HttpRequest, exc: WritersBusy) -> Any:
    """A write that waited its turn too long (core/writers.py): nothing was stored; 503 with Retry-After, which
    the phone answers by keeping the result queued and sending it again."""
    message = _("Many results are arriving at once: this one was not stored yet; it is sent again in a moment.")
    answer = api.create_response(request, {"field": "", "message": message}, status=503)
    answer["Retry-After"] = str(BUSY_RETRY_SECONDS)
    return answer


def _refused(request: HttpRequest, exc: services.LinkRefused) -> Any:
    body = {"field": "token", "message": exc.message, "code": exc.code}
    return api.create_response(request, body, status=status_of(exc))


def _version(link: TableLink) -> int:
    """The owner's version, bumped by every write to it: a session's section, a teams room's event, a party."""
    if link.is_party:
        return link.table_party.version
    return link.room_match.round.event.version if link.is_room else link.table_section.version


def _not_modified(etag: str) -> HttpResponseNotModified:
    not_modified = HttpResponseNotModified()
    not_modified["ETag"] = etag
    return not_modified


def _party_answer(request: HttpRequest, outcome: services.Outcome) -> Any:
    """A party table's answer as its terminal made it: a refusal keeps its `code` and `deal` (the response schema
    would keep only `field` and `message`)."""
    if outcome.status >= 400:
        return api.create_response(request, outcome.body, status=outcome.status)
    return Status(outcome.status, outcome.body)


def _throttled(token: str) -> bool:
    """One more post from this table link: over `TABLE_POSTS` a minute, counted in the shared cache."""
    return TABLE_POSTS.hit(token[:32])


@api.get(
    "/table/{token}/",
    response={200: dict, 304: None, 403: Problem, 404: Problem, 429: Problem},
    summary="The table's round now",
)
def table(request: HttpRequest, token: str, response: HttpResponse) -> Any:
    """The current round, who sits where, the boards (with what is in), the move once the round is done, the
    round timer and the director's settings. 304 when `If-None-Match` holds the ETag of the last answer and
    the owner's version has not moved since (every write to it bumps it), or, for a session's table, no write
    since touched this table (another table's result: tableside/poll_tags.py): a poll then costs one narrow
    query and one read of the shared cache. Without it, a session table's state kept at its ETag is served
    (tableside/kept_states.py), its clock as it reads now."""
    asked = request.headers.get("If-None-Match")
    live = poll_tags.live_version(token, address=client_address(request))
    if live is not None and (tag := poll_tags.still_good(asked, live)) is not None:
        return _not_modified(tag)
    if live is not None and live.section_id is not None and (kept := kept_state(live.pk, live.version)) is not None:
        response["ETag"] = poll_tags.etag(live.pk, live.version, scores=kept[1])  # the state kept at this ETag
        response["Cache-Control"] = "no-store"
        return kept[0]
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return _refused(request, exc)
    version = _version(link)
    section_id = None if link.is_room or link.is_party else link.table_section_id
    if (tag := poll_tags.still_good(asked, poll_tags.Live(link.pk, version, section_id, link.table))) is not None:
        return _not_modified(tag)  # the narrow read above answers this, unless a write landed between the two reads
    response["ETag"] = poll_tags.etag(link.pk, version)
    response["Cache-Control"] = "no-store"  # the page asks with If-None-Match itself and keeps its own clock
    if link.is_room:
        return rooms.room_state(link)
    if link.is_party:
        return party_tables.party_state(link)
    body = table_state(link).as_json()
    standing.add_standing(link.table_section, body)
    wanted = body["settings"]["sign_in"] and body["first_round"]  # sign-in is at the start of the session
    body["sign_in"] = signins.sign_in_json(link.table_section, link.table, wanted)
    scores = bool(body["settings"]["running_percentage"] or body["settings"]["ranking_after_round"])
    response["ETag"] = poll_tags.etag(link.pk, version, scores=scores)
    keep_state(link.pk, version, body, scores, link.table_section.session_id)
    return body


@api.post(
    "/table/{token}/results",
    response={
        200: dict,
        201: dict,
        403: Problem,
        404: Problem,
        409: dict,
        415: Problem,
        422: Problem,
        429: Problem,
        503: Problem,
    },
    summary="Send a result",
)
def post_result(request: HttpRequest, token: str, payload: ResultIn) -> Any:
    """201 with the stored result and its score; 200 with the same body when that client_id was already stored;
    409 when the traveller holds another result (both are kept, with both versions in the answer); 422 with
    the field and a message for bad input; 403 for a finished session or a withdrawn link; 503 with Retry-After
    when too many results of its section arrived at once to wait their turn (nothing stored: send it again)."""
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return _refused(request, exc)
    if _throttled(token):
        return Status(
            429, {"field": "", "message": _("Too many results sent from this table in a minute; wait a moment.")}
        )
    if link.is_party:
        return _party_answer(request, party_tables.submit_party(link, letters.canonical_party(payload.dict())))
    body = letters.canonical(payload.dict())
    outcome = rooms.submit_room(link, body) if link.is_room else services.submit(link, body)
    return Status(outcome.status, outcome.body)


@api.post(
    "/table/{token}/preview",
    response={200: dict, 403: Problem, 404: Problem, 415: Problem, 422: Problem, 429: Problem},
    summary="Score",
)
def preview(request: HttpRequest, token: str, payload: ResultIn) -> Any:
    """The score a result would get, before it is sent (nothing is stored)."""
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return _refused(request, exc)
    if link.is_party:
        return _party_answer(request, party_tables.preview_party(link, letters.canonical_party(payload.dict())))
    if link.is_room:
        outcome = rooms.preview_room(link, payload.dict())
        return Status(outcome.status, outcome.body)
    refusal, _row, checked = services.check(link, letters.canonical(payload.dict()))
    if refusal is not None:
        return Status(refusal.status, refusal.body)
    return Status(200, {"board": checked.board.number, "contract": checked.contract, "ns_score": checked.ns_score})


@api.get(
    "/table/{token}/traveller/{board}",
    response={200: dict, 403: Problem, 404: Problem, 422: Problem, 429: Problem},
    summary="Traveller",
)
def traveller(request: HttpRequest, token: str, board: int) -> Any:
    """The board's traveller so far, once this table's own result on it is in (and if the director allows);
    the one rule is `sessions.selectors.visibility`."""
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return _refused(request, exc)
    if link.is_room or link.is_party:
        message = _("A teams room has no traveller: the other room's score shows.")
        if link.is_party:
            message = _("A party table has no traveller: the tallies are on the host's page.")
        return Status(404, {"field": "board", "message": message})
    state = table_state(link)
    # This table's own result on the board, in this round or an earlier one: the last board of a round is sent
    # as the table moves on, and its traveller must show like the others'.
    own = Result.objects.filter(section=link.table_section, board__number=board, table_round__table=link.table).first()
    if not state.show_traveller or not sight_for_table(link.table_section, link.table).sees(board):
        return Status(404, {"field": "board", "message": _("The traveller shows once your own result on it is in.")})
    scores = score_section(link.table_section)
    board_score = next((b for b in scores.boards if b.board.number == board), None)
    lines = standing.traveller_lines(board_score, own, services.settings_of(link.table_section))
    dealer = board_score.board.dealer if board_score else ""
    return Status(200, {"board": board, "dealer": dealer, "lines": lines})


@api.post(
    "/table/{token}/call",
    response={200: dict, 403: Problem, 404: Problem, 415: Problem, 429: Problem},
    summary="Call the director",
)
def call(request: HttpRequest, token: str) -> Any:
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return _refused(request, exc)
    if link.is_room:
        return Status(404, {"field": "", "message": _("Calls from a teams room are not taken here: raise your hand.")})
    if link.is_party:
        return Status(404, {"field": "", "message": _("Calls from a party table are not taken here: raise your hand.")})
    made = services.call_director(link)
    return Status(200, {"called_at": made.created_at.isoformat(), "table": link.table})


def _problem(exc: DomainError) -> Any:
    return Status(status_of(exc), exc.as_json())


def _table_only(request: HttpRequest, token: str, too_many: str) -> TableLink | Any:
    """The link of a session's table for sign-in, the member search and hands at the table, or the answer that
    refuses it: the link's own refusal, 404 for a teams room (they have none of these), 429 past the table's limit
    (the club's member list is not for reading out name by name)."""
    try:
        link = services.open_link(token, address=client_address(request))
    except services.LinkRefused as exc:
        return _refused(request, exc)
    if link.is_room:
        return Status(404, {"field": "", "message": _("A teams room has no sign-in or hands to enter here.")})
    if link.is_party:
        return Status(404, {"field": "", "message": _("A party table has no sign-in or hands to enter here.")})
    if _throttled(token):
        return Status(429, {"field": "", "message": too_many})
    return link


@api.post(
    "/table/{token}/signin",
    response={200: dict, 403: Problem, 404: Problem, 415: Problem, 422: Problem, 429: Problem},
    summary="Sign in at a seat",
)
def sign_in(request: HttpRequest, token: str, payload: SignInIn) -> Any:
    """200 with the seat's name and whether the number is a member's; 422 for an unknown number without a name
    (kept, with the name, once typed); 403 when the director did not ask for sign-in or the table is past its
    first round."""
    link = _table_only(request, token, _("Too many sign-ins from this table in a minute; wait a moment."))
    if not isinstance(link, TableLink):
        return link
    try:
        signed = signins.sign_in(
            link,
            seat=letters.canonical_seat(payload.seat, payload.letters),
            number=payload.number,
            name=payload.name,
            member_id=payload.member,
        )
    except signins.SignInError as exc:
        return _problem(exc)
    return Status(200, {"seat": signed.seat, "name": signed.name, "known": signed.member_id is not None})


@api.post(
    "/table/{token}/members",
    response={200: dict, 403: Problem, 404: Problem, 415: Problem, 422: Problem, 429: Problem},
    summary="Find a member by name",
)
def members(request: HttpRequest, token: str, payload: FindIn) -> Any:
    """Active members whose name holds `q` (two letters at least): names and ids only, to sign in by picking.
    A POST with a JSON body, so what is typed stays out of addresses and logs."""
    link = _table_only(request, token, _("Too many searches from this table in a minute; wait a moment."))
    if not isinstance(link, TableLink):
        return link
    return Status(200, {"members": signins.find_members(payload.q[:60])})


@api.post(
    "/table/{token}/hands",
    response={201: dict, 403: Problem, 404: Problem, 409: Problem, 415: Problem, 422: Problem, 429: Problem},
    summary="Enter a board's hands",
)
def post_hands(request: HttpRequest, token: str, payload: HandsIn) -> Any:
    """201 with the deal (PBN, North first); 422 naming the hand with a wrong count or a card twice; 409 when
    the board's hands are already in; 403 when the director did not ask for hands at the table."""
    link = _table_only(request, token, _("Too many posts from this table in a minute; wait a moment."))
    if not isinstance(link, TableLink):
        return link
    try:
        deal = hands.submit_hands(link, payload.board, payload.hands)
    except hands.HandsError as exc:
        return _problem(exc)
    return Status(201, {"board": payload.board, "deal": deal})


@api.post(
    "/table/{token}/play-check",
    response={200: dict, 403: Problem, 404: Problem, 415: Problem, 422: Problem, 429: Problem},
    summary="Check the cards played so far",
)
def play_check(request: HttpRequest, token: str, payload: CardsIn) -> Any:
    """200 with the number of cards when each follows the rules (held, suit followed when the deal is known,
    none twice); 422 naming the card that does not (nothing is stored); 403 when the director did not ask for
    the play card by card."""
    link = _table_only(request, token, _("Too many posts from this table in a minute; wait a moment."))
    if not isinstance(link, TableLink):
        return link
    declarer = letters.canonical_seat(payload.declarer, payload.letters)
    try:
        count = hands.check_cards_played(link, payload.board, payload.contract, declarer, payload.play)
    except hands.HandsError as exc:
        return _problem(exc)
    return Status(200, {"board": payload.board, "cards": count})
