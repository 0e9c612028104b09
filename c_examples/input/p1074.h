/* The input parser of p1074.c, in a file of its own so that fuzz/c/p1074.c runs the
 * very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input: nine lines of nine digits 0-9 separated by spaces or tabs (0 = blank);
 * trailing blanks and CR are dropped; after the ninth line only blank lines. */
#ifndef P1074_INPUT_H
#define P1074_INPUT_H

#include <stdio.h>

static int p1074_fail(int line, const char *what, char *msg, size_t cap) {
  if (line > 0)
    snprintf(msg, cap, "line %d: %s", line, what);
  else
    snprintf(msg, cap, "%s", what);
  return -1;
}

static int p1074_is_blank(int c) { return c == ' ' || c == '\t'; }

/* Reads the nine lines into grid (row by row). Returns 0, or -1 with a message. */
static int p1074_read(FILE *f, int grid[81], char *msg, size_t cap) {
  char line[256];
  int r, c;
  for (r = 0; r < 9; ++r) {
    size_t n = 0, i = 0;
    int ch, k = 0;
    while ((ch = getc(f)) != EOF && ch != '\n') {
      if (n + 1 >= sizeof line) return p1074_fail(r + 1, "line too long", msg, cap);
      line[n++] = (char)ch;
    }
    if (ch == EOF && n == 0) return p1074_fail(r + 1, "fewer than 9 lines", msg, cap);
    while (n > 0 && (p1074_is_blank(line[n - 1]) || line[n - 1] == '\r')) --n;
    for (;;) {
      while (i < n && p1074_is_blank(line[i])) ++i;
      if (i == n) break;
      if (line[i] < '0' || line[i] > '9')
        return p1074_fail(r + 1, "entries must be single digits 0-9", msg, cap);
      if (i + 1 < n && !p1074_is_blank(line[i + 1]))
        return p1074_fail(r + 1, "entries must be single digits separated by spaces", msg, cap);
      if (k == 9) return p1074_fail(r + 1, "more than 9 entries", msg, cap);
      grid[9 * r + k++] = line[i] - '0';
      ++i;
    }
    if (k < 9) return p1074_fail(r + 1, "fewer than 9 entries", msg, cap);
    if (ch == EOF && r < 8) return p1074_fail(r + 2, "fewer than 9 lines", msg, cap);
  }
  while ((c = getc(f)) == ' ' || c == '\t' || c == '\r' || c == '\n') {
  }
  if (c != EOF) return p1074_fail(0, "text after the ninth line", msg, cap);
  return 0;
}

#endif
