/* The input parser of poj3074.c, in a file of its own so that fuzz/c/poj3074.c runs
 * the very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input: 9x9 puzzles, one per line of 81 characters, digits 1-9 or '.' (blank), until
 * a line "end"; spaces, tabs and CR around a line are tolerated, empty lines skipped. */
#ifndef POJ3074_INPUT_H
#define POJ3074_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct poj3074_input {
  FILE *f;
  unsigned long line; /* lines read so far */
  char buf[4096];
};

static void poj3074_start(struct poj3074_input *in, FILE *f) {
  in->f = f;
  in->line = 0;
}

static int poj3074_fail(const struct poj3074_input *in, char *msg, size_t cap,
                        const char *what) {
  snprintf(msg, cap, "line %lu: %s", in->line, what);
  return -1;
}

/* Reads one line without its end into in->buf (keeps at most its size-1 bytes; *len is
 * the full length). Returns 1, 0 at end of input with nothing read, -1 on a bad byte. */
static int poj3074_line(struct poj3074_input *in, size_t *len, char *msg, size_t cap) {
  const size_t size = sizeof in->buf;
  int c;
  size_t n = 0;
  while ((c = getc(in->f)) != EOF && c != '\n') {
    if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\r' && c != '\v' && c != '\f')
      return poj3074_fail(in, msg, cap, "unexpected byte (not printable ASCII)");
    if (n + 1 < size) in->buf[n] = (char)c;
    ++n;
  }
  if (c == EOF && n == 0) return 0;
  ++in->line;
  in->buf[n + 1 < size ? n : size - 1] = '\0';
  *len = n;
  return 1;
}

/* The next puzzle into grid (0 = blank). Returns 1 with a puzzle, 0 at the line "end"
 * (nothing after it is read), or -1 with a message in msg. */
static int poj3074_next(struct poj3074_input *in, uint8_t grid[81], char *msg, size_t cap) {
  size_t len;
  int got;
  while ((got = poj3074_line(in, &len, msg, cap)) == 1) {
    char *p = in->buf;
    if (len >= sizeof in->buf)
      return poj3074_fail(in, msg, cap, "a puzzle line must have exactly 81 characters");
    while (*p == ' ' || *p == '\t') ++p, --len;
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r')) --len;
    p[len] = '\0';
    if (len == 0) continue;
    if (strcmp(p, "end") == 0) return 0;
    if (len != 81) return poj3074_fail(in, msg, cap, "a puzzle line must have exactly 81 characters");
    for (int i = 0; i < 81; ++i) {
      if (p[i] == '.') grid[i] = 0;
      else if (p[i] >= '1' && p[i] <= '9') grid[i] = (uint8_t)(p[i] - '0');
      else return poj3074_fail(in, msg, cap, "a puzzle line holds only the digits 1-9 and '.'");
    }
    return 1;
  }
  if (got < 0) return -1;
  return poj3074_fail(in, msg, cap, "the input ends without an 'end' line");
}

#endif
