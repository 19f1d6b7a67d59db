// The runtime's public face: load a RuleSet, set up positions, list and play legal moves,
// read and write SFEN and USI, run perft, and tell when and how a game ended.
// Everything a user can type comes back as a value (Result / Error); nothing here prints.
//
// What a caller may use (installed as <koma/runtime/game.h>, CMake target koma::runtime):
//   Variant::load(RuleSet)        -> Result<shared_ptr<const Variant>>; rules(), dialect(name)
//   Position(variant)             the start position; set_sfen(text) -> Result, sfen()
//   legal_moves()                 sorted, unique; parse_move(text) -> Result<Move>, move_text(m)
//   make(m) / unmake()            play a legal move, take it back
//   status(), in_check(), side_to_move(), move_number(), clone()
//   perft(position, depth), divide(position, depth), bench_perft(position, depth)
// Error codes are stable kebab-case strings, listed where each function is declared.
// The rest (Variant::tables(), generate(), do_move()/undo_move(), MoveList, cells, and
// Position::visit, which runs a loop on the BasicPosition of the variant's cell width) is the
// runtime's fast path, usable but tied to the runtime's internals.
#pragma once

#include "move.h"
#include "perft.h"
#include "position.h"
#include "result.h"
#include "variant.h"
