/* progress N: count the N-queens solutions with a progress bar and an ETA.
 *
 * The search runs in slices of 200000 link updates (dlx_next with a budget); every
 * 200000 updates dlx_progress gives Knuth's estimate of the fraction of the search tree
 * done, drawn as a bar on stderr with the time left extrapolated from the time spent.
 * The count goes to stdout, so `progress 13 2>/dev/null` prints 73712. */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_QUEENS 32
#define SLICE 200000u
#define WIDTH 40

static long parse_n(const char *text) {
  long v = 0;
  if (*text == '\0') return -1;
  for (; *text; ++text) {
    if (*text < '0' || *text > '9') return -1;
    v = v * 10 + (*text - '0');
    if (v > MAX_QUEENS) return -1;
  }
  return v >= 1 ? v : -1;
}

static void draw(double done, double seconds) {
  char bar[WIDTH + 1];
  int i, full = (int)(done * WIDTH);
  for (i = 0; i < WIDTH; ++i) bar[i] = i < full ? '#' : '.';
  bar[WIDTH] = '\0';
  if (done > 0.0) {
    double left = seconds * (1.0 - done) / done;
    fprintf(stderr, "\r[%s] %5.1f%%  ETA %6.1f s ", bar, 100.0 * done, left);
  } else {
    fprintf(stderr, "\r[%s] %5.1f%%  ETA    ?   ", bar, 0.0);
  }
  fflush(stderr);
}

static const char usage[] =
    "usage: progress N\n"
    "Counts the N-queens solutions (N in 1..32) with a progress bar and an estimate of\n"
    "the time left on stderr (dlx_progress); the count goes to stdout. Reads no input.\n"
    "Exit status: 0 counted, 1 bad arguments or output that cannot be written.\n";

int main(int argc, char **argv) {
  long n;
  uint32_t r, c;
  dlx_dims d;
  dlx_solver *s = NULL;
  dlx_status st;
  uint64_t count = 0, drawn = 0;
  clock_t start = clock();

  cli_init(argc, argv, "progress", usage);
  if (argc != 2 || (n = parse_n(argv[1])) < 0) {
    fprintf(stderr, "usage: progress N   (N in 1..%d)\n", MAX_QUEENS);
    return 1;
  }
  d.primary = (uint32_t)(2 * n);
  d.secondary = (uint32_t)(2 * (2 * n - 1));
  d.max_rows = (uint32_t)(n * n);
  d.max_entries = (uint32_t)(4 * n * n);
  if ((st = dlx_new(&d, &s)) != DLX_OK) {
    fprintf(stderr, "progress: %s\n", dlx_status_str(st));
    return 1;
  }
  for (r = 0; r < (uint32_t)n; ++r) {
    for (c = 0; c < (uint32_t)n; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = (uint32_t)n + c;
      cols[2] = (uint32_t)(2 * n) + r + c;
      cols[3] = (uint32_t)(4 * n - 1) + r + (uint32_t)n - 1 - c;
      if ((st = dlx_add_row(s, cols, 4, NULL)) != DLX_OK) {
        fprintf(stderr, "progress: %s\n", dlx_status_str(st));
        dlx_free(s);
        return 1;
      }
    }
  }
  for (;;) {
    double done = 0.0;
    dlx_stats now;
    st = dlx_next(s, SLICE);
    if (st == DLX_SOLUTION) ++count;
    else if (st != DLX_BUDGET_SPENT) break;
    /* Solutions interrupt slices: redraw every SLICE updates, whatever came. */
    if (dlx_get_stats(s, &now) == DLX_OK && now.updates - drawn >= SLICE &&
        dlx_progress(s, &done) == DLX_OK) {
      drawn = now.updates;
      draw(done, (double)(clock() - start) / CLOCKS_PER_SEC);
    }
  }
  if (st != DLX_EXHAUSTED) {
    fprintf(stderr, "\nprogress: %s\n", dlx_status_str(st));
    dlx_free(s);
    return 1;
  }
  draw(1.0, (double)(clock() - start) / CLOCKS_PER_SEC);
  fprintf(stderr, "\n");
  printf("%llu\n", (unsigned long long)count);
  dlx_free(s);
  return cli_finish(0);
}
