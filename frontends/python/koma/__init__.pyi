# Type stubs of the koma package (koma/__init__.py over the extension koma._koma).
from __future__ import annotations

import os
from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str


class KomaError(ValueError):
    code: str
    message: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    diagnostics: List[Diagnostic]
    def __init__(self, code: str, message: str, file: Optional[str] = ..., line: Optional[int] = ...,
                 column: Optional[int] = ..., diagnostics: Sequence[Diagnostic] = ...) -> None: ...


class VariantError(KomaError): ...
class CompileError(VariantError): ...
class PositionError(KomaError): ...
class MoveError(KomaError): ...
class RecordError(KomaError): ...
class UsageError(KomaError): ...


Error = KomaError


class Diagnostic(dict):
    file: str
    line: int
    column: int
    severity: str
    code: str
    message: str
    notes: List[dict]


class Variant:
    title: str
    slug: str
    path: str
    files: int
    ranks: int
    sides: List[str]
    dialects: List[str]
    warnings: List[dict]
    diagnostics: List[Diagnostic]
    def __init__(self, slug_or_path: Union[str, os.PathLike]) -> None: ...
    @staticmethod
    def from_text(text: str, path: str = ...) -> Variant: ...


class Piece:
    symbol: str
    name: str
    label: str
    side: str
    promoted: bool


class Move:
    usi: str
    text: str
    from_square: Optional[str]
    to_square: str
    piece: str
    captured: Optional[str]
    promotion: bool
    drop: bool
    via: Optional[str]
    captured_via: Optional[str]
    via2: Optional[str]
    captured_via2: Optional[str]
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...


class Status:
    ended: bool
    rule: Optional[str]
    winner: Optional[str]
    outcome: Optional[str]
    text: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    def __bool__(self) -> bool: ...


class Thought:
    verdict: str
    move: Optional[Move]
    ponder: Optional[Move]
    score: int
    mate: Optional[int]
    depth: int
    seldepth: int
    nodes: int
    ms: int
    pv: List[str]


class RecordResult:
    result: str
    winner: Optional[str]
    rule: Optional[str]
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    foul: Optional[str]
    foul_move: Optional[str]
    plies: int
    side_to_move: str
    in_check: bool


class Game:
    variant: Variant
    dialect: str
    sfen: str
    start_sfen: str
    legal_moves: List[Move]
    moves: List[Move]
    status: Status
    side_to_move: str
    move_number: int
    is_check: bool
    def __init__(self, variant: Variant, sfen: Optional[str] = ..., moves: Sequence[str] = ...,
                 dialect: str = ...) -> None: ...
    def push(self, move: Union[Move, str]) -> Move: ...
    def pop(self) -> Move: ...
    def move_text(self, move: Union[Move, str], notation: str = ..., signs: str = ...) -> str: ...
    def moves_text(self, notation: str = ..., signs: str = ...) -> List[str]: ...
    def piece_at(self, square: str) -> Optional[Piece]: ...
    def hand(self, side: Union[str, int]) -> Dict[str, int]: ...
    def pieces(self) -> List[Tuple[str, Piece]]: ...
    def __iter__(self) -> Iterator[Tuple[str, Piece]]: ...
    def render(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def explain(self, piece_or_square: Union[Piece, str]) -> str: ...
    def perft(self, depth: int) -> int: ...
    def divide(self, depth: int) -> Dict[str, int]: ...
    def record(self, format: str = ...) -> str: ...
    def set_sfen(self, sfen: str) -> None: ...
    def copy(self) -> Game: ...
    def think(self, *, depth: Optional[int] = ..., nodes: Optional[int] = ..., movetime: Optional[int] = ...,
              level: Optional[int] = ...) -> Thought: ...
    def best_move(self, *, depth: Optional[int] = ..., nodes: Optional[int] = ...,
                  movetime: Optional[int] = ..., level: Optional[int] = ...) -> Optional[Move]: ...


class Position(Game):
    def legal_moves(self) -> List[str]: ...  # type: ignore[override]
    def sfen(self) -> str: ...  # type: ignore[override]
    def status(self) -> dict: ...  # type: ignore[override]
    def in_check(self) -> bool: ...
    def copy(self) -> Position: ...


def compile(text_or_path: Union[str, os.PathLike], path: str = ...) -> Variant: ...
def read_record(text: str, variant: Variant, format: Optional[str] = ..., dialect: str = ...,
                path: str = ...) -> Tuple[Game, RecordResult]: ...
def bundled_variants() -> List[str]: ...
def variants_dir() -> str: ...
def variants_search_path() -> List[str]: ...
