/* queens N [--stats]: counts the ways to place N non-attacking queens on an N x N board.
 *
 * Exact cover with secondary columns: each board row and column must hold exactly one
 * queen (primary), each diagonal at most one (secondary). 8 -> 92, 12 -> 14200.
 * With --stats, the search figures (Knuth's nodes and updates) go to stderr. */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_QUEENS 64

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

static const char usage[] =
    "usage: queens N [--stats]\n"
    "Prints the number of ways to place N non-attacking queens on an N x N board\n"
    "(N in 1..64; 8 -> 92, 12 -> 14200). Reads no input.\n"
    "  --stats  also print the search figures (Knuth's nodes and updates) on stderr\n"
    "Exit status: 0 counted, 1 bad arguments or output that cannot be written.\n";

int main(int argc, char **argv) {
  long n;
  uint32_t r, c;
  int stats = argc == 3 && strcmp(argv[2], "--stats") == 0;
  dlx_dims d;
  dlx_solver *s = NULL;
  dlx_status st;
  uint64_t count = 0;

  cli_init(argc, argv, "queens", usage);
  if ((argc != 2 && !stats) || (n = parse_n(argv[1])) < 0) {
    fprintf(stderr, "usage: queens N [--stats]   (N in 1..%d)\n", MAX_QUEENS);
    return 1;
  }
  d.primary = (uint32_t)(2 * n);
  d.secondary = (uint32_t)(2 * (2 * n - 1));
  d.max_rows = (uint32_t)(n * n);
  d.max_entries = (uint32_t)(4 * n * n);
  if ((st = dlx_new(&d, &s)) != DLX_OK) {
    fprintf(stderr, "queens: %s\n", dlx_status_str(st));
    return 1;
  }
  for (r = 0; r < (uint32_t)n; ++r) {
    for (c = 0; c < (uint32_t)n; ++c) {
      uint32_t cols[4];
      cols[0] = r;                                     /* board row */
      cols[1] = (uint32_t)n + c;                       /* board column */
      cols[2] = (uint32_t)(2 * n) + r + c;             /* diagonal / */
      cols[3] = (uint32_t)(4 * n - 1) + r + (uint32_t)n - 1 - c; /* diagonal \ */
      if ((st = dlx_add_row(s, cols, 4, NULL)) != DLX_OK) {
        fprintf(stderr, "queens: %s\n", dlx_status_str(st));
        dlx_free(s);
        return 1;
      }
    }
  }
  st = dlx_count(s, 0, &count);
  if (st != DLX_OK) {
    fprintf(stderr, "queens: %s\n", dlx_status_str(st));
    dlx_free(s);
    return 1;
  }
  printf("%llu\n", (unsigned long long)count);
  if (stats) {
    dlx_stats x;
    dlx_get_stats(s, &x);
    fprintf(stderr, "nodes %llu updates %llu\n", (unsigned long long)x.nodes,
            (unsigned long long)x.updates);
  }
  dlx_free(s);
  return cli_finish(0);
}
