#!/usr/bin/env python3
"""Drives `koma usi` as a shogi GUI does and checks its answers: a search to depth 3, an
illegal `position` refused with the old position kept, `stop` ending `go infinite` at once,
another variant chosen by setoption, and bad commands answered without a crash."""
import queue
import re
import subprocess
import sys
import threading
import time

KOMA = sys.argv[1]
TIMEOUT = 30.0
DEBUG = False


class Session:
    def __init__(self, *args):
        self.proc = subprocess.Popen([KOMA, "usi", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        if DEBUG: print("<<", line)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, pattern, timeout=TIMEOUT):
        """Lines up to and including the first that matches `pattern`."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                fail(f"no line matching {pattern!r} within {timeout} s; got {seen}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                fail(f"koma usi ended before a line matching {pattern!r}; got {seen}")
            seen.append(line)
            if DEBUG: print(">>", line)
            if re.match(pattern, line):
                return seen

    def close(self):
        self.send("quit")
        self.proc.stdin.close()
        if self.proc.wait(timeout=TIMEOUT) != 0:
            fail(f"koma usi exited with {self.proc.returncode}")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def legal_moves(variant, sfen=None):
    command = [KOMA, "moves", variant] + (["--sfen", sfen] if sfen else [])
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return set(out.split("moves:")[-1].split()) if "moves:" in out else set(out.split())


s = Session()
s.send("usi")
lines = s.until(r"^usiok$")
if not any(line.startswith("id name koma") for line in lines):
    fail(f"no id name in {lines}")
for option in ("USI_Variant", "USI_Hash", "Threads"):
    if not any(line.startswith(f"option name {option} ") for line in lines):
        fail(f"option {option} not announced: {lines}")
s.send("isready")
s.until(r"^readyok$")
s.send("usinewgame")
s.send("position startpos moves 7g7f 3c3d")
s.send("go depth 3")
lines = s.until(r"^bestmove ")
if not any(re.match(r"^info depth 3 .*score (cp|mate) -?\d+ .*nodes \d+ nps \d+ time \d+ pv ", l) for l in lines):
    fail(f"no 'info depth 3 ... pv' line: {lines}")
best = lines[-1].split()[1]
start_after = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
if best not in legal_moves("shogi", start_after):
    fail(f"bestmove {best} is not legal after 7g7f 3c3d")

# An illegal move: an error, and the position stays the mate in one set before it.
s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
s.send("position startpos moves 7g7f 1a1a")
lines = s.until(r"^info string error ")
if "position unchanged" not in lines[-1]:
    fail(f"the error does not say the position is unchanged: {lines[-1]}")
s.send("go depth 3")
lines = s.until(r"^bestmove ")
if lines[-1].split()[1] != "G*5b":
    fail(f"after the refused position the old one should be searched (G*5b mates): {lines[-1]}")

# stop during go infinite answers at once.
s.send("position startpos")
s.send("go infinite")
time.sleep(0.5)
sent = time.monotonic()
s.send("stop")
lines = s.until(r"^bestmove ", timeout=5)
if time.monotonic() - sent > 1.0:
    fail(f"bestmove came {time.monotonic() - sent:.2f} s after stop")
if lines[-1].split()[1] not in legal_moves("shogi"):
    fail(f"bestmove after stop is not legal: {lines}")

# Bad commands and arguments: errors, no crash, the session goes on.
for bad in ("frobnicate", "setoption name Threads value 2", "setoption name NoSuch value 1",
            "setoption name USI_Hash value lots", "position", "position sfen not-a-sfen",
            "setoption name USI_Variant value no-such-variant"):
    s.send(bad)
    s.until(r"^info string error ")
s.send("isready")
s.until(r"^readyok$")

# Another variant by setoption, then a search in it.
s.send("setoption name USI_Variant value kyoto-shogi")
s.until(r"^info string variant kyoto-shogi$")
s.send("isready")
s.until(r"^readyok$")
s.send("position startpos")
s.send("go depth 3")
lines = s.until(r"^bestmove ")
if lines[-1].split()[1] not in legal_moves("kyoto-shogi"):
    fail(f"the Kyoto bestmove is not legal: {lines[-1]}")
s.send("go btime 0 wtime 0 byoyomi 300")
sent = time.monotonic()
s.until(r"^bestmove ", timeout=5)
if time.monotonic() - sent > 1.5:
    fail(f"a 300 ms byoyomi move took {time.monotonic() - sent:.2f} s")
s.close()
print("usi session: ok")
