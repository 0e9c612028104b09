/* timeslice [N] [budget]: a game loop that spends a fixed work budget per frame.
 *
 * Each "frame" calls dlx_next with a budget of link updates (default 500) and goes
 * back to rendering when it is spent, so the search never stalls the loop. Every
 * solution of N-queens (default 8) is printed with the frame it appeared in. At the
 * end the total is checked against one unlimited count. */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>

static long parse(const char *text, long max) {
  long v = 0;
  if (*text == '\0') return -1;
  for (; *text; ++text) {
    if (*text < '0' || *text > '9') return -1;
    v = v * 10 + (*text - '0');
    if (v > max) return -1;
  }
  return v >= 1 ? v : -1;
}

static const char usage[] =
    "usage: timeslice [N] [BUDGET]\n"
    "A game loop that spends at most BUDGET link updates (default 500) per frame on the\n"
    "N-queens search (N in 1..16, default 8) and prints each solution with its frame,\n"
    "then the totals. Reads no input.\n"
    "Exit status: 0 done, 1 bad arguments or output that cannot be written.\n";

int main(int argc, char **argv) {
  long n, budget;
  uint32_t r, c;
  unsigned long frame = 0, found = 0;
  uint64_t expected = 0;
  dlx_dims d;
  dlx_solver *s = NULL;
  dlx_status st = DLX_OK;
  dlx_stats stats;

  cli_init(argc, argv, "timeslice", usage);
  n = argc > 1 ? parse(argv[1], 16) : 8;
  budget = argc > 2 ? parse(argv[2], 1000000000L) : 500;
  if (argc > 3 || n < 0 || budget < 0) {
    fprintf(stderr, "usage: timeslice [N in 1..16] [budget >= 1]\n");
    return 1;
  }
  d.primary = (uint32_t)(2 * n);
  d.secondary = (uint32_t)(2 * (2 * n - 1));
  d.max_rows = (uint32_t)(n * n);
  d.max_entries = (uint32_t)(4 * n * n);
  if ((st = dlx_new(&d, &s)) != DLX_OK) {
    fprintf(stderr, "timeslice: %s\n", dlx_status_str(st));
    return 1;
  }
  for (r = 0; r < (uint32_t)n; ++r)
    for (c = 0; c < (uint32_t)n; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = (uint32_t)n + c;
      cols[2] = (uint32_t)(2 * n) + r + c;
      cols[3] = (uint32_t)(4 * n - 1) + r + (uint32_t)n - 1 - c;
      dlx_add_row(s, cols, 4, NULL);
    }

  for (;;) {
    /* One frame: search until `budget` updates are spent, then render. */
    uint64_t frame_start, spent = 0;
    dlx_get_stats(s, &stats);
    frame_start = frame == 0 ? 0 : stats.updates; /* figures restart with the search */
    ++frame;
    while (spent < (uint64_t)budget &&
           (st = dlx_next(s, (uint64_t)budget - spent)) == DLX_SOLUTION) {
      const uint32_t *rows;
      size_t k, i;
      int column_of_row[16];
      dlx_solution(s, &rows, &k);
      for (i = 0; i < k; ++i) column_of_row[rows[i] / (uint32_t)n] = (int)(rows[i] % (uint32_t)n);
      printf("frame %lu: solution %lu:", frame, ++found);
      for (i = 0; i < (size_t)n; ++i) printf(" %d", column_of_row[i] + 1);
      printf("\n");
      cli_output_ok();
      dlx_get_stats(s, &stats);
      spent = stats.updates - frame_start;
    }
    if (st == DLX_EXHAUSTED) break;
    if (st != DLX_BUDGET_SPENT) {
      fprintf(stderr, "timeslice: %s\n", dlx_status_str(st));
      dlx_free(s);
      return 1;
    }
  }
  dlx_get_stats(s, &stats);
  printf("done in %lu frames of %ld updates: %lu solutions, %llu updates\n", frame, budget,
         found, (unsigned long long)stats.updates);
  dlx_count(s, 0, &expected);
  dlx_free(s);
  if (expected != found) {
    fprintf(stderr, "timeslice: %lu solutions in frames, but %llu in one go\n", found,
            (unsigned long long)expected);
    return 1;
  }
  return cli_finish(0);
}
