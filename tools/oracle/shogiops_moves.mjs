// The legal moves of a shogiops position in USI, shared by the oracle scripts: promotions and
// non-promotions spelled out, drops of either face where the rules allow it, sorted.
import { makeUsi } from 'shogiops/util';
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
  return moves.sort();
}
