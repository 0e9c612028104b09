/* libFuzzer harness for c_examples/input/p4929.h (p4929_read).
 *
 * Checks: the parser's answer equals an independent reading of the format (accept
 * exactly the well-formed inputs, the same ones), a refusal carries a one-line
 * message, and an accepted matrix is within the limits and loads into the library
 * (the program's static block), whose first answer within a small budget is an exact
 * cover. */
#include "harness.h"

#include "dlx.h"
#include "input/p4929.h"

DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE(P4929_MAX_M, 0, P4929_MAX_N,
                                                        P4929_MAX_ONES)];

/* N or M: up to 15 digits, value 1..500; else -1. */
static long size_token(const uint8_t *t, size_t len) {
  long v = 0;
  if (len == 0 || len > 15) return -1;
  for (size_t i = 0; i < len; ++i) {
    if (t[i] < '0' || t[i] > '9') return -1;
    v = v * 10 + (t[i] - '0'); /* 15 digits fit */
  }
  return v >= 1 && v <= 500 ? v : -1;
}

/* The independent reading: 1 when well formed, with the matrix's ones compared with a. */
static int oracle_matches(const uint8_t *d, size_t n, const struct p4929_matrix *a,
                          int parsed_ok) {
  size_t pos = 0, len, ones = 0;
  const uint8_t *t;
  long rows, cols;
  if (!clean_text(d, n)) return 0;
  if (!next_token(d, n, &pos, &t, &len) || (rows = size_token(t, len)) < 0) return 0;
  if (!next_token(d, n, &pos, &t, &len) || (cols = size_token(t, len)) < 0) return 0;
  for (long r = 0; r < rows; ++r) {
    for (long c = 0; c < cols; ++c) {
      if (!next_token(d, n, &pos, &t, &len) || len != 1 || (t[0] != '0' && t[0] != '1'))
        return 0;
      if (t[0] == '1') {
        if (++ones > P4929_MAX_ONES) return 0;
        if (parsed_ok) {
          REQUIRE(ones - 1 < a->start[r + 1] && ones - 1 >= a->start[r]);
          REQUIRE(a->col[ones - 1] == (uint32_t)c);
        }
      }
    }
    if (parsed_ok) REQUIRE(a->start[r + 1] == ones);
  }
  if (next_token(d, n, &pos, &t, &len)) return 0;
  if (parsed_ok) REQUIRE(a->n == rows && a->m == cols);
  return 1;
}

/* Loads the matrix like p4929.c does and checks the first answer found in a budget. */
static void run_library(const struct p4929_matrix *a) {
  dlx_dims dims = {(uint32_t)a->m, 0, (uint32_t)a->n, P4929_MAX_ONES};
  dlx_solver *s = NULL;
  static uint32_t row_of[P4929_MAX_N];
  static uint8_t hit[P4929_MAX_M];
  const uint32_t *rows;
  size_t k;
  dlx_status st;
  REQUIRE(dlx_init_in(pool, sizeof pool, &dims, &s) == DLX_OK);
  for (long r = 0; r < a->n; ++r) {
    size_t cnt = a->start[r + 1] - a->start[r];
    uint32_t id;
    if (cnt == 0) continue;
    REQUIRE(dlx_add_row(s, a->col + a->start[r], cnt, &id) == DLX_OK);
    row_of[id] = (uint32_t)r;
  }
  st = dlx_next(s, 20000);
  REQUIRE(st == DLX_SOLUTION || st == DLX_EXHAUSTED || st == DLX_BUDGET_SPENT);
  if (st != DLX_SOLUTION) return;
  REQUIRE(dlx_solution(s, &rows, &k) == DLX_OK);
  memset(hit, 0, sizeof hit);
  for (size_t i = 0; i < k; ++i) {
    uint32_t r = row_of[rows[i]];
    for (uint32_t j = a->start[r]; j < a->start[r + 1]; ++j) ++hit[a->col[j]];
  }
  for (long c = 0; c < a->m; ++c) REQUIRE(hit[c] == 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static struct p4929_matrix a;
  char msg[MSG_CAP] = "";
  FILE *f = open_input(data, size);
  int got = p4929_read(f, &a, msg, sizeof msg);
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (got != 0) {
    check_message(msg);
    REQUIRE(!oracle_matches(data, size, &a, 0));
    return 0;
  }
  REQUIRE(a.n >= 1 && a.n <= P4929_MAX_N && a.m >= 1 && a.m <= P4929_MAX_M);
  REQUIRE(a.start[0] == 0 && a.start[a.n] <= P4929_MAX_ONES);
  for (long r = 0; r < a.n; ++r) {
    REQUIRE(a.start[r] <= a.start[r + 1]);
    for (uint32_t j = a.start[r]; j < a.start[r + 1]; ++j) {
      REQUIRE(a.col[j] < (uint32_t)a.m);
      REQUIRE(j == a.start[r] || a.col[j - 1] < a.col[j]);
    }
  }
  REQUIRE(oracle_matches(data, size, &a, 1));
  run_library(&a);
  return 0;
}
