#!/usr/bin/env python3
"""Measures `koma serve`: move-list requests answered per second for Shogi middle-game positions.

Middle-game positions come from seeded random games played through the server itself (plies 30
to 80). Then the same requests are sent two ways, pipelined (written by one thread while
another reads the answers): by SFEN ({"cmd":"moves","variant":"shogi","sfen":...}) and by held
position ({"cmd":"moves","position":"pN"}). Every answer is checked to be "ok".

Usage: python3 tools/bench/serve_bench.py [--koma build/koma] [--requests 100000]
       [--positions 200] [--seed 1] [--min RATE]   (exit 1 when a rate is below --min)
"""
import argparse
import json
import random
import subprocess
import sys
import threading
import time


def ask(server, request):
    server.stdin.write(json.dumps(request) + "\n")
    server.stdin.flush()
    answer = json.loads(server.stdout.readline())
    if not answer.get("ok"):
        sys.exit(f"serve_bench: {request} failed: {answer}")
    return answer


def middle_game_positions(server, variant, count, seed):
    rng = random.Random(seed)
    sfens = []
    while len(sfens) < count:
        held = ask(server, {"cmd": "new", "variant": variant})["position"]
        for ply in range(80):
            moves = ask(server, {"cmd": "moves", "position": held})["moves"]
            if not moves:
                break
            ask(server, {"cmd": "play", "position": held, "moves": [rng.choice(moves)]})
            if ply >= 30 and ply % 5 == 0:
                sfens.append(ask(server, {"cmd": "status", "position": held})["sfen"])
        ask(server, {"cmd": "close", "position": held})
    return sfens[:count]


def timed(server, lines):
    """Sends every line pipelined and reads as many answers; returns answers per second."""
    payload = "".join(lines)
    writer = threading.Thread(target=lambda: (server.stdin.write(payload), server.stdin.flush()))
    start = time.perf_counter()
    writer.start()
    failures = 0
    for _ in lines:
        if not server.stdout.readline().startswith('{"ok":true'):
            failures += 1
    elapsed = time.perf_counter() - start
    writer.join()
    if failures:
        sys.exit(f"serve_bench: {failures} requests failed")
    return len(lines) / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--koma", default="build/koma")
    parser.add_argument("--variant", default="shogi")
    parser.add_argument("--requests", type=int, default=100000)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min", type=float, default=0.0)
    args = parser.parse_args()
    server = subprocess.Popen([args.koma, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1 << 20)
    sfens = middle_game_positions(server, args.variant, args.positions, args.seed)
    held = [ask(server, {"cmd": "new", "variant": args.variant, "sfen": s})["position"] for s in sfens]
    moves = sum(len(ask(server, {"cmd": "moves", "position": h})["moves"]) for h in held)
    print(f"{len(sfens)} {args.variant} middle-game positions, {moves / len(sfens):.1f} legal moves "
          f"on average")
    by_sfen = [json.dumps({"cmd": "moves", "variant": args.variant, "sfen": sfens[i % len(sfens)]})
               + "\n" for i in range(args.requests)]
    by_id = [json.dumps({"cmd": "moves", "position": held[i % len(held)]}) + "\n"
             for i in range(args.requests)]
    rates = {"by sfen": timed(server, by_sfen), "by held position": timed(server, by_id)}
    server.stdin.close()
    server.wait()
    for name, rate in rates.items():
        print(f"moves requests {name}: {rate:,.0f} per second ({args.requests} requests)")
    if min(rates.values()) < args.min:
        sys.exit(f"serve_bench: below {args.min:,.0f} requests per second")


if __name__ == "__main__":
    main()
