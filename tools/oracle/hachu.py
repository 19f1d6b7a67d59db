#!/usr/bin/env python3
"""Chu and Dai shogi's legal moves in koma against HaChu, an independent XBoard engine.

Random games are played by koma (`koma serve`); at every position HaChu, fed the same moves over
the XBoard protocol, is asked for its legal moves and the two sets are compared, translated
between the two engines' square names.

How HaChu is driven (read from its behaviour, and its source where noted):
- `new` must come before `variant chu` or `variant dai` (`new` resets HaChu to chess) and
  `memory N` must be sent:
  HaChu lists its legal moves only once its hash table exists, so without `memory` every
  `usermove` is answered `Illegal move` and `go` crashes on the missing table.
- HaChu's squares are a..l (Dai: a..o) from the first player's left and ranks 1..12 (1..15)
  from the first player's side; koma's (as lishogi's) are files 12..1 (15..1) left to right and
  ranks a..l (a..o) from the far side: in Chu koma 7i is HaChu f4. A Lion double move is
  `f4f5,f5f6`; `+` marks a promotion. HaChu's Dai letters are koma's: a second kind under a
  letter is marked `'` (`C'` the Cat sword), a third `!` (`L!` the Lion).
- `lift SQUARE` answers `highlight FEN` (destinations Y empty, R capture, M promotion possible,
  C the first step of a double move) and then `Error: unknown command` (HaChu's main loop does
  not know the command once the highlight is written). That shows destinations only, so this
  oracle uses HaChu's debug output instead: an illegal `usermove` makes HaChu print its whole
  root move list as `# N. hex hex MOVE` comment lines, including every double move and every
  promotion choice, which compares complete moves rather than destinations.
- Once the side to move can take a King or Prince, HaChu's root search returns before it lists
  the moves, and it keeps (and judges user moves by) the previous position's list; a game is
  therefore compared only up to the first such position.
- `option Allow repeats=1` keeps moves that repeat a position in the list (koma judges
  repetition as a game result, not as a move rule).

What is compared: every move of every position, single steps, jumps, slides, Lion double moves
(igui and stepping to an empty square and back included) and the promotion choice. HaChu's
moves that its Lion rules refuse are reported by it separately and named in the differences.
HaChu lists only the promotion of a move where declining is pointless by its judgement (a
capture into the zone, for instance), yet accepts the declining move: such moves are named.
Differences are grouped by cause; known rule differences between HaChu and koma (which follows
the Chu Shogi Association and lishogi in Chu, the shogivar summary in Dai) are named and do not
fail the run. In Dai, as in Chu, HaChu takes away the promotion of a Pawn that declined it
where HaChu listed only the promotion (but for the far rank), and refuses it later; the shogivar
summary has no such rule. Dai is played with `option Promote on entry=0`: HaChu then lets a move that starts
or ends in the zone promote, as the shogivar summary does (by default HaChu plays Dai with Chu's
promotion rule). HaChu has no Lion-trading rules in Dai, nor does koma. One is a split of the
sources: a Lion that takes a Pawn or Go-between and then a Lion that only the taken piece
protected. HaChu's author judges protection after the move (no recapture, no trade); the
Association judges it before the move, so the doomed piece counts as a protector.

Usage: hachu.py [--variant chu|dai] [--koma PATH] [--hachu PATH] [--games N] [--plies N]
                [--seed N] [--verbose]
Exit status 0 when every difference has a known cause, 1 otherwise, 2 when an engine fails.
"""

import argparse
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

# Per variant: koma's slug, HaChu's name, the board's side, HaChu's options beyond the defaults.
VARIANTS = {
    "chu": ("chu-shogi", "chu", 12, ()),
    "dai": ("dai-shogi", "dai", 15, ("option Promote on entry=0",)),
}
SIZE = 12
DAI_ZONE = 5
TIMEOUT = 20.0
SQUARE = re.compile(r"(\d{1,2})([a-o])")
LIST_LINE = re.compile(r"^# -?\d+\. ([0-9a-f]{8}) [0-9a-f]{8} (\S+)$")
PASS = "pass"
REPEAT_LINE = re.compile(r"^# \d+\. ([0-9a-f]{8}) [0-9a-f]{8} (\S+)$")
COUNT_LINE = re.compile(r"^# moveNr = -?\d+ in \{(-?\d+),(-?\d+)\}$")


class EngineError(Exception):
    """An engine died, hung or answered something unexpected."""


class Pipe:
    """A child process read line by line with timeouts, never blocking forever."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineError(f"cannot write to {self.proc.args[0]}: {error}") from error

    def read_line(self, timeout=TIMEOUT):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty as error:
            raise EngineError(f"{self.proc.args[0]} sent nothing for {timeout} s") from error
        if line is None:
            raise EngineError(f"{self.proc.args[0]} exited ({self.proc.poll()})")
        return line

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def koma_to_hachu(square):
    """Koma's square (7i) as HaChu names it (f4)."""
    match = SQUARE.fullmatch(square)
    file, rank = int(match.group(1)), match.group(2)
    return f"{chr(ord('a') + SIZE - file)}{SIZE - (ord(rank) - ord('a'))}"


def hachu_to_koma(square):
    """HaChu's square (f4) as koma names it (7i)."""
    file, rank = square[0], int(square[1:])
    return f"{SIZE - (ord(file) - ord('a'))}{chr(ord('a') + SIZE - rank)}"


def koma_move_to_hachu(move):
    """A koma USI move (7i7h, 6h5g4f, 7i7h+) in HaChu's usermove syntax."""
    squares = [koma_to_hachu(a + b) for a, b in SQUARE.findall(move)]
    promotion = "+" if move.endswith("+") else ""
    if len(squares) == 2:
        return squares[0] + squares[1] + promotion
    return f"{squares[0]}{squares[1]},{squares[1]}{squares[2]}{promotion}"


HACHU_SQUARE = re.compile(r"([a-o])(\d{1,2})")


def hachu_move_to_koma(move):
    """A HaChu move (f4f5, f4f5,f5f6, f4f5+) in koma's USI."""
    promotion = "+" if move.endswith("+") else ""
    legs = move.rstrip("+").split(",")
    squares = []
    for leg in legs:
        pair = [hachu_to_koma(a + b) for a, b in HACHU_SQUARE.findall(leg)]
        if squares and pair[0] != squares[-1]:
            raise EngineError(f"HaChu move {move}: a leg starts off the last square")
        squares.extend(pair if not squares else pair[1:])
    return "".join(squares) + promotion


class HaChu:
    """HaChu in force mode playing Chu or Dai shogi, asked for its root move list."""

    def __init__(self, path, variant):
        self.pipe = Pipe([path])
        self.pings = 0
        self.pipe.send("xboard")
        self.pipe.send("protover 2")
        while self.pipe.read_line() != "feature done=1":
            pass
        name, options = VARIANTS[variant][1], VARIANTS[variant][3]
        for command in ("new", f"variant {name}", "memory 16", "option Allow repeats=1", *options, "force"):
            self.pipe.send(command)
        self.sync()

    def sync(self):
        """Lines HaChu writes until it answers a ping."""
        self.pings += 1
        self.pipe.send(f"ping {self.pings}")
        lines = []
        while True:
            line = self.pipe.read_line()
            if line == f"pong {self.pings}":
                return lines
            lines.append(line)

    def legal_moves(self):
        """(legal moves in koma USI, moves HaChu's Lion rules refused, with its reason)."""
        self.pipe.send("usermove a1a1")
        lines = self.sync()
        moves, refused, expected, seen = set(), {}, None, 0
        for line in lines:
            count = COUNT_LINE.match(line)
            if count:
                expected = int(count.group(2)) - int(count.group(1))
                continue
            if expected is not None and seen < expected:
                listed = LIST_LINE.match(line)
                if listed:
                    seen += 1
                    if listed.group(2) != "@@@@":
                        moves.add(hachu_move_to_koma(listed.group(2)))
                    elif int(listed.group(1), 16):
                        moves.add(PASS)  # a Lion's pass; a zero is a hole in HaChu's list
                continue
            repeated = REPEAT_LINE.match(line)
            if repeated and int(repeated.group(1), 16) & 1 << 24:
                distant = int(repeated.group(1), 16) & 1 << 25
                reason = "distant capture of a protected Lion" if distant else "counterstrike"
                refused[hachu_move_to_koma(repeated.group(2))] = reason
        if expected is None or seen != expected:
            raise EngineError(f"HaChu's move list not understood: {lines[:5]}")
        return moves, refused

    def play(self, move, sfen):
        """Plays a koma move; an EngineError when HaChu refuses it."""
        text = "@@@@" if normal_form(move, sfen) == PASS else koma_move_to_hachu(move)
        self.pipe.send("usermove " + text)
        for line in self.sync():
            if line.startswith("Illegal move"):
                raise EngineError(f"HaChu refused {move} ({text}): {line}")

    def close(self):
        self.pipe.send("quit")
        self.pipe.close()


class Koma:
    """`koma serve` holding one game."""

    def __init__(self, path, slug):
        self.pipe = Pipe([path, "serve"])
        self.slug = slug

    def ask(self, request):
        self.pipe.send(json.dumps(request))
        answer = json.loads(self.pipe.read_line())
        if not answer.get("ok"):
            raise EngineError(f"koma: {answer}")
        return answer

    def new_game(self):
        self.position = self.ask({"cmd": "new", "variant": self.slug})["position"]

    def legal_moves(self):
        answer = self.ask({"cmd": "moves", "position": self.position})
        return answer["moves"], answer

    def play(self, move):
        self.ask({"cmd": "play", "position": self.position, "moves": [move]})

    def close(self):
        self.pipe.close()


def occupied(sfen):
    """The pieces of an SFEN's board by square, in koma's names."""
    squares = {}
    for row, text in enumerate(sfen.split()[0].split("/")):
        file = SIZE
        for token in re.findall(r"\d+|\+?[A-Za-z]['!]?", text):
            if token.isdigit():
                file -= int(token)
            else:
                squares[f"{file}{chr(ord('a') + row)}"] = token
                file -= 1
    return squares


def normal_form(move, sfen):
    """A koma move as compared: a step to an empty square and back is a pass, whichever square."""
    squares = [a + b for a, b in SQUARE.findall(move)]
    if len(squares) == 3 and squares[0] == squares[2] and squares[1] not in occupied(sfen):
        return PASS
    return move


ROYALS = ("K", "+E")


def royal_capturable(koma_moves, sfen):
    """Whether a move of the side to move takes the opponent's King or Prince."""
    board = occupied(sfen)
    theirs = [r.lower() for r in ROYALS] if sfen.split()[1] == "b" else list(ROYALS)
    return any(board.get(move_squares(move)[-1]) in theirs for move in koma_moves)


def move_squares(move):
    return [a + b for a, b in SQUARE.findall(move)]


def classify(move, side, refused, hachu_moves, sfen, variant):
    """The known cause of one difference, or None."""
    if side == "koma-only" and move in refused:
        return f"HaChu's Lion rule refuses it ({refused[move]})"
    if side == "koma-only" and move + "+" in hachu_moves:
        return "HaChu lists only the promotion (it accepts the move that declines)"
    piece = occupied(sfen).get(move_squares(move)[0], "")
    if variant != "chu":
        # HaChu takes away the promotion of a Pawn that declined it where it listed only the
        # promotion, but for the far rank; the shogivar summary has no such rule.
        row = ord(move_squares(move)[0][-1]) - ord("a")  # from the far side of sente
        in_zone = row < DAI_ZONE if piece.isupper() else row >= SIZE - DAI_ZONE
        if side == "koma-only" and move.endswith("+") and piece.upper() == "P" and in_zone:
            return "HaChu: a Pawn that declined in the zone promotes later only on the far rank"
        return None
    if side == "koma-only" and move.endswith("+") and piece.upper() in ("P", "L"):
        return "HaChu: a Pawn or Lance that declined in the zone does not promote there later"
    squares = move_squares(move)
    if side == "hachu-only" and piece.upper() in ("N", "+O") and len(squares) == 3:
        board = occupied(sfen)
        first, last = board.get(squares[1], ""), board.get(squares[2], "")
        if first.upper() in ("P", "I") and last.upper() in ("N", "+O") and first.isupper() == last.isupper():
            return ("a Lion taken after a Pawn or Go-between: HaChu judges its protection after the "
                    "move, the Chu Shogi Association (koma, lishogi) before it, so the doomed Pawn "
                    "or Go-between still protects")
    return None


def compare_games(args):
    koma = Koma(args.koma, VARIANTS[args.variant][0])
    rng = random.Random(args.seed)
    totals = {"games": 0, "positions": 0, "moves": 0, "differences": 0, "stopped": 0}
    causes = {}
    examples = {}
    try:
        for game in range(args.games):
            koma.new_game()
            hachu = HaChu(args.hachu, args.variant)
            played = []
            try:
                for _ in range(args.plies):
                    koma_moves, position = koma.legal_moves()
                    if position.get("ended") or not koma_moves:
                        break
                    if royal_capturable(koma_moves, position["sfen"]):
                        totals["stopped"] += 1  # HaChu's list would be the last position's
                        break
                    hachu_moves, refused = hachu.legal_moves()
                    totals["positions"] += 1
                    totals["moves"] += len(koma_moves)
                    mine = {normal_form(move, position["sfen"]) for move in koma_moves}
                    for side, moves in (("koma-only", mine - hachu_moves),
                                        ("hachu-only", hachu_moves - mine)):
                        for move in sorted(moves):
                            cause = classify(move, side, refused, hachu_moves, position["sfen"],
                                             args.variant)
                            key = f"{side}: {cause or 'unexplained'}"
                            causes[key] = causes.get(key, 0) + 1
                            totals["differences"] += 1
                            examples.setdefault(key, []).append(
                                (game, " ".join(played), position["sfen"], move))
                    move = rng.choice(koma_moves)
                    try:
                        hachu.play(move, position["sfen"])
                    except EngineError as error:
                        if "refused" not in str(error):
                            raise
                        key = "game cut short: HaChu refuses the move koma played"
                        known = classify(move, "koma-only", {}, set(), position["sfen"], args.variant)
                        if known and "Pawn" in known:
                            key = f"game cut short where it is known: {known}"
                        causes[key] = causes.get(key, 0) + 1
                        examples.setdefault(key, []).append(
                            (game, " ".join(played), position["sfen"], move))
                        break
                    koma.play(move)
                    played.append(move)
            finally:
                hachu.close()
            totals["games"] += 1
    finally:
        koma.close()
    return totals, causes, examples


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="chu")
    parser.add_argument("--koma", default=os.environ.get("KOMA", "build/koma"))
    parser.add_argument("--hachu", default="hachu")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=2)
    parser.add_argument("--verbose", action="store_true", help="the moves before each example")
    args = parser.parse_args()
    global SIZE
    SIZE = VARIANTS[args.variant][2]
    started = time.monotonic()
    try:
        totals, causes, examples = compare_games(args)
    except EngineError as error:
        print(f"hachu oracle: {error}", file=sys.stderr)
        return 2
    print(f"{VARIANTS[args.variant][0]}: {totals['games']} games, {totals['positions']} positions, "
          f"{totals['moves']} koma moves, {totals['differences']} differences "
          f"({time.monotonic() - started:.1f} s); {totals['stopped']} games stopped where a "
          "royal piece could be taken")
    unexplained = 0
    for key in sorted(causes):
        print(f"  {causes[key]:6d}  {key}")
        if "unexplained" in key or "refuses" in key:
            unexplained += causes[key]
        for game, played, sfen, move in examples[key][:args.examples]:
            print(f"          game {game} move {move} sfen {sfen}")
            if args.verbose:
                print(f"          after {played}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
