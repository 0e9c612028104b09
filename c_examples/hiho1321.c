/* hihoCoder 1321 "搜索五·数独": t Sudoku grids.
 *
 * Input:  t (1..1000), then t grids of 81 values 0-9 separated by any whitespace.
 * Output: each solved grid as 9 lines of 9 digits separated by single spaces.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * One Sudoku helper in a static block solves every grid: the givens of each puzzle
 * are forced rows, dropped again before the next puzzle. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/hiho1321.h" /* hiho1321_next: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

static const char usage[] =
    "usage: hiho1321 [FILE]\n"
    "hihoCoder 1321 (Sudoku): reads t (1..1000), then t grids of 81 values 0-9 (0 = blank)\n"
    "separated by whitespace, from FILE, or from standard input without one; prints each\n"
    "solved grid as 9 lines of 9 digits separated by spaces.\n"
    "Exit status: 0 solved, 1 malformed input or output that cannot be written, 2 a puzzle\n"
    "without solution (the solutions before it are printed).\n";

int main(int argc, char **argv) {
  struct hiho1321_input in;
  uint8_t grid[81], out[81];
  char msg[128];
  int got;
  dlx_sudoku *s;
  FILE *f;
  cli_init(argc, argv, "hiho1321", usage);
  f = cli_input(cli_judge_args(argc, argv, NULL, NULL));
  if (dlx_sudoku_init_in(pool, sizeof pool, 3, 3, &s) != DLX_OK) {
    fprintf(stderr, "hiho1321: cannot set up the solver\n");
    return 1;
  }
  hiho1321_start(&in, f);
  while ((got = hiho1321_next(&in, grid, msg, sizeof msg)) == 1) {
    if (dlx_sudoku_solve(s, grid, 81, out) != DLX_SOLUTION) {
      fprintf(stderr, "hiho1321: puzzle %ld has no solution\n", in.done);
      return cli_finish(2);
    }
    for (int r = 0; r < 9; ++r)
      for (int k = 0; k < 9; ++k) printf("%d%c", out[r * 9 + k], k == 8 ? '\n' : ' ');
    cli_output_ok();
  }
  if (got < 0) cli_input_failed(f, msg);
  return cli_finish(0);
}
