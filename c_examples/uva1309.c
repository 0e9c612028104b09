/* UVa 1309 / LA 2659 "Sudoku": 16x16 grids of letters A-P ('-' blank), 16 lines each,
 * until end of file; empty lines between puzzles are ignored.
 *
 * Output: each solution as 16 lines of 16 letters, an empty line between solutions.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 *
 * One 4x4-box Sudoku helper in a static block solves every puzzle. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(4, 4)];

static unsigned long line;

static void fail(const char *what) {
  fprintf(stderr, "uva1309: line %lu: %s\n", line, what);
  exit(1);
}

/* Reads one line without its end (at most cap-1 bytes kept; *len the full length,
 * trailing spaces, tabs and CR dropped). Returns 0 at end of input. */
static int read_line(char *buf, size_t cap, size_t *len) {
  int c;
  size_t n = 0;
  while ((c = getchar()) != EOF && c != '\n') {
    if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\r' && c != '\v' && c != '\f')
      fail("unexpected byte (not printable ASCII)");
    if (n + 1 < cap) buf[n] = (char)c;
    ++n;
  }
  if (c == EOF && n == 0) return 0;
  ++line;
  if (n < cap) {
    while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t' || buf[n - 1] == '\r')) --n;
  }
  *len = n;
  return 1;
}

int main(void) {
  char buf[64];
  size_t len;
  uint8_t grid[256], out[256];
  int rows = 0, puzzles = 0;
  dlx_sudoku *s;
  if (dlx_sudoku_init_in(pool, sizeof pool, 4, 4, &s) != DLX_OK) {
    fprintf(stderr, "uva1309: cannot set up the solver\n");
    return 1;
  }
  while (read_line(buf, sizeof buf, &len)) {
    if (len == 0) {
      if (rows != 0) fail("empty line inside a puzzle");
      continue;
    }
    if (len != 16) fail("a row must have exactly 16 characters");
    for (int k = 0; k < 16; ++k) {
      char ch = buf[k];
      if (ch == '-') grid[rows * 16 + k] = 0;
      else if (ch >= 'A' && ch <= 'P') grid[rows * 16 + k] = (uint8_t)(ch - 'A' + 1);
      else fail("a row holds only the letters A-P and '-'");
    }
    if (++rows < 16) continue;
    rows = 0;
    if (dlx_sudoku_solve(s, grid, 256, out) != DLX_SOLUTION) {
      fprintf(stderr, "uva1309: line %lu: the puzzle has no solution\n", line);
      return 2;
    }
    if (puzzles++ > 0) putchar('\n');
    for (int i = 0; i < 256; ++i) {
      putchar('A' + out[i] - 1);
      if (i % 16 == 15) putchar('\n');
    }
  }
  if (rows != 0) fail("the input ends in the middle of a puzzle");
  if (puzzles == 0) fail("no puzzle in the input");
  return 0;
}
