#!/usr/bin/env bash
# Builds and runs omp_epcc.c, libgomp's figures for the EPCC tests that ../../shared/peers leaves out (SINGLE, LOCK,
# ORDERED, ATOMIC and schedbench), for bin/epcc --with-peers:  run.sh omp [delay_us test_us outer iters max_chunk]
# THREADS sets the team size (default 2); PEERS_OUT the build directory. Needs gcc.
set -euo pipefail
[ "${1:-}" = omp ] || { echo "usage: run.sh omp [delay_us test_us outer_reps iters_per_thread max_chunk]" >&2; exit 2; }
shift
here=$(cd "$(dirname "$0")" && pwd)
out=${PEERS_OUT:-/tmp/jomp-peers}
mkdir -p "$out"
gcc -O2 -fopenmp "$here/omp_epcc.c" -o "$out/omp_epcc"
echo "== libgomp (gcc -fopenmp), EPCC SINGLE, LOCK, ORDERED, ATOMIC and schedbench, OMP_NUM_THREADS=${THREADS:-2}"
OMP_NUM_THREADS=${THREADS:-2} "$out/omp_epcc" "$@"
