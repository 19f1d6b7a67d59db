// The runtime's public face: load a RuleSet, set up positions, list and play legal moves,
// read and write SFEN and USI, run perft, and tell when and how a game ended.
// Everything a user can type comes back as a value (Result / Error); nothing here prints.
#pragma once

#include "move.h"
#include "perft.h"
#include "position.h"
#include "result.h"
#include "variant.h"
