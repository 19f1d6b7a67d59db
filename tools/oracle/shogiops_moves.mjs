// The legal moves of a shogiops position in USI, shared by the oracle scripts: promotions and
// non-promotions spelled out, drops of either face where the rules allow it, sorted.
import { makeSfen } from 'shogiops/sfen';
import { makeUsi, parseUsi, squareDist } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote, promote } from 'shogiops/variant/util';

export function legal_moves(pos) {
  const can_promote = pieceCanPromote(pos.rules);
  const must_promote = pieceForcePromote(pos.rules);
  const moves = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (can_promote(piece, from, to, pos.board.get(to))) moves.push(makeUsi({ from, to, promotion: true }));
      if (!must_promote(piece, to)) moves.push(makeUsi({ from, to }));
    }
  }
  // The library lists drops of the faces pieces are held as; a variant may also allow the
  // other face (Kyoto), which the library accepts through isLegal.
  for (const [name, dests] of pos.allDropDests()) {
    const role = name.split(' ')[1];
    for (const to of dests) moves.push(makeUsi({ role, to }));
    const other = dests.nonEmpty() ? promote(pos.rules)(role) : undefined;
    if (!other) continue;
    for (const to of pos.dropDests({ color: pos.turn, role: other })) {
      if (pos.isLegal({ role: other, to })) moves.push(makeUsi({ role: other, to }));
    }
  }
  if (pos.rules === 'chushogi') return distinct_chu_moves(pos, moves.concat(chu_double_moves(pos)));
  return moves.sort();
}

// Chu shogi's moves of two steps (Lion, Horned Falcon, Soaring Eagle): the library's move
// destinations give the first step; its second-step function gives where the piece may go from
// there. USI names the middle square between origin and destination.
function chu_double_moves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allMoveDests()) {
    for (const mid of dests) {
      if (squareDist(from, mid) !== 1) continue;
      for (const to of secondLionStepDests(pos, from, mid)) moves.push(makeUsi({ from, to, midStep: mid }));
    }
  }
  return moves;
}

// The library lists one move several times where the middle square changes nothing (a Lion's
// jump also reached through an empty square beside it, a step out and back through any empty
// neighbour); koma lists each distinct move once. Moves are distinct when the positions they
// lead to differ (the SFEN after the move, the Lion-trading square included) or they move
// different pieces (two pieces' passes lead to one position); the first text of each,
// preferring the shortest, stands for it.
function distinct_chu_moves(pos, moves) {
  const seen = new Map();
  for (const m of moves.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))) {
    const next = pos.clone();
    next.play(parseUsi(m));
    const key = `${makeSfen(next)} ${m.slice(0, /^\d+[a-z]/.exec(m)[0].length)}`;
    if (!seen.has(key)) seen.set(key, m);
  }
  return [...seen.values()].sort();
}
