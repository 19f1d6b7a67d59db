// The oracle scripts' random numbers: a small deterministic generator (xorshift32), so that a
// failing seed can be replayed.

/// A function n => an integer in [0, n), the same sequence for the same seed.
export function make_rng(seed) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}
