# The Python module: compile with diagnostics as values, positions from SFEN, legal moves, play,
# status, perft, and errors carrying stable codes. Run by ctest with PYTHONPATH=build/python.
import os

import pytest

import koma

MATE_SFEN = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b 2R2B 1"


@pytest.fixture(scope="module")
def shogi():
    return koma.compile("shogi")


def test_a_bundled_slug_compiles_without_diagnostics(shogi):
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


ARGUMENTS = {"push": ("7g7f",), "perft": (1,), "set_sfen": (MATE_SFEN,)}


@pytest.mark.parametrize("cls", [koma.Position, koma.Variant])
def test_an_object_made_without_init_raises_instead_of_crashing(cls):
    blank = cls.__new__(cls)
    names = [n for n in dir(cls) if not n.startswith("_")]
    assert names
    for name in names:
        with pytest.raises(TypeError, match="__init__"):
            if isinstance(getattr(cls, name), property):
                getattr(blank, name)
            else:
                getattr(blank, name)(*ARGUMENTS.get(name, ()))
