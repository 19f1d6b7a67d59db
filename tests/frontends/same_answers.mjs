// The npm package's side of same_answers.py: one question a line on stdin (JSON), one answer a
// line on stdout. Run in a folder where `import("koma")` finds the installed package.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(`${process.cwd()}/`);
const koma = await import(pathToFileURL(require.resolve('koma')).href);

function answer(q) {
  try {
    const isPath = q.variant.includes('/') || q.variant.endsWith('.md');
    const variant = isPath
      ? koma.compile(readFileSync(`${process.env.KOMA_SOURCE_DIR}/${q.variant}`, 'utf8'), { path: q.variant })
      : koma.loadBundled(q.variant);
    const game = variant.newGame({ sfen: q.sfen, moves: q.moves ?? [], dialect: q.dialect ?? '' });
    const moves = game.legalMoves().map((m) => ({
      usi: m.text, from: m.from, to: m.to, piece: m.piece, captured: m.captured,
      promotion: m.promotion, drop: m.drop,
    }));
    if (q.think) {
      const t = game.bestMove({ nodes: q.think });
      return { verdict: t.verdict, move: t.move?.text ?? null, score: t.score, mate: t.mate, depth: t.depth, nodes: t.nodes, pv: t.pv };
    }
    const s = game.status;
    const status = s.ended ? { rule: s.rule, winner: s.winner, rule_at: { line: s.ruleAt ? s.ruleAt.line : null } } : null;
    return { moves, status };
  } catch (error) {
    if (!(error instanceof koma.KomaError)) throw error;
    const located = error.diagnostics.filter((d) => d.severity === 'error');
    const first = located[0];
    if (first) return { error: first.code, at: [first.line, first.column] };
    return { error: error.code, at: error.line ? [error.line, error.column] : null };
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(answer(JSON.parse(line)))}\n`);
}
