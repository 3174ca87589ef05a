#!/usr/bin/env bash
# The ten callgrind rows of PERFORMANCE.md: k instructions per vehicle-step spent in
# `World::step` (inclusive) and the world hash, for each configuration and ground, N = 20,
# one thread, skidpad alone. Counts do not depend on the machine's load.
#
#   cargo build --release -p skidpad-bench
#   crates/skidpad-bench/scripts/callgrind-rows.sh target/release/skidpad-bench OUTDIR [STEPS]
#
# STEPS = 200 (default): every step below 5 m/s (the presets run their 3 low-speed substeps);
# STEPS = 600: the wall-clock benchmark's own mixture (the cars reach ≈ 14 m/s). The 60
# warm-up steps are counted too: 20·(STEPS + 60) vehicle-steps. The callgrind files stay in
# OUTDIR for `callgrind_annotate` (`--inclusive=yes`; `--auto=yes` for source lines).
set -euo pipefail
BIN=$1
OUT=$2
STEPS=${3:-200}
mkdir -p "$OUT"
VS=$((20 * (STEPS + 60)))
for c in sedan sports-rwd sedan-slip-ray sedan-fc-ray sedan-mf; do
  for t in flat heightfield; do
    f=$OUT/cg.$c.$t.out
    valgrind --tool=callgrind --callgrind-out-file="$f" "$BIN" --n 20 --threads 1 --pairs 1 \
      --steps "$STEPS" --config "$c" --terrain "$t" --no-rapier >"$OUT/log.$c.$t.txt" 2>/dev/null
    ins=$(callgrind_annotate --inclusive=yes "$f" 2>/dev/null | grep -E 'World<.*>::step ' |
      grep -v parallel | head -1 | awk '{gsub(",", "", $1); print $1}')
    hash=$(grep -oE '[0-9a-f]{16}' "$OUT/log.$c.$t.txt" | head -1)
    echo "$c $t $(awk -v i="$ins" -v n="$VS" 'BEGIN { printf "%.2f", i / n / 1000 }') $hash"
  done
done
