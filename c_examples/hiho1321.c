/* hihoCoder 1321 "搜索五·数独": t Sudoku grids.
 *
 * Input:  t (1..1000), then t grids of 81 values 0-9 separated by any whitespace.
 * Output: each solved grid as 9 lines of 9 digits separated by single spaces.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 *
 * One Sudoku helper in a static block solves every grid: the givens of each puzzle
 * are forced rows, dropped again before the next puzzle. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

static unsigned long line = 1;

static void fail(const char *what) {
  fprintf(stderr, "hiho1321: line %lu: %s\n", line, what);
  exit(1);
}

static int is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Reads the next token (at most 15 bytes kept, *len its full length); 0 at EOF. */
static int next_token(char tok[16], size_t *len) {
  int c;
  size_t n = 0;
  while ((c = getchar()) != EOF && is_space(c))
    if (c == '\n') ++line;
  if (c == EOF) return 0;
  do {
    if (c < 0x21 || c > 0x7e) fail("unexpected byte (not printable ASCII)");
    if (n < 15) tok[n] = (char)c;
    ++n;
  } while ((c = getchar()) != EOF && !is_space(c));
  if (c == '\n') ++line;
  tok[n < 15 ? n : 15] = '\0';
  *len = n;
  return 1;
}

int main(void) {
  char tok[16];
  size_t len;
  long t = 0;
  dlx_sudoku *s;
  if (!next_token(tok, &len)) fail("empty input: expected the number of puzzles t");
  if (len > 4 || strspn(tok, "0123456789") != len) fail("t must be an integer 1..1000");
  t = strtol(tok, NULL, 10);
  if (t < 1 || t > 1000) fail("t must be an integer 1..1000");
  if (dlx_sudoku_init_in(pool, sizeof pool, 3, 3, &s) != DLX_OK) {
    fprintf(stderr, "hiho1321: cannot set up the solver\n");
    return 1;
  }
  for (long p = 0; p < t; ++p) {
    uint8_t grid[81], out[81];
    for (int i = 0; i < 81; ++i) {
      if (!next_token(tok, &len)) fail("input ends before the last grid is complete");
      if (len != 1 || tok[0] < '0' || tok[0] > '9') fail("a value must be a single digit 0-9");
      grid[i] = (uint8_t)(tok[0] - '0');
    }
    if (dlx_sudoku_solve(s, grid, 81, out) != DLX_SOLUTION) {
      fprintf(stderr, "hiho1321: puzzle %ld has no solution\n", p + 1);
      return 2;
    }
    for (int r = 0; r < 9; ++r)
      for (int k = 0; k < 9; ++k) printf("%d%c", out[r * 9 + k], k == 8 ? '\n' : ' ');
  }
  if (next_token(tok, &len)) fail("unexpected data after the last grid");
  return 0;
}
