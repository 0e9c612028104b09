/* The input parser of p1784.c, in a file of its own so that fuzz/c/p1784.c runs the
 * very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input: 81 values 0-9 separated by any whitespace (0 = blank). */
#ifndef P1784_INPUT_H
#define P1784_INPUT_H

#include <stdint.h>
#include <stdio.h>

static int p1784_is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Reads the grid (row by row, 0 = blank). Returns 0, or -1 with a message in msg. */
static int p1784_read(FILE *f, uint8_t grid[81], char *msg, size_t cap) {
  unsigned long line = 1;
  int count = 0, c, in_token = 0;
  const char *what = NULL;
  /* Tokens of exactly one digit each; anything else is malformed. */
  while ((c = getc(f)) != EOF) {
    if (p1784_is_space(c)) {
      if (c == '\n') ++line;
      in_token = 0;
      continue;
    }
    if (c < 0x21 || c > 0x7e) what = "unexpected byte (not printable ASCII)";
    else if (in_token || c < '0' || c > '9') what = "a value must be a single digit 0-9";
    else if (count == 81) what = "more than 81 values";
    if (what != NULL) break;
    grid[count++] = (uint8_t)(c - '0');
    in_token = 1;
  }
  if (what == NULL && count < 81) what = "fewer than 81 values";
  if (what == NULL) return 0;
  snprintf(msg, cap, "line %lu: %s", line, what);
  return -1;
}

#endif
