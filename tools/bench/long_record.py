#!/usr/bin/env python3
"""Writes a seeded random Shogi game of PLIES legal moves as a KIF record, with times on every
move, a comment every 25 moves and a variation of three moves at each quarter of the game: the
record `koma bench --records` reads (tests/records/long_300.kif is its output for the defaults).

Moves are chosen at random among the legal ones koma lists, never one that mates or leaves the
other side without a move (so the game does not end early), and never a declined promotion.

usage: tools/bench/long_record.py KOMA [--plies N] [--seed N] > FILE.kif
"""
import argparse
import json
import random
import subprocess


def legal_moves(koma, moves):
    """koma's legal moves after `moves`, as (usi, japanese words) pairs."""
    args = [koma, 'moves', 'shogi', '--notation', 'japanese', '--signs', 'none', '--format', 'json']
    if moves:
        args += ['--moves', ' '.join(moves)]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    return [(usi, words) for usi, words in zip(out['moves'], out['notation']['moves']) if '不成' not in words]


def kif_moves(koma, moves):
    """The move lines of the KIF koma writes for `moves` (`   1 ７六歩(77)`, ...)."""
    out = subprocess.run([koma, 'play', 'shogi', '--to', 'kif', '--moves', ' '.join(moves)], check=True,
                         capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line[:4].strip().isdigit()]


def choose(koma, rng, moves, avoid=()):
    """A random legal move after `moves` that leaves the other side a move, or None."""
    legal = [m for m in legal_moves(koma, moves) if m[0] not in avoid]
    rng.shuffle(legal)
    for usi, _ in legal:
        if legal_moves(koma, moves + [usi]):
            return usi
    return None


def clock(seconds):
    return f'{seconds // 3600:02}:{seconds // 60 % 60:02}:{seconds % 60:02}'


def timed(line, seconds, total):
    return f'{line}   ( {seconds // 60}:{seconds % 60:02}/{clock(total)})'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('koma')
    parser.add_argument('--plies', type=int, default=300)
    parser.add_argument('--seed', type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    moves = []
    while len(moves) < args.plies:
        move = choose(args.koma, rng, moves)
        if move is None:
            raise SystemExit(f'no move keeps the game going after ply {len(moves)}; try another --seed')
        moves.append(move)
    # Variations: three other moves in the place of the moves at each quarter of the game.
    branches = {}
    for ply in (args.plies // 4, args.plies // 2, 3 * args.plies // 4):
        line = moves[:ply - 1]
        first = choose(args.koma, rng, line, avoid=(moves[ply - 1],))
        if first is None:
            continue
        line.append(first)
        for _ in range(2):
            line.append(choose(args.koma, rng, line))
        branches[ply] = kif_moves(args.koma, line)[-3:]

    totals = [0, 0]
    out = ['開始日時：2026/01/01 10:00:00', '棋戦：koma 乱数対局', '持ち時間：各1時間', '手合割：平手',
           '先手：乱数甲', '後手：乱数乙', '手数----指手---------消費時間--', '*乱数で指した300手の対局']
    for n, line in enumerate(kif_moves(args.koma, moves), start=1):
        seconds = rng.randrange(1, 90)
        totals[n % 2] += seconds
        out.append(timed(line, seconds, totals[n % 2]) + ('+' if n in branches else ''))
        if n % 25 == 0:
            out.append(f'*{n}手目までの形勢は互角')
    out.append(f'{len(moves) + 1:>4} 中断')
    # Latest first, as a tree is written depth first: each 変化 then branches from the main line.
    for ply, lines in sorted(branches.items(), reverse=True):
        out += ['', f'変化：{ply}手'] + lines + [f'*{ply}手目の別の手']
    print('\n'.join(out))


if __name__ == '__main__':
    main()
