/* Luogu P4929 "[Template] Dancing Links": an exact cover of an N x M 0/1 matrix.
 *
 * Input:  N M, then N*M values 0 or 1 (1 <= N, M <= 500, at most 5000 ones).
 * Output: the 1-based numbers of the chosen rows (ascending), or "No Solution!".
 * Malformed input: one line on stderr, exit status 1 (input/p4929.h reads and checks it).
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * The solver lives in a static block sized at compile time for the judge's maxima. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/p4929.h" /* p4929_read: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

#define MAX_N P4929_MAX_N
#define MAX_M P4929_MAX_M
#define MAX_ONES P4929_MAX_ONES

DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE(MAX_M, 0, MAX_N, MAX_ONES)];

static int by_value(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static const char usage[] =
    "usage: p4929 [FILE]\n"
    "Luogu P4929 (Dancing Links template): reads N M and an N x M matrix of 0/1 values\n"
    "(1 <= N, M <= 500, at most 5000 ones) from FILE, or from standard input without one;\n"
    "prints the 1-based numbers of the rows of an exact cover, ascending, or \"No Solution!\".\n"
    "Exit status: 0 answered, 1 malformed input or output that cannot be written.\n";

int main(int argc, char **argv) {
  static struct p4929_matrix a;
  static uint32_t input_row[MAX_N]; /* solver row id -> 1-based input row */
  static uint32_t answer[MAX_N];
  char msg[128];
  long r;
  dlx_dims dims;
  dlx_solver *s = NULL;
  dlx_status st;
  FILE *in;

  cli_init(argc, argv, "p4929", usage);
  in = cli_input(cli_judge_args(argc, argv, NULL, NULL));
  if (dlx_abi_version() != DLX_ABI_VERSION) {
    fprintf(stderr, "p4929: libdlx ABI %u, built for %u\n", dlx_abi_version(),
            (unsigned)DLX_ABI_VERSION);
    return 1;
  }
  if (p4929_read(in, &a, msg, sizeof msg) != 0) cli_input_failed(in, msg);

  dims.primary = (uint32_t)a.m;
  dims.secondary = 0;
  dims.max_rows = (uint32_t)a.n;
  dims.max_entries = MAX_ONES;
  st = dlx_init_in(pool, sizeof pool, &dims, &s);
  if (st != DLX_OK) {
    fprintf(stderr, "p4929: %s\n", dlx_status_str(st));
    return 1;
  }
  for (r = 0; r < a.n; ++r) {
    size_t k = a.start[r + 1] - a.start[r];
    if (k > 0) { /* an all-zero row can never be chosen: it keeps its number only */
      uint32_t id;
      st = dlx_add_row(s, a.col + a.start[r], k, &id);
      if (st != DLX_OK) {
        fprintf(stderr, "p4929: %s\n", dlx_status_str(st));
        return 1;
      }
      input_row[id] = (uint32_t)(r + 1);
    }
  }

  st = dlx_next(s, 0);
  if (st == DLX_SOLUTION) {
    const uint32_t *rows;
    size_t k, i;
    dlx_solution(s, &rows, &k);
    for (i = 0; i < k; ++i) answer[i] = input_row[rows[i]];
    qsort(answer, k, sizeof answer[0], by_value);
    for (i = 0; i < k; ++i) printf(i ? " %u" : "%u", (unsigned)answer[i]);
    printf("\n");
  } else if (st == DLX_EXHAUSTED) {
    printf("No Solution!\n");
  } else {
    fprintf(stderr, "p4929: %s\n", dlx_status_str(st));
    return 1;
  }
  return cli_finish(0);
}
