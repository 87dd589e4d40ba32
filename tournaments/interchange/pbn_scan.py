"""The PBN line scanner: tags, ``;`` and ``{...}`` comments, ``%`` escape lines, games separated by empty lines,
and the section data of tables (string tokens in quotes, plain tokens), each with the line it came from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext

from .errors import InterchangeError

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# Lines end at CR, LF or CRLF only: str.splitlines would also break at \x85 (a Windows-1252 "…" read as
# ISO-8859-1), \x0c or \u2028, cutting a tag's value in two.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_COLUMN = re.compile(r"^([+-]?)([A-Za-z0-9_]+)(?:\\([0-9]+)([LR]?))?$")


@dataclass
class Tag:
    name: str
    value: str
    line: int
    data: list[tuple[int, str]] = field(default_factory=list)  # (line, token) of the section data


@dataclass
class Game:
    line: int
    tags: dict[str, Tag] = field(default_factory=dict)
    notes: list[Tag] = field(default_factory=list)  # [Note "1:..."] tags, which PBN repeats (auction, play notes)

    def value(self, name: str) -> str:
        tag = self.tags.get(name)
        return tag.value.strip() if tag is not None else ""


def decode(data: bytes | str) -> str:
    """PBN text: UTF-8 (with or without BOM) when it decodes, else ISO-8859-1 as the standard's default."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


class _Scanner:
    """The scan's state between lines: the games so far, the game being read, its last tag (which takes the
    section data that follows) and whether a ``{`` comment is still open."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        self.game: Game | None = None
        self.last: Tag | None = None
        self.version = ""
        self.in_comment = False

    def end_game(self) -> None:
        if self.game is not None and self.game.tags:
            self.games.append(self.game)
        self.game, self.last = None, None

    def read_line(self, lineno: int, line: str) -> None:
        if self.in_comment:
            end = line.find("}")
            if end < 0:
                return
            line = " " * (end + 1) + line[end + 1 :]
            self.in_comment = False
        elif not line.strip():  # an empty line ends a game
            self.end_game()
            return
        if line.startswith("%"):
            match = re.match(r"%\s*PBN\s+([0-9]+\.[0-9]+)", line)
            if match:
                self.version = match.group(1)
            return
        pos = 0
        while pos < len(line):
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == ";":
                break
            elif ch == "{":
                end = line.find("}", pos)
                if end < 0:
                    self.in_comment = True
                    break
                pos = end + 1
            elif ch == "[":
                pos = self.read_tag(lineno, line, pos)
            else:
                pos = self.read_token(lineno, line, pos)

    def read_tag(self, lineno: int, line: str, pos: int) -> int:
        """The ``[Name "value"]`` at `pos`; returns the position after it."""
        match = _TAG.match(line, pos)
        if match is None:
            raise InterchangeError(
                gettext('a tag must read [Name "value"]; this one is not closed or has no quoted value.'),
                f"line {lineno}",
            )
        if self.game is None:
            self.game = Game(line=lineno)
        name, value = match.group(1), re.sub(r'\\(["\\])', r"\1", match.group(2))
        if name in self.game.tags:
            raise InterchangeError(
                gettext("the tag %(name)s appears twice in one game.") % {"name": name}, f"line {lineno}"
            )
        self.last = Tag(name, value, lineno)
        if name == "Note":
            self.game.notes.append(self.last)
        else:
            self.game.tags[name] = self.last
        return match.end()

    def read_token(self, lineno: int, line: str, pos: int) -> int:
        """A quoted string or a plain token of the last tag's section data; returns the position after it."""
        if line[pos] == '"':
            end = line.find('"', pos + 1)
            if end < 0:
                raise InterchangeError(gettext("a quoted string is not closed on its line."), f"line {lineno}")
            _data(self.last, lineno, line[pos + 1 : end])
            return end + 1
        end = pos
        while end < len(line) and not line[end].isspace() and line[end] not in ';{["':
            end += 1
        _data(self.last, lineno, line[pos:end])
        return end


def scan(text: str) -> tuple[list[Game], str]:
    """Games (tags with their section data) and the PBN version from the ``% PBN x.y`` line, if any."""
    scanner = _Scanner()
    lines = _LINE_BREAK.split(text.removesuffix("\n"))
    for lineno, raw in enumerate(lines, start=1):
        scanner.read_line(lineno, raw)
    if scanner.in_comment:
        raise InterchangeError(gettext("a { comment } is never closed."), f"line {len(lines)}")
    scanner.end_game()
    return scanner.games, scanner.version


def _data(tag: Tag | None, lineno: int, token: str) -> None:
    if tag is None:
        raise InterchangeError(gettext("%(token)s is outside any tag.") % {"token": repr(token[:20])}, f"line {lineno}")
    tag.data.append((lineno, token))


@dataclass
class Table:
    """A ScoreTable or TotalScoreTable: column names and rows of (line, {column: value})."""

    columns: list[str]
    rows: list[tuple[int, dict[str, str]]]


def read_table(tag: Tag) -> Table:
    columns: list[str] = []
    for part in tag.value.split(";"):
        match = _COLUMN.match(part.strip())
        if match is None:
            raise InterchangeError(
                gettext("%(text)s is not a column of the %(name)s.") % {"text": repr(part.strip()), "name": tag.name},
                f"line {tag.line}",
            )
        columns.append(match.group(2))
    rows: list[tuple[int, dict[str, str]]] = []
    width = len(columns)
    for start in range(0, len(tag.data), width):
        chunk = tag.data[start : start + width]
        if len(chunk) < width:
            raise InterchangeError(
                gettext("this row of the %(name)s has %(count)s elements; the table names %(width)s columns.")
                % {"name": tag.name, "count": len(chunk), "width": width},
                f"line {chunk[0][0]}",
            )
        rows.append((chunk[0][0], {col: value for col, (_, value) in zip(columns, chunk, strict=True)}))
    return Table(columns, rows)
