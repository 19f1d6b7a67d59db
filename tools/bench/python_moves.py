#!/usr/bin/env python3
"""Measures how many times a second Python lists the legal moves of a position with the koma
module (default: Shogi's start position), against the same listings made in C++ without Python.

Rows: `Game.legal_moves` (Move objects), `Position.legal_moves()` (text), and in C++ libkoma's
Game::legal_moves() (the move data behind Move objects) and the runtime's
Position::legal_moves(); the ratios say what going through Python costs.

Usage: PYTHONPATH=build/python python3 tools/bench/python_moves.py [--variant shogi]
       [--sfen SFEN] [--seconds 2]
"""
import argparse
import time

import koma
from koma import _koma


def python_rate(listing, seconds):
    """Listings per CPU second (and per wall second) of `listing()`."""
    calls = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            listing()
        calls += 200
    elapsed, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return calls / cpu, calls / elapsed


def cxx_rate(game, seconds, with_data):
    """Listings per second in C++; grows the batch until it takes `seconds`."""
    calls = 1000
    while True:
        start_cpu = time.process_time()
        _koma._time_listings(game, calls, with_data)
        cpu = time.process_time() - start_cpu
        if cpu >= seconds or calls > 1 << 30:
            return calls / cpu
        calls *= 4 if cpu < seconds / 8 else 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="shogi")
    parser.add_argument("--sfen", default=None)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    variant = koma.Variant(args.variant)
    game = koma.Game(variant, sfen=args.sfen)
    position = koma.Position(variant, sfen=args.sfen)
    moves = len(game.legal_moves)
    # Rates per CPU second: on a busy machine the wall-clock rate shows the share of a core the
    # process got, the CPU rate what one idle core gives.
    objects, _ = python_rate(lambda: game.legal_moves, args.seconds)
    texts, _ = python_rate(position.legal_moves, args.seconds)
    data = cxx_rate(game, args.seconds, True)
    runtime = cxx_rate(game, args.seconds, False)
    print(f"{args.variant}: {moves} legal moves; listings per CPU second:")
    print(f"  Python Game.legal_moves (Move objects)   {objects:12,.0f}")
    print(f"  Python Position.legal_moves() (text)     {texts:12,.0f}")
    print(f"  C++ lib::Game::legal_moves() (data)      {data:12,.0f}")
    print(f"  C++ runtime Position::legal_moves()      {runtime:12,.0f}")
    print(f"  runtime / Python Move objects: {runtime / objects:.1f}x; "
          f"lib data / Python Move objects: {data / objects:.1f}x")


if __name__ == "__main__":
    main()
