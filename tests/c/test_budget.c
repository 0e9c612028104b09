/* dlx_next's budget bound, as the header documents it: a call with budget b >= 1
 * spends at most b - 1 plus the updates of covering one row, where covering a row
 * costs, for each of its columns, 1 plus the other nodes of the rows in that column
 * (measured on the full matrix, which only shrinks during the search). Whole searches
 * of several instances at budgets 1, 7 and 1000, every call checked; the solutions
 * must add up to the unbudgeted count. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_ROWS 400
#define MAX_COLS 8
#define MAX_COLUMNS 200

/* A problem as plain rows, to compute the bound independently of the library. */
typedef struct {
  uint32_t primary, secondary, nrows;
  uint32_t len[MAX_ROWS];
  uint32_t cols[MAX_ROWS][MAX_COLS];
} problem;

static void add(problem *p, const uint32_t *cols, uint32_t n) {
  if (p->nrows < MAX_ROWS && n <= MAX_COLS) {
    memcpy(p->cols[p->nrows], cols, n * sizeof cols[0]);
    p->len[p->nrows++] = n;
  }
}

/* The most updates covering one row can cost. */
static uint64_t row_bound(const problem *p) {
  static uint64_t column_cost[MAX_COLUMNS];
  uint64_t best = 0;
  uint32_t r, i, ncols = p->primary + p->secondary;
  for (i = 0; i < ncols; ++i) column_cost[i] = 1;
  for (r = 0; r < p->nrows; ++r)
    for (i = 0; i < p->len[r]; ++i) column_cost[p->cols[r][i]] += p->len[r] - 1;
  for (r = 0; r < p->nrows; ++r) {
    uint64_t cost = 0;
    for (i = 0; i < p->len[r]; ++i) cost += column_cost[p->cols[r][i]];
    if (cost > best) best = cost;
  }
  return best;
}

static void queens(problem *p, uint32_t n) {
  uint32_t r, c;
  memset(p, 0, sizeof *p);
  p->primary = 2 * n;
  p->secondary = 2 * (2 * n - 1);
  for (r = 0; r < n; ++r)
    for (c = 0; c < n; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = n + c;
      cols[2] = 2 * n + r + c;
      cols[3] = 2 * n + (2 * n - 1) + (r + n - 1 - c);
      add(p, cols, 4);
    }
}

static void dominoes(problem *p, uint32_t w, uint32_t h) {
  uint32_t x, y;
  memset(p, 0, sizeof *p);
  p->primary = w * h;
  for (y = 0; y < h; ++y)
    for (x = 0; x < w; ++x) {
      uint32_t cols[2];
      cols[0] = y * w + x;
      if (x + 1 < w) {
        cols[1] = y * w + x + 1;
        add(p, cols, 2);
      }
      if (y + 1 < h) {
        cols[1] = (y + 1) * w + x;
        add(p, cols, 2);
      }
    }
}

/* Random rows of 2..5 distinct columns (a fixed LCG, so the test is the same
 * everywhere). */
static void random_rows(problem *p, uint32_t primary, uint32_t secondary, uint32_t rows) {
  uint64_t state = 0x9e3779b97f4a7c15u;
  uint32_t r;
  memset(p, 0, sizeof *p);
  p->primary = primary;
  p->secondary = secondary;
  for (r = 0; r < rows; ++r) {
    uint32_t cols[MAX_COLS], n = 0, want, i;
    state = state * 6364136223846793005u + 1442695040888963407u;
    want = 2 + (uint32_t)(state >> 60) % 4;
    while (n < want) {
      uint32_t c;
      int dup = 0;
      state = state * 6364136223846793005u + 1442695040888963407u;
      c = (uint32_t)(state >> 33) % (primary + secondary);
      for (i = 0; i < n; ++i) dup |= cols[i] == c;
      if (!dup) cols[n++] = c;
    }
    add(p, cols, n);
  }
}

static dlx_solver *load(const problem *p) {
  dlx_dims d;
  dlx_solver *s = NULL;
  uint32_t r, entries = 0;
  for (r = 0; r < p->nrows; ++r) entries += p->len[r];
  d.primary = p->primary;
  d.secondary = p->secondary;
  d.max_rows = p->nrows;
  d.max_entries = entries;
  CHECK_STATUS(dlx_new(&d, &s), DLX_OK);
  if (s == NULL) return NULL;
  for (r = 0; r < p->nrows; ++r)
    CHECK_STATUS(dlx_add_row(s, p->cols[r], p->len[r], NULL), DLX_OK);
  return s;
}

/* Runs whole searches at each budget; returns the largest overshoot seen. */
static uint64_t check_instance(const char *name, const problem *p) {
  static const uint64_t budgets[] = {1, 7, 1000};
  dlx_solver *s = load(p);
  uint64_t bound = row_bound(p), want = 0, worst = 0;
  size_t b;
  if (s == NULL) return 0;
  CHECK_STATUS(dlx_count(s, 0, &want), DLX_OK);
  for (b = 0; b < sizeof budgets / sizeof budgets[0]; ++b) {
    uint64_t budget = budgets[b], solutions = 0, before = 0, calls = 0;
    int bad = 0;
    dlx_status st;
    CHECK_STATUS(dlx_reset(s), DLX_OK);
    do {
      dlx_stats stats;
      uint64_t spent;
      st = dlx_next(s, budget);
      CHECK_STATUS(dlx_get_stats(s, &stats), DLX_OK);
      /* The first call starts the search, whose figures start from zero. */
      spent = calls++ == 0 ? stats.updates : stats.updates - before;
      before = stats.updates;
      if (st == DLX_SOLUTION) ++solutions;
      if (st == DLX_BUDGET_SPENT && spent < budget) bad = 1;
      if (spent > budget && spent - budget > worst) worst = spent - budget;
      if (spent > budget - 1 + bound && !bad) {
        bad = 1;
        fprintf(stderr, "  %s budget %u: a call spent %u (bound %u)\n", name,
                (unsigned)budget, (unsigned)spent, (unsigned)(budget - 1 + bound));
      }
    } while (st == DLX_SOLUTION || st == DLX_BUDGET_SPENT);
    CHECK_STATUS(st, DLX_EXHAUSTED);
    CHECK(!bad);
    CHECK(solutions == want);
  }
  printf("%-12s %6u solutions, row bound %4u, largest overshoot %4u\n", name, (unsigned)want,
         (unsigned)bound, (unsigned)worst);
  dlx_free(s);
  return worst;
}

int main(void) {
  static problem p;
  queens(&p, 8);
  check_instance("queens 8", &p);
  queens(&p, 10);
  check_instance("queens 10", &p);
  dominoes(&p, 6, 6);
  check_instance("dominoes 6x6", &p);
  random_rows(&p, 24, 6, 120);
  check_instance("random", &p);
  printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
