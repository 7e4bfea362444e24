/* libgomp's overheads for the EPCC tests that ../shared/peers/omp_sync.c leaves out: syncbench's SINGLE, LOCK,
   ORDERED and ATOMIC, and schedbench's STATIC, STATIC_n, DYNAMIC_n and GUIDED_n. Written for JOMP's bin/epcc, which
   runs it through run.sh beside the Java implementations and reads its lines (threads=T NAME=overhead ... us).

   Method as EPCC's (J. M. Bull, "Measuring Synchronisation and Scheduling Overheads in OpenMP", EWOMP 1999) and as
   the Java port in examples/.../epcc/method: the delay is a dependent float loop whose length is grown by 10 % until
   it takes the delay time; a test repeats its construct innerreps times, doubled until one test takes the target
   test time; each outer repetition prints one line, and the overhead is the test's time per repetition minus the
   reference's. Arguments: delay_us test_us outer_reps iters_per_thread max_chunk (defaults 0.1 1000 20 1024 128). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static volatile float sink;
static int delaylength;

static void delay(int n) {
  float a = 0.0f;
  for (int i = 0; i < n; i++) a += i;
  if (a < 0.0f) sink = a;
}

static double mean_delay_us(int n, int reps) {
  double t0 = omp_get_wtime();
  for (int i = 0; i < reps; i++) delay(n);
  return (omp_get_wtime() - t0) * 1e6 / reps;
}

/* The smallest length, grown by 10 %, whose delay takes the target; each length judged by the fastest of three
   tries, as the Java port does, so that a descheduling cannot stop the search early. */
static int calibrate(double us) {
  for (int w = 0; w < 20000; w++) delay(100);
  int n = 0;
  double t = 0;
  while (t < us) {
    n = (int)(n * 1.1) + 1;
    double a = mean_delay_us(n, 1000), b = mean_delay_us(n, 1000), c = mean_delay_us(n, 1000);
    t = a < b ? (a < c ? a : c) : (b < c ? b : c);
  }
  return n;
}

typedef double (*test_fn)(int innerreps, int arg);

/* Seconds for one test. */
static double timed(test_fn f, int innerreps, int arg) {
  double t0 = omp_get_wtime();
  f(innerreps, arg);
  return omp_get_wtime() - t0;
}

/* EPCC's innerreps: doubled from min until one test takes test_us. */
static int inner_reps(test_fn f, int arg, int min, double test_us) {
  int reps = min;
  while (timed(f, reps, arg) * 1e6 < test_us && reps < (1 << 28)) reps *= 2;
  return reps;
}

static int nthreads, itersperthr;
static long counter;

static double ref_delays(int innerreps, int arg) {
  (void)arg;
  for (int j = 0; j < innerreps; j++) delay(delaylength);
  return 0;
}

static double ref_updates(int innerreps, int arg) {
  (void)arg;
  for (int j = 0; j < innerreps; j++) {
    counter += 1;
    __asm__ __volatile__("" ::: "memory"); /* one store per repetition, as the Java reference makes */
  }
  return 0;
}

static double ref_loops(int innerreps, int arg) {
  (void)arg;
  for (int j = 0; j < innerreps; j++)
    for (int i = 0; i < itersperthr; i++) delay(delaylength);
  return 0;
}

static double single(int innerreps, int arg) {
  (void)arg;
#pragma omp parallel
  for (int j = 0; j < innerreps; j++) {
#pragma omp single
    delay(delaylength);
  }
  return 0;
}

static omp_lock_t lock;

static double locks(int innerreps, int arg) {
  (void)arg;
#pragma omp parallel
  for (int j = 0; j < innerreps / nthreads; j++) {
    omp_set_lock(&lock);
    delay(delaylength);
    omp_unset_lock(&lock);
  }
  return 0;
}

static double ordered(int innerreps, int arg) {
  (void)arg;
#pragma omp parallel for ordered schedule(static, 1)
  for (int j = 0; j < innerreps; j++) {
#pragma omp ordered
    delay(delaylength);
  }
  return 0;
}

static double atomic(int innerreps, int arg) {
  (void)arg;
#pragma omp parallel
  for (int j = 0; j < innerreps / nthreads; j++) {
#pragma omp atomic
    counter += 1;
  }
  return 0;
}

static double sched_static(int innerreps, int arg) {
  (void)arg;
#pragma omp parallel
  for (int j = 0; j < innerreps; j++) {
#pragma omp for schedule(static)
    for (int i = 0; i < itersperthr * nthreads; i++) delay(delaylength);
  }
  return 0;
}

static double sched_static_n(int innerreps, int chunk) {
#pragma omp parallel
  for (int j = 0; j < innerreps; j++) {
#pragma omp for schedule(static, chunk)
    for (int i = 0; i < itersperthr * nthreads; i++) delay(delaylength);
  }
  return 0;
}

static double sched_dynamic_n(int innerreps, int chunk) {
#pragma omp parallel
  for (int j = 0; j < innerreps; j++) {
#pragma omp for schedule(dynamic, chunk)
    for (int i = 0; i < itersperthr * nthreads; i++) delay(delaylength);
  }
  return 0;
}

static double sched_guided_n(int innerreps, int chunk) {
#pragma omp parallel
  for (int j = 0; j < innerreps; j++) {
#pragma omp for schedule(guided, chunk)
    for (int i = 0; i < itersperthr * nthreads; i++) delay(delaylength);
  }
  return 0;
}

struct test {
  const char *name;
  test_fn f, reference;
  int arg, min_reps, reps;
  double ref_reps_us; /* the reference's time per repetition, measured once per outer repetition */
};

int main(int argc, char **argv) {
  double delay_us = argc > 1 ? atof(argv[1]) : 0.1;
  double test_us = argc > 2 ? atof(argv[2]) : 1000;
  int outer = argc > 3 ? atoi(argv[3]) : 20;
  itersperthr = argc > 4 ? atoi(argv[4]) : 1024;
  int max_chunk = argc > 5 ? atoi(argv[5]) : 128;
  if (delay_us <= 0 || test_us <= 0 || outer < 1 || itersperthr < 1 || max_chunk < 1) {
    fprintf(stderr, "usage: omp_epcc [delay_us test_us outer_reps iters_per_thread max_chunk]\n");
    return 2;
  }
  nthreads = omp_get_max_threads();
  omp_init_lock(&lock);
  delaylength = calibrate(delay_us);

  struct test tests[64];
  int n = 0;
  tests[n++] = (struct test){"SINGLE", single, ref_delays, 0, 1};
  tests[n++] = (struct test){"LOCK", locks, ref_delays, 0, nthreads};
  tests[n++] = (struct test){"ORDERED", ordered, ref_delays, 0, nthreads};
  tests[n++] = (struct test){"ATOMIC", atomic, ref_updates, 0, nthreads};
  int first_sched = n;
  tests[n++] = (struct test){"STATIC", sched_static, ref_loops, 0, 1};
  static char names[3][16][24];
  test_fn kinds[3] = {sched_static_n, sched_dynamic_n, sched_guided_n};
  const char *prefixes[3] = {"STATIC", "DYNAMIC", "GUIDED"};
  for (int k = 0; k < 3; k++) {
    int c = 0;
    for (int chunk = 1; chunk <= max_chunk && c < 16; chunk *= 2, c++) {
      snprintf(names[k][c], sizeof names[k][c], "%s_%d", prefixes[k], chunk);
      tests[n++] = (struct test){names[k][c], kinds[k], ref_loops, chunk, 1};
    }
  }
  for (int t = 0; t < n; t++) {
    tests[t].f(tests[t].min_reps, tests[t].arg); /* warm-up: threads created, pages touched */
    tests[t].reps = inner_reps(tests[t].f, tests[t].arg, tests[t].min_reps, test_us);
    tests[t].reps -= tests[t].reps % tests[t].min_reps;
  }
  printf("threads=%d delaylength=%d delay_us=%.3f itersperthr=%d\n", nthreads, delaylength, delay_us, itersperthr);
  for (int o = 0; o < outer; o++) {
    printf("threads=%d", nthreads);
    for (int t = 0; t < n; t++) {
      if (t == first_sched) printf(" us\nthreads=%d", nthreads);
      double ref = timed(tests[t].reference, tests[t].reps, 0) * 1e6 / tests[t].reps;
      double test = timed(tests[t].f, tests[t].reps, tests[t].arg) * 1e6 / tests[t].reps;
      printf(" %s=%.3f", tests[t].name, test - ref);
    }
    printf(" us\n");
    fflush(stdout);
  }
  omp_destroy_lock(&lock);
  return counter < 0;
}
