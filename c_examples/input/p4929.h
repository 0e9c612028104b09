/* The input parser of p4929.c, in a file of its own so that fuzz/c/p4929.c runs the
 * very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 *
 * Input:  N M, then N*M values 0 or 1 separated by any whitespace
 *         (1 <= N, M <= 500, at most 5000 ones). */
#ifndef P4929_INPUT_H
#define P4929_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define P4929_MAX_N 500
#define P4929_MAX_M 500
#define P4929_MAX_ONES 5000

/* The matrix as its ones: row r holds the columns col[start[r]] .. col[start[r+1]-1],
 * ascending. */
struct p4929_matrix {
  long n, m;
  uint32_t start[P4929_MAX_N + 1];
  uint32_t col[P4929_MAX_ONES];
};

/* A whitespace-separated token reader that tracks the line number and refuses bytes
 * that are neither printable ASCII nor whitespace. */
struct p4929_reader {
  FILE *f;
  unsigned char buf[1 << 16];
  size_t len, pos;
  unsigned long line;
  char *msg;
  size_t cap;
};

static int p4929_fail(struct p4929_reader *in, const char *what) {
  snprintf(in->msg, in->cap, "line %lu: %s", in->line, what);
  return -1;
}

static int p4929_peek(struct p4929_reader *in) {
  if (in->pos == in->len) {
    in->len = fread(in->buf, 1, sizeof in->buf, in->f);
    in->pos = 0;
    if (in->len == 0) return EOF;
  }
  return in->buf[in->pos];
}

static int p4929_is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Reads the next token into tok (at most cap-1 bytes kept; *too_long set beyond).
 * Returns 1 with a token, 0 at end of input, -1 on a byte that is not allowed. */
static int p4929_token(struct p4929_reader *in, char *tok, size_t cap, int *too_long) {
  size_t n = 0;
  int c;
  *too_long = 0;
  while ((c = p4929_peek(in)) != EOF && p4929_is_space(c)) {
    if (c == '\n') ++in->line;
    ++in->pos;
  }
  if (c == EOF) return 0;
  while ((c = p4929_peek(in)) != EOF && !p4929_is_space(c)) {
    if (c < 0x21 || c > 0x7e) return p4929_fail(in, "unexpected byte (not printable ASCII)");
    if (n + 1 < cap) tok[n++] = (char)c; else *too_long = 1;
    ++in->pos;
  }
  tok[n] = '\0';
  return 1;
}

/* An unsigned decimal in 1..max, or -1. */
static long p4929_size(const char *tok, int too_long, long max) {
  long v = 0;
  const char *p = tok;
  if (too_long || *p == '\0') return -1;
  for (; *p; ++p) {
    if (*p < '0' || *p > '9') return -1;
    v = v * 10 + (*p - '0');
    if (v > max) return -1;
  }
  return v >= 1 ? v : -1;
}

/* Reads the whole input into *a. Returns 0, or -1 with a message in msg. */
static int p4929_read(FILE *f, struct p4929_matrix *a, char *msg, size_t cap) {
  static struct p4929_reader in; /* 64 KiB: not on the stack */
  char tok[16];
  int too_long, got;
  long r, c;
  size_t ones = 0;

  in.f = f;
  in.len = in.pos = 0;
  in.line = 1;
  in.msg = msg;
  in.cap = cap;
  if ((got = p4929_token(&in, tok, sizeof tok, &too_long)) <= 0)
    return got < 0 ? -1 : p4929_fail(&in, "missing N");
  if ((a->n = p4929_size(tok, too_long, P4929_MAX_N)) < 0)
    return p4929_fail(&in, "N must be an integer in 1..500");
  if ((got = p4929_token(&in, tok, sizeof tok, &too_long)) <= 0)
    return got < 0 ? -1 : p4929_fail(&in, "missing M");
  if ((a->m = p4929_size(tok, too_long, P4929_MAX_M)) < 0)
    return p4929_fail(&in, "M must be an integer in 1..500");

  for (r = 0; r < a->n; ++r) {
    a->start[r] = (uint32_t)ones;
    for (c = 0; c < a->m; ++c) {
      if ((got = p4929_token(&in, tok, sizeof tok, &too_long)) <= 0)
        return got < 0 ? -1 : p4929_fail(&in, "truncated input: fewer than N*M matrix values");
      if (too_long || (strcmp(tok, "0") != 0 && strcmp(tok, "1") != 0))
        return p4929_fail(&in, "matrix values must be 0 or 1");
      if (tok[0] == '1') {
        if (ones == P4929_MAX_ONES) return p4929_fail(&in, "more than 5000 ones");
        a->col[ones++] = (uint32_t)c;
      }
    }
  }
  a->start[a->n] = (uint32_t)ones;
  if ((got = p4929_token(&in, tok, sizeof tok, &too_long)) != 0)
    return got < 0 ? -1 : p4929_fail(&in, "extra values after the matrix");
  return 0;
}

#endif
