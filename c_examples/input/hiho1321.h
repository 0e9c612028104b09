/* The input parser of hiho1321.c, in a file of its own so that fuzz/c/hiho1321.c runs
 * the very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input: t (1..1000), then t grids of 81 values 0-9 separated by any whitespace. */
#ifndef HIHO1321_INPUT_H
#define HIHO1321_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hiho1321_input {
  FILE *f;
  unsigned long line;
  long t;    /* puzzles announced (0 until the first call) */
  long done; /* puzzles returned */
};

static void hiho1321_start(struct hiho1321_input *in, FILE *f) {
  in->f = f;
  in->line = 1;
  in->t = 0;
  in->done = 0;
}

static int hiho1321_fail(const struct hiho1321_input *in, char *msg, size_t cap,
                         const char *what) {
  snprintf(msg, cap, "line %lu: %s", in->line, what);
  return -1;
}

static int hiho1321_is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Reads the next token (at most 15 bytes kept, *len its full length). Returns 1, 0 at
 * end of input, -1 on a byte that is not allowed. */
static int hiho1321_token(struct hiho1321_input *in, char tok[16], size_t *len, char *msg,
                          size_t cap) {
  int c;
  size_t n = 0;
  while ((c = getc(in->f)) != EOF && hiho1321_is_space(c))
    if (c == '\n') ++in->line;
  if (c == EOF) return 0;
  do {
    if (c < 0x21 || c > 0x7e)
      return hiho1321_fail(in, msg, cap, "unexpected byte (not printable ASCII)");
    if (n < 15) tok[n] = (char)c;
    ++n;
  } while ((c = getc(in->f)) != EOF && !hiho1321_is_space(c));
  if (c == '\n') ++in->line;
  tok[n < 15 ? n : 15] = '\0';
  *len = n;
  return 1;
}

/* The next grid into grid (0 = blank); the first call reads t. Returns 1 with a grid,
 * 0 after the t-th grid at the end of the input, or -1 with a message in msg. */
static int hiho1321_next(struct hiho1321_input *in, uint8_t grid[81], char *msg, size_t cap) {
  char tok[16];
  size_t len;
  int got;
  if (in->t == 0) {
    if ((got = hiho1321_token(in, tok, &len, msg, cap)) <= 0)
      return got < 0 ? -1 : hiho1321_fail(in, msg, cap, "empty input: expected the number of puzzles t");
    if (len > 4 || strspn(tok, "0123456789") != len)
      return hiho1321_fail(in, msg, cap, "t must be an integer 1..1000");
    in->t = strtol(tok, NULL, 10);
    if (in->t < 1 || in->t > 1000) {
      in->t = 0;
      return hiho1321_fail(in, msg, cap, "t must be an integer 1..1000");
    }
  }
  if (in->done == in->t) {
    if ((got = hiho1321_token(in, tok, &len, msg, cap)) != 0)
      return got < 0 ? -1 : hiho1321_fail(in, msg, cap, "unexpected data after the last grid");
    return 0;
  }
  for (int i = 0; i < 81; ++i) {
    if ((got = hiho1321_token(in, tok, &len, msg, cap)) <= 0)
      return got < 0 ? -1 : hiho1321_fail(in, msg, cap, "input ends before the last grid is complete");
    if (len != 1 || tok[0] < '0' || tok[0] > '9')
      return hiho1321_fail(in, msg, cap, "a value must be a single digit 0-9");
    grid[i] = (uint8_t)(tok[0] - '0');
  }
  ++in->done;
  return 1;
}

#endif
