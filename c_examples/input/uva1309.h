/* The input parser of uva1309.c, in a file of its own so that fuzz/c/uva1309.c runs
 * the very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input: 16x16 grids of letters A-P ('-' blank), 16 lines each, until end of file;
 * empty lines between puzzles are ignored, trailing spaces, tabs and CR dropped. */
#ifndef UVA1309_INPUT_H
#define UVA1309_INPUT_H

#include <stdint.h>
#include <stdio.h>

struct uva1309_input {
  FILE *f;
  unsigned long line; /* lines read so far */
  long puzzles;       /* puzzles returned */
  char buf[64];
};

static void uva1309_start(struct uva1309_input *in, FILE *f) {
  in->f = f;
  in->line = 0;
  in->puzzles = 0;
}

static int uva1309_fail(const struct uva1309_input *in, char *msg, size_t cap,
                        const char *what) {
  snprintf(msg, cap, "line %lu: %s", in->line, what);
  return -1;
}

/* Reads one line without its end into in->buf (at most its size-1 bytes kept; *len the
 * full length, trailing spaces, tabs and CR dropped). Returns 1, 0 at end of input,
 * -1 on a bad byte. */
static int uva1309_line(struct uva1309_input *in, size_t *len, char *msg, size_t cap) {
  const size_t size = sizeof in->buf;
  int c;
  size_t n = 0;
  while ((c = getc(in->f)) != EOF && c != '\n') {
    if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\r' && c != '\v' && c != '\f')
      return uva1309_fail(in, msg, cap, "unexpected byte (not printable ASCII)");
    if (n + 1 < size) in->buf[n] = (char)c;
    ++n;
  }
  if (c == EOF && n == 0) return 0;
  ++in->line;
  if (n < size) {
    while (n > 0 && (in->buf[n - 1] == ' ' || in->buf[n - 1] == '\t' || in->buf[n - 1] == '\r'))
      --n;
  }
  *len = n;
  return 1;
}

/* The next puzzle into grid (0 = blank, 1..16 = A..P). Returns 1 with a puzzle, 0 at
 * the end of the input after at least one puzzle, or -1 with a message in msg. */
static int uva1309_next(struct uva1309_input *in, uint8_t grid[256], char *msg, size_t cap) {
  size_t len;
  int rows = 0, got;
  while ((got = uva1309_line(in, &len, msg, cap)) == 1) {
    if (len == 0) {
      if (rows != 0) return uva1309_fail(in, msg, cap, "empty line inside a puzzle");
      continue;
    }
    if (len != 16) return uva1309_fail(in, msg, cap, "a row must have exactly 16 characters");
    for (int k = 0; k < 16; ++k) {
      char ch = in->buf[k];
      if (ch == '-') grid[rows * 16 + k] = 0;
      else if (ch >= 'A' && ch <= 'P') grid[rows * 16 + k] = (uint8_t)(ch - 'A' + 1);
      else return uva1309_fail(in, msg, cap, "a row holds only the letters A-P and '-'");
    }
    if (++rows == 16) {
      ++in->puzzles;
      return 1;
    }
  }
  if (got < 0) return -1;
  if (rows != 0) return uva1309_fail(in, msg, cap, "the input ends in the middle of a puzzle");
  if (in->puzzles == 0) return uva1309_fail(in, msg, cap, "no puzzle in the input");
  return 0;
}

#endif
