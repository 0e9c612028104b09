/* POJ 3074 "Sudoku": many 9x9 puzzles, one per line of 81 characters ('.' blank),
 * until a line "end".
 *
 * Output: each solution as one line of 81 digits.
 * Malformed input: one line on stderr, exit status 1. No solution: exit status 2.
 *
 * One Sudoku helper in a static block solves every puzzle without rebuilding. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];

static unsigned long line;

static void fail(const char *what) {
  fprintf(stderr, "poj3074: line %lu: %s\n", line, what);
  exit(1);
}

/* Reads one line without its end into buf (keeps at most cap-1 bytes; *len is the
 * full length). Returns 0 at end of input with nothing read. */
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
  buf[n + 1 < cap ? n : cap - 1] = '\0';
  *len = n;
  return 1;
}

int main(void) {
  char buf[4096];
  size_t len;
  dlx_sudoku *s;
  if (dlx_sudoku_init_in(pool, sizeof pool, 3, 3, &s) != DLX_OK) {
    fprintf(stderr, "poj3074: cannot set up the solver\n");
    return 1;
  }
  while (read_line(buf, sizeof buf, &len)) {
    char *p = buf;
    uint8_t grid[81], out[81];
    /* Spaces, tabs and CR around the line are tolerated; an empty line is skipped. */
    if (len >= sizeof buf) fail("a puzzle line must have exactly 81 characters");
    while (*p == ' ' || *p == '\t') ++p, --len;
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r')) --len;
    p[len] = '\0';
    if (len == 0) continue;
    if (strcmp(p, "end") == 0) return 0;
    if (len != 81) fail("a puzzle line must have exactly 81 characters");
    for (int i = 0; i < 81; ++i) {
      if (p[i] == '.') grid[i] = 0;
      else if (p[i] >= '1' && p[i] <= '9') grid[i] = (uint8_t)(p[i] - '0');
      else fail("a puzzle line holds only the digits 1-9 and '.'");
    }
    if (dlx_sudoku_solve(s, grid, 81, out) != DLX_SOLUTION) {
      fprintf(stderr, "poj3074: line %lu: the puzzle has no solution\n", line);
      return 2;
    }
    for (int i = 0; i < 81; ++i) putchar('0' + out[i]);
    putchar('\n');
  }
  fail("the input ends without an 'end' line");
  return 1;
}
