"""VASSAL saved games (.vsav, .vlog, old .sav): the file, its encoding, its commands, its pieces.

Formats as VASSAL writes them (read in VASSAL's Java source, not copied):
- the file: a ZIP holding `savedGame` (GameState.saveGame); very old saves are the bare text.
- the encoding: `!VCSK`, two hex digits of a key, then every byte XORed with the key and written
  as two hex digits (tools.io.ObfuscatingOutputStream / DeobfuscatingInputStream); text without
  that header is read as it is.
- the commands: joined by ESC, nested commands escaped again (GameModule.decode), every list
  with VASSAL's SequenceEncoder rules (a delimiter inside an item is preceded by a backslash;
  an item starting with a backslash, or quoted, is wrapped in single quotes).
- pieces: `+/id/type/state` (BasicCommandEncoder, AddPiece); a type is a chain of traits joined by
  TAB, the BasicPiece `piece;clone;delete;image;name` last (Decorator.getType); the state follows
  the same chain and ends with `map;x;y;...` (BasicPiece.getState); a stack is
  `+/id/stack/map;x;y;piece ids...` (counters.Stack.getState) and its pieces take its map and
  position; boards: `<map>BoardPicker` TAB `board[/rev]` TAB column TAB row ... (BoardPicker).
- logs: after the save, `LOG` TAB command (BasicLogger), played in order: -/ RemovePiece,
  M/ MovePiece, D/ ChangePiece.
"""
from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from logistics.errors import LoadError

ESC = "\x1b"
HEADER = "!VCSK"
SAVE_ENTRY = "savedGame"
_OTHER_HEADER = re.compile(rb"^!VC[A-Z0-9]{2}")


# --- SequenceEncoder ---------------------------------------------------------------------------

def encode_sequence(items, delim: str) -> str:
    """Join items as VASSAL's SequenceEncoder.append(String) does."""
    out: list[str] = []
    for item in items:
        s = "" if item is None else str(item)
        escaped = s.replace(delim, "\\" + delim)
        if s and (s[0] == "\\" or (s[0] == "'" and s[-1] == "'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delim.join(out)


def decode_sequence(value: str | None, delim: str) -> list[str]:
    """Split as SequenceEncoder.Decoder.nextToken does, token after token, quotes removed."""
    if value is None:
        return []
    tokens: list[str] = []
    start, stop = 0, len(value)
    while True:
        if start == stop:
            tokens.append("")
            return tokens
        buf, tok, i, last = "", None, start, False
        while i < stop:
            if value[i] == delim:
                if i > 0 and value[i - 1] == "\\":     # an escaped delimiter: keep it, drop the backslash
                    buf += value[start:i - 1]
                    start = i
                else:
                    if not buf:
                        tok = value[start:i]
                    else:
                        buf += value[start:i]
                    start = i + 1
                    break
            i += 1
        if start < i:                                   # no delimiter left: the rest is the last token
            if not buf:
                tok = value[start:]
            else:
                buf += value[start:stop]
            last = True
        text = tok if tok is not None else buf
        if len(text) > 1 and text[0] == "'" and text[-1] == "'":
            text = text[1:-1]
        tokens.append(text)
        if last:
            return tokens


def split_commands(command: str) -> list[str]:
    """A command string -> its simple commands in order (GameModule.decode, recursively)."""
    tokens = decode_sequence(command, ESC)
    if len(tokens) == 1 and tokens[0] == command:
        return [command]
    out: list[str] = []
    for token in tokens:
        out.extend(split_commands(token))
    return out


def join_commands(commands: list[str]) -> str:
    return encode_sequence(commands, ESC)


# --- the obfuscation ---------------------------------------------------------------------------

def obfuscate(text: str, key: int = 0x5A) -> bytes:
    """Text -> `!VCSK` + key + XORed hex pairs (ObfuscatingOutputStream, lower-case hex digits)."""
    body = "".join(f"{b ^ key:02x}" for b in text.encode("utf-8"))
    return f"{HEADER}{key:02x}{body}".encode("ascii")


def deobfuscate(data: bytes, file: str) -> str:
    """Bytes of `savedGame` -> the command text; an unknown encoding is one error naming its header."""
    if data.startswith(HEADER.encode()):
        hexdigits = data[len(HEADER):].strip()
        try:
            key = int(hexdigits[:2], 16)
            raw = bytes.fromhex(hexdigits[2:].decode("ascii"))
        except ValueError:
            raise LoadError(file, "the !VCSK body is not pairs of hex digits", field=SAVE_ENTRY,
                            expected="hex digits after the !VCSK header") from None
        data = bytes(b ^ key for b in raw)
    elif _OTHER_HEADER.match(data):
        header = data[:5].decode("ascii", "replace")
        raise LoadError(file, f"unknown encoding header {header!r}", field=SAVE_ENTRY,
                        expected="a VASSAL save: '!VCSK' or plain text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = data.decode("latin-1")
        except UnicodeDecodeError:  # pragma: no cover - latin-1 decodes every byte
            text = ""
        if not text.startswith("begin_save"):
            header = data[:8].hex()
            raise LoadError(file, f"unknown encoding (first bytes {header})", field=SAVE_ENTRY,
                            expected="a VASSAL save: '!VCSK' or plain text") from None
        return text


def open_file(path: Path, what: str) -> tuple[bytes, zipfile.ZipFile | None]:
    """A file's bytes, and the ZIP they make if they make one (saves and modules are ZIPs)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LoadError(str(path), f"cannot read: {exc.strerror}") from None
    if data[:2] != b"PK":
        return data, None
    try:
        return data, zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise LoadError(str(path), "a damaged ZIP", expected=what) from None


def read_save_text(path: Path | str) -> str:
    """A save file -> its command text."""
    path = Path(path)
    data, archive = open_file(path, "a VASSAL save (a ZIP holding savedGame)")
    if archive is not None:
        if SAVE_ENTRY not in archive.namelist():
            raise LoadError(str(path), f"no {SAVE_ENTRY} entry in the ZIP", field=SAVE_ENTRY,
                            expected="a VASSAL save (a ZIP holding savedGame)")
        data = archive.read(SAVE_ENTRY)
    return deobfuscate(data, str(path))


def write_save(path: Path | str, commands: list[str], key: int = 0x5A) -> None:
    """A save VASSAL can open: ZIP with `savedGame` = begin_save, the commands, end_save."""
    from logistics.atomic import write_text
    text = join_commands(["begin_save", join_commands(commands), "end_save"])
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        info = zipfile.ZipInfo(SAVE_ENTRY, date_time=(1980, 1, 1, 0, 0, 0))   # fixed: same input, same bytes
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, obfuscate(text, key))
    write_text(path, buf.getvalue())


# --- pieces ------------------------------------------------------------------------------------

@dataclass
class Piece:
    id: str
    type: str                       # the whole type chain, as saved
    traits: list[str]               # the type of each trait, outermost first; the BasicPiece last
    name: str                       # the BasicPiece name
    image: str
    map: str | None                 # the map identifier (its name), None if on no map
    x: int = 0
    y: int = 0
    stack: str | None = None
    state: str = ""

    @property
    def basic_state(self) -> str:
        return _chain(self.state)[-1]


@dataclass
class Stack:
    id: str
    map: str | None
    x: int
    y: int
    pieces: list[str] = field(default_factory=list)


@dataclass
class SavedGame:
    file: str
    pieces: list[Piece]
    stacks: list[Stack]
    boards: dict[str, list[tuple[str, int, int, bool]]]   # map -> (board, column, row, reversed)
    other: int = 0                                        # commands that place no piece


def _chain(text: str) -> list[str]:
    """A trait chain (type or state) -> one entry per trait, outermost first (Decorator)."""
    out = []
    while True:
        parts = decode_sequence(text, "\t")
        out.append(parts[0])
        if len(parts) < 2:
            return out
        text = parts[1]


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def _stack_state(sid: str, state: str) -> Stack:
    """counters.Stack.setState: `map;x;y;ids...` (or `null;ids...`), `@@layer` markers dropped."""
    s = decode_sequence(state, ";")
    if s[0] == "null":
        return Stack(sid, None, 0, 0, [t for t in s[1:] if t and not t.startswith("@@")])
    return Stack(sid, s[0], _int(s[1]) if len(s) > 1 else 0, _int(s[2]) if len(s) > 2 else 0,
                 [t for t in s[3:] if t and not t.startswith("@@")])


class _Game:
    """The pieces and stacks as the commands leave them: a save's adds, then a log's adds,
    removals, moves and changes (BasicCommandEncoder: +/ AddPiece, -/ RemovePiece, M/ MovePiece,
    D/ ChangePiece; a log's commands are wrapped as `LOG` TAB command, BasicLogger)."""

    def __init__(self, file: str):
        self.file = file
        self.pieces: dict[str, Piece] = {}
        self.stacks: dict[str, Stack] = {}
        self.boards: dict[str, list[tuple[str, int, int, bool]]] = {}
        self.other = 0

    def _join(self, stack: Stack) -> None:
        """A piece put into a stack leaves any other (Stack.insertChild)."""
        for other in self.stacks.values():
            if other.id != stack.id:
                other.pieces = [p for p in other.pieces if p not in stack.pieces]
        self.stacks[stack.id] = stack

    def _add(self, command: str) -> None:
        parts = decode_sequence(command[2:], "/")
        if len(parts) < 3:
            raise LoadError(self.file, f"an add-piece command with {len(parts)} parts", field=SAVE_ENTRY,
                            expected="+/id/type/state")
        pid, type_, state = parts[0], parts[1], parts[2]
        if type_ == "stack":
            self._join(_stack_state(pid, state))
            return
        traits = _chain(type_)
        basic = decode_sequence(traits[-1], ";")
        if basic[0] != "piece":
            self.other += 1               # a deck or another container: not a piece on a map
            return
        piece = Piece(pid, type_, traits, basic[4] if len(basic) > 4 else "", basic[3] if len(basic) > 3 else "", None)
        self.pieces[pid] = piece
        self._set_state(piece, state)

    @staticmethod
    def _set_state(piece: Piece, state: str, keep_place: bool = False) -> None:
        """BasicPiece.setState; a `null` map leaves a piece where its stack (or last move) put it
        when the state only changes (keep_place)."""
        piece.state = state
        bstate = decode_sequence(_chain(state)[-1], ";")
        if bstate and bstate[0] != "null":
            piece.map = bstate[0]
            piece.x, piece.y = (_int(bstate[1]) if len(bstate) > 1 else 0), (_int(bstate[2]) if len(bstate) > 2 else 0)
        elif len(bstate) > 2 and not keep_place:
            piece.map, piece.x, piece.y = None, _int(bstate[1]), _int(bstate[2])

    def _move(self, command: str) -> None:
        """MovePiece: id / new map / x / y / the piece it goes on top of / old map / ..."""
        m = decode_sequence(command[2:], "/")
        if len(m) < 4:
            return
        pid, new_map, x, y = m[0], (None if m[1] == "null" else m[1]), _int(m[2]), _int(m[3])
        if pid in self.stacks:
            st = self.stacks[pid]
            st.map, st.x, st.y = new_map, x, y
            return
        piece = self.pieces.get(pid)
        if piece is None:
            return
        piece.map, piece.x, piece.y = new_map, x, y
        for st in self.stacks.values():
            if pid in st.pieces:
                st.pieces.remove(pid)
        under = m[4] if len(m) > 4 and m[4] != "null" else None
        host = next((st for st in self.stacks.values() if under in st.pieces), None) if under else None
        if host is not None:
            host.pieces.insert(host.pieces.index(under) + 1, pid)

    def _change(self, command: str) -> None:
        parts = decode_sequence(command[2:], "/")
        if len(parts) < 2:
            return
        if parts[0] in self.stacks:
            self._join(_stack_state(parts[0], parts[1]))
        elif parts[0] in self.pieces:
            self._set_state(self.pieces[parts[0]], parts[1], keep_place=True)

    def apply(self, command: str) -> None:
        if command.startswith("LOG\t"):
            for sub in split_commands(command[4:]):
                self.apply(sub)
        elif command.startswith("+/"):
            self._add(command)
        elif command.startswith("-/"):
            gone = command[2:]
            self.pieces.pop(gone, None)
            self.stacks.pop(gone, None)
            for st in self.stacks.values():
                if gone in st.pieces:
                    st.pieces.remove(gone)
        elif command.startswith("M/"):
            self._move(command)
        elif command.startswith("D/"):
            self._change(command)
        elif "BoardPicker\t" in command:
            parts = decode_sequence(command, "\t")
            entries = []
            for i in range(1, len(parts) - 2, 3):
                name_rev = decode_sequence(parts[i], "/")
                entries.append((name_rev[0], _int(parts[i + 1]), _int(parts[i + 2]),
                                len(name_rev) > 1 and name_rev[1] == "rev"))
            self.boards[parts[0][:-len("BoardPicker")]] = entries
        else:
            self.other += 1

    def result(self) -> SavedGame:
        for stack in self.stacks.values():   # Stack.setState: its pieces stand where it stands
            for pid in stack.pieces:
                piece = self.pieces.get(pid)
                if piece is not None:
                    piece.stack = stack.id
                    if stack.map is not None:
                        piece.map, piece.x, piece.y = stack.map, stack.x, stack.y
        return SavedGame(self.file, list(self.pieces.values()), list(self.stacks.values()), self.boards, self.other)


def parse_save(text: str, file: str = "save") -> SavedGame:
    """The command text of a save or log -> its pieces (with map and pixel), stacks and boards;
    a log's moves are played to its end."""
    game = _Game(file)
    for command in split_commands(text):
        game.apply(command)
    return game.result()


def read_save(path: Path | str) -> SavedGame:
    return parse_save(read_save_text(path), str(path))


# --- writing pieces ----------------------------------------------------------------------------

def piece_command(pid: str, name: str, map_id: str, x: int, y: int, image: str = "") -> str:
    """An add-piece command for a plain counter (a BasicPiece on a map)."""
    type_ = encode_sequence(["piece", "", "", image or f"{name}.png", name], ";")
    state = encode_sequence([map_id, x, y, "", 0], ";")
    return "+/" + encode_sequence([pid, type_, state], "/")


def stack_command(sid: str, map_id: str, x: int, y: int, piece_ids: list[str]) -> str:
    return "+/" + encode_sequence([sid, "stack", encode_sequence([map_id, x, y, *piece_ids], ";")], "/")
