#!/usr/bin/env python3
"""Measures how many times a second Python lists the legal moves of a position with the koma
module (default: Shogi's start position).

Usage: PYTHONPATH=build/python python3 tools/bench/python_moves.py [--variant shogi]
       [--sfen SFEN] [--seconds 2]
"""
import argparse
import time

import koma


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="shogi")
    parser.add_argument("--sfen", default="")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    position = koma.Position(koma.compile(args.variant), sfen=args.sfen)
    moves = len(position.legal_moves())
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        for _ in range(1000):
            position.legal_moves()
        calls += 1000
    elapsed = time.perf_counter() - start
    print(f"{args.variant}: {moves} legal moves, {calls} listings in {elapsed:.2f} s: "
          f"{calls / elapsed:,.0f} listings/s")


if __name__ == "__main__":
    main()
