/* UVa 1309 / LA 2659 "Sudoku": 16x16 grids of letters A-P ('-' blank), 16 lines each,
 * until end of file; empty lines between puzzles are ignored.
 *
 * Output: each solution as 16 lines of 16 letters, an empty line between solutions.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * One 4x4-box Sudoku helper in a static block solves every puzzle. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/uva1309.h" /* uva1309_next: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(4, 4)];

static const char usage[] =
    "usage: uva1309 [FILE]\n"
    "UVa 1309 (16x16 Sudoku): reads grids of 16 lines of 16 letters A-P ('-' for a blank),\n"
    "empty lines between them ignored, until the end of FILE, or of standard input without\n"
    "one; prints each solution as 16 lines of 16 letters, an empty line between solutions.\n"
    "Exit status: 0 solved, 1 malformed input or output that cannot be written, 2 a puzzle\n"
    "without solution (the solutions before it are printed).\n";

int main(int argc, char **argv) {
  struct uva1309_input in;
  uint8_t grid[256], out[256];
  char msg[128];
  int got;
  dlx_sudoku *s;
  FILE *f;
  cli_init(argc, argv, "uva1309", usage);
  f = cli_input(cli_judge_args(argc, argv, NULL, NULL));
  if (dlx_sudoku_init_in(pool, sizeof pool, 4, 4, &s) != DLX_OK) {
    fprintf(stderr, "uva1309: cannot set up the solver\n");
    return 1;
  }
  uva1309_start(&in, f);
  while ((got = uva1309_next(&in, grid, msg, sizeof msg)) == 1) {
    if (dlx_sudoku_solve(s, grid, 256, out) != DLX_SOLUTION) {
      fprintf(stderr, "uva1309: line %lu: the puzzle has no solution\n", in.line);
      return cli_finish(2);
    }
    if (in.puzzles > 1) putchar('\n');
    for (int i = 0; i < 256; ++i) {
      putchar('A' + out[i] - 1);
      if (i % 16 == 15) putchar('\n');
    }
    cli_output_ok();
  }
  if (got < 0) cli_input_failed(f, msg);
  return cli_finish(0);
}
