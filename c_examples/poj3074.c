/* POJ 3074 "Sudoku": many 9x9 puzzles, one per line of 81 characters ('.' blank),
 * until a line "end".
 *
 * Output: each solution as one line of 81 digits.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 *
 * One Sudoku helper in a static block solves every puzzle without rebuilding. */
#include "dlx.h"
#include "input/poj3074.h" /* poj3074_next: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

int main(void) {
  static struct poj3074_input in;
  uint8_t grid[81], out[81];
  char msg[128];
  int got;
  dlx_sudoku *s;
  if (dlx_sudoku_init_in(pool, sizeof pool, 3, 3, &s) != DLX_OK) {
    fprintf(stderr, "poj3074: cannot set up the solver\n");
    return 1;
  }
  poj3074_start(&in, stdin);
  while ((got = poj3074_next(&in, grid, msg, sizeof msg)) == 1) {
    if (dlx_sudoku_solve(s, grid, 81, out) != DLX_SOLUTION) {
      fprintf(stderr, "poj3074: line %lu: the puzzle has no solution\n", in.line);
      return 2;
    }
    for (int i = 0; i < 81; ++i) putchar('0' + out[i]);
    putchar('\n');
  }
  if (got < 0) {
    fprintf(stderr, "poj3074: %s\n", msg);
    return 1;
  }
  return 0;
}
