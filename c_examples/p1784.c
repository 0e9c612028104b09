/* Luogu P1784 "数独": one 9x9 Sudoku.
 *
 * Input:  81 values 0-9 separated by any whitespace (0 = blank).
 * Output: the solved grid, 9 lines of 9 digits separated by single spaces.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 *
 * The Sudoku helper lives in a static block sized at compile time. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

static unsigned long line = 1;

static void fail(const char *what) {
  fprintf(stderr, "p1784: line %lu: %s\n", line, what);
  exit(1);
}

static int is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int main(void) {
  uint8_t grid[81], out[81];
  int count = 0, c, in_token = 0;
  dlx_sudoku *s;
  /* Tokens of exactly one digit each; anything else is malformed. */
  while ((c = getchar()) != EOF) {
    if (is_space(c)) {
      if (c == '\n') ++line;
      in_token = 0;
      continue;
    }
    if (c < 0x21 || c > 0x7e) fail("unexpected byte (not printable ASCII)");
    if (in_token) fail("a value must be a single digit 0-9");
    if (c < '0' || c > '9') fail("a value must be a single digit 0-9");
    if (count == 81) fail("more than 81 values");
    grid[count++] = (uint8_t)(c - '0');
    in_token = 1;
  }
  if (count < 81) fail("fewer than 81 values");
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
