/* POJ 3074 "Sudoku": many 9x9 puzzles, one per line of 81 characters ('.' blank),
 * until a line "end".
 *
 * Output: each solution as one line of 81 digits.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * One Sudoku helper in a static block solves every puzzle without rebuilding. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/poj3074.h" /* poj3074_next: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

static const char usage[] =
    "usage: poj3074 [FILE]\n"
    "POJ 3074 (Sudoku): reads 9x9 puzzles, one per line of 81 characters (digits, '.' for\n"
    "a blank), until a line \"end\" or the end of FILE, or of standard input without one;\n"
    "prints each solution as one line of 81 digits.\n"
    "Exit status: 0 solved, 1 malformed input or output that cannot be written, 2 a puzzle\n"
    "without solution (the solutions before it are printed).\n";

int main(int argc, char **argv) {
  static struct poj3074_input in;
  uint8_t grid[81], out[81];
  char msg[128];
  int got;
  dlx_sudoku *s;
  FILE *f;
  cli_init(argc, argv, "poj3074", usage);
  f = cli_input(cli_judge_args(argc, argv, NULL, NULL));
  if (dlx_sudoku_init_in(pool, sizeof pool, 3, 3, &s) != DLX_OK) {
    fprintf(stderr, "poj3074: cannot set up the solver\n");
    return 1;
  }
  poj3074_start(&in, f);
  while ((got = poj3074_next(&in, grid, msg, sizeof msg)) == 1) {
    if (dlx_sudoku_solve(s, grid, 81, out) != DLX_SOLUTION) {
      fprintf(stderr, "poj3074: line %lu: the puzzle has no solution\n", in.line);
      return cli_finish(2);
    }
    for (int i = 0; i < 81; ++i) putchar('0' + out[i]);
    putchar('\n');
    cli_output_ok();
  }
  if (got < 0) cli_input_failed(f, msg);
  return cli_finish(0);
}
