#!/usr/bin/env python3
"""Plays `koma usi` against Fairy-Stockfish at fixed nodes and reports koma's score per variant.

Both engines speak USI. Every game starts from the variant's start position and a seeded random
opening of --opening-plies moves (both engines are deterministic at fixed nodes); each opening
is played twice, koma sente first, then gote. Each side searches `go nodes K`. `koma serve` referees:
every move is played on a held position (an illegal one is reported, never trusted), and the
game ends when koma's rules say it has (checkmate, repetition, ...), when an engine resigns, or
at --max-plies, a draw. Before a variant's games, both programs' legal moves at the start must
agree (so a variant Fairy-Stockfish was built without is noticed). With --check-legal each ply also compares Fairy-Stockfish's legal moves
(`go perft 1`) with koma's and reports any difference.

Kyoto Shogi pieces are spelt differently by the two programs: koma usi writes its own letters,
Fairy-Stockfish base letters with + and -; koma's `fsf` dialect is Fairy-Stockfish's, and each
move is translated through koma's move lists.

Usage: python3 tools/match/fsf_match.py --koma build/koma --fsf /path/to/stockfish
       [--variants minishogi,kyoto-shogi,shogi] [--games 10] [--nodes 5000] [--fsf-nodes N] [--max-plies 300]
       [--opening-plies 2] [--seed 1] [--check-legal] [--verbose]
"""
import argparse
import json
import random
import subprocess
import sys
import time

# koma slug -> (Fairy-Stockfish variant name, koma dialect that is Fairy-Stockfish's spelling)
VARIANTS = {
    "shogi": ("shogi", ""),
    "minishogi": ("minishogi", ""),
    "kyoto-shogi": ("kyotoshogi", "fsf"),
}


class MatchError(Exception):
    """A disagreement or protocol failure that ends one game without a result."""


class Engine:
    """A USI engine on a pipe."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        """Lines up to and including the first that starts with prefix."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise MatchError(f"{self.name} exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")

    def start(self, variant_option):
        self.send("usi")
        self.read_until("usiok")
        for option in variant_option:
            self.send(option)
        self.sync()

    def best_move(self, moves, nodes):
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        self.send(f"go nodes {nodes}")
        lines = self.read_until("bestmove")
        errors = [l for l in lines if l.startswith("info string error")]
        if errors:
            raise MatchError(f"{self.name} rejected '{position}': {errors[0]}")
        return lines[-1].split()[1]

    def perft1(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.read_until("Nodes searched")
        return {l.split(":")[0] for l in lines
                if l.endswith(": 1") and not l.startswith("Nodes searched")}

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


class Referee:
    """`koma serve`, holding one position per game."""

    def __init__(self, koma):
        self.proc = subprocess.Popen([koma, "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def must(self, request):
        answer = self.ask(request)
        if not answer.get("ok"):
            raise MatchError(f"koma serve refused {json.dumps(request)}: {answer['error']}")
        return answer

    def quit(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=5)


class Game:
    """One game held by the referee, its moves kept in koma's and in Fairy-Stockfish's spelling."""

    def __init__(self, referee, slug, dialect):
        self.ref = referee
        self.dialect = dialect
        self.position = referee.must({"cmd": "new", "variant": slug})["position"]
        self.koma_moves = []
        self.fsf_moves = []
        self.state = self.status("")

    def close(self):
        self.ref.ask({"cmd": "close", "position": self.position})

    def legal(self, dialect):
        request = {"cmd": "moves", "position": self.position, "data": True}
        if dialect:
            request["dialect"] = dialect
        answer = self.ref.must(request)
        return answer["move_data"]

    def status(self, dialect, moves=()):
        """The position fields (SFEN in dialect's spelling), after moves played on a copy."""
        request = {"cmd": "status", "position": self.position, "moves": list(moves)}
        if dialect:
            request["dialect"] = dialect
        return self.ref.must(request)

    def sfen_after(self, move, source, target):
        """The SFEN in target's spelling after move, read in source's spelling."""
        request = {"cmd": "play", "position": self.position, "moves": [move]}
        if source:
            request["dialect"] = source
        self.ref.must(request)
        sfen = self.status(target)["sfen"]
        self.ref.must({"cmd": "undo", "position": self.position})
        return sfen

    def translate(self, move, source, target):
        """The move in the target dialect's spelling, matched by squares and then by the result."""
        if source == target:
            return move
        sources = [m for m in self.legal(source) if m["usi"] == move]
        if not sources:
            return None
        key = (sources[0]["from"], sources[0]["to"], sources[0]["drop"])
        candidates = [m["usi"] for m in self.legal(target)
                      if (m["from"], m["to"], m["drop"]) == key]
        if len(candidates) == 1:
            return candidates[0]
        wanted = self.sfen_after(move, source, target)
        matches = [c for c in candidates if self.status(target, [c])["sfen"] == wanted]
        return matches[0] if len(matches) == 1 else None

    def play(self, move, spelling):
        """Plays move, written in `spelling` ('' koma's, or the FSF dialect); None if illegal."""
        koma = self.translate(move, spelling, "")
        fsf = self.translate(move, spelling, self.dialect)
        if koma is None or fsf is None:
            return None
        answer = self.ref.ask({"cmd": "play", "position": self.position, "moves": [koma]})
        if not answer.get("ok"):
            return None
        self.koma_moves.append(koma)
        self.fsf_moves.append(fsf)
        self.state = answer
        return answer


def play_game(referee, koma, fsf, slug, koma_is_sente, opening, args, log):
    """Plays one game after the opening (koma's spelling); returns 'W', 'D' or 'L' from koma's
    side and the reason."""
    _, dialect = VARIANTS[slug]
    game = Game(referee, slug, dialect)
    for move in opening:
        if game.play(move, "") is None:
            raise MatchError(f"{slug}: opening move '{move}' illegal")
    koma.send("usinewgame")
    fsf.send("usinewgame")
    koma.sync()
    fsf.sync()
    try:
        while True:
            if game.state["ended"]:
                winner = game.state["status"].get("winner")
                reason = game.state["status"].get("text", "")
                reason += f", ply {len(game.koma_moves)}"
                if winner is None:
                    return "D", reason
                koma_won = (winner == "sente") == koma_is_sente
                return ("W" if koma_won else "L"), reason
            ply = len(game.koma_moves)
            if ply >= args.max_plies:
                return "D", f"{args.max_plies} plies (adjudicated)"
            sente_to_move = game.state["side_to_move"] == "sente"
            koma_to_move = sente_to_move == koma_is_sente
            if args.check_legal:
                check_legal(game, fsf, log, slug, ply)
            if koma_to_move:
                move = koma.best_move(game.koma_moves, args.nodes)
                spelling, who = "", "koma"
            else:
                move = fsf.best_move(game.fsf_moves, args.fsf_nodes or args.nodes)
                spelling, who = dialect, "fsf"
            if move == "resign":
                return ("L" if koma_to_move else "W"), f"{who} resigns at ply {ply}"
            if move == "win":
                return ("W" if koma_to_move else "L"), f"{who} declares a win at ply {ply}"
            if game.play(move, spelling) is None:
                raise MatchError(f"{slug} ply {ply + 1}: {who} played '{move}', illegal for koma "
                                 f"after: {' '.join(game.koma_moves)}")
            if args.verbose:
                log(f"  {ply + 1}. {who} {move}")
    finally:
        game.close()


def check_legal(game, fsf, log, slug, ply):
    """Reports where Fairy-Stockfish's legal moves and koma's differ."""
    theirs = fsf.perft1(game.fsf_moves)
    ours = {m["usi"] for m in game.legal(game.dialect)}
    # Fairy-Stockfish lists a mate by pawn drop as a move (it scores it as a loss for the
    # dropper); koma's rules forbid it. Those drops are noted, not counted as disagreements.
    drops = {m for m in theirs - ours if m.startswith("P*")}
    if drops:
        log(f"note: {slug} ply {ply}: pawn drops only Fairy-Stockfish lists (mate by pawn "
            f"drop?): {' '.join(sorted(drops))}")
        theirs -= drops
    if theirs != ours:
        raise MatchError(f"{slug} ply {ply}: legal moves differ after {' '.join(game.koma_moves)}: "
                         f"only fsf {sorted(theirs - ours)}, only koma {sorted(ours - theirs)}")


def random_opening(referee, slug, plies, rng):
    """A seeded random opening of up to plies moves, in koma's spelling, that does not end the game."""
    game = Game(referee, slug, "")
    try:
        for _ in range(plies):
            moves = [m["usi"] for m in game.legal("")]
            rng.shuffle(moves)
            for move in moves:
                if not game.status("", [move])["ended"]:
                    game.play(move, "")
                    break
        return list(game.koma_moves)
    finally:
        game.close()


def run_variant(slug, args, log):
    """Plays args.games games of one variant; returns the tally."""
    fsf_name, _ = VARIANTS[slug]
    koma = Engine([args.koma, "usi"], "koma")
    fsf = Engine([args.fsf], "fsf")
    referee = Referee(args.koma)
    tally = {"W": 0, "D": 0, "L": 0, "E": 0}
    try:
        koma.start([f"setoption name USI_Variant value {slug}", "setoption name USI_Hash value 16"])
        fsf.start([f"setoption name USI_Variant value {fsf_name}", "setoption name Threads value 1",
                   "setoption name USI_Hash value 16"])
        first = Game(referee, slug, VARIANTS[slug][1])
        try:
            check_legal(first, fsf, log, slug, 0)
        finally:
            first.close()
        rng = random.Random(f"{args.seed}/{slug}")
        opening = []
        for number in range(args.games):
            koma_is_sente = number % 2 == 0
            if koma_is_sente:
                opening = random_opening(referee, slug, args.opening_plies, rng)
            started = time.time()
            try:
                result, reason = play_game(referee, koma, fsf, slug, koma_is_sente, opening,
                                           args, log)
            except MatchError as error:
                result, reason = "E", str(error)
                log(f"error: {error}")
            tally[result] += 1
            side = "sente" if koma_is_sente else "gote"
            log(f"{slug} game {number + 1}: opening {' '.join(opening) or '-'}, koma {side}: "
                f"{result} ({reason}) "
                f"{time.time() - started:.1f}s")
    finally:
        koma.quit()
        fsf.quit()
        referee.quit()
    return tally


def score(tally):
    played = tally["W"] + tally["D"] + tally["L"]
    return 100.0 * (tally["W"] + 0.5 * tally["D"]) / played if played else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--koma", default="build/koma")
    parser.add_argument("--fsf", required=True, help="the Fairy-Stockfish executable")
    parser.add_argument("--variants", default="minishogi,kyoto-shogi,shogi")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--fsf-nodes", type=int, default=0,
                        help="Fairy-Stockfish's nodes a move (default: --nodes)")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--opening-plies", type=int, default=2,
                        help="random plies before the engines take over; each opening is played "
                             "with both colours (both engines are deterministic at fixed nodes)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--check-legal", action="store_true",
                        help="compare Fairy-Stockfish's legal moves with koma's at every ply")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    def log(text):
        print(text, flush=True)

    slugs = [s for s in args.variants.split(",") if s]
    unknown = [s for s in slugs if s not in VARIANTS]
    if unknown:
        sys.exit(f"fsf_match: no Fairy-Stockfish name known for {', '.join(unknown)} "
                 f"(known: {', '.join(VARIANTS)})")
    results = {}
    for slug in slugs:
        try:
            results[slug] = run_variant(slug, args, log)
        except MatchError as error:
            log(f"error: {slug} not played: {error}")
            results[slug] = {"W": 0, "D": 0, "L": 0, "E": args.games}
    print(f"\nkoma at {args.nodes} nodes a move vs Fairy-Stockfish at "
          f"{args.fsf_nodes or args.nodes}, "
          f"{args.opening_plies} random opening plies, max {args.max_plies} plies "
          f"(W/D/L from koma's side)")
    print(f"{'variant':<14} {'W':>3} {'D':>3} {'L':>3} {'err':>3} {'score':>7}")
    for slug, tally in results.items():
        print(f"{slug:<14} {tally['W']:>3} {tally['D']:>3} {tally['L']:>3} {tally['E']:>3} "
              f"{score(tally):>6.1f}%")
    return 1 if any(t["E"] for t in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
