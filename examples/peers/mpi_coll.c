/* Open MPI's collectives at any number of ranks, for JOMP's bin/jomp-msgbench --with-peers, which measures the same
   calls at 2, 4 and 8 ranks (../shared/peers/mpi_pingpong.c measures 8-byte collectives at 2 ranks only).

   Method as msgbench's RankProgram: Barrier, and Bcast (root 0), Allreduce (SUM) and Allgather (each rank's block) of
   doubles at each size given; per point a warm-up, then an iteration count sized so a sample takes about SAMPLE_MS
   (rank 0 decides, all follow), then SAMPLES timed samples; a sample's figure is the time per call of the slowest rank
   (an Allreduce MAX of the ranks' times). Prints, on rank 0, one line per point:
     coll op=allreduce bytes=8 ranks=4 median 17.804 us min 14.530 us
   Arguments: the sizes in bytes (default 8 65536 1048576).

   With the first argument "pingpong", at 2 ranks: only a ping-pong (one-way time, half a round trip) of each size
   given, printed as a point of the op "pingpong" (msgbench judges its socket bandwidth at 4 and 16 MB against these,
   sizes that ../shared/peers/mpi_pingpong.c does not measure).

   With LINE_PROBE=1 at 2 ranks, as msgbench's RankProgram --line-probe: a 1-byte ping-pong (one-way time, half a
   round trip) is measured too, and each sample of a point of at most 8 bytes is bracketed by two probes of how far
   apart the two ranks' cores are (a cache line passed back and forth for 5 ms between rank 0 and a helper thread on
   rank 1's core while rank 1 sleeps; one-way ns) and such points take three times the samples, each printed as
     sample op=bcast bytes=8 ranks=2 us=0.081 line=66,70

   With COPY_PROBE=1 at 2 ranks, as msgbench's RankProgram --copy-probe: each sample of a point (ping-pong or
   collective) of 1 MiB or more is bracketed by two probes of how fast the host moves data from one rank's core to the
   other's (for 5 ms, rank 0 copies 256 KiB into a page both ranks map and rank 1 copies it out, in turn; microseconds
   a MiB), and such points take three times the samples, each printed as
     sample op=pingpong bytes=4194304 ranks=2 us=512.3 copy=104,99 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SAMPLES 5
#define SAMPLE_MS 20.0

enum op { BARRIER, BCAST, ALLREDUCE, ALLGATHER, PINGPONG };
static const char *names[] = {"barrier", "bcast", "allreduce", "allgather", "pingpong"};

static double *a, *b;
static int rank;

static void call(enum op op, int count) {
  switch (op) {
    case PINGPONG: /* count is in bytes */
      if (rank == 0) {
        MPI_Send(a, count, MPI_CHAR, 1, 7, MPI_COMM_WORLD);
        MPI_Recv(a, count, MPI_CHAR, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 1) {
        MPI_Recv(a, count, MPI_CHAR, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(a, count, MPI_CHAR, 0, 7, MPI_COMM_WORLD);
      }
      break;
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

/* The line probe: rank 0 and a helper thread pinned to rank 1's core (Open MPI binds each rank to a core) pass one
   cache line; odd turns are the helper's. */
static _Alignas(128) atomic_long turn;
static _Alignas(128) atomic_int stop_helper;
static int peer_cpu = -1;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static void *helper(void *unused) {
  (void)unused;
  while (!atomic_load(&stop_helper)) {
    long t = atomic_load(&turn);
    if (t & 1) atomic_store(&turn, t + 1);
  }
  return NULL;
}

static long round_trips(long from, long n) {
  for (long r = from; r < from + n; r++) {
    atomic_store(&turn, 2 * r + 1);
    while (atomic_load(&turn) != 2 * r + 2) {
    }
  }
  return from + n;
}

/* One-way ns on rank 0 (0 elsewhere), between barriers, while rank 1 sleeps. */
static double probe(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  double ns = 0;
  if (rank == 0) {
    atomic_store(&turn, 0);
    atomic_store(&stop_helper, 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (peer_cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(peer_cpu, &set);
      pthread_attr_setaffinity_np(&attr, sizeof set, &set);
    }
    pthread_t th;
    pthread_create(&th, &attr, helper, NULL);
    long r = round_trips(0, 64), first = r;
    double t0 = now_ns(), t;
    do r = round_trips(r, 64);
    while ((t = now_ns()) - t0 < 5e6);
    atomic_store(&stop_helper, 1);
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
    ns = (t - t0) / (2.0 * (r - first));
  } else {
    struct timespec pause = {0, 20000000};
    nanosleep(&pause, NULL);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return ns;
}

/* The copy probe (COPY_PROBE=1): a turn counter on a cache line of its own, then COPY_BYTES of data, in a file of
   /dev/shm both ranks map; odd turns are rank 1's. */
#define COPY_BYTES (256 * 1024)
#define COPY_PROBED_BYTES (1L << 20)
static atomic_long *copy_turn;
static char *copy_data, *copy_local;

static void copy_probe_open(void) {
  char name[64];
  int pid = getpid();
  MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
  snprintf(name, sizeof name, "/dev/shm/mpi-coll-copy-probe-%d", pid);
  int fd = rank == 0 ? open(name, O_RDWR | O_CREAT | O_EXCL, 0600) : -1;
  if (rank == 0 && (fd < 0 || ftruncate(fd, 128 + COPY_BYTES) != 0)) {
    perror(name);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1 && (fd = open(name, O_RDWR)) < 0) {
    perror(name);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *map = mmap(NULL, 128 + COPY_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED) {
    perror(name);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  close(fd);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) unlink(name);
  copy_turn = (atomic_long *)map;
  copy_data = map + 128;
  copy_local = calloc(COPY_BYTES, 1);
}

/* The probe copies as the JVM copies a Java array into a buffer, with 32-byte vector loads and stores (HotSpot's
   arraycopy above 4 KiB on AVX hosts), and not by memcpy: on the AMD EPYC host the two cores share, memcpy's
   rep movsb wrote 256 KiB into lines the other core had just read 3 times as fast as such a loop (68 against 205 us a
   MiB, 2 December 2026), so the two probes read different speeds of the same host. SSE2 where AVX2 is missing. */
#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("avx2"))) static void copy_avx2(char *to, const char *from, size_t n) {
  for (size_t i = 0; i < n; i += 32)
    _mm256_storeu_si256((__m256i *)(to + i), _mm256_loadu_si256((const __m256i *)(from + i)));
}
static void copy_sse2(char *to, const char *from, size_t n) {
  for (size_t i = 0; i < n; i += 16)
    _mm_storeu_si128((__m128i *)(to + i), _mm_loadu_si128((const __m128i *)(from + i)));
}
static void copy_as_jvm(char *to, const char *from, size_t n) {
  if (__builtin_cpu_supports("avx2")) copy_avx2(to, from, n);
  else copy_sse2(to, from, n);
}
#else
static void copy_as_jvm(char *to, const char *from, size_t n) { memcpy(to, from, n); }
#endif

/* Microseconds a MiB takes to be copied in on rank 0's core and out on rank 1's, on rank 0 (0 on rank 1): rounds
   of 256 KiB for 5 ms after 16 untimed ones, between barriers. */
static double copy_probe(void) {
  MPI_Barrier(MPI_COMM_WORLD);
  double us = 0;
  if (rank == 0) {
    long k = 0;
    double t0 = 0, t;
    for (;; k++) {
      if (k == 16) t0 = now_ns();
      copy_as_jvm(copy_data, copy_local, COPY_BYTES);
      atomic_store(copy_turn, 2 * k + 1);
      while (atomic_load(copy_turn) != 2 * k + 2) {
      }
      if (k > 16 && (t = now_ns()) - t0 >= 5e6) break;
    }
    atomic_store(copy_turn, -1);
    us = (t - t0) / 1e3 / (k - 16) * ((1 << 20) / (double)COPY_BYTES);
  } else {
    long t;
    for (;;) {
      while (((t = atomic_load(copy_turn)) & 1) == 0 && t >= 0) {
      }
      if (t < 0) break;
      copy_as_jvm(copy_local, copy_data, COPY_BYTES);
      atomic_store(copy_turn, t + 1);
    }
    atomic_store(copy_turn, 0);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return us;
}

static int cmp(const void *x, const void *y) {
  double p = *(const double *)x, q = *(const double *)y;
  return (p > q) - (p < q);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *want_probe = getenv("LINE_PROBE");
  int probing = size == 2 && want_probe && !strcmp(want_probe, "1");
  if (probing) {
    int cpu = sched_getcpu();
    if (rank == 1) MPI_Send(&cpu, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
    else MPI_Recv(&peer_cpu, 1, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  int only_pingpong = argc > 1 && !strcmp(argv[1], "pingpong");
  if (only_pingpong && size != 2) {
    if (!rank) fprintf(stderr, "mpi_coll pingpong: needs 2 ranks, not %d\n", size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const char *want_copy = getenv("COPY_PROBE");
  int copying = size == 2 && want_copy && !strcmp(want_copy, "1");
  if (copying) copy_probe_open();
  long sizes[16];
  int nsizes = 0;
  for (int i = only_pingpong ? 2 : 1; i < argc && nsizes < 16; i++) sizes[nsizes++] = atol(argv[i]);
  if (nsizes == 0) { sizes[0] = 8; sizes[1] = 65536; sizes[2] = 1048576; nsizes = 3; }
  long largest = 8;
  for (int i = 0; i < nsizes; i++) {
    if (sizes[i] < 8) { if (!rank) fprintf(stderr, "sizes must be >= 8 bytes\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    if (sizes[i] > largest) largest = sizes[i];
  }
  /* Allgather's size is each rank's block, as msgbench's: its receive buffer holds size blocks. */
  a = calloc(largest / 8 + 1, sizeof(double));
  b = calloc((largest / 8 + 1) * (size_t)size, sizeof(double));
  int first = only_pingpong ? PINGPONG : BARRIER, last = only_pingpong || probing ? PINGPONG : ALLGATHER;
  for (int op = first; op <= last; op++) {
    int points = op == BARRIER || (op == PINGPONG && !only_pingpong) ? 1 : nsizes;
    for (int s = 0; s < points; s++) {
      long bytes = op == BARRIER ? 0 : op == PINGPONG && !only_pingpong ? 1 : sizes[s];
      int count = (int)(op == PINGPONG ? bytes : bytes / 8);
      /* A ping-pong call is a round trip: its one-way time is half. */
      double per = op == PINGPONG ? 0.5 : 1;
      for (int w = 0; w < 3; w++) timed(op, count, 10);
      double once = timed(op, count, 10);
      long iters = (long)(SAMPLE_MS * 1e-3 / (once > 1e-9 ? once : 1e-9));
      if (iters < 1) iters = 1;
      MPI_Bcast(&iters, 1, MPI_LONG, 0, MPI_COMM_WORLD);
      /* Bracketed points take three times the samples: the placement switches every few seconds, and each side of
         the comparison needs samples in both. */
      int probed = probing && bytes <= 8, copied = copying && bytes >= COPY_PROBED_BYTES;
      int n = probed || copied ? 3 * SAMPLES : SAMPLES;
      double samples[3 * SAMPLES];
      for (int k = 0; k < n; k++) {
        double before = probed ? probe() : copied ? copy_probe() : 0;
        samples[k] = timed(op, count, iters) * per;
        double after = probed ? probe() : copied ? copy_probe() : 0;
        if ((probed || copied) && rank == 0) {
          printf("sample op=%s bytes=%ld ranks=%d us=%.4f %s=%.0f,%.0f\n", names[op], bytes, size,
                 samples[k] * 1e6, probed ? "line" : "copy", before, after);
        }
      }
      if (rank == 0) {
        qsort(samples, n, sizeof(double), cmp);
        printf("coll op=%s bytes=%ld ranks=%d median %.3f us min %.3f us\n", names[op], bytes, size,
               samples[n / 2] * 1e6, samples[0] * 1e6);
        fflush(stdout);
      }
    }
  }
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
