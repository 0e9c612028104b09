/* The input parser of p4205.c, in a file of its own so that fuzz/c/p4205.c runs the
 * very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input: ten lines; line i has i characters, '.' (empty) or a letter A-L (a cell of
 * that pre-placed piece); trailing spaces, tabs and CR are dropped; after the tenth
 * line only blanks and newlines. Whether a letter's cells form its piece is for the
 * tiling helper to say, not for the parser. */
#ifndef P4205_INPUT_H
#define P4205_INPUT_H

#include <stdio.h>

#define P4205_SIDE 10

static int p4205_fail(int line, const char *what, char *msg, size_t cap) {
  if (line > 0)
    snprintf(msg, cap, "line %d: %s", line, what);
  else
    snprintf(msg, cap, "%s", what);
  return -1;
}

static int p4205_is_blank(int c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Reads the board: board[y][x] is '.' or a letter for x <= y (the rest is left alone).
 * Returns 0, or -1 with a message in msg. */
static int p4205_read(FILE *f, char board[P4205_SIDE][P4205_SIDE], char *msg, size_t cap) {
  char line[64];
  int y, c;
  for (y = 0; y < P4205_SIDE; ++y) {
    size_t n = 0;
    int ch, x;
    while ((ch = getc(f)) != EOF && ch != '\n') {
      if (n + 1 >= sizeof line) return p4205_fail(y + 1, "line too long", msg, cap);
      line[n++] = (char)ch;
    }
    if (ch == EOF && n == 0) return p4205_fail(y + 1, "fewer than 10 lines", msg, cap);
    while (n > 0 && p4205_is_blank(line[n - 1])) --n;
    if (n != (size_t)(y + 1)) {
      char what[64];
      snprintf(what, sizeof what, "expected %d cells, found %u", y + 1, (unsigned)n);
      return p4205_fail(y + 1, what, msg, cap);
    }
    for (x = 0; x <= y; ++x) {
      char v = line[x];
      if (v != '.' && (v < 'A' || v > 'L'))
        return p4205_fail(y + 1, "cells must be '.' or a letter A-L", msg, cap);
      board[y][x] = v;
    }
  }
  while ((c = getc(f)) == ' ' || c == '\t' || c == '\r' || c == '\n') {
  }
  if (c != EOF) return p4205_fail(0, "text after the tenth line", msg, cap);
  return 0;
}

#endif
