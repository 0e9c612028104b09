/* Exact cover with colours from C: dlx_xdims, dlx_required_size_x / DLX_REQUIRED_SIZE_X,
 * dlx_init_in_x, dlx_new_x, dlx_add_row_colored, dlx_get_cleansings, and the general
 * calls on a solver with colours. Every error of every new function (NULL, ranges,
 * state), and a failed call changes nothing. Figures are those of Knuth's DLX2. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Knuth's example in dlx2.w:
 *   A B C | X Y
 *   A B X:0 Y:0      row 0
 *   A C X:1 Y:1      row 1
 *   B X:1            row 2
 *   C Y:1            row 3
 * (the option "X:0 Y:1" has no primary item and is left out, as DLX2 drops it).
 * Colour 1 = "0", colour 2 = "1". One solution: rows 1 and 2. DLX2: 4 nodes,
 * 14 updates, 5 cleansings. */
static const uint32_t ex_cols[4][4] = {{0, 1, 3, 4}, {0, 2, 3, 4}, {1, 3, 0, 0}, {2, 4, 0, 0}};
static const uint32_t ex_colours[4][4] = {{0, 0, 1, 1}, {0, 0, 2, 2}, {0, 2, 0, 0}, {0, 2, 0, 0}};
static const size_t ex_len[4] = {4, 4, 2, 2};

static dlx_xdims ex_dims(void) {
  dlx_xdims d;
  d.primary = 3;
  d.secondary = 2;
  d.max_rows = 4;
  d.max_entries = 12;
  d.colors = 2;
  d.bounded = 0;
  return d;
}

DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 2, 0)];

static void add_example(dlx_solver *s) {
  int r;
  for (r = 0; r < 4; ++r) {
    uint32_t id = 99;
    CHECK_STATUS(dlx_add_row_colored(s, ex_cols[r], ex_colours[r], ex_len[r], &id), DLX_OK);
    CHECK(id == (uint32_t)r);
  }
}

static void test_sizes(void) {
  dlx_xdims d = ex_dims();
  dlx_dims p;
  CHECK(dlx_required_size_x(NULL) == 0);
  CHECK(dlx_required_size_x(&d) == DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 2, 0));
  CHECK(dlx_required_size_x(&d) == sizeof pool);
  CHECK(dlx_required_size_x(&d) > 0);
  /* No colours and no bounds: a plain solver, the plain size. */
  d.colors = 0;
  p.primary = 3, p.secondary = 2, p.max_rows = 4, p.max_entries = 12;
  CHECK(dlx_required_size_x(&d) == dlx_required_size(&p));
  CHECK(DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 0, 0) == DLX_REQUIRED_SIZE(3, 2, 4, 12));
  /* Bounds: more room (levels, bounds); more bounded columns than primary: 0. */
  d.bounded = 1;
  CHECK(dlx_required_size_x(&d) == DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 0, 1));
  CHECK(dlx_required_size_x(&d) > DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 1, 0));
  d.bounded = 4;
  CHECK(dlx_required_size_x(&d) == 0 && DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 0, 4) == 0);
  d.bounded = 0;
  d.colors = 0x80000000u;
  CHECK(dlx_required_size_x(&d) == 0 && DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 0x80000000u, 0) == 0);
  d.colors = 0x7FFFFFFFu;
  CHECK(dlx_required_size_x(&d) == DLX_REQUIRED_SIZE_X(3, 2, 4, 12, 0x7FFFFFFFu, 0));
  d.colors = 1;
  d.max_entries = 0xFFFFFFFFu;
  CHECK(dlx_required_size_x(&d) == 0 && DLX_REQUIRED_SIZE_X(3, 2, 4, 0xFFFFFFFFu, 1, 0) == 0);
  {
    uint32_t k;
    for (k = 0; k < 50; ++k) {
      d.primary = k, d.secondary = 3 * k, d.max_rows = 7 * k, d.max_entries = 11 * k;
      d.colors = k;
      d.bounded = 0;
      CHECK(dlx_required_size_x(&d) == DLX_REQUIRED_SIZE_X(k, 3 * k, 7 * k, 11 * k, k, 0));
      d.bounded = k / 2;
      CHECK(dlx_required_size_x(&d) ==
            DLX_REQUIRED_SIZE_X(k, 3 * k, 7 * k, 11 * k, k, k / 2));
    }
  }
}

static void test_init_errors(void) {
  dlx_xdims d = ex_dims();
  dlx_solver *s = (dlx_solver *)0x1, *keep;
  CHECK_STATUS(dlx_init_in_x(NULL, sizeof pool, &d, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, NULL, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, &d, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in_x(pool + 4, sizeof pool - 4, &d, &s), DLX_ERR_MISALIGNED);
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool - 1, &d, &s), DLX_ERR_TOO_SMALL);
  d.bounded = 4; /* more than primary */
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, &d, &s), DLX_ERR_ARG);
  CHECK_STATUS(dlx_new_x(&d, &s), DLX_ERR_ARG);
  d.bounded = 0;
  d.colors = 0x80000000u;
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, &d, &s), DLX_ERR_ARG);
  CHECK_STATUS(dlx_new_x(&d, &s), DLX_ERR_ARG);
  CHECK(s == (dlx_solver *)0x1); /* out-parameters untouched on failure */
  CHECK_STATUS(dlx_new_x(NULL, &s), DLX_ERR_NULL);
  d = ex_dims();
  CHECK_STATUS(dlx_new_x(&d, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, &d, &s), DLX_OK);
  CHECK((void *)s == (void *)pool);
  keep = s;
  (void)keep;
}

/* dlx_split callback: counts each prefix's sub-problem in a fresh solver. */
static int sum_prefix(void *user, const uint32_t *rows, size_t n, int32_t is_solution) {
  uint64_t *total = (uint64_t *)user, c = 0;
  dlx_xdims d = ex_dims();
  dlx_solver *t = NULL;
  size_t i;
  int r;
  if (is_solution) {
    ++*total;
    return 0;
  }
  CHECK_STATUS(dlx_new_x(&d, &t), DLX_OK);
  for (r = 0; r < 4; ++r) dlx_add_row_colored(t, ex_cols[r], ex_colours[r], ex_len[r], NULL);
  for (i = 0; i < n; ++i) CHECK_STATUS(dlx_select_row(t, rows[i]), DLX_OK);
  CHECK_STATUS(dlx_count(t, 0, &c), DLX_OK);
  *total += c;
  dlx_free(t);
  return 0;
}

static void test_knuths_example(void) {
  dlx_xdims d = ex_dims();
  dlx_solver *s = NULL;
  const uint32_t *rows;
  size_t n;
  uint64_t count = 0, cleansings = 0;
  dlx_stats st;
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, &d, &s), DLX_OK);
  add_example(s);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
  CHECK(n == 2 && rows[0] == 1 && rows[1] == 2);
  CHECK_STATUS(dlx_next(s, 0), DLX_EXHAUSTED);
  CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
  CHECK_STATUS(dlx_get_cleansings(s, &cleansings), DLX_OK);
  CHECK(st.solutions == 1 && st.nodes == 4 && st.updates == 14 && cleansings == 5);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 1);
  /* Budgets of one update: the same solution, the same figures. */
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  {
    dlx_status r;
    int sols = 0, calls = 0;
    while ((r = dlx_next(s, 1)) != DLX_EXHAUSTED) {
      CHECK(r == DLX_SOLUTION || r == DLX_BUDGET_SPENT);
      sols += r == DLX_SOLUTION;
      calls++;
      if (calls > 1000) break;
    }
    CHECK(sols == 1 && calls > 3);
    CHECK_STATUS(dlx_get_stats(s, &st), DLX_OK);
    CHECK(st.updates == 14 && st.nodes == 4);
  }
  /* Forced rows: row 2 (B X:1) fits the solution; row 0 then clashes. */
  CHECK_STATUS(dlx_select_row(s, 2), DLX_OK);
  CHECK_STATUS(dlx_select_row(s, 0), DLX_ERR_CONFLICT);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 1);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
  CHECK(n == 2 && rows[0] == 2 && rows[1] == 1);
  CHECK_STATUS(dlx_select_row(s, 1), DLX_ERR_STATE);
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_unselect_all(s), DLX_OK);
  /* Row 0 forced: no solution. */
  CHECK_STATUS(dlx_select_row(s, 0), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 0);
  CHECK_STATUS(dlx_unselect_all(s), DLX_OK);
  CHECK_STATUS(dlx_select_row(s, 4), DLX_ERR_ARG);
  /* Seeds: the one solution, whatever the seed. */
  CHECK_STATUS(dlx_set_seed(s, 12345), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 1);
  CHECK_STATUS(dlx_set_seed(s, 0), DLX_OK);
  /* Split and parallel counting. */
  CHECK_STATUS(dlx_split(s, 1, NULL, NULL, NULL), DLX_ERR_NULL);
  count = 0;
  CHECK_STATUS(dlx_count_parallel(s, 2, 0, &count), DLX_OK);
  CHECK(count == 1);
  {
    uint64_t reports = 0, total = 0;
    CHECK_STATUS(dlx_split(s, 1, sum_prefix, &total, &reports), DLX_EXHAUSTED);
    /* Column A (first of least length 2) branches on rows 0 and 1. */
    CHECK(reports == 2 && total == 1);
  }
  /* Clear: no rows, one empty problem with no solution (primary columns uncovered). */
  CHECK_STATUS(dlx_clear(s), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 0);
}

static int collect(void *user, const uint32_t *rows, size_t n) {
  int *seen = (int *)user;
  seen[0]++;
  seen[1] = n == 2 ? (int)(rows[0] * 10 + rows[1]) : -1;
  return 0;
}

static int reenter(void *user, const uint32_t *rows, size_t n) {
  dlx_solver *s = (dlx_solver *)user;
  uint64_t c;
  (void)rows, (void)n;
  CHECK_STATUS(dlx_next(s, 0), DLX_ERR_BUSY);
  CHECK_STATUS(dlx_add_row_colored(s, ex_cols[0], ex_colours[0], 4, NULL), DLX_ERR_BUSY);
  CHECK_STATUS(dlx_get_cleansings(s, &c), DLX_ERR_BUSY);
  return 1;
}

static void test_enumerate_and_image(void) {
  dlx_xdims d = ex_dims();
  dlx_solver *s = NULL, *t = NULL;
  int seen[2] = {0, 0};
  uint64_t count = 0;
  const void *mem;
  size_t len;
  void *copy;
  double f = -1;
  CHECK_STATUS(dlx_new_x(&d, &s), DLX_OK);
  add_example(s);
  CHECK_STATUS(dlx_enumerate(s, collect, seen, &count), DLX_EXHAUSTED);
  CHECK(count == 1 && seen[0] == 1 && seen[1] == 12);
  CHECK_STATUS(dlx_enumerate(s, reenter, s, &count), DLX_STOPPED);
  CHECK(count == 1);
  /* An image taken mid-search resumes in a copy. */
  CHECK_STATUS(dlx_progress(s, &f), DLX_OK);
  CHECK(f == 0.0);
  CHECK_STATUS(dlx_next(s, 1), DLX_BUDGET_SPENT);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  CHECK(len == dlx_required_size_x(&d));
  copy = malloc(len); /* malloc's alignment is enough (DLX_ALIGN is 8) */
  memcpy(copy, mem, len);
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
  CHECK_STATUS(dlx_next(t, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_next(t, 0), DLX_EXHAUSTED);
  CHECK_STATUS(dlx_progress(t, &f), DLX_OK);
  CHECK(f == 1.0);
  /* A damaged image is refused and left as it was. */
  memcpy(copy, mem, len);
  ((uint32_t *)copy)[len / 4 - 1] = 0xFFFFFFFFu; /* the last stack word ... */
  ((uint32_t *)copy)[13] = 7;                      /* and a row count too big */
  {
    unsigned char *before = (unsigned char *)malloc(len);
    memcpy(before, copy, len);
    t = NULL;
    CHECK_STATUS(dlx_attach(copy, len, &t), DLX_ERR_CORRUPT);
    CHECK(t == NULL && memcmp(before, copy, len) == 0);
    CHECK_STATUS(dlx_attach(copy, 16, &t), DLX_ERR_CORRUPT);
    free(before);
  }
  free(copy);
  dlx_free(s);
  dlx_free(NULL);
}

static void test_add_row_colored_errors(void) {
  dlx_xdims d = ex_dims();
  dlx_solver *s = NULL;
  uint32_t id = 77, cols[3] = {0, 3, 4}, colours[3] = {0, 1, 2};
  uint64_t count;
  CHECK_STATUS(dlx_init_in_x(pool, sizeof pool, &d, &s), DLX_OK);
  CHECK_STATUS(dlx_add_row_colored(NULL, cols, colours, 3, &id), DLX_ERR_NULL);
  CHECK_STATUS(dlx_add_row_colored(s, NULL, colours, 3, &id), DLX_ERR_NULL);
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 0, &id), DLX_ERR_EMPTY_ROW);
  cols[1] = 5;
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, &id), DLX_ERR_COLUMN);
  cols[1] = 4;
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, &id), DLX_ERR_DUPLICATE);
  cols[1] = 3;
  colours[2] = 3; /* above colors */
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, &id), DLX_ERR_ARG);
  colours[2] = 2;
  colours[0] = 1; /* a colour on a primary column */
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, &id), DLX_ERR_ARG);
  colours[0] = 0;
  CHECK(id == 77); /* nothing written by a failed call */
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 0); /* and no row added */
  CHECK_STATUS(dlx_add_row_colored(s, cols, NULL, 3, &id), DLX_OK); /* NULL colours: none */
  CHECK(id == 0);
  CHECK_STATUS(dlx_add_row(s, cols, 2, &id), DLX_OK); /* the plain call works too */
  CHECK(id == 1);
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, NULL), DLX_OK);
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, NULL), DLX_OK);
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 1, NULL), DLX_ERR_CAPACITY); /* rows */
  CHECK_STATUS(dlx_clear(s), DLX_OK);
  {
    static const uint32_t many[13] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    CHECK_STATUS(dlx_add_row_colored(s, many, many, 13, NULL), DLX_ERR_CAPACITY);
  }
  /* While a search is under way: state. */
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, NULL), DLX_OK);
  CHECK_STATUS(dlx_next(s, 0), DLX_EXHAUSTED);
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, NULL), DLX_OK); /* finished: fine */
  CHECK_STATUS(dlx_next(s, 1), DLX_BUDGET_SPENT);
  CHECK_STATUS(dlx_add_row_colored(s, cols, colours, 3, NULL), DLX_ERR_STATE);
  CHECK_STATUS(dlx_set_seed(s, 3), DLX_ERR_STATE);
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  /* dlx_get_cleansings: NULL, plain solvers give 0. */
  CHECK_STATUS(dlx_get_cleansings(s, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_get_cleansings(NULL, &count), DLX_ERR_NULL);
  {
    dlx_xdims pd = ex_dims();
    dlx_solver *p = NULL;
    uint64_t c = 9;
    pd.colors = 0;
    CHECK_STATUS(dlx_new_x(&pd, &p), DLX_OK);
    CHECK_STATUS(dlx_add_row_colored(p, cols, colours, 3, NULL), DLX_ERR_ARG);
    {
      uint32_t far[2] = {0, 9}, dup[2] = {0, 0}, k2[2] = {0, 1};
      /* The row's own faults come first, as on a solver with colours. */
      CHECK_STATUS(dlx_add_row_colored(p, far, k2, 2, NULL), DLX_ERR_COLUMN);
      CHECK_STATUS(dlx_add_row_colored(p, dup, k2, 2, NULL), DLX_ERR_DUPLICATE);
      CHECK_STATUS(dlx_add_row_colored(s, far, k2, 2, NULL), DLX_ERR_COLUMN);
      CHECK_STATUS(dlx_add_row_colored(s, dup, k2, 2, NULL), DLX_ERR_DUPLICATE);
    }
    colours[1] = colours[2] = 0;
    CHECK_STATUS(dlx_add_row_colored(p, cols, colours, 3, &id), DLX_OK);
    CHECK_STATUS(dlx_get_cleansings(p, &c), DLX_OK);
    CHECK(c == 0 && id == 0);
    dlx_free(p);
  }
}

/* Multiplicities: Knuth's Algorithm M (DLX3). Three primary columns a, b, c with
 * a in [1, 2], b in [0, 1], c in [1, 1]; rows: {a}, {a b}, {a c}, {b c}, {c}. */
static void test_bounds(void) {
  dlx_xdims d;
  dlx_solver *s = NULL, *p = NULL;
  static const uint32_t r0[] = {0}, r1[] = {0, 1}, r2[] = {0, 2}, r3[] = {1, 2}, r4[] = {2};
  uint64_t count = 7, before;
  const void *mem;
  size_t len;
  double f;
  d.primary = 3, d.secondary = 0, d.max_rows = 5, d.max_entries = 8, d.colors = 0;
  d.bounded = 2;
  CHECK_STATUS(dlx_new_x(&d, &s), DLX_OK);
  CHECK_STATUS(dlx_add_row(s, r0, 1, NULL), DLX_OK);
  CHECK_STATUS(dlx_add_row(s, r1, 2, NULL), DLX_OK);
  CHECK_STATUS(dlx_add_row(s, r2, 2, NULL), DLX_OK);
  CHECK_STATUS(dlx_add_row(s, r3, 2, NULL), DLX_OK);
  CHECK_STATUS(dlx_add_row(s, r4, 1, NULL), DLX_OK);
  /* Without bounds, the exact covers: {a} {b c} and {a b} {c}. */
  CHECK_STATUS(dlx_count(s, 0, &before), DLX_OK);
  CHECK(before == 2);
  CHECK_STATUS(dlx_set_bounds(NULL, 0, 1, 2), DLX_ERR_NULL);
  CHECK_STATUS(dlx_set_bounds(s, 3, 1, 2), DLX_ERR_COLUMN);
  CHECK_STATUS(dlx_set_bounds(s, 0, 1, 0), DLX_ERR_ARG);
  CHECK_STATUS(dlx_set_bounds(s, 0, 3, 2), DLX_ERR_ARG);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == before); /* failed calls changed nothing */
  CHECK_STATUS(dlx_set_bounds(s, 0, 1, 2), DLX_OK);
  CHECK_STATUS(dlx_set_bounds(s, 1, 0, 1), DLX_OK);
  CHECK_STATUS(dlx_set_bounds(s, 2, 0, 2), DLX_ERR_CAPACITY); /* a third column */
  CHECK_STATUS(dlx_set_bounds(s, 2, 1, 1), DLX_OK);           /* [1, 1] is free */
  /* a in [1,2], b in [0,1], c exactly once: with {a c}: alone, + {a}, + {a b};
   * with {b c}: + {a}; with {c}: + {a}, + {a b}, + {a} {a b}. Seven. */
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 7);
  CHECK_STATUS(dlx_next(s, 1), DLX_BUDGET_SPENT);
  CHECK_STATUS(dlx_set_bounds(s, 0, 1, 1), DLX_ERR_STATE);
  CHECK_STATUS(dlx_select_row(s, 0), DLX_ERR_STATE);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK); /* see test_bounds_image */
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  /* No row prefixes with bounds; parallel counts split into search paths. */
  CHECK_STATUS(dlx_split(s, 1, sum_prefix, NULL, NULL), DLX_ERR_STATE);
  CHECK_STATUS(dlx_count_parallel(s, 0, 0, &count), DLX_OK);
  CHECK(count == 7);
  CHECK_STATUS(dlx_count_parallel(s, 2, 0, &count), DLX_OK);
  CHECK(count == 7);
  CHECK_STATUS(dlx_count_parallel(s, 3, 5, &count), DLX_OK);
  CHECK(count == 5);
  /* DLX3's progress estimate: from 0, never back, to 1, moving in between. */
  {
    double last = 0.0;
    int between = 0;
    dlx_status r;
    CHECK_STATUS(dlx_progress(s, &f), DLX_OK);
    CHECK(f == 0.0);
    while ((r = dlx_next(s, 1)) != DLX_EXHAUSTED) {
      CHECK(r == DLX_SOLUTION || r == DLX_BUDGET_SPENT);
      CHECK_STATUS(dlx_progress(s, &f), DLX_OK);
      CHECK(f >= last && f <= 1.0);
      between += f > 0.0 && f < 1.0;
      last = f;
    }
    CHECK_STATUS(dlx_progress(s, &f), DLX_OK);
    CHECK(f == 1.0 && between > 3);
  }
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  /* Forced rows with bounds: {a} is in four of the seven; {a} and {a b} only in
   * {a} {a b} {c}; a third use of a ([1, 2]) or {a} twice is refused. */
  CHECK_STATUS(dlx_select_row(s, 0), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 4);
  CHECK_STATUS(dlx_select_row(s, 0), DLX_ERR_CONFLICT);
  CHECK_STATUS(dlx_select_row(s, 1), DLX_OK);
  CHECK_STATUS(dlx_select_row(s, 2), DLX_ERR_CONFLICT);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 1);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  {
    const uint32_t *rows;
    size_t n;
    CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
    CHECK(n == 3 && rows[0] == 0 && rows[1] == 1 && rows[2] == 4); /* forced first */
  }
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_unselect_all(s), DLX_OK);
  {
    int n = 0;
    dlx_status r;
    while ((r = dlx_next(s, 0)) == DLX_SOLUTION) n++;
    CHECK(r == DLX_EXHAUSTED && n == 7);
    CHECK_STATUS(dlx_progress(s, &f), DLX_OK);
    CHECK(f == 1.0);
  }
  /* Back to [1, 1] everywhere: the exact covers again. */
  CHECK_STATUS(dlx_set_bounds(s, 0, 1, 1), DLX_OK);
  CHECK_STATUS(dlx_set_bounds(s, 1, 1, 1), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == before);
  /* The maximiser takes plain solvers only; the solver is left as it was. */
  {
    dlx_dims pd;
    dlx_maximizer *m = NULL;
    pd.primary = 3, pd.secondary = 0, pd.max_rows = 5, pd.max_entries = 8;
    CHECK_STATUS(dlx_maximizer_new(&pd, &m), DLX_OK);
    CHECK_STATUS(dlx_maximize(m, s, 0), DLX_ERR_ARG);
    CHECK_STATUS(dlx_maximize(NULL, s, 0), DLX_ERR_NULL);
    CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
    CHECK(count == before);
    dlx_maximizer_free(m);
  }
  dlx_free(s);
  /* Solvers without room for bounds refuse them. */
  d.bounded = 0;
  d.colors = 1;
  CHECK_STATUS(dlx_new_x(&d, &p), DLX_OK);
  CHECK_STATUS(dlx_set_bounds(p, 0, 1, 2), DLX_ERR_ARG);
  dlx_free(p);
  d.colors = 0;
  CHECK_STATUS(dlx_new_x(&d, &p), DLX_OK); /* a plain solver */
  CHECK_STATUS(dlx_set_bounds(p, 0, 1, 2), DLX_ERR_ARG);
  dlx_free(p);
}

/* The solver of test_bounds with its bounds: a in [1, 2], b in [0, 1], c once. */
static dlx_solver *bounds_example(void) {
  static const uint32_t r0[] = {0}, r1[] = {0, 1}, r2[] = {0, 2}, r3[] = {1, 2}, r4[] = {2};
  static const uint32_t *rows[] = {r0, r1, r2, r3, r4};
  static const size_t lens[] = {1, 2, 2, 2, 1};
  dlx_xdims d;
  dlx_solver *s = NULL;
  size_t i;
  d.primary = 3, d.secondary = 0, d.max_rows = 5, d.max_entries = 8, d.colors = 0;
  d.bounded = 2;
  CHECK_STATUS(dlx_new_x(&d, &s), DLX_OK);
  for (i = 0; i < 5; i++) CHECK_STATUS(dlx_add_row(s, rows[i], lens[i], NULL), DLX_OK);
  CHECK_STATUS(dlx_set_bounds(s, 0, 1, 2), DLX_OK);
  CHECK_STATUS(dlx_set_bounds(s, 1, 0, 1), DLX_OK);
  return s;
}

/* Solutions left in `s` to its end, each checked against `want` from `from` on. */
static int rest_agrees(dlx_solver *s, uint32_t want[][3], size_t *want_n, int from, int total) {
  int k = from;
  dlx_status r;
  while ((r = dlx_next(s, 1)) != DLX_EXHAUSTED) {
    const uint32_t *rows;
    size_t n;
    if (r != DLX_SOLUTION) continue;
    if (k >= total || dlx_solution(s, &rows, &n) != DLX_OK || n != want_n[k] ||
        memcmp(rows, want[k], n * sizeof *rows) != 0)
      return 0;
    k++;
  }
  return k == total;
}

/* Images with bounds: taken at every stop of a search with budget 1, a copy attaches
 * and reports exactly the solutions the search had left; the original goes on after
 * its image as if none was taken; a damaged copy is refused and left as it was. */
static void test_bounds_image(void) {
  dlx_solver *s = bounds_example(), *t = NULL;
  uint32_t want[7][3];
  size_t want_n[7];
  int total = 0, seen = 0, images = 0;
  dlx_status r;
  const void *mem;
  size_t len;
  void *copy;
  while (dlx_next(s, 0) == DLX_SOLUTION) {
    const uint32_t *rows;
    size_t n;
    CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
    CHECK(total < 7 && n <= 3);
    if (total < 7 && n <= 3) {
      memcpy(want[total], rows, n * sizeof *rows);
      want_n[total++] = n;
    }
  }
  CHECK(total == 7);
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  copy = malloc(len);
  do {
    CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
    memcpy(copy, mem, len);
    t = NULL;
    CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
    CHECK(t != NULL && rest_agrees(t, want, want_n, seen, total));
    images++;
    r = dlx_next(s, 1); /* the original, unfolded by this call, goes on */
    CHECK(r == DLX_SOLUTION || r == DLX_BUDGET_SPENT || r == DLX_EXHAUSTED);
    seen += r == DLX_SOLUTION;
  } while (r != DLX_EXHAUSTED);
  CHECK(seen == 7 && images > 10);
  /* Damaged: the first word of the level stack changed (before 8 words each of
   * tweaks and scores and 4 * 3 of bounds), the checksum not rewritten. */
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  CHECK_STATUS(dlx_next(s, 1), DLX_BUDGET_SPENT);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  memcpy(copy, mem, len);
  ((uint32_t *)copy)[len / 4 - 36] ^= 1u;
  {
    unsigned char *before = (unsigned char *)malloc(len);
    memcpy(before, copy, len);
    t = NULL;
    CHECK_STATUS(dlx_attach(copy, len, &t), DLX_ERR_CORRUPT);
    CHECK(t == NULL && memcmp(before, copy, len) == 0);
    free(before);
  }
  free(copy);
  dlx_free(s);
}

/* What dlx_split_paths reported: the solutions above the depth, and the count below
 * every node's path, made by a second solver of the same problem. */
struct path_sums {
  dlx_solver *counter;
  uint64_t solutions, below, nodes;
  dlx_solver *splitting;
};

static int32_t count_below(void *user, const uint32_t *path, size_t n, int32_t is_solution) {
  struct path_sums *p = (struct path_sums *)user;
  uint64_t c = 0, again = 0;
  if (is_solution) {
    p->solutions++;
    return 0;
  }
  p->nodes++;
  /* The splitting handle is busy inside its callback. */
  CHECK_STATUS(dlx_count_path(p->splitting, path, n, 0, &c), DLX_ERR_BUSY);
  CHECK_STATUS(dlx_count_path(p->counter, path, n, 0, &c), DLX_OK);
  CHECK_STATUS(dlx_count_path(p->counter, path, n, 1, &again), DLX_OK);
  CHECK(again == (c > 0));
  p->below += c;
  return 0;
}

static int32_t stop_at_once(void *user, const uint32_t *path, size_t n, int32_t is_solution) {
  (void)user, (void)path, (void)n, (void)is_solution;
  return 1;
}

/* Search paths with bounds: at every depth the counts below the paths plus the
 * solutions above them are the seven solutions; errors. */
static void test_bounds_paths(void) {
  dlx_solver *s = bounds_example(), *t = bounds_example(), *plain = NULL;
  struct path_sums p;
  uint64_t reports = 0, c = 99;
  uint32_t depth, bad[2] = {0xFFFFFFF0u, 3};
  dlx_dims pd;
  for (depth = 0; depth < 6; depth++) {
    memset(&p, 0, sizeof p);
    p.counter = t;
    p.splitting = s;
    CHECK_STATUS(dlx_split_paths(s, depth, count_below, &p, &reports), DLX_EXHAUSTED);
    CHECK(p.below + p.solutions == 7 && reports == p.nodes + p.solutions);
    CHECK(depth > 0 || (p.nodes == 1 && p.solutions == 0));
  }
  CHECK_STATUS(dlx_split_paths(s, 2, stop_at_once, NULL, &reports), DLX_STOPPED);
  CHECK(reports == 1);
  /* Errors: NULL, a path no search takes, a solver without bounds. */
  CHECK_STATUS(dlx_split_paths(NULL, 1, count_below, &p, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_split_paths(s, 1, NULL, NULL, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count_path(NULL, bad, 0, 0, &c), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count_path(s, bad, 0, 0, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count_path(s, NULL, 1, 0, &c), DLX_ERR_NULL);
  CHECK(c == 99);
  CHECK_STATUS(dlx_count_path(s, bad, 1, 0, &c), DLX_ERR_ARG);
  CHECK_STATUS(dlx_count_path(s, bad + 1, 1, 0, &c), DLX_ERR_ARG);
  CHECK(c == 99);
  CHECK_STATUS(dlx_count_path(s, NULL, 0, 0, &c), DLX_OK); /* the root: everything */
  CHECK(c == 7);
  CHECK_STATUS(dlx_count_path(s, NULL, 0, 3, &c), DLX_OK);
  CHECK(c == 3);
  pd.primary = 3, pd.secondary = 0, pd.max_rows = 5, pd.max_entries = 8;
  CHECK_STATUS(dlx_new(&pd, &plain), DLX_OK);
  CHECK_STATUS(dlx_split_paths(plain, 1, count_below, &p, NULL), DLX_ERR_STATE);
  CHECK_STATUS(dlx_count_path(plain, NULL, 0, 0, &c), DLX_ERR_STATE);
  dlx_free(plain);
  {
    dlx_xdims d = ex_dims(); /* colours, no bounds: dlx_split's prefixes instead */
    dlx_solver *x = NULL;
    CHECK_STATUS(dlx_new_x(&d, &x), DLX_OK);
    CHECK_STATUS(dlx_split_paths(x, 1, count_below, &p, NULL), DLX_ERR_STATE);
    CHECK_STATUS(dlx_count_path(x, NULL, 0, 0, &c), DLX_ERR_STATE);
    dlx_free(x);
  }
  dlx_free(t);
  dlx_free(s);
}

int main(void) {
  test_sizes();
  test_init_errors();
  test_knuths_example();
  test_enumerate_and_image();
  test_add_row_colored_errors();
  test_bounds();
  test_bounds_image();
  test_bounds_paths();
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}
