/* dlx_maximize and dlx_tiling from C (compiled as C11 and as C++17 by tests/c_api.rs). */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ------------------------------------------------------------------ maximize */

#define QN 6
DLX_ALIGNED static unsigned char qpool[DLX_REQUIRED_SIZE(2 * QN, 2 * (2 * QN - 1), QN * QN,
                                                         4 * QN * QN)];
DLX_ALIGNED static unsigned char mpool[DLX_MAXIMIZER_REQUIRED_SIZE(
    2 * QN, 2 * (2 * QN - 1), QN * QN, 4 * QN * QN)];

static int64_t weight_of(uint32_t row) { return (int64_t)((row * 7919u) % 23u) - 5; }

struct best {
  int64_t value;
  int found;
};

static int32_t keep_best(void *user, const uint32_t *rows, size_t n) {
  struct best *b = (struct best *)user;
  int64_t v = 0;
  size_t i;
  for (i = 0; i < n; ++i) v += weight_of(rows[i]);
  if (!b->found || v > b->value) b->value = v;
  b->found = 1;
  return 0;
}

static void test_maximize(void) {
  dlx_dims d;
  dlx_solver *s = NULL;
  dlx_maximizer *m = NULL, *heap = NULL;
  struct best want = {0, 0};
  uint32_t r, c;
  int64_t value = 12345;
  const uint32_t *rows = NULL;
  size_t n = 0;
  dlx_status st;
  dlx_max_stats ms;
  dlx_stats stats;
  int calls = 0;

  d.primary = 2 * QN;
  d.secondary = 2 * (2 * QN - 1);
  d.max_rows = QN * QN;
  d.max_entries = 4 * QN * QN;
  CHECK(dlx_maximizer_required_size(&d) == sizeof mpool);
  CHECK(dlx_maximizer_required_size(NULL) == 0);
  CHECK_STATUS(dlx_init_in(qpool, sizeof qpool, &d, &s), DLX_OK);
  CHECK_STATUS(dlx_maximizer_init_in(NULL, sizeof mpool, &d, &m), DLX_ERR_NULL);
  CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool - 1, &d, &m), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_maximizer_init_in(mpool + 1, sizeof mpool - 1, &d, &m), DLX_ERR_MISALIGNED);
  CHECK(m == NULL);
  CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool, &d, &m), DLX_OK);
  for (r = 0; r < QN; ++r) {
    for (c = 0; c < QN; ++c) {
      uint32_t cols[4], id;
      cols[0] = r;
      cols[1] = QN + c;
      cols[2] = 2 * QN + r + c;
      cols[3] = 2 * QN + (2 * QN - 1) + (r + QN - 1 - c);
      CHECK_STATUS(dlx_add_row(s, cols, 4, &id), DLX_OK);
      CHECK_STATUS(dlx_maximizer_set_weight(m, id, weight_of(id)), DLX_OK);
    }
  }
  CHECK_STATUS(dlx_maximizer_set_weight(m, QN * QN, 1), DLX_ERR_ARG);
  CHECK_STATUS(dlx_maximizer_set_weight(NULL, 0, 1), DLX_ERR_NULL);
  CHECK_STATUS(dlx_enumerate(s, keep_best, &want, NULL), DLX_EXHAUSTED);
  CHECK(want.found);

  /* No solution yet: nothing to read, out-parameters untouched. */
  CHECK_STATUS(dlx_maximizer_best(m, &value, &rows, &n), DLX_ERR_STATE);
  CHECK(value == 12345 && rows == NULL && n == 0);
  CHECK_STATUS(dlx_maximizer_best(m, &value, &rows, NULL), DLX_ERR_NULL);

  /* Budget 3 per call; the best only ever improves. */
  {
    int64_t last = INT64_MIN;
    while ((st = dlx_maximize(m, s, 3)) != DLX_EXHAUSTED) {
      CHECK(st == DLX_SOLUTION || st == DLX_BUDGET_SPENT);
      if (st == DLX_SOLUTION) {
        CHECK_STATUS(dlx_maximizer_best(m, &value, NULL, NULL), DLX_OK);
        CHECK(value > last);
        last = value;
      }
      if (++calls > 1000000) break;
    }
  }
  CHECK_STATUS(dlx_maximize(m, s, 0), DLX_EXHAUSTED);
  CHECK_STATUS(dlx_maximizer_best(m, &value, &rows, &n), DLX_OK);
  CHECK(value == want.value);
  CHECK(n == QN);
  CHECK_STATUS(dlx_maximizer_get_stats(m, &ms), DLX_OK);
  CHECK(ms.proven == 1 && ms.improvements >= 1);
  CHECK_STATUS(dlx_get_stats(s, &stats), DLX_OK);
  CHECK(stats.nodes > 0);
  CHECK_STATUS(dlx_maximize(NULL, s, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_maximize(m, NULL, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_maximize((dlx_maximizer *)(void *)qpool, s, 0), DLX_ERR_CORRUPT);
  CHECK_STATUS(dlx_maximize(m, (dlx_solver *)(void *)mpool, 0), DLX_ERR_CORRUPT);

  /* Reset: the same answer again, from a heap maximiser with the same weights. */
  CHECK_STATUS(dlx_maximizer_new(&d, &heap), DLX_OK);
  for (r = 0; r < QN * QN; ++r) CHECK_STATUS(dlx_maximizer_set_weight(heap, r, weight_of(r)), DLX_OK);
  while ((st = dlx_maximize(heap, s, 0)) == DLX_SOLUTION) {
  }
  CHECK(st == DLX_EXHAUSTED);
  CHECK_STATUS(dlx_maximizer_best(heap, &value, NULL, NULL), DLX_OK);
  CHECK(value == want.value);
  CHECK_STATUS(dlx_maximizer_reset(heap), DLX_OK);
  CHECK_STATUS(dlx_maximizer_best(heap, &value, NULL, NULL), DLX_ERR_STATE);
  dlx_maximizer_free(heap);
  dlx_maximizer_free(m); /* not from dlx_maximizer_new: left alone */
  dlx_maximizer_free(NULL);
  CHECK_STATUS(dlx_maximizer_best(m, &value, NULL, NULL), DLX_OK);
}

/* ------------------------------------------------------------------ tiling */

DLX_ALIGNED static unsigned char tpool[DLX_TILING_REQUIRED_SIZE(20, 3, 1, 12, 5, 0)];

static const uint32_t PENTO[12][10] = {
    {1, 0, 2, 0, 0, 1, 1, 1, 1, 2}, {0, 0, 1, 0, 2, 0, 3, 0, 4, 0},
    {0, 0, 0, 1, 0, 2, 0, 3, 1, 3}, {1, 0, 1, 1, 0, 2, 1, 2, 0, 3},
    {0, 0, 1, 0, 0, 1, 1, 1, 0, 2}, {0, 0, 1, 0, 2, 0, 1, 1, 1, 2},
    {0, 0, 2, 0, 0, 1, 1, 1, 2, 1}, {0, 0, 0, 1, 0, 2, 1, 2, 2, 2},
    {0, 0, 0, 1, 1, 1, 1, 2, 2, 2}, {1, 0, 0, 1, 1, 1, 2, 1, 1, 2},
    {1, 0, 0, 1, 1, 1, 1, 2, 1, 3}, {0, 0, 1, 0, 1, 1, 1, 2, 2, 2},
};

static void test_tiling(void) {
  dlx_tiling_dims d;
  dlx_tiling *t = NULL;
  dlx_tiling_info info;
  uint64_t all = 0, distinct = 0, count = 0;
  uint32_t board[60], piece = 99, orient = 0, cells[15];
  const uint32_t *rows = NULL;
  size_t n = 0, i;
  int p, k, per[12];
  dlx_placement pl;
  dlx_stats stats;

  d.width = 20;
  d.height = 3;
  d.depth = 1;
  d.max_pieces = 12;
  d.max_piece_cells = 5;
  d.max_placements = 0;
  CHECK(dlx_tiling_required_size(&d) == sizeof tpool);
  CHECK(dlx_tiling_required_size(NULL) == 0);
  {
    dlx_tiling_dims bad = d;
    bad.width = 0;
    CHECK(dlx_tiling_required_size(&bad) == 0);
    CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool, &bad, &t), DLX_ERR_ARG);
  }
  {
    dlx_tiling_dims tri = {10, 10, 1, 12, 5, 1644};
    dlx_tiling_dims cube = {3, 3, 3, 7, 4, 0};
    CHECK(dlx_tiling_required_size(&tri) == DLX_TILING_REQUIRED_SIZE(10, 10, 1, 12, 5, 1644));
    CHECK(dlx_tiling_required_size(&cube) == DLX_TILING_REQUIRED_SIZE(3, 3, 3, 7, 4, 0));
  }
  CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool - 1, &d, &t), DLX_ERR_TOO_SMALL);
  CHECK(t == NULL);
  CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool, &d, &t), DLX_OK);
  CHECK_STATUS(dlx_tiling_next(t, 0), DLX_ERR_STATE);
  CHECK_STATUS(dlx_tiling_get_info(t, &info), DLX_ERR_STATE);
  for (p = 0; p < 12; ++p) {
    for (k = 0; k < 5; ++k) {
      cells[3 * k] = PENTO[p][2 * k];
      cells[3 * k + 1] = PENTO[p][2 * k + 1];
      cells[3 * k + 2] = 0;
    }
    CHECK_STATUS(dlx_tiling_add_piece(t, cells, 5, DLX_TILING_EXACTLY, 1, &piece), DLX_OK);
    CHECK(piece == (uint32_t)p);
  }
  piece = 99;
  CHECK_STATUS(dlx_tiling_add_piece(t, cells, 5, DLX_TILING_EXACTLY, 1, &piece), DLX_ERR_CAPACITY);
  CHECK_STATUS(dlx_tiling_add_piece(t, cells, 5, 7, 1, &piece), DLX_ERR_ARG);
  CHECK_STATUS(dlx_tiling_add_piece(t, NULL, 5, DLX_TILING_EXACTLY, 1, &piece), DLX_ERR_NULL);
  CHECK(piece == 99);
  CHECK_STATUS(dlx_tiling_build(t), DLX_OK);
  CHECK_STATUS(dlx_tiling_build(t), DLX_ERR_STATE);
  CHECK_STATUS(dlx_tiling_get_info(t, &info), DLX_OK);
  CHECK(info.pieces == 12 && info.cells == 60 && info.symmetries == 4);
  CHECK_STATUS(dlx_tiling_orientations(t, 9, &orient), DLX_OK); /* X */
  CHECK(orient == 1);
  CHECK_STATUS(dlx_tiling_orientations(t, 0, &orient), DLX_OK); /* F */
  CHECK(orient == 8);
  CHECK_STATUS(dlx_tiling_orientations(t, 12, &orient), DLX_ERR_ARG);

  CHECK_STATUS(dlx_tiling_count(t, 0, &count), DLX_OK);
  CHECK(count == 8);
  CHECK_STATUS(dlx_tiling_count_distinct(t, &all, &distinct), DLX_OK);
  CHECK(all == 8 && distinct == 2);
  CHECK_STATUS(dlx_tiling_solution(t, &rows, &n), DLX_ERR_STATE);

  CHECK_STATUS(dlx_tiling_next(t, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_tiling_solution(t, &rows, &n), DLX_OK);
  CHECK(n == 12);
  CHECK_STATUS(dlx_tiling_fill(t, board, 59), DLX_ERR_ARG);
  CHECK_STATUS(dlx_tiling_fill(t, board, 60), DLX_OK);
  memset(per, 0, sizeof per);
  for (i = 0; i < 60; ++i) {
    CHECK(board[i] < 12);
    if (board[i] < 12) ++per[board[i]];
  }
  for (p = 0; p < 12; ++p) CHECK(per[p] == 5);
  for (i = 0; i < n; ++i) {
    CHECK_STATUS(dlx_tiling_placement(t, rows[i], &pl), DLX_OK);
    CHECK(pl.piece < 12 && pl.x < 20 && pl.y < 3 && pl.z == 0);
  }
  CHECK_STATUS(dlx_tiling_placement(t, info.placements, &pl), DLX_ERR_ARG);
  CHECK_STATUS(dlx_tiling_get_stats(t, &stats), DLX_OK);
  CHECK(stats.solutions == 1);

  /* Fixing I along the top row; a search under way refuses it first. */
  {
    uint32_t line[15] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0};
    uint32_t bent[15] = {0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 3, 1, 0};
    uint32_t row = 77;
    CHECK_STATUS(dlx_tiling_place(t, 1, line, 5, &row), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_reset(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_place(t, 1, bent, 5, &row), DLX_ERR_ARG);
    CHECK(row == 77);
    CHECK_STATUS(dlx_tiling_place(t, 1, line, 5, &row), DLX_OK);
    CHECK_STATUS(dlx_tiling_place(t, 1, line, 5, NULL), DLX_ERR_CONFLICT);
    CHECK_STATUS(dlx_tiling_count(t, 0, &count), DLX_OK);
    CHECK(count <= 8);
    CHECK_STATUS(dlx_tiling_unplace_all(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_count(t, 0, &count), DLX_OK);
    CHECK(count == 8);
  }
  CHECK_STATUS(dlx_tiling_clear(t), DLX_OK);
  CHECK_STATUS(dlx_tiling_get_info(t, &info), DLX_ERR_STATE);
  CHECK_STATUS(dlx_tiling_next(NULL, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_tiling_next((dlx_tiling *)(void *)qpool, 0), DLX_ERR_CORRUPT);

  /* Heap tiling: dominoes on 4x4 with a board mask. */
  {
    dlx_tiling_dims dd = {4, 4, 1, 1, 2, 0};
    dlx_tiling *h = NULL;
    uint8_t mask[16];
    uint32_t domino[6] = {0, 0, 0, 1, 0, 0};
    memset(mask, 1, sizeof mask);
    CHECK_STATUS(dlx_tiling_new(&dd, &h), DLX_OK);
    CHECK_STATUS(dlx_tiling_set_board(h, mask, 15), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_set_board(h, mask, 16), DLX_OK);
    CHECK_STATUS(dlx_tiling_add_piece(h, domino, 2, DLX_TILING_UNLIMITED, 0, NULL), DLX_OK);
    CHECK_STATUS(dlx_tiling_build(h), DLX_OK);
    CHECK_STATUS(dlx_tiling_count(h, 0, &count), DLX_OK);
    CHECK(count == 36);
    CHECK_STATUS(dlx_tiling_count(h, 5, &count), DLX_OK);
    CHECK(count == 5);
    dlx_tiling_free(h);
    dlx_tiling_free(NULL);
  }
}

int main(void) {
  test_maximize();
  test_tiling();
  printf("test_tiling: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
