/* Luogu P1074 / NOIP 2009 "target Sudoku" (靶形数独): the best-scoring completion.
 *
 * Input:  nine lines of nine digits 0-9 separated by spaces or tabs (0 = blank).
 * Output: the largest sum of score(r, c) * digit over all completions, where
 *         score(r, c) = 10 - max(|r - 4|, |c - 4|) (0-based), or -1 if there is none.
 * Malformed input: one line on stderr, exit status 1.
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * The Sudoku is an exact-cover problem (324 columns, 729 rows); each row (r, c, d)
 * weighs score(r, c) * d and dlx_maximize finds the heaviest solution by branch and
 * bound instead of enumerating every completion. Both blocks are static. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/p1074.h" /* p1074_read: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

#define CELLS 81
#define COLS 324
#define ROWS 729
#define ENTRIES (4 * ROWS)

DLX_ALIGNED static unsigned char solver_pool[DLX_REQUIRED_SIZE(COLS, 0, ROWS, ENTRIES)];
DLX_ALIGNED static unsigned char max_pool[DLX_MAXIMIZER_REQUIRED_SIZE(COLS, 0, ROWS, ENTRIES)];

static int score(int r, int c) {
  int dr = abs(r - 4), dc = abs(c - 4);
  return 10 - (dr > dc ? dr : dc);
}

static void check(dlx_status st) {
  if (st != DLX_OK) {
    fprintf(stderr, "p1074: %s\n", dlx_status_str(st));
    exit(1);
  }
}

static const char usage[] =
    "usage: p1074 [FILE]\n"
    "Luogu P1074 (target Sudoku): reads nine lines of nine digits 0-9 (0 = blank) separated\n"
    "by spaces from FILE, or from standard input without one; prints the best score of\n"
    "any completion (the sum of score(cell) * digit, score 6 at the rim up to 10 in the\n"
    "centre), or -1 when there is no completion.\n"
    "Exit status: 0 answered, 1 malformed input or output that cannot be written.\n";

int main(int argc, char **argv) {
  int grid[CELLS];
  dlx_dims dims = {COLS, 0, ROWS, ENTRIES};
  dlx_solver *s;
  dlx_maximizer *m;
  dlx_status st;
  int r, c, d;
  int64_t best;
  char msg[128];
  FILE *in;

  cli_init(argc, argv, "p1074", usage);
  in = cli_input(cli_judge_args(argc, argv, NULL, NULL));
  if (dlx_abi_version() != DLX_ABI_VERSION) {
    fprintf(stderr, "p1074: libdlx ABI mismatch\n");
    return 1;
  }
  if (p1074_read(in, grid, msg, sizeof msg) != 0) cli_input_failed(in, msg);
  check(dlx_init_in(solver_pool, sizeof solver_pool, &dims, &s));
  check(dlx_maximizer_init_in(max_pool, sizeof max_pool, &dims, &m));

  /* Row 81*r + 9*c + 9-d puts digit d in cell (r, c): it covers the cell (first, so the
   * bound charges a row's weight to its cell), the digit in the row, the digit in the
   * column and the digit in the box. Heavier digits come first, so good solutions
   * turn up early and the bound cuts more. */
  for (r = 0; r < 9; ++r) {
    for (c = 0; c < 9; ++c) {
      for (d = 8; d >= 0; --d) {
        uint32_t cols[4], id;
        cols[0] = (uint32_t)(9 * r + c);
        cols[1] = (uint32_t)(81 + 9 * r + d);
        cols[2] = (uint32_t)(162 + 9 * c + d);
        cols[3] = (uint32_t)(243 + 9 * (3 * (r / 3) + c / 3) + d);
        check(dlx_add_row(s, cols, 4, &id));
        check(dlx_maximizer_set_weight(m, id, (int64_t)score(r, c) * (d + 1)));
      }
    }
  }
  for (r = 0; r < CELLS; ++r) {
    if (grid[r] == 0) continue;
    st = dlx_select_row(s, (uint32_t)(9 * r + 9 - grid[r]));
    if (st == DLX_ERR_CONFLICT) { /* givens that break the rules: no completion */
      printf("-1\n");
      return cli_finish(0);
    }
    check(st);
  }

  while ((st = dlx_maximize(m, s, 0)) == DLX_SOLUTION) {
  }
  if (st != DLX_EXHAUSTED) check(st);
  if (dlx_maximizer_best(m, &best, NULL, NULL) == DLX_OK)
    printf("%lld\n", (long long)best);
  else
    printf("-1\n");
  return cli_finish(0);
}
