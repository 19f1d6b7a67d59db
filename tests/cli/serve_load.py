#!/usr/bin/env python3
"""Load test and soak of `koma serve`, on loopback pipes only.

Load: REQUESTS mixed requests (move lists by SFEN and by held position, new, play, undo, status,
perft, validate, close, and malformed ones), written by one thread while another reads the
answers. Every answer must come back, in order (each carries its request's id), with the
expected ok or error code.

Soak: POSITIONS held positions, each with PLIES moves played, all alive at once; then every one
is asked for its move list and closed.

The server's peak resident memory (VmHWM) must stay below --max-rss-mb for both.

Usage: serve_load.py --koma build/koma [--requests 100000] [--positions 10000] [--plies 100]
                     [--max-rss-mb 256] [--seed 1]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time

HELD_LIMIT = 10000
OPENING = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d",
           "2h2d", "8e8f", "8g8f", "8b8f", "2d3d", "2b3c", "3d3f", "8f8d"]


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def run_session(koma, requests, expect):
    """Sends `requests` pipelined; checks each answer against expect[i] ("ok" or an error code).
    Returns (seconds, peak RSS in MB)."""
    server = subprocess.Popen([koma, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1 << 16)
    failures = []

    def write():
        for request in requests:
            server.stdin.write(request + "\n")
        server.stdin.flush()

    start = time.monotonic()
    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    for index, wanted in enumerate(expect):
        line = server.stdout.readline()
        if not line:
            failures.append(f"answer {index + 1} never came")
            break
        answer = json.loads(line)
        # A request that is not JSON has no id to echo.
        if answer.get("id") != (None if wanted == "bad-json" else index):
            failures.append(f"answer {index + 1} has id {answer.get('id')!r}: lost or out of order")
            break
        got = "ok" if answer["ok"] else answer["error"]["code"]
        if got != wanted:
            failures.append(f"request {index}: {requests[index][:120]} -> {got}, wanted {wanted}")
            if len(failures) > 5:
                break
    if failures:
        server.kill()
        sys.exit("serve_load: " + "\n  ".join(failures))
    writer.join()
    seconds = time.monotonic() - start
    rss = peak_rss_mb(server.pid)
    server.stdin.close()
    extra = server.stdout.read()
    if extra.strip():
        failures.append(f"answers beyond the requests: {extra[:200]!r}")
    if server.wait() != 0:
        failures.append(f"koma serve exited with {server.returncode}")
    if failures:
        sys.exit("serve_load: " + "\n  ".join(failures))
    return seconds, rss


def load_requests(count, seed):
    """Mixed requests with the answer each must get. Held positions p1.. are created as it goes."""
    rng = random.Random(seed)
    requests, expect = [], []
    held = []  # (id, plies played)
    next_position = 1

    def add(body, wanted):
        body = dict(body, id=len(requests))
        requests.append(json.dumps(body, separators=(",", ":")))
        expect.append(wanted)

    while len(requests) < count:
        kind = rng.random()
        if kind < 0.30:
            plies = rng.randrange(len(OPENING) + 1)
            add({"cmd": "moves", "variant": "shogi", "moves": OPENING[:plies]}, "ok")
        elif kind < 0.40 or not held:
            if len(held) < 200:
                add({"cmd": "new", "variant": rng.choice(["shogi", "kyoto-shogi", "minishogi"])
                     if rng.random() < 0.3 else "shogi"}, "ok")
                held.append([f"p{next_position}", 0, None])
                next_position += 1
            else:
                position = held.pop(rng.randrange(len(held)))
                add({"cmd": "close", "position": position[0]}, "ok")
        elif kind < 0.60:
            position = rng.choice(held)
            add({"cmd": "moves", "position": position[0]}, "ok")
        elif kind < 0.70:
            position = rng.choice(held)
            add({"cmd": "status", "position": position[0]}, "ok")
        elif kind < 0.80:
            position = rng.choice(held)
            add({"cmd": "undo", "position": position[0]}, "ok" if position[1] > 0 else "no-move-to-undo")
            position[1] = max(0, position[1] - 1)
        elif kind < 0.86:
            add({"cmd": "perft", "variant": "minishogi", "depth": rng.randrange(3)}, "ok")
        elif kind < 0.89:
            add({"cmd": "validate", "variant": rng.choice(["shogi", "heian-shogi"])}, "ok")
        elif kind < 0.92:
            add({"cmd": "play", "variant": "shogi", "moves": ["7g7f", "7g7f"]}, "move-illegal")
        elif kind < 0.94:
            requests.append('{"id":%d,"cmd":' % len(requests))  # cut short
            expect.append("bad-json")
        elif kind < 0.96:
            add({"cmd": "fly", "variant": "shogi"}, "unknown-command")
        else:
            add({"cmd": "status", "position": "p0"}, "unknown-position")
    return requests, expect


def random_game(koma, plies, seed):
    """The moves of a seeded random Shogi game of `plies` plies that has not ended, played
    through a server of its own."""
    rng = random.Random(seed)
    server = subprocess.Popen([koma, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)

    def ask(request):
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        return json.loads(server.stdout.readline())

    try:
        while True:
            moves = []
            for _ in range(plies):
                answer = ask({"cmd": "moves", "variant": "shogi", "moves": moves})
                if answer["ended"] or not answer["moves"]:
                    break
                moves.append(rng.choice(answer["moves"]))
            if len(moves) == plies and not ask({"cmd": "status", "variant": "shogi",
                                                "moves": moves})["ended"]:
                return moves
    finally:
        server.stdin.close()
        server.wait()


def soak_requests(positions, moves, seed):
    """Holds `positions` positions with `moves` played in each, all at once, then asks each for
    its move list and closes it."""
    rng = random.Random(seed)
    requests, expect = [], []

    def add(body, wanted="ok"):
        body = dict(body, id=len(requests))
        requests.append(json.dumps(body, separators=(",", ":")))
        expect.append(wanted)

    for number in range(1, positions + 1):
        add({"cmd": "new", "variant": "shogi"})
        add({"cmd": "play", "position": f"p{number}", "moves": moves})
    # The server's limit (README.md): one position more is refused.
    if positions == HELD_LIMIT:
        add({"cmd": "new", "variant": "shogi"}, "too-many-positions")
    for number in rng.sample(range(1, positions + 1), positions):
        add({"cmd": "moves", "position": f"p{number}"})
        add({"cmd": "close", "position": f"p{number}"})
    return requests, expect


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--koma", default="build/koma")
    parser.add_argument("--requests", type=int, default=100000)
    parser.add_argument("--positions", type=int, default=10000)
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--max-rss-mb", type=float, default=256)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    requests, expect = load_requests(args.requests, args.seed)
    seconds, rss = run_session(args.koma, requests, expect)
    print(f"load: {len(requests)} requests answered in order in {seconds:.1f} s "
          f"({len(requests) / seconds:,.0f}/s), peak RSS {rss:.0f} MB")
    if rss > args.max_rss_mb:
        sys.exit(f"serve_load: peak RSS {rss:.0f} MB is above {args.max_rss_mb:.0f} MB")

    moves = random_game(args.koma, args.plies, args.seed)
    requests, expect = soak_requests(args.positions, moves, args.seed)
    seconds, rss = run_session(args.koma, requests, expect)
    print(f"soak: {args.positions} positions held with {args.plies} moves each, "
          f"{len(requests)} requests in {seconds:.1f} s, peak RSS {rss:.0f} MB")
    if rss > args.max_rss_mb:
        sys.exit(f"serve_load: peak RSS {rss:.0f} MB is above {args.max_rss_mb:.0f} MB")


if __name__ == "__main__":
    main()
