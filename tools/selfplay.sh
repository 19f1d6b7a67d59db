#!/usr/bin/env bash
# Plays the search at a node budget against a random mover and a one-ply material mover, GAMES
# games per variant (sides alternate), and prints each score line.
# usage: tools/selfplay.sh [KOMA] [GAMES] [NODES] [VARIANT...]
#   defaults: build/koma, 100 games, 2000 nodes, shogi kyoto-shogi minishogi chu-shogi
set -eu
koma=${1:-build/koma}
games=${2:-100}
nodes=${3:-2000}
shift $(( $# < 3 ? $# : 3 ))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(shogi kyoto-shogi minishogi chu-shogi)
for variant in "${variants[@]}"; do
  for opponent in random material; do
    "$koma" selfplay "$variant" --games "$games" --nodes "$nodes" --opponent "$opponent" --seed 1 | tail -n 1
  done
done
