/* The C API's promises, checked from C (compiled as C11 and as C++17 by tests/c_api.rs).
 * Every function, every error code it can produce, NULL for every pointer. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ------------------------------------------------------------------ helpers */

/* N-queens: rows and columns primary, the two diagonal families secondary. */
static dlx_dims queens_dims(uint32_t n) {
  dlx_dims d;
  d.primary = 2 * n;
  d.secondary = 2 * (2 * n - 1);
  d.max_rows = n * n;
  d.max_entries = 4 * n * n;
  return d;
}

static void add_queens(dlx_solver *s, uint32_t n) {
  uint32_t r, c;
  for (r = 0; r < n; ++r) {
    for (c = 0; c < n; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = n + c;
      cols[2] = 2 * n + r + c;
      cols[3] = 2 * n + (2 * n - 1) + (r + n - 1 - c);
      CHECK_STATUS(dlx_add_row(s, cols, 4, NULL), DLX_OK);
    }
  }
}

static dlx_solver *new_queens(uint32_t n) {
  dlx_dims d = queens_dims(n);
  dlx_solver *s = NULL;
  CHECK_STATUS(dlx_new(&d, &s), DLX_OK);
  if (s != NULL) add_queens(s, n);
  return s;
}

/* ------------------------------------------------------------------ tests */

static void test_versions_and_status_strings(void) {
  int code;
  CHECK(dlx_abi_version() == DLX_ABI_VERSION);
  {
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", DLX_VERSION_MAJOR, DLX_VERSION_MINOR,
             DLX_VERSION_PATCH);
    CHECK(strcmp(dlx_version(), want) == 0);
    CHECK(strcmp(dlx_version(), DLX_VERSION_STRING) == 0);
  }
  for (code = -200; code <= 10; ++code) {
    const char *text = dlx_status_str(code);
    CHECK(text != NULL && text[0] != '\0');
  }
  CHECK(strcmp(dlx_status_str(12345), "unknown status code") == 0);
  CHECK(strcmp(dlx_status_str(DLX_ERR_BUSY), dlx_status_str(DLX_ERR_NULL)) != 0);
  /* Negative constants are parenthesised: this must parse as a subtraction. */
  CHECK(1 - DLX_ERR_NULL == 2);
}

static void test_required_size(void) {
  static const uint32_t values[] = {0u,          1u,          2u,          3u,
                                    7u,          100u,        729u,        5000u,
                                    65535u,      65536u,      1000000u,    0x0FFFFFFFu,
                                    0x2AAAAAAAu, 0x3FFFFFFFu, 0x7FFFFFF0u, 0x7FFFFFFDu,
                                    0x7FFFFFFEu, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu,
                                    0xFFFFFFFFu};
  const size_t nv = sizeof values / sizeof values[0];
  size_t a, b, c, e;
  size_t zeros = 0, nonzeros = 0;
  CHECK(dlx_required_size(NULL) == 0);
  CHECK(dlx_required_align() == DLX_ALIGN);
  CHECK((DLX_ALIGN & (DLX_ALIGN - 1)) == 0 && DLX_ALIGN <= 16);
  for (a = 0; a < nv; ++a)
    for (b = 0; b < nv; ++b)
      for (c = 0; c < nv; ++c)
        for (e = 0; e < nv; ++e) {
          dlx_dims d;
          size_t want;
          d.primary = values[a];
          d.secondary = values[b];
          d.max_rows = values[c];
          d.max_entries = values[e];
          want = DLX_REQUIRED_SIZE(values[a], values[b], values[c], values[e]);
          if (dlx_required_size(&d) != want) {
            ++failures;
            fprintf(stderr, "required size differs for %u %u %u %u\n", d.primary,
                    d.secondary, d.max_rows, d.max_entries);
          }
          if (want == 0) ++zeros; else ++nonzeros;
        }
  checks += (int)(nv * nv * nv * nv);
  CHECK(zeros > 0 && nonzeros > 0);
  /* Near the node limit: one node fewer fits, one more gives 0 (never wraps). */
  CHECK(DLX_REQUIRED_SIZE(0, 0, 0, 0x7FFFFFFDu) != 0 || sizeof(size_t) < 8);
  CHECK(DLX_REQUIRED_SIZE(0, 0, 0, 0x7FFFFFFEu) == 0);
  CHECK(DLX_REQUIRED_SIZE(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu) == 0);
  CHECK(DLX_REQUIRED_SIZE(0, 0, 0, 0) > 0);
}

/* A static pool sized at compile time, as the P4929 example does. */
DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE(3, 0, 3, 4) + 8];

static void test_init_in(void) {
  dlx_dims d;
  dlx_solver *s = NULL;
  dlx_solver *sentinel = (dlx_solver *)&d;
  size_t need;
  d.primary = 3;
  d.secondary = 0;
  d.max_rows = 3;
  d.max_entries = 4;
  need = dlx_required_size(&d);
  CHECK(need == DLX_REQUIRED_SIZE(3, 0, 3, 4));

  s = sentinel;
  CHECK_STATUS(dlx_init_in(NULL, need, &d, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in(pool, need, NULL, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in(pool, need, &d, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in(pool + 4, need, &d, &s), DLX_ERR_MISALIGNED);
  CHECK_STATUS(dlx_init_in(pool, need - 1, &d, &s), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_init_in(pool, 0, &d, &s), DLX_ERR_TOO_SMALL);
  {
    dlx_dims huge = d;
    huge.max_entries = 0xFFFFFFFFu;
    CHECK_STATUS(dlx_init_in(pool, sizeof pool, &huge, &s), DLX_ERR_ARG);
    CHECK_STATUS(dlx_new(&huge, &s), DLX_ERR_ARG);
  }
  CHECK(s == sentinel); /* out-parameters are written only on success */

  CHECK_STATUS(dlx_init_in(pool, sizeof pool, &d, &s), DLX_OK);
  CHECK(s == (dlx_solver *)(void *)pool);
  {
    /* P4929's first sample: rows 0 0 1 / 1 0 0 / 0 1 0. */
    const uint32_t r0[] = {2}, r1[] = {0}, r2[] = {1};
    uint64_t count = 0;
    const uint32_t *rows = NULL;
    size_t n = 0;
    CHECK_STATUS(dlx_add_row(s, r0, 1, NULL), DLX_OK);
    CHECK_STATUS(dlx_add_row(s, r1, 1, NULL), DLX_OK);
    CHECK_STATUS(dlx_add_row(s, r2, 1, NULL), DLX_OK);
    CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
    CHECK(count == 1);
    CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
    CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
    CHECK(n == 3);
    CHECK(rows >= (const uint32_t *)(const void *)pool &&
          rows < (const uint32_t *)(const void *)(pool + sizeof pool));
    CHECK_STATUS(dlx_next(s, 0), DLX_EXHAUSTED);
    CHECK_STATUS(dlx_next(s, 0), DLX_EXHAUSTED);
  }
  /* dlx_free leaves a caller-owned block alone: the handle still works. */
  dlx_free(s);
  {
    uint64_t count = 0;
    CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
    CHECK(count == 1);
  }
  /* A block copied elsewhere is the same solver (position-independent). */
  {
    DLX_ALIGNED static unsigned char copy[sizeof pool];
    uint64_t count = 0;
    memcpy(copy, pool, sizeof pool);
    CHECK_STATUS(dlx_count((dlx_solver *)(void *)copy, 0, &count), DLX_OK);
    CHECK(count == 1);
  }
}

static void test_new_free(void) {
  dlx_dims d = queens_dims(8);
  dlx_solver *s = NULL;
  uint64_t count = 0;
  dlx_free(NULL);
  CHECK_STATUS(dlx_new(NULL, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_new(&d, NULL), DLX_ERR_NULL);
  s = new_queens(8);
  CHECK(s != NULL);
  if (s == NULL) return;
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 92);
  CHECK_STATUS(dlx_count(s, 10, &count), DLX_OK);
  CHECK(count == 10);
  CHECK_STATUS(dlx_count(s, 2, &count), DLX_OK);
  CHECK(count == 2);
  CHECK_STATUS(dlx_count(s, 0, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count(NULL, 0, &count), DLX_ERR_NULL);
  dlx_free(s);
}

static void test_add_row_errors(void) {
  dlx_dims d;
  dlx_solver *s = NULL;
  uint32_t row = 777;
  const uint32_t ok[] = {0, 3}, bad_col[] = {0, 4}, dup[] = {1, 2, 1}, big[] = {1, 2, 3};
  unsigned char before[512];
  d.primary = 3;
  d.secondary = 1;
  d.max_rows = 2;
  d.max_entries = 4;
  CHECK_STATUS(dlx_new(&d, &s), DLX_OK);
  if (s == NULL) return;
  CHECK(dlx_required_size(&d) <= sizeof before);
  memcpy(before, s, dlx_required_size(&d));

  CHECK_STATUS(dlx_add_row(NULL, ok, 2, &row), DLX_ERR_NULL);
  CHECK_STATUS(dlx_add_row(s, NULL, 2, &row), DLX_ERR_NULL);
  CHECK_STATUS(dlx_add_row(s, NULL, 0, &row), DLX_ERR_EMPTY_ROW);
  CHECK_STATUS(dlx_add_row(s, ok, 0, &row), DLX_ERR_EMPTY_ROW);
  CHECK_STATUS(dlx_add_row(s, bad_col, 2, &row), DLX_ERR_COLUMN);
  CHECK_STATUS(dlx_add_row(s, dup, 3, &row), DLX_ERR_DUPLICATE);
  CHECK_STATUS(dlx_add_row(s, ok, 5, &row), DLX_ERR_CAPACITY); /* more than max_entries */
  CHECK(row == 777);
  /* Failing calls changed nothing, byte for byte. */
  CHECK(memcmp(before, s, dlx_required_size(&d)) == 0);

  CHECK_STATUS(dlx_add_row(s, ok, 2, &row), DLX_OK);
  CHECK(row == 0);
  CHECK_STATUS(dlx_add_row(s, big, 3, &row), DLX_ERR_CAPACITY); /* entries: 2 + 3 > 4 */
  CHECK_STATUS(dlx_add_row(s, big, 2, &row), DLX_OK);
  CHECK(row == 1);
  CHECK_STATUS(dlx_add_row(s, ok, 1, &row), DLX_ERR_CAPACITY); /* rows: 2 of 2 */
  {
    uint64_t count = 9;
    CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
    CHECK(count == 1);
  }
  /* Mid-search the problem cannot change. */
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  memcpy(before, s, dlx_required_size(&d));
  CHECK_STATUS(dlx_add_row(s, ok, 1, NULL), DLX_ERR_STATE);
  CHECK_STATUS(dlx_select_row(s, 0), DLX_ERR_STATE);
  CHECK_STATUS(dlx_unselect_all(s), DLX_ERR_STATE);
  CHECK_STATUS(dlx_set_seed(s, 5), DLX_ERR_STATE);
  CHECK(memcmp(before, s, dlx_required_size(&d)) == 0);
  CHECK_STATUS(dlx_next(s, 0), DLX_EXHAUSTED);
  CHECK_STATUS(dlx_set_seed(s, 5), DLX_OK); /* allowed once the search is over */
  dlx_free(s);
}

static void test_select_rows(void) {
  dlx_solver *s = new_queens(6);
  uint64_t count = 0;
  const uint32_t *rows = NULL;
  size_t n = 0;
  unsigned char before[4096];
  dlx_dims d = queens_dims(6);
  if (s == NULL) return;
  CHECK(dlx_required_size(&d) <= sizeof before);
  CHECK_STATUS(dlx_select_row(NULL, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_select_row(s, 36), DLX_ERR_ARG);
  CHECK_STATUS(dlx_select_row(s, 1), DLX_OK); /* queen at row 0, column 1 */
  memcpy(before, s, dlx_required_size(&d));
  CHECK_STATUS(dlx_select_row(s, 1), DLX_ERR_CONFLICT);  /* the same row again */
  CHECK_STATUS(dlx_select_row(s, 2), DLX_ERR_CONFLICT);  /* same board row */
  CHECK_STATUS(dlx_select_row(s, 6), DLX_ERR_CONFLICT);  /* diagonal (secondary) */
  CHECK(memcmp(before, s, dlx_required_size(&d)) == 0);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 1);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
  CHECK(n == 6 && rows[0] == 1); /* forced rows come first */
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_ERR_STATE);
  CHECK_STATUS(dlx_unselect_all(NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_unselect_all(s), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 4);
  dlx_free(s);
}

static void test_solution_and_next(void) {
  dlx_solver *s = new_queens(8);
  const uint32_t *rows = NULL;
  size_t n = 0;
  uint64_t found = 0;
  dlx_status st;
  if (s == NULL) return;
  CHECK_STATUS(dlx_next(NULL, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(NULL, &rows, &n), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(s, NULL, &n), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(s, &rows, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_ERR_STATE); /* nothing found yet */
  while ((st = dlx_next(s, 0)) == DLX_SOLUTION) {
    size_t i;
    int seen[8] = {0};
    CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
    CHECK(n == 8);
    for (i = 0; i < n; ++i) {
      CHECK(rows[i] < 64);
      seen[rows[i] / 8] += 1;
    }
    for (i = 0; i < 8; ++i) CHECK(seen[i] == 1);
    ++found;
  }
  CHECK(st == DLX_EXHAUSTED);
  CHECK(found == 92);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_ERR_STATE);
  dlx_free(s);
}

/* Many small budgets give exactly the solutions of one unlimited run, in order. */
static void test_budgets(void) {
  dlx_solver *whole = new_queens(7);
  dlx_solver *sliced = new_queens(7);
  uint64_t budgets[] = {1, 2, 7, 100};
  size_t b;
  if (whole == NULL || sliced == NULL) return;
  for (b = 0; b < sizeof budgets / sizeof budgets[0]; ++b) {
    dlx_status st;
    int spent = 0;
    CHECK_STATUS(dlx_reset(whole), DLX_OK);
    CHECK_STATUS(dlx_reset(sliced), DLX_OK);
    while ((st = dlx_next(whole, 0)) == DLX_SOLUTION) {
      const uint32_t *a, *c;
      size_t na, nc;
      dlx_status t;
      while ((t = dlx_next(sliced, budgets[b])) == DLX_BUDGET_SPENT) ++spent;
      CHECK(t == DLX_SOLUTION);
      CHECK_STATUS(dlx_solution(whole, &a, &na), DLX_OK);
      CHECK_STATUS(dlx_solution(sliced, &c, &nc), DLX_OK);
      CHECK(na == nc && memcmp(a, c, na * sizeof *a) == 0);
    }
    CHECK(st == DLX_EXHAUSTED);
    while ((st = dlx_next(sliced, budgets[b])) == DLX_BUDGET_SPENT) ++spent;
    CHECK(st == DLX_EXHAUSTED);
    CHECK(spent > 0);
    {
      dlx_stats x, y;
      CHECK_STATUS(dlx_get_stats(whole, &x), DLX_OK);
      CHECK_STATUS(dlx_get_stats(sliced, &y), DLX_OK);
      CHECK(x.nodes == y.nodes && x.updates == y.updates && x.solutions == 40);
    }
  }
  dlx_free(whole);
  dlx_free(sliced);
}

struct visit {
  dlx_solver *s;
  uint64_t seen;
  uint64_t stop_after;
  int reentry_checked;
};

static int32_t on_solution(void *user, const uint32_t *rows, size_t n) {
  struct visit *v = (struct visit *)user;
  ++v->seen;
  CHECK(rows != NULL && n == 8);
  if (!v->reentry_checked) {
    /* Every call on the handle from inside its callback is refused. */
    uint64_t count = 0;
    dlx_stats st;
    const uint32_t *r;
    size_t k;
    const uint32_t cols[] = {0};
    CHECK_STATUS(dlx_next(v->s, 0), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_count(v->s, 0, &count), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_enumerate(v->s, on_solution, v, &count), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_reset(v->s), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_clear(v->s), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_add_row(v->s, cols, 1, NULL), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_select_row(v->s, 0), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_unselect_all(v->s), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_set_seed(v->s, 1), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_get_stats(v->s, &st), DLX_ERR_BUSY);
    CHECK_STATUS(dlx_solution(v->s, &r, &k), DLX_ERR_BUSY);
    dlx_free(v->s); /* refused silently: the handle is in use */
    v->reentry_checked = 1;
  }
  return v->seen == v->stop_after ? 1 : 0;
}

static void test_enumerate(void) {
  dlx_solver *s = new_queens(8);
  struct visit v;
  uint64_t count = 0;
  if (s == NULL) return;
  v.s = s;
  v.seen = 0;
  v.stop_after = 0;
  v.reentry_checked = 0;
  CHECK_STATUS(dlx_enumerate(NULL, on_solution, &v, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_enumerate(s, NULL, &v, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_enumerate(s, on_solution, &v, &count), DLX_EXHAUSTED);
  CHECK(count == 92 && v.seen == 92 && v.reentry_checked);
  v.seen = 0;
  v.stop_after = 3;
  CHECK_STATUS(dlx_enumerate(s, on_solution, &v, &count), DLX_STOPPED);
  CHECK(count == 3 && v.seen == 3);
  v.seen = 0;
  v.stop_after = 0;
  CHECK_STATUS(dlx_enumerate(s, on_solution, &v, NULL), DLX_EXHAUSTED);
  CHECK(v.seen == 92);
  /* The handle is usable again and was left reset. */
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  dlx_free(s);
}

static void first_solution(dlx_solver *s, uint64_t seed, uint32_t out[8]) {
  const uint32_t *rows;
  size_t n = 0, i;
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_set_seed(s, seed), DLX_OK);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
  CHECK(n == 8);
  memset(out, 0, 8 * sizeof *out);
  for (i = 0; i < n && i < 8; ++i) out[rows[i] / 8] = rows[i] % 8; /* column per board row */
}

static void test_seeds(void) {
  dlx_solver *s = new_queens(8);
  uint32_t a[8], b[8], base[8];
  uint64_t seed, count = 0;
  int different = 0;
  if (s == NULL) return;
  CHECK_STATUS(dlx_set_seed(NULL, 1), DLX_ERR_NULL);
  first_solution(s, 0, base);
  for (seed = 1; seed <= 10; ++seed) {
    first_solution(s, seed, a);
    first_solution(s, seed, b);
    CHECK(memcmp(a, b, sizeof a) == 0); /* reproducible */
    if (memcmp(a, base, sizeof a) != 0) ++different;
  }
  CHECK(different >= 5);
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 92); /* a seed reorders, never loses solutions */
  first_solution(s, 0, a);
  CHECK(memcmp(a, base, sizeof a) == 0); /* seed 0 restores the plain order */
  dlx_free(s);
}

static void test_stats_reset_clear(void) {
  dlx_solver *s = new_queens(8);
  dlx_stats st;
  uint64_t count = 0;
  if (s == NULL) return;
  CHECK_STATUS(dlx_get_stats(NULL, &st), DLX_ERR_NULL);
  CHECK_STATUS(dlx_get_stats(s, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
  CHECK(st.nodes == 0 && st.updates == 0 && st.solutions == 0);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
  CHECK(st.solutions == 92 && st.nodes > 0 && st.updates > st.nodes);
  CHECK(st.depth == 0 && st.max_depth == 8);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
  CHECK(st.solutions == 1 && st.depth == 8);
  CHECK_STATUS(dlx_reset(NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
  CHECK(st.solutions == 1 && st.depth == 0); /* reset keeps the figures */
  CHECK_STATUS(dlx_clear(NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_clear(s), DLX_OK);
  CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
  CHECK(st.nodes == 0 && st.updates == 0 && st.solutions == 0);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 0); /* no rows: the primary columns cannot be covered */
  add_queens(s, 8);  /* the cleared handle takes the problem again */
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 92);
  dlx_free(s);
}

static void test_no_primary_columns(void) {
  dlx_dims d;
  dlx_solver *s = NULL;
  const uint32_t only_secondary[] = {0};
  uint64_t count = 0;
  d.primary = 0;
  d.secondary = 1;
  d.max_rows = 1;
  d.max_entries = 1;
  CHECK_STATUS(dlx_new(&d, &s), DLX_OK);
  if (s == NULL) return;
  CHECK_STATUS(dlx_add_row(s, only_secondary, 1, NULL), DLX_OK);
  CHECK_STATUS(dlx_select_row(s, 0), DLX_ERR_ARG); /* no primary column */
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 1); /* the empty set */
  dlx_free(s);
}

int main(void) {
  test_versions_and_status_strings();
  test_required_size();
  test_init_in();
  test_new_free();
  test_add_row_errors();
  test_select_rows();
  test_solution_and_next();
  test_budgets();
  test_enumerate();
  test_seeds();
  test_stats_reset_clear();
  test_no_primary_columns();
  printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
