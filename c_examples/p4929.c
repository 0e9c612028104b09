/* Luogu P4929 "[Template] Dancing Links": an exact cover of an N x M 0/1 matrix.
 *
 * Input:  N M, then N*M values 0 or 1 (1 <= N, M <= 500, at most 5000 ones).
 * Output: the 1-based numbers of the chosen rows (ascending), or "No Solution!".
 * Malformed input: one line on stderr, exit status 1.
 *
 * The solver lives in a static block sized at compile time for the judge's maxima. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 500
#define MAX_M 500
#define MAX_ONES 5000

DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE(MAX_M, 0, MAX_N, MAX_ONES)];

/* ------------------------------------------------------------------ input */

/* A whitespace-separated token reader over stdin that tracks the line number and
 * refuses bytes that are neither printable ASCII nor whitespace. */
struct reader {
  unsigned char buf[1 << 16];
  size_t len, pos;
  unsigned long line;
};

static void fail(const struct reader *in, const char *what) {
  fprintf(stderr, "p4929: line %lu: %s\n", in->line, what);
  exit(1);
}

static int peek_byte(struct reader *in) {
  if (in->pos == in->len) {
    in->len = fread(in->buf, 1, sizeof in->buf, stdin);
    in->pos = 0;
    if (in->len == 0) return EOF;
  }
  return in->buf[in->pos];
}

static int is_space(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Reads the next token into tok (at most cap-1 bytes kept; *too_long set beyond).
 * Returns 0 at end of input. */
static int next_token(struct reader *in, char *tok, size_t cap, int *too_long) {
  size_t n = 0;
  int c;
  *too_long = 0;
  while ((c = peek_byte(in)) != EOF && is_space(c)) {
    if (c == '\n') ++in->line;
    ++in->pos;
  }
  if (c == EOF) return 0;
  while ((c = peek_byte(in)) != EOF && !is_space(c)) {
    if (c < 0x21 || c > 0x7e) fail(in, "unexpected byte (not printable ASCII)");
    if (n + 1 < cap) tok[n++] = (char)c; else *too_long = 1;
    ++in->pos;
  }
  tok[n] = '\0';
  return 1;
}

/* An unsigned decimal in 1..max, or -1. */
static long parse_size(const char *tok, int too_long, long max) {
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

/* ------------------------------------------------------------------ main */

static int by_value(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

int main(void) {
  static struct reader in;
  static uint32_t cols[MAX_M];
  static uint32_t input_row[MAX_N]; /* solver row id -> 1-based input row */
  static uint32_t answer[MAX_N];
  char tok[16];
  int too_long;
  long n, m, r, c;
  long ones = 0;
  dlx_dims dims;
  dlx_solver *s = NULL;
  dlx_status st;

  in.line = 1;
  if (dlx_abi_version() != DLX_ABI_VERSION) {
    fprintf(stderr, "p4929: libdlx ABI %u, built for %u\n", dlx_abi_version(),
            (unsigned)DLX_ABI_VERSION);
    return 1;
  }
  if (!next_token(&in, tok, sizeof tok, &too_long)) fail(&in, "missing N");
  if ((n = parse_size(tok, too_long, MAX_N)) < 0) fail(&in, "N must be an integer in 1..500");
  if (!next_token(&in, tok, sizeof tok, &too_long)) fail(&in, "missing M");
  if ((m = parse_size(tok, too_long, MAX_M)) < 0) fail(&in, "M must be an integer in 1..500");

  dims.primary = (uint32_t)m;
  dims.secondary = 0;
  dims.max_rows = (uint32_t)n;
  dims.max_entries = MAX_ONES;
  st = dlx_init_in(pool, sizeof pool, &dims, &s);
  if (st != DLX_OK) {
    fprintf(stderr, "p4929: %s\n", dlx_status_str(st));
    return 1;
  }

  for (r = 0; r < n; ++r) {
    size_t k = 0;
    for (c = 0; c < m; ++c) {
      if (!next_token(&in, tok, sizeof tok, &too_long))
        fail(&in, "truncated input: fewer than N*M matrix values");
      if (too_long || (strcmp(tok, "0") != 0 && strcmp(tok, "1") != 0))
        fail(&in, "matrix values must be 0 or 1");
      if (tok[0] == '1') {
        if (++ones > MAX_ONES) fail(&in, "more than 5000 ones");
        cols[k++] = (uint32_t)c;
      }
    }
    if (k > 0) { /* an all-zero row can never be chosen: it keeps its number only */
      uint32_t id;
      st = dlx_add_row(s, cols, k, &id);
      if (st != DLX_OK) {
        fprintf(stderr, "p4929: %s\n", dlx_status_str(st));
        return 1;
      }
      input_row[id] = (uint32_t)(r + 1);
    }
  }
  if (next_token(&in, tok, sizeof tok, &too_long)) fail(&in, "extra values after the matrix");

  st = dlx_next(s, 0);
  if (st == DLX_SOLUTION) {
    const uint32_t *rows;
    size_t k, i;
    dlx_solution(s, &rows, &k);
    for (i = 0; i < k; ++i) answer[i] = input_row[rows[i]];
    qsort(answer, k, sizeof answer[0], by_value);
    for (i = 0; i < k; ++i) printf(i ? " %u" : "%u", (unsigned)answer[i]);
    printf("\n");
  } else if (st == DLX_EXHAUSTED) {
    printf("No Solution!\n");
  } else {
    fprintf(stderr, "p4929: %s\n", dlx_status_str(st));
    return 1;
  }
  return 0;
}
