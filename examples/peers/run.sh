#!/usr/bin/env bash
# JOMP's own C reference points, beside ../../shared/peers (which they complete):
#   run.sh omp [delay_us test_us outer_reps iters_per_thread max_chunk]
#       omp_epcc.c: libgomp's SINGLE, LOCK, ORDERED, ATOMIC and schedbench (bin/epcc --with-peers); THREADS sets the
#       team size (default 2)
#   run.sh mpi [bytes ...]
#       mpi_coll.c: Open MPI's barrier, bcast, allreduce and allgather at RANKS ranks (default "2 4 8") over shared
#       memory and over TCP (bin/jomp-msgbench --with-peers); TRANSPORTS="shm", "tcp" or "shm tcp" (the default)
#       chooses which
#   RANKS=2 run.sh mpi pingpong bytes ...
#       mpi_coll.c: Open MPI's ping-pong of each size over shared memory and over TCP
#   At RANKS=2, COPY_PROBE=1 brackets each sample of 1 MiB or more (ping-pong or collective) by two probes of how fast
#   the host copies from one core to the other
# PEERS_OUT sets the build directory. Needs gcc (omp) or Open MPI's mpicc and mpirun (mpi; installed from Debian's
# packages when missing, as ../../shared/peers/run.sh does).
set -euo pipefail
what=${1:-}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
out=${PEERS_OUT:-/tmp/jomp-peers}
mkdir -p "$out"
case $what in
  omp)
    gcc -O2 -fopenmp "$here/omp_epcc.c" -o "$out/omp_epcc"
    echo "== libgomp (gcc -fopenmp), EPCC SINGLE, LOCK, ORDERED, ATOMIC and schedbench, OMP_NUM_THREADS=${THREADS:-2}"
    OMP_NUM_THREADS=${THREADS:-2} "$out/omp_epcc" "$@"
    ;;
  mpi)
    if ! command -v mpicc >/dev/null; then
      (apt-get update -q && apt-get install -y -q openmpi-bin libopenmpi-dev) >/dev/null
    fi
    mpicc -O2 -pthread "$here/mpi_coll.c" -o "$out/mpi_coll"
    for np in ${RANKS:-2 4 8}; do
      for transport in ${TRANSPORTS:-shm tcp}; do
        case $transport in
          shm) echo "== Open MPI collectives, shared memory (default transport), $np ranks"
               mpirun --allow-run-as-root --oversubscribe -np "$np" "$out/mpi_coll" "$@" ;;
          tcp) echo "== Open MPI collectives, TCP (--mca btl tcp,self), $np ranks"
               mpirun --allow-run-as-root --oversubscribe -np "$np" --mca btl tcp,self "$out/mpi_coll" "$@" ;;
          *) echo "run.sh: TRANSPORTS may name shm and tcp, not $transport" >&2; exit 2 ;;
        esac
      done
    done
    ;;
  *) echo "usage: run.sh omp [delay_us test_us outer_reps iters_per_thread max_chunk]" \
       "| run.sh mpi [pingpong] [bytes ...]" >&2
     exit 2 ;;
esac
