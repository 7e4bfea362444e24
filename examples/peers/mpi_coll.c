/* Open MPI's collectives at any number of ranks, for JOMP's bin/jomp-msgbench --with-peers, which measures the same
   calls at 2, 4 and 8 ranks (../shared/peers/mpi_pingpong.c measures 8-byte collectives at 2 ranks only).

   Method as msgbench's RankProgram: Barrier, and Bcast (root 0), Allreduce (SUM) and Allgather (each rank's block) of
   doubles at each size given; per point a warm-up, then an iteration count sized so a sample takes about SAMPLE_MS
   (rank 0 decides, all follow), then SAMPLES timed samples; a sample's figure is the time per call of the slowest rank
   (an Allreduce MAX of the ranks' times). Prints, on rank 0, one line per point:
     coll op=allreduce bytes=8 ranks=4 median 17.804 us min 14.530 us
   Arguments: the sizes in bytes (default 8 65536 1048576). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES 5
#define SAMPLE_MS 20.0

enum op { BARRIER, BCAST, ALLREDUCE, ALLGATHER };
static const char *names[] = {"barrier", "bcast", "allreduce", "allgather"};

static double *a, *b;

static void call(enum op op, int count) {
  switch (op) {
    case BARRIER: MPI_Barrier(MPI_COMM_WORLD); break;
    case BCAST: MPI_Bcast(a, count, MPI_DOUBLE, 0, MPI_COMM_WORLD); break;
    case ALLREDUCE: MPI_Allreduce(a, b, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); break;
    case ALLGATHER: MPI_Allgather(a, count, MPI_DOUBLE, b, count, MPI_DOUBLE, MPI_COMM_WORLD); break;
  }
}

/* Seconds per call of the slowest rank over iters calls. */
static double timed(enum op op, int count, long iters) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long i = 0; i < iters; i++) call(op, count);
  double mine = (MPI_Wtime() - t0) / iters, slowest;
  MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return slowest;
}

static int cmp(const void *x, const void *y) {
  double p = *(const double *)x, q = *(const double *)y;
  return (p > q) - (p < q);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long sizes[16];
  int nsizes = 0;
  for (int i = 1; i < argc && nsizes < 16; i++) sizes[nsizes++] = atol(argv[i]);
  if (nsizes == 0) { sizes[0] = 8; sizes[1] = 65536; sizes[2] = 1048576; nsizes = 3; }
  long largest = 8;
  for (int i = 0; i < nsizes; i++) {
    if (sizes[i] < 8) { if (!rank) fprintf(stderr, "sizes must be >= 8 bytes\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    if (sizes[i] > largest) largest = sizes[i];
  }
  /* Allgather's size is each rank's block, as msgbench's: its receive buffer holds size blocks. */
  a = calloc(largest / 8 + 1, sizeof(double));
  b = calloc((largest / 8 + 1) * (size_t)size, sizeof(double));
  for (int op = BARRIER; op <= ALLGATHER; op++) {
    for (int s = 0; s < (op == BARRIER ? 1 : nsizes); s++) {
      long bytes = op == BARRIER ? 0 : sizes[s];
      int count = (int)(bytes / 8);
      for (int w = 0; w < 3; w++) timed(op, count, 10);
      double once = timed(op, count, 10);
      long iters = (long)(SAMPLE_MS * 1e-3 / (once > 1e-9 ? once : 1e-9));
      if (iters < 1) iters = 1;
      MPI_Bcast(&iters, 1, MPI_LONG, 0, MPI_COMM_WORLD);
      double samples[SAMPLES];
      for (int k = 0; k < SAMPLES; k++) samples[k] = timed(op, count, iters);
      if (rank == 0) {
        qsort(samples, SAMPLES, sizeof(double), cmp);
        printf("coll op=%s bytes=%ld ranks=%d median %.3f us min %.3f us\n", names[op], bytes, size,
               samples[SAMPLES / 2] * 1e6, samples[0] * 1e6);
        fflush(stdout);
      }
    }
  }
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
