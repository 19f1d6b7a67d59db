#!/usr/bin/env python3
"""Asks every front end the same questions and checks they give the same answers.

Each question sets up a position (variant, SFEN, moves) and asks for its legal moves with their
data and its status, or expects an error. The answer compared is the set of legal moves (USI,
origin, target, piece, capture, promotion, drop), the status (rule, winner, the rule's line) and,
for an error, its code and, where the question is about a file, its line and column.

Questions with "think" (a node budget) ask the computer for its move instead, of the front ends
that offer it (Python and the npm package): the verdict, move, score, depth, nodes and line.

Front ends: the `koma` command, `koma serve`, and when given, the Python module (--python: run
in this interpreter with the module importable) and the npm package (--node DIR: a folder where
`import("koma")` works).

usage: same_answers.py KOMA SOURCE_DIR [--python] [--node DIR]
"""
import json
import os
import subprocess
import sys
import tempfile

QUESTIONS = [
    {"name": "shogi after two moves", "variant": "shogi", "moves": ["7g7f", "3c3d"]},
    {"name": "a capture and promotion are available", "variant": "shogi",
     "sfen": "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"},
    {"name": "drops from a hand", "variant": "shogi", "sfen": "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1"},
    {"name": "kyoto flips", "variant": "kyoto-shogi", "moves": []},
    {"name": "kyoto in the fsf dialect", "variant": "kyoto-shogi", "dialect": "fsf", "moves": []},
    {"name": "heian, no drops", "variant": "heian-shogi", "moves": ["5f5e"]},
    {"name": "chu shogi's lion: two steps, igui, a pass", "variant": "chu-shogi",
     "sfen": "kg10/12/12/12/12/5p6/6N5/12/12/12/12/10GK b - 1"},
    {"name": "checkmate", "variant": "shogi", "sfen": "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 2"},
    {"name": "bare king", "variant": "heian-shogi", "sfen": "4k4/9/9/9/9/9/9/3GK4 w - 1"},
    {"name": "an illegal move", "variant": "shogi", "moves": ["7g7e"], "error": True},
    {"name": "a malformed move", "variant": "shogi", "moves": ["zz"], "error": True},
    {"name": "a bad SFEN", "variant": "shogi", "sfen": "9/9/9 b - 1", "error": True},
    {"name": "an unknown variant", "variant": "no-such-variant", "error": True},
    {"name": "an unknown dialect", "variant": "kyoto-shogi", "dialect": "klingon", "error": True},
    {"name": "a start position fault", "variant": "tests/bad-input/opponent-in-check.md",
     "error": True, "located": True},
    {"name": "a variant that does not compile", "variant": "tests/cli/data/broken.md",
     "error": True, "located": True},
]

THINK_QUESTIONS = [
    {"name": "the computer in shogi", "variant": "shogi", "moves": ["7g7f", "3c3d"], "think": 3000},
    {"name": "the computer in kyoto, fsf", "variant": "kyoto-shogi", "dialect": "fsf", "think": 3000},
    {"name": "the computer in chu shogi", "variant": "chu-shogi", "think": 3000},
    {"name": "the computer mates", "variant": "shogi", "sfen": "4k4/9/4G4/9/9/9/9/9/4K4 b G 1", "think": 3000},
    {"name": "the computer resigns", "variant": "shogi", "sfen": "8k/9/7G1/9/9/9/9/9/K8 w G 1", "think": 3000},
]


def normal_moves(moves):
    keep = ("usi", "from", "to", "piece", "captured", "promotion", "drop")
    return sorted(tuple((k, m.get(k)) for k in keep) for m in moves)


def normal_status(status):
    if not status:
        return None
    at = status.get("rule_at") or {}
    return (status["rule"], status["winner"], at.get("line"))


class Cli:
    name = "koma"

    def __init__(self, koma):
        self.koma = koma

    def ask(self, q):
        cmd = [self.koma, "moves", q["variant"], "--format", "json"]
        if "sfen" in q:
            cmd += ["--sfen", q["sfen"]]
        if q.get("moves"):
            cmd += ["--moves"] + q["moves"]
        if q.get("dialect"):
            cmd += ["--dialect", q["dialect"]]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            return self.error(run.stderr)
        out = json.loads(run.stdout)
        return {"moves": normal_moves(out["move_data"]), "status": normal_status(out.get("status"))}

    @staticmethod
    def error(stderr):
        # A located diagnostic line comes first: FILE:LINE:COL: error: MESSAGE [CODE].
        for line in stderr.splitlines():
            parts = line.split(":")
            if len(parts) > 4 and parts[1].isdigit() and parts[2].isdigit() and " error" in parts[3]:
                return {"error": line.rsplit("[", 1)[1].rstrip("]"), "at": (int(parts[1]), int(parts[2]))}
        last = stderr.strip().splitlines()[-1]
        return {"error": last.rsplit("[", 1)[1].rstrip("]") if last.endswith("]") else last, "at": None}


class Serve:
    name = "koma serve"

    def __init__(self, koma):
        self.process = subprocess.Popen([koma, "serve", "--any-path"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def request(self, body):
        self.process.stdin.write(json.dumps(body) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def ask(self, q):
        body = {"cmd": "moves", "variant": q["variant"], "data": True, "moves": q.get("moves", [])}
        if "sfen" in q:
            body["sfen"] = q["sfen"]
        if q.get("dialect"):
            body["dialect"] = q["dialect"]
        out = self.request(body)
        if not out["ok"]:
            error = out["error"]
            located = [d for d in error.get("diagnostics", []) if d["severity"] == "error"]
            at = (located[0]["line"], located[0]["column"]) if located else None
            code = located[0]["code"] if located else error["code"]
            return {"error": code, "at": at}
        return {"moves": normal_moves(out["move_data"]), "status": normal_status(out.get("status"))}


class Python:
    name = "Python"

    def __init__(self):
        import koma  # noqa: F401 (the installed or built package)
        self.koma = koma

    def ask(self, q):
        koma = self.koma
        try:
            variant = koma.Variant(q["variant"])
            game = koma.Game(variant, sfen=q.get("sfen"), moves=q.get("moves", []), dialect=q.get("dialect", ""))
        except koma.KomaError as error:
            at = (error.line, error.column) if error.line else None
            return {"error": error.code, "at": at}
        if q.get("think"):
            t = game.think(nodes=q["think"])
            return {"verdict": t.verdict, "move": t.move.text if t.move else None, "score": t.score,
                    "mate": t.mate, "depth": t.depth, "nodes": t.nodes, "pv": t.pv}
        moves = [{"usi": m.text, "from": m.from_square, "to": m.to_square, "piece": m.piece,
                  "captured": m.captured, "promotion": m.promotion, "drop": m.drop} for m in game.legal_moves]
        status = game.status
        if status.ended:
            s = {"rule": status.rule, "winner": status.winner, "rule_at": {"line": status.line}}
        else:
            s = None
        return {"moves": normal_moves(moves), "status": normal_status(s)}


class Node:
    name = "npm package"

    def __init__(self, folder):
        env = dict(os.environ, KOMA_SOURCE_DIR=os.getcwd())
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "same_answers.mjs")
        self.process = subprocess.Popen(["node", script], cwd=folder, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env)

    def ask(self, q):
        self.process.stdin.write(json.dumps(q) + "\n")
        self.process.stdin.flush()
        out = json.loads(self.process.stdout.readline())
        if "error" in out:
            return {"error": out["error"], "at": tuple(out["at"]) if out.get("at") else None}
        if q.get("think"):
            return out
        return {"moves": normal_moves(out["moves"]), "status": normal_status(out.get("status"))}


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    koma, source = os.path.abspath(args[0]), args[1]
    node_folder = os.path.abspath(args[args.index("--node") + 1]) if "--node" in args else None
    os.chdir(source)
    os.environ["KOMA_VARIANTS"] = os.path.join(os.getcwd(), "variants")
    fronts = [Cli(koma), Serve(koma)]
    if "--python" in args:
        fronts.append(Python())
    if "--node" in args:
        fronts.append(Node(node_folder))
    failures = 0
    for q in QUESTIONS:
        answers = [(f.name, f.ask(q)) for f in fronts]
        first_name, first = answers[0]
        expected_error = q.get("error", False)
        if ("error" in first) != expected_error:
            print(f"{q['name']}: {first_name} answered {first}")
            failures += 1
            continue
        if q.get("located") and not first.get("at"):
            print(f"{q['name']}: {first_name} gives no place: {first}")
            failures += 1
        for name, answer in answers[1:]:
            if answer != first:
                print(f"{q['name']}: {name} answers {answer}\n  but {first_name} answers {first}")
                failures += 1
    thinkers = [f for f in fronts if isinstance(f, (Python, Node))]
    for q in THINK_QUESTIONS if len(thinkers) > 1 else []:
        answers = [(f.name, f.ask(q)) for f in thinkers]
        first_name, first = answers[0]
        if "error" in first or not first["pv"]:
            print(f"{q['name']}: {first_name} answered {first}")
            failures += 1
        for name, answer in answers[1:]:
            if answer != first:
                print(f"{q['name']}: {name} answers {answer}\n  but {first_name} answers {first}")
                failures += 1
    names = ", ".join(f.name for f in fronts)
    asked = len(QUESTIONS) + (len(THINK_QUESTIONS) if len(thinkers) > 1 else 0)
    print(f"same answers: {asked} questions to {names}: {failures} differences")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
