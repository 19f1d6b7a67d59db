# The Python module: variants with diagnostics as values, games from SFEN, legal moves as Move
# objects, play and take back, pieces and hands, status with the rule's place, SVG, records,
# perft, and errors carrying stable codes and places. Run by ctest with PYTHONPATH=build/python,
# and by tests/python/pip_install.sh against the package pip installs.
import os

import pytest

import koma

MATE_SFEN = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b 2R2B 1"


@pytest.fixture(scope="module")
def shogi():
    return koma.compile("shogi")


def test_a_bundled_slug_compiles_without_diagnostics(shogi):
    assert isinstance(shogi, koma.Variant)
    assert shogi.title == "Shogi"
    assert shogi.slug == "shogi"
    assert (shogi.files, shogi.ranks) == (9, 9)
    assert shogi.diagnostics == []


def test_the_start_position_has_thirty_sorted_legal_moves(shogi):
    moves = koma.Position(shogi).legal_moves()
    assert len(moves) == 30
    assert moves == sorted(moves)
    assert "7g7f" in moves and "2h1h" in moves


def test_push_and_pop_are_exact_inverses(shogi):
    position = koma.Position(shogi)
    start = position.sfen()
    position.push("7g7f")
    assert position.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    assert position.side_to_move == "gote"
    position.pop()
    assert position.sfen() == start


def test_perft_matches_the_published_counts(shogi):
    position = koma.Position(shogi)
    assert [position.perft(d) for d in range(4)] == [1, 30, 900, 25470]


def test_a_position_is_read_from_sfen(shogi):
    position = koma.Position(shogi, sfen=MATE_SFEN)
    assert position.sfen() == MATE_SFEN
    assert position.move_number == 1


def test_fools_mate_ends_the_game_with_a_winner(shogi):
    position = koma.Position(shogi, sfen="4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    position.push("G*5b")
    status = position.status()
    assert status == {"ended": True, "rule": "checkmate", "winner": "sente", "outcome": "loss"}
    assert position.legal_moves() == []
    with pytest.raises(koma.Error) as error:
        position.push("5a4a")
    assert error.value.code == "game-over"


def test_an_illegal_move_raises_its_code(shogi):
    position = koma.Position(shogi)
    with pytest.raises(koma.Error) as error:
        position.push("7g7e")
    assert error.value.code == "move-illegal"
    with pytest.raises(koma.Error) as error:
        position.push("zz")
    assert error.value.code == "move-malformed"
    assert len(position.legal_moves()) == 30


def test_a_malformed_sfen_raises_its_code(shogi):
    with pytest.raises(koma.Error) as error:
        koma.Position(shogi, sfen="9/9/9 b - 1")
    assert error.value.code.startswith("sfen-")
    assert isinstance(error.value, ValueError)


def test_a_copy_is_independent(shogi):
    position = koma.Position(shogi)
    other = position.copy()
    other.push("7g7f")
    assert position.sfen() != other.sfen()


def test_a_broken_variant_text_gives_located_diagnostics():
    text = "---\ntitle: Broken\nslug: broken\nparent: shogi\nbord: 9x9\n---\n# Broken\n"
    with pytest.raises(koma.CompileError) as error:
        koma.compile(text, path="broken.md")
    diagnostics = error.value.diagnostics
    assert diagnostics, "a broken variant reports diagnostics"
    first = [d for d in diagnostics if d.severity == "error"][0]
    assert first.file == "broken.md" and first.line >= 1 and first.column >= 1
    assert first.code == error.value.code
    assert str(first).startswith("broken.md:")


def test_a_variant_file_path_compiles():
    path = os.path.join(koma.variants_dir(), "kyoto-shogi.md")
    kyoto = koma.compile(path)
    assert kyoto.slug == "kyoto-shogi"
    assert koma.Position(kyoto).perft(2) > 0


def test_an_unknown_slug_names_the_folders_searched():
    with pytest.raises(koma.Error) as error:
        koma.compile("no-such-variant")
    assert error.value.code == "unknown-variant"
    assert koma.variants_dir() in str(error.value)


def test_perft_in_one_thread_while_another_plays_on_the_same_position(shogi):
    import threading
    position = koma.Position(shogi)
    after = koma.Position(shogi)
    after.push("7g7f")
    right = {719731, after.perft(4)}
    counts, errors = [], []

    def count():
        try:
            for _ in range(3):
                counts.append(position.perft(4))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    worker = threading.Thread(target=count)
    worker.start()
    start = position.sfen()
    while worker.is_alive():
        position.push("7g7f")
        assert len(position.legal_moves()) == 30
        position.pop()
        assert position.sfen() == start
    worker.join()
    assert errors == []
    assert len(counts) == 3 and set(counts) <= right



SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_variant_loads_by_slug_and_from_text(shogi):
    assert koma.Variant("shogi").slug == "shogi"
    with open(os.path.join(koma.variants_dir(), "minishogi.md"), encoding="utf-8") as f:
        mini = koma.Variant.from_text(f.read(), path="minishogi.md")
    assert (mini.files, mini.ranks) == (5, 5)
    assert "shogi" in koma.bundled_variants()


def test_a_start_position_fault_raises_with_its_code_and_place():
    with pytest.raises(koma.CompileError) as error:
        koma.Variant(os.path.join(SOURCE, "tests", "bad-input", "opponent-in-check.md"))
    e = error.value
    assert isinstance(e, koma.KomaError) and isinstance(e, koma.VariantError)
    assert e.code == "start-position-illegal"
    assert e.file.endswith("opponent-in-check.md")
    assert (e.line, e.column) == (12, 11)
    assert e.diagnostics and isinstance(e.diagnostics[0], dict)
    assert e.diagnostics[0]["code"] == "start-position-illegal"
    assert str(e).startswith(e.file + ":12:11: ")


def test_errors_are_subclasses_by_what_went_wrong(shogi):
    with pytest.raises(koma.PositionError) as error:
        koma.Game(shogi, sfen="9/9/9 b - 1")
    assert error.value.code.startswith("sfen-")
    game = koma.Game(shogi)
    with pytest.raises(koma.MoveError) as error:
        game.push("7g7e")
    assert error.value.code == "move-illegal"
    with pytest.raises(koma.MoveError) as error:
        game.pop()
    assert error.value.code == "no-move-to-undo"
    with pytest.raises(koma.UsageError) as error:
        koma.Game(shogi, dialect="nonsense")
    assert error.value.code == "unknown-dialect"
    with pytest.raises(koma.UsageError):
        game.piece_at("0z")
    with pytest.raises(koma.UsageError):
        game.hand("nobody")
    with pytest.raises(koma.VariantError) as error:
        koma.Variant("no-such-variant")
    assert error.value.code == "unknown-variant"


def test_push_and_pop_return_moves_that_equal_their_text(shogi):
    game = koma.Game(shogi)
    move = game.push("7g7f")
    assert isinstance(move, koma.Move)
    assert move == "7g7f" and str(move) == "7g7f" and repr(move) == "<koma.Move 7g7f>"
    assert (move.from_square, move.to_square, move.piece, move.captured) == ("7g", "7f", "P", None)
    assert not move.drop and not move.promotion
    game.push("3c3d")
    capture = game.push(game.legal_moves[game.legal_moves.index("8h2b+")])
    assert capture.captured == "b" or capture.captured == "B"
    assert capture.promotion
    assert [m.usi for m in game.moves] == ["7g7f", "3c3d", "8h2b+"]
    assert game.pop() == capture
    assert game.pop() == "3c3d"
    assert game.sfen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    assert {m.usi for m in game.legal_moves} == set(koma.Position(shogi, sfen=game.sfen).legal_moves())


def test_moves_in_words_japanese_western_and_usi(shogi):
    game = koma.Game(shogi, moves=["7g7f", "3c3d"])
    bishop = game.legal_moves[game.legal_moves.index("8h2b+")]
    assert game.move_text(bishop) == "☗２二角成"
    assert game.move_text("8h2b+", notation="western") == "Bx2b+"
    assert game.move_text(bishop, notation="usi") == "8h2b+"
    game.push(bishop)
    assert game.move_text("3a2b", signs="triangles") == "△同　銀"
    game.push("3a2b")
    assert game.moves_text() == ["☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀"]
    assert game.moves_text("western") == ["P-7f", "P-3d", "Bx2b+", "Sx2b"]
    with pytest.raises(koma.UsageError) as error:
        game.moves_text("kanji")
    assert error.value.code == "unknown-notation"
    with pytest.raises(koma.UsageError) as error:
        game.move_text("7a7b", signs="dots")
    assert error.value.code == "unknown-signs"
    with pytest.raises(koma.MoveError) as error:
        game.move_text("7g7e")
    assert error.value.code == "move-illegal"
    plain = koma.Game(koma.compile(os.path.join(os.path.dirname(__file__), "..", "cli", "data",
                                                "no_japanese_names.md")))
    with pytest.raises(koma.KomaError) as error:
        plain.move_text("5d5b")
    assert error.value.code == "notation-no-japanese-name"
    assert plain.move_text("5d5b", notation="western") == "R-5b"


def test_a_drop_move_has_no_origin(shogi):
    game = koma.Game(shogi, sfen="4k4/9/9/9/9/9/9/9/4K4 b G 1")
    drop = next(m for m in game.legal_moves if m.drop)
    assert drop.from_square is None and drop.piece == "G" and drop.usi.startswith("G*")


def test_piece_at_hand_and_iteration(shogi):
    game = koma.Game(shogi, sfen="4k4/9/9/9/9/9/9/1+B7/4K4 w 2Pg 12")
    horse = game.piece_at("8h")
    assert (horse.symbol, horse.side, horse.promoted) == ("+B", "sente", True)
    assert horse.name
    king = game.piece_at("5a")
    assert (king.symbol, king.side, king.promoted) == ("k", "gote", False)
    assert game.piece_at("5e") is None
    assert game.hand("sente") == {"P": 2} and game.hand(1) == {"G": 1}
    assert [(square, piece.symbol) for square, piece in game] == [("5a", "k"), ("8h", "+B"), ("5i", "K")]


def test_the_board_prints_and_the_repr_names_variant_and_sfen(shogi):
    game = koma.Game(shogi)
    text = str(game)
    assert "  l  n  s  g  k  g  s  n  l a" in text and text.endswith("sente to move\n")
    assert repr(game) == f"<koma.Game shogi '{game.sfen}'>"


def test_status_names_the_rule_and_where_the_variant_states_it(shogi):
    game = koma.Game(shogi, sfen="4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    assert not game.status and game.status.rule is None
    game.push("G*5b")
    status = game.status
    assert status.ended and status.rule == "checkmate" and status.winner == "sente"
    assert status.outcome == "loss" and "sente" in status.text
    assert status.file.endswith("shogi.md") and status.line > 0 and status.column > 0
    with pytest.raises(koma.MoveError) as error:
        game.push("5a4a")
    assert error.value.code == "game-over"


def test_render_gives_svg(shogi):
    game = koma.Game(shogi)
    svg = game.render()
    assert svg.startswith("<?xml") and "<svg" in svg and svg == game._repr_svg_()


def test_explain_takes_a_piece_a_letter_or_a_square(shogi):
    game = koma.Game(shogi)
    gold = game.explain("G")
    assert "betza" in gold
    assert game.explain("6i") == gold == game.explain(game.piece_at("4a"))
    with pytest.raises(koma.UsageError):
        game.explain("5e")


def test_divide_splits_perft_by_move(shogi):
    game = koma.Game(shogi)
    counts = game.divide(2)
    assert len(counts) == 30 and sum(counts.values()) == game.perft(2) == 900


def test_records_round_trip_through_kif_csa_and_usi(shogi):
    game = koma.Game(shogi, moves=["7g7f", "3c3d", "8h2b+", "3a2b"])
    for fmt in ("kif", "csa", "usi"):
        text = game.record(fmt)
        again, result = koma.read_record(text, shogi)
        assert again.sfen == game.sfen, fmt
        assert [m.usi for m in again.moves] == [m.usi for m in game.moves]
        assert result.result == "unfinished" and result.plies == 4
    with pytest.raises(koma.UsageError):
        game.record("pgn")


def test_a_record_result_names_the_rule(shogi):
    _, result = koma.read_record("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", shogi, format="csa")
    assert (result.result, result.winner, result.rule) == ("win", "gote", "resignation")
    with pytest.raises(koma.RecordError) as error:
        koma.read_record("7g7f 7g7f\n", shogi, path="game.usi")
    assert error.value.code == "move-illegal"
    assert (error.value.file, error.value.line) == ("game.usi", 1)


def test_the_type_stubs_are_installed_with_the_package():
    folder = os.path.dirname(koma.__file__)
    assert os.path.isfile(os.path.join(folder, "py.typed"))
    stub = os.path.join(folder, "__init__.pyi")
    with open(stub, encoding="utf-8") as f:
        source = f.read()
    namespace = {}
    exec(compile(source, stub, "exec"), namespace)  # the stubs are valid Python
    for name in ("Variant", "Game", "Move", "Piece", "Status", "Thought", "KomaError", "read_record"):
        assert name in namespace, name


ARGUMENTS = {"push": ("7g7f",), "perft": (1,), "divide": (1,), "set_sfen": (MATE_SFEN,),
             "piece_at": ("5a",), "hand": (0,), "explain": ("G",), "record": ("usi",),
             "move_text": ("7g7f",)}
KEYWORDS = {"think": {"depth": 1}, "best_move": {"depth": 1}}


@pytest.mark.parametrize("cls", [koma.Game, koma.Position, koma.Variant, koma.Move, koma.Piece,
                                 koma.Status, koma.RecordResult, koma.Thought])
def test_an_object_made_without_init_raises_instead_of_crashing(cls):
    blank = cls.__new__(cls)
    names = [n for n in dir(cls) if not n.startswith("_") and n not in ("from_text", "diagnostics")]
    names += ["__str__", "__repr__"] if cls is koma.Game else []
    assert names
    for name in names:
        with pytest.raises(TypeError, match="__init__"):
            if isinstance(getattr(cls, name), property):
                getattr(blank, name)
            else:
                getattr(blank, name)(*ARGUMENTS.get(name, ()), **KEYWORDS.get(name, {}))


def test_the_computer_plays_a_legal_move_the_same_at_a_node_budget(shogi):
    game = koma.Game(shogi, moves=["7g7f", "3c3d"])
    move = game.best_move(nodes=2000)
    assert isinstance(move, koma.Move)
    assert move in game.legal_moves
    thought = game.think(nodes=2000)
    assert thought.verdict == "move"
    assert thought.move == move
    assert thought.nodes <= 2000 and thought.depth >= 1
    assert thought.pv[0] == move.text
    assert game.think(nodes=2000).pv == thought.pv
    assert game.sfen == koma.Game(shogi, moves=["7g7f", "3c3d"]).sfen
    game.push(move)
    assert len(game.moves) == 3


def test_the_computer_mates_resigns_and_knows_the_game_is_over(shogi):
    game = koma.Game(shogi, sfen="4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    thought = game.think(depth=3)
    assert thought.move == "G*5b" and thought.mate == 1 and thought.pv == ["G*5b"]
    assert "mate 1" in repr(thought)
    lost = koma.Game(shogi, sfen="8k/9/7G1/9/9/9/9/9/K8 w G 1").think(depth=4)
    assert lost.verdict == "resign" and lost.mate == -2
    assert lost.move == "1a2a" and lost.ponder == "G*2b"
    game.push("G*5b")
    with pytest.raises(koma.MoveError) as error:
        game.best_move()
    assert error.value.code == "game-over"


def test_the_computer_plays_at_a_level_and_refuses_bad_limits(shogi):
    game = koma.Game(shogi)
    assert game.think(level=1).depth == 1
    assert game.think(level=3).nodes <= 2000
    assert game.think(movetime=50).move in game.legal_moves
    with pytest.raises(koma.UsageError) as error:
        game.think(level=9)
    assert error.value.code == "think-bad-level"
    with pytest.raises(koma.UsageError) as error:
        game.think(nodes=-1)
    assert error.value.code == "think-bad-limit"
    with pytest.raises(TypeError):
        game.best_move(3)  # the limits are keywords


def test_the_benchmark_times_listings_in_cxx(shogi):
    from koma import _koma
    game = koma.Game(shogi)
    assert _koma._time_listings(game, 10, True) >= 0.0
    assert _koma._time_listings(game, 10, False) >= 0.0


def test_the_readme_python_example_runs():
    with open(os.path.join(SOURCE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("\n## Python\n"):]
    example = section[section.index("```python\n") + 10:]
    example = example[:example.index("```\n")]
    exec(compile(example, "README.md", "exec"), {"print": lambda *a: None})
