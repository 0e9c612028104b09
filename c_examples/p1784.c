/* Luogu P1784 "数独": one 9x9 Sudoku.
 *
 * Input:  81 values 0-9 separated by any whitespace (0 = blank).
 * Output: the solved grid, 9 lines of 9 digits separated by single spaces.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * The Sudoku helper lives in a static block sized at compile time. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/p1784.h" /* p1784_read: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

static const char usage[] =
    "usage: p1784 [FILE]\n"
    "Luogu P1784 (Sudoku): reads 81 values 0-9 (0 = blank) separated by whitespace from\n"
    "FILE, or from standard input without one; prints the solved grid as 9 lines of 9\n"
    "digits separated by spaces.\n"
    "Exit status: 0 solved, 1 malformed input or output that cannot be written, 2 no solution.\n";

int main(int argc, char **argv) {
  uint8_t grid[81], out[81];
  char msg[128];
  dlx_sudoku *s;
  FILE *in;
  cli_init(argc, argv, "p1784", usage);
  in = cli_input(cli_judge_args(argc, argv, NULL, NULL));
  if (p1784_read(in, grid, msg, sizeof msg) != 0) cli_input_failed(in, msg);
  if (dlx_sudoku_init_in(pool, sizeof pool, 3, 3, &s) != DLX_OK) {
    fprintf(stderr, "p1784: cannot set up the solver\n");
    return 1;
  }
  if (dlx_sudoku_solve(s, grid, 81, out) != DLX_SOLUTION) {
    fprintf(stderr, "p1784: the puzzle has no solution\n");
    return 2;
  }
  for (int r = 0; r < 9; ++r)
    for (int k = 0; k < 9; ++k) printf("%d%c", out[r * 9 + k], k == 8 ? '\n' : ' ');
  return cli_finish(0);
}
