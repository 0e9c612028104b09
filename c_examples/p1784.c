/* Luogu P1784 "数独": one 9x9 Sudoku.
 *
 * Input:  81 values 0-9 separated by any whitespace (0 = blank).
 * Output: the solved grid, 9 lines of 9 digits separated by single spaces.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 *
 * The Sudoku helper lives in a static block sized at compile time. */
#include "dlx.h"
#include "input/p1784.h" /* p1784_read: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

int main(void) {
  uint8_t grid[81], out[81];
  char msg[128];
  dlx_sudoku *s;
  if (p1784_read(stdin, grid, msg, sizeof msg) != 0) {
    fprintf(stderr, "p1784: %s\n", msg);
    return 1;
  }
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
  return 0;
}
