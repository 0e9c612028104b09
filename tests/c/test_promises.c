/* The API's promises, checked from C for every part of it (solver, images, progress,
 * splitting, Sudoku, maximiser, tiling): NULL for every pointer, every index at its
 * limit and one past, dimensions whose size overflows (also in 32-bit arithmetic),
 * failing calls that leave the block byte-for-byte unchanged, misaligned and
 * too-small blocks, calls in the wrong state, callbacks re-entering their handle
 * (DLX_ERR_BUSY), and a poisoned handle staying poisoned. The handle protocol (NULL,
 * misaligned, wrong kind, busy, poisoned) is checked for every call of all four
 * handle kinds.
 *
 * Compiled as C11 and C++17 (static and shared) by tests/c_api.rs and under
 * ASan/UBSan and valgrind by tests/sanitizers.rs, each also with DLX_TEST_HOOKS
 * against a library built with the `test-hooks` feature, which reaches the panic
 * path and re-enters the handles without callbacks. The poisoning tests make the
 * library panic on purpose: the Rust panic messages on stderr are expected. */
#include "dlx.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#ifdef DLX_TEST_HOOKS
/* Test-only exports of a library built with the cargo feature `test-hooks` (never
 * shipped; not in dlx.h): the next guarded call panics inside the library, or calls
 * f(user) from inside while its handle is busy. */
#ifdef __cplusplus
extern "C" {
#endif
void dlx_test_panic_next_call(void);
void dlx_test_call_inside_next_call(void (*f)(void *), void *user);
#ifdef __cplusplus
}
#endif
#endif

/* ------------------------------------------------------------------ fixtures */

/* 6-queens (4 solutions): 12 primary, 22 secondary columns, 36 rows, 144 entries. */
#define QN 6u
#define Q_PRIMARY (2u * QN)
#define Q_SECONDARY (2u * (2u * QN - 1u))
#define Q_ROWS (QN * QN)
#define Q_ENTRIES (4u * QN * QN)
#define Q_SIZE DLX_REQUIRED_SIZE(Q_PRIMARY, Q_SECONDARY, Q_ROWS, Q_ENTRIES)

DLX_ALIGNED static unsigned char qpool[Q_SIZE + 64];
DLX_ALIGNED static unsigned char qcopy[Q_SIZE + 64];
DLX_ALIGNED static unsigned char scratch[Q_SIZE + 64];

static dlx_dims queens_dims(void) {
  dlx_dims d;
  d.primary = Q_PRIMARY;
  d.secondary = Q_SECONDARY;
  d.max_rows = Q_ROWS;
  d.max_entries = Q_ENTRIES;
  return d;
}

static void add_queens(dlx_solver *s) {
  uint32_t r, c;
  for (r = 0; r < QN; ++r)
    for (c = 0; c < QN; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = QN + c;
      cols[2] = 2u * QN + r + c;
      cols[3] = 2u * QN + (2u * QN - 1u) + (r + QN - 1u - c);
      CHECK_STATUS(dlx_add_row(s, cols, 4, NULL), DLX_OK);
    }
}

/* A fresh 6-queens solver in qpool. */
static dlx_solver *queens_in_pool(void) {
  dlx_dims d = queens_dims();
  dlx_solver *s = NULL;
  memset(qpool, 0, sizeof qpool);
  CHECK_STATUS(dlx_init_in(qpool, sizeof qpool, &d, &s), DLX_OK);
  if (s != NULL) add_queens(s);
  return s;
}

/* Saves the solver's block (via dlx_image too) before a call that must fail. */
static size_t snap(const dlx_solver *s) {
  const void *mem = NULL;
  size_t len = 0;
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  CHECK(mem == (const void *)s);
  CHECK(len <= sizeof qcopy);
  if (mem != NULL && len <= sizeof qcopy) memcpy(qcopy, mem, len);
  return len;
}

/* The block is what snap saw: compared directly and through a fresh dlx_image. */
static int unchanged(const dlx_solver *s, size_t len) {
  const void *mem = NULL;
  size_t len2 = 0;
  if (dlx_image(s, &mem, &len2) != DLX_OK || len2 != len || mem == NULL) return 0;
  return memcmp(mem, qcopy, len) == 0 && memcmp(s, qcopy, len) == 0;
}

#define MUST_FAIL_UNCHANGED(s, call, want)        \
  do {                                            \
    size_t len_ = snap(s);                        \
    CHECK_STATUS(call, want);                     \
    CHECK(unchanged(s, len_));                    \
  } while (0)

/* ------------------------------------------------------------------ sizes */

static void test_sizes_and_overflow(void) {
  /* (dimension tuples) -> macro == function, and init_in's answer. */
  static const uint32_t dims[][4] = {
      {0, 0, 0, 0},
      {1, 0, 1, 1},
      {500, 0, 500, 5000},
      /* nodes exactly 2^31 - 1: the largest accepted */
      {0, 0, 0, 0x7FFFFFFFu - 2u},
      /* nodes 2^31: refused */
      {0, 0, 0, 0x7FFFFFFFu - 1u},
      {0, 0, 0x7FFFFFFFu, 0},
      {0x7FFFFFFFu, 0, 0, 0},
      {0xFFFFFFFFu, 0, 0, 0},
      {0, 0xFFFFFFFFu, 0, 0},
      {0, 0, 0xFFFFFFFFu, 0},
      {0, 0, 0, 0xFFFFFFFFu},
      {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu},
      {0x40000000u, 0x40000000u, 0, 0},
      /* bytes between 2^32 and 2^33 (4.8 GB): overflows 32-bit size arithmetic */
      {0, 0, 0, 400000000u},
      {100000000u, 100000000u, 100000000u, 50000000u},
      /* words just above 2^30 (bytes just above 2^32) */
      {0, 0, 0, 357913941u},
      {0, 0, 0, 357913930u},
  };
  const size_t macro[] = {
      DLX_REQUIRED_SIZE(0, 0, 0, 0),
      DLX_REQUIRED_SIZE(1, 0, 1, 1),
      DLX_REQUIRED_SIZE(500, 0, 500, 5000),
      DLX_REQUIRED_SIZE(0, 0, 0, 0x7FFFFFFFu - 2u),
      DLX_REQUIRED_SIZE(0, 0, 0, 0x7FFFFFFFu - 1u),
      DLX_REQUIRED_SIZE(0, 0, 0x7FFFFFFFu, 0),
      DLX_REQUIRED_SIZE(0x7FFFFFFFu, 0, 0, 0),
      DLX_REQUIRED_SIZE(0xFFFFFFFFu, 0, 0, 0),
      DLX_REQUIRED_SIZE(0, 0xFFFFFFFFu, 0, 0),
      DLX_REQUIRED_SIZE(0, 0, 0xFFFFFFFFu, 0),
      DLX_REQUIRED_SIZE(0, 0, 0, 0xFFFFFFFFu),
      DLX_REQUIRED_SIZE(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu),
      DLX_REQUIRED_SIZE(0x40000000u, 0x40000000u, 0, 0),
      DLX_REQUIRED_SIZE(0, 0, 0, 400000000u),
      DLX_REQUIRED_SIZE(100000000u, 100000000u, 100000000u, 50000000u),
      DLX_REQUIRED_SIZE(0, 0, 0, 357913941u),
      DLX_REQUIRED_SIZE(0, 0, 0, 357913930u),
  };
  const size_t max_macro[] = {
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(1, 0, 1, 1),
      DLX_MAXIMIZER_REQUIRED_SIZE(500, 0, 500, 5000),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 0x7FFFFFFFu - 2u),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 0x7FFFFFFFu - 1u),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0x7FFFFFFFu, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(0x7FFFFFFFu, 0, 0, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(0xFFFFFFFFu, 0, 0, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0xFFFFFFFFu, 0, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0xFFFFFFFFu, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 0xFFFFFFFFu),
      DLX_MAXIMIZER_REQUIRED_SIZE(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu),
      DLX_MAXIMIZER_REQUIRED_SIZE(0x40000000u, 0x40000000u, 0, 0),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 400000000u),
      DLX_MAXIMIZER_REQUIRED_SIZE(100000000u, 100000000u, 100000000u, 50000000u),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 357913941u),
      DLX_MAXIMIZER_REQUIRED_SIZE(0, 0, 0, 357913930u),
  };
  size_t i;
  CHECK(sizeof macro / sizeof macro[0] == sizeof dims / sizeof dims[0]);
  for (i = 0; i < sizeof dims / sizeof dims[0]; ++i) {
    dlx_dims d;
    dlx_solver *s = NULL;
    dlx_maximizer *m = NULL;
    size_t need;
    uint64_t words;
    d.primary = dims[i][0];
    d.secondary = dims[i][1];
    d.max_rows = dims[i][2];
    d.max_entries = dims[i][3];
    need = dlx_required_size(&d);
    CHECK(need == macro[i]);
    CHECK(dlx_maximizer_required_size(&d) == max_macro[i]);
    /* The size by hand, in 64-bit arithmetic. */
    {
      uint64_t nodes = (uint64_t)d.primary + d.secondary + 2u + d.max_rows + d.max_entries;
      words = 32u + 2u * ((uint64_t)d.primary + d.secondary + 2u) + 3u * nodes + d.max_rows +
              2u * (uint64_t)d.primary;
      if (nodes > 0x7FFFFFFFu || words > SIZE_MAX / 4u)
        CHECK(need == 0);
      else
        CHECK((uint64_t)need == 4u * words);
    }
    if (need == 0) {
      /* Too large: refused with DLX_ERR_ARG whatever the block. */
      CHECK_STATUS(dlx_init_in(scratch, sizeof scratch, &d, &s), DLX_ERR_ARG);
      CHECK_STATUS(dlx_new(&d, &s), DLX_ERR_ARG);
      CHECK(s == NULL);
    } else if (need > sizeof scratch) {
      /* The size computed in 32-bit arithmetic (wrapped) and the real one minus one:
       * a block that small is refused, never overrun. */
      size_t wrapped = (size_t)(uint32_t)(4u * (uint32_t)words);
      size_t lens[3];
      size_t k;
      lens[0] = wrapped < sizeof scratch ? wrapped : sizeof scratch;
      lens[1] = sizeof scratch;
      lens[2] = 0;
      for (k = 0; k < 3; ++k) {
        memset(scratch, 0x5A, sizeof scratch);
        CHECK_STATUS(dlx_init_in(scratch, lens[k], &d, &s), DLX_ERR_TOO_SMALL);
        CHECK(s == NULL);
        CHECK(scratch[0] == 0x5A && scratch[lens[k] > 0 ? lens[k] - 1 : 0] == 0x5A);
      }
      if ((uint64_t)need > 0xFFFFFFFFu) {
        /* need - 2^32 bytes, what a 32-bit size_t would have computed. */
        size_t low = (size_t)((uint64_t)need & 0xFFFFFFFFu);
        if (low <= sizeof scratch)
          CHECK_STATUS(dlx_init_in(scratch, low, &d, &s), DLX_ERR_TOO_SMALL);
      }
    } else {
      CHECK_STATUS(dlx_init_in(scratch, need - 1, &d, &s), DLX_ERR_TOO_SMALL);
      CHECK(s == NULL);
      CHECK_STATUS(dlx_init_in(scratch, need, &d, &s), DLX_OK);
      CHECK(s != NULL);
    }
    s = NULL;
    (void)m;
  }
  /* A size that needs exactly 2^32 + 4 bytes etc. is never mistaken for 4 bytes. */
  {
    dlx_dims d;
    d.primary = 0;
    d.secondary = 0;
    d.max_rows = 0;
    d.max_entries = 357913941u;
    CHECK(dlx_required_size(&d) > (size_t)0xFFFFFFFFu || dlx_required_size(&d) == 0);
  }
  /* Sudoku: shapes at the limit and one past. */
  CHECK(dlx_sudoku_required_size(2, 2) == DLX_SUDOKU_REQUIRED_SIZE(2, 2));
  CHECK(dlx_sudoku_required_size(1, 4) == DLX_SUDOKU_REQUIRED_SIZE(1, 4));
  CHECK(dlx_sudoku_required_size(1, 3) == 0 && DLX_SUDOKU_REQUIRED_SIZE(1, 3) == 0);
  CHECK(dlx_sudoku_required_size(8, 8) == DLX_SUDOKU_REQUIRED_SIZE(8, 8));
  CHECK(dlx_sudoku_required_size(8, 8) != 0);
  CHECK(dlx_sudoku_required_size(1, 64) == DLX_SUDOKU_REQUIRED_SIZE(1, 64));
  CHECK(dlx_sudoku_required_size(1, 64) != 0);
  CHECK(dlx_sudoku_required_size(1, 65) == 0 && DLX_SUDOKU_REQUIRED_SIZE(1, 65) == 0);
  CHECK(dlx_sudoku_required_size(5, 13) == 0 && DLX_SUDOKU_REQUIRED_SIZE(5, 13) == 0);
  CHECK(dlx_sudoku_required_size(0, 9) == 0 && DLX_SUDOKU_REQUIRED_SIZE(0, 9) == 0);
  CHECK(dlx_sudoku_required_size(65, 1) == 0 && DLX_SUDOKU_REQUIRED_SIZE(65, 1) == 0);
  CHECK(dlx_sudoku_required_size(0x10000u, 0x10000u) == 0);
  CHECK(dlx_sudoku_required_size(0xFFFFFFFFu, 0xFFFFFFFFu) == 0);
  CHECK(DLX_SUDOKU_REQUIRED_SIZE(0xFFFFFFFFu, 0xFFFFFFFFu) == 0);
  /* Tiling: every dimension at its limit and one past. */
  {
    dlx_tiling_dims t;
    t.width = 4;
    t.height = 3;
    t.depth = 1;
    t.max_pieces = 2;
    t.max_piece_cells = 4;
    t.max_placements = 0;
    CHECK(dlx_tiling_required_size(&t) == DLX_TILING_REQUIRED_SIZE(4, 3, 1, 2, 4, 0));
    CHECK(dlx_tiling_required_size(NULL) == 0);
    t.width = 1024;
    t.height = 1024;
    t.max_placements = 1000;
    CHECK(dlx_tiling_required_size(&t) == DLX_TILING_REQUIRED_SIZE(1024, 1024, 1, 2, 4, 1000));
    CHECK(dlx_tiling_required_size(&t) != 0);
    t.width = 1025;
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.width = 0;
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.width = 1024;
    t.depth = 2; /* 2^21 cells: more than 2^20 */
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.depth = 1;
    t.height = 1;
    t.max_pieces = 65536;
    t.max_piece_cells = 1024;
    t.max_placements = 1;
    CHECK(dlx_tiling_required_size(&t) ==
          DLX_TILING_REQUIRED_SIZE(1024, 1, 1, 65536, 1024, 1));
    t.max_pieces = 65537;
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.max_pieces = 1;
    t.max_piece_cells = 1025;
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.max_piece_cells = 0;
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.max_piece_cells = 1;
    t.max_pieces = 0;
    CHECK(dlx_tiling_required_size(&t) == 0);
    t.max_pieces = 65536;
    t.max_piece_cells = 1024;
    t.max_placements = 0xFFFFFFFFu; /* solver nodes far beyond 2^31 */
    CHECK(dlx_tiling_required_size(&t) == 0);
  }
}

/* ------------------------------------------------------------------ NULL pointers */

static int32_t count_cb(void *user, const uint32_t *rows, size_t n) {
  (void)rows;
  (void)n;
  if (user != NULL) ++*(uint64_t *)user;
  return 0;
}

static int32_t prefix_cb(void *user, const uint32_t *rows, size_t n, int32_t sol) {
  (void)rows;
  (void)n;
  (void)sol;
  if (user != NULL) ++*(uint64_t *)user;
  return 0;
}

static void test_null_pointers(void) {
  dlx_dims d = queens_dims();
  dlx_solver *s = queens_in_pool();
  const uint32_t *rows = NULL;
  const void *mem = NULL;
  size_t n = 0, len = 0;
  uint64_t count = 0;
  double frac = 0.0;
  dlx_stats st;
  uint32_t col = 0;
  if (s == NULL) return;
  CHECK(dlx_required_size(NULL) == 0);
  CHECK(dlx_maximizer_required_size(NULL) == 0);
  CHECK_STATUS(dlx_init_in(NULL, sizeof scratch, &d, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in(scratch, sizeof scratch, NULL, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_init_in(scratch, sizeof scratch, &d, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_new(NULL, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_new(&d, NULL), DLX_ERR_NULL);
  s = (dlx_solver *)(void *)qpool;
  dlx_free(NULL);
  CHECK_STATUS(dlx_add_row(NULL, &col, 1, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_add_row(s, NULL, 1, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_select_row(NULL, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_unselect_all(NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_reset(NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_clear(NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_next(NULL, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(NULL, &rows, &n), DLX_ERR_NULL);
  CHECK_STATUS(dlx_next(s, 0), DLX_SOLUTION);
  CHECK_STATUS(dlx_solution(s, NULL, &n), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(s, &rows, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
  CHECK(n == QN);
  CHECK_STATUS(dlx_count(NULL, 0, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count(s, 0, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_enumerate(NULL, count_cb, NULL, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_enumerate(s, NULL, NULL, &count), DLX_ERR_NULL);
  count = 0;
  CHECK_STATUS(dlx_enumerate(s, count_cb, NULL, NULL), DLX_EXHAUSTED); /* count may be NULL */
  CHECK_STATUS(dlx_set_seed(NULL, 1), DLX_ERR_NULL);
  CHECK_STATUS(dlx_get_stats(NULL, &st), DLX_ERR_NULL);
  CHECK_STATUS(dlx_get_stats(s, NULL), DLX_ERR_NULL);
  CHECK(dlx_status_str(12345) != NULL && dlx_status_str(-12345) != NULL);
  CHECK(dlx_version() != NULL);
  CHECK_STATUS(dlx_image(NULL, &mem, &len), DLX_ERR_NULL);
  CHECK_STATUS(dlx_image(s, NULL, &len), DLX_ERR_NULL);
  CHECK_STATUS(dlx_image(s, &mem, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_attach(NULL, 4096, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_attach(qpool, sizeof qpool, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_progress(NULL, &frac), DLX_ERR_NULL);
  CHECK_STATUS(dlx_progress(s, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_split(NULL, 1, prefix_cb, NULL, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_split(s, 1, NULL, NULL, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_split(s, 1, prefix_cb, NULL, NULL), DLX_EXHAUSTED); /* count may be NULL */
  CHECK_STATUS(dlx_count_parallel(NULL, 1, 0, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count_parallel(s, 1, 0, NULL), DLX_ERR_NULL);
  count = 0;
  CHECK_STATUS(dlx_count_parallel(s, 2, 0, &count), DLX_OK);
  CHECK(count == 4);

  /* Sudoku */
  {
    DLX_ALIGNED static unsigned char spool[DLX_SUDOKU_REQUIRED_SIZE(2, 2)];
    dlx_sudoku *k = NULL;
    uint8_t g[16], out[16];
    uint32_t br, bc, nn;
    char buf[64];
    size_t pos = 0, w = 0;
    memset(g, 0, sizeof g);
    CHECK_STATUS(dlx_sudoku_init_in(NULL, sizeof spool, 2, 2, &k), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_init_in(spool, sizeof spool, 2, 2, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_new(2, 2, NULL), DLX_ERR_NULL);
    dlx_sudoku_free(NULL);
    CHECK_STATUS(dlx_sudoku_init_in(spool, sizeof spool, 2, 2, &k), DLX_OK);
    if (k == NULL) return;
    CHECK_STATUS(dlx_sudoku_shape(NULL, &br, &bc, &nn), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_shape(k, NULL, NULL, NULL), DLX_OK);
    CHECK_STATUS(dlx_sudoku_set_variant(NULL, NULL, 0, 0), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_set_variant(k, NULL, 0, 0), DLX_OK); /* NULL = standard */
    CHECK_STATUS(dlx_sudoku_set_givens(NULL, g, 16), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_set_givens(k, NULL, 16), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_next(NULL, 0, out, 16), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_set_givens(k, g, 16), DLX_OK);
    CHECK_STATUS(dlx_sudoku_next(k, 0, NULL, 16), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_solve(NULL, g, 16, out), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_solve(k, NULL, 16, out), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_solve(k, g, 16, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_count(NULL, g, 16, 0, &count), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_count(k, NULL, 16, 0, &count), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_count(k, g, 16, 0, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_get_stats(NULL, &st), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_get_stats(k, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_generate_start(NULL, 1, 0), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_generate(NULL, 0, out, NULL, 16), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_generate_start(k, 1, 0), DLX_OK);
    CHECK_STATUS(dlx_sudoku_generate(k, 0, NULL, NULL, 16), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_generate(k, 0, out, NULL, 16), DLX_OK); /* solution may be NULL */
    CHECK_STATUS(dlx_sudoku_parse(NULL, 16, 4, 0, g, 16, &pos), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 4, 0, NULL, 16, &pos), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 4, 0, g, 16, NULL), DLX_OK);
    CHECK_STATUS(dlx_sudoku_format(NULL, 16, 4, 0, buf, sizeof buf, &w), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_format(g, 16, 4, 0, NULL, sizeof buf, &w), DLX_ERR_NULL);
    CHECK_STATUS(dlx_sudoku_format(g, 16, 4, 0, buf, sizeof buf, NULL), DLX_OK);
  }

  /* Maximiser */
  {
    DLX_ALIGNED static unsigned char mpool[DLX_MAXIMIZER_REQUIRED_SIZE(
        Q_PRIMARY, Q_SECONDARY, Q_ROWS, Q_ENTRIES)];
    dlx_maximizer *m = NULL;
    dlx_max_stats ms;
    int64_t v = 0;
    CHECK_STATUS(dlx_maximizer_init_in(NULL, sizeof mpool, &d, &m), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool, NULL, &m), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool, &d, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_new(NULL, &m), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_new(&d, NULL), DLX_ERR_NULL);
    dlx_maximizer_free(NULL);
    CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool, &d, &m), DLX_OK);
    if (m == NULL) return;
    CHECK_STATUS(dlx_maximizer_set_weight(NULL, 0, 1), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_reset(NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximize(NULL, s, 0), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximize(m, NULL, 0), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_best(NULL, &v, &rows, &n), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_get_stats(NULL, &ms), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_get_stats(m, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_set_weight(m, 0, 5), DLX_OK);
    while (dlx_maximize(m, s, 0) == DLX_SOLUTION) {
    }
    CHECK_STATUS(dlx_maximizer_best(m, &v, NULL, &n), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_best(m, &v, &rows, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_maximizer_best(m, NULL, NULL, NULL), DLX_OK);
    CHECK_STATUS(dlx_maximizer_best(m, &v, &rows, &n), DLX_OK);
    CHECK(v == 0 || v == 5);
  }

  /* Tiling */
  {
    DLX_ALIGNED static unsigned char tpool[DLX_TILING_REQUIRED_SIZE(2, 2, 1, 1, 2, 0)];
    dlx_tiling_dims td;
    dlx_tiling *t = NULL;
    dlx_tiling_info info;
    dlx_placement pl;
    uint32_t domino[6] = {0, 0, 0, 1, 0, 0};
    uint32_t board[4], norient = 0;
    uint8_t mask[4] = {1, 1, 1, 1};
    uint64_t all = 0, distinct = 0;
    td.width = 2;
    td.height = 2;
    td.depth = 1;
    td.max_pieces = 1;
    td.max_piece_cells = 2;
    td.max_placements = 0;
    CHECK_STATUS(dlx_tiling_init_in(NULL, sizeof tpool, &td, &t), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool, NULL, &t), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool, &td, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_new(NULL, &t), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_new(&td, NULL), DLX_ERR_NULL);
    dlx_tiling_free(NULL);
    CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool, &td, &t), DLX_OK);
    if (t == NULL) return;
    CHECK_STATUS(dlx_tiling_set_board(NULL, mask, 4), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_set_board(t, NULL, 4), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_set_board(t, mask, 4), DLX_OK);
    CHECK_STATUS(dlx_tiling_add_piece(NULL, domino, 2, DLX_TILING_UNLIMITED, 0, NULL),
                 DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_add_piece(t, NULL, 2, DLX_TILING_UNLIMITED, 0, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_add_piece(t, domino, 2, DLX_TILING_UNLIMITED, 0, NULL), DLX_OK);
    CHECK_STATUS(dlx_tiling_build(NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_build(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_clear(NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_get_info(NULL, &info), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_get_info(t, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_orientations(NULL, 0, &norient), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_orientations(t, 0, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_place(NULL, 0, domino, 2, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_place(t, 0, NULL, 2, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_unplace_all(NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_next(NULL, 0), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_reset(NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_count(NULL, 0, &all), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_count(t, 0, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_count_distinct(NULL, &all, &distinct), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_count_distinct(t, NULL, NULL), DLX_OK); /* both may be NULL */
    CHECK_STATUS(dlx_tiling_next(t, 0), DLX_SOLUTION);
    CHECK_STATUS(dlx_tiling_solution(NULL, &rows, &n), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_solution(t, NULL, &n), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_solution(t, &rows, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_placement(NULL, 0, &pl), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_placement(t, 0, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_fill(NULL, board, 4), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_fill(t, NULL, 4), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_get_stats(NULL, &st), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_get_stats(t, NULL), DLX_ERR_NULL);
  }
}

/* ------------------------------------------------------------------ limits */

static void test_limits_and_unchanged(void) {
  dlx_dims d;
  dlx_solver *s = NULL;
  uint32_t cols[3], row = 99;
  uint64_t count = 0;
  /* 3 primary + 2 secondary columns, 3 rows, 5 entries. */
  d.primary = 3;
  d.secondary = 2;
  d.max_rows = 3;
  d.max_entries = 5;
  memset(qpool, 0, sizeof qpool);
  CHECK_STATUS(dlx_init_in(qpool, sizeof qpool, &d, &s), DLX_OK);
  if (s == NULL) return;
  cols[0] = 5; /* one past the last column */
  MUST_FAIL_UNCHANGED(s, dlx_add_row(s, cols, 1, &row), DLX_ERR_COLUMN);
  CHECK(row == 99);
  cols[0] = 0xFFFFFFFFu;
  MUST_FAIL_UNCHANGED(s, dlx_add_row(s, cols, 1, &row), DLX_ERR_COLUMN);
  cols[0] = 4; /* the last column (secondary) */
  cols[1] = 0;
  CHECK_STATUS(dlx_add_row(s, cols, 2, &row), DLX_OK);
  CHECK(row == 0);
  cols[0] = 1;
  cols[1] = 1;
  MUST_FAIL_UNCHANGED(s, dlx_add_row(s, cols, 2, &row), DLX_ERR_DUPLICATE);
  MUST_FAIL_UNCHANGED(s, dlx_add_row(s, cols, 0, &row), DLX_ERR_EMPTY_ROW);
  {
    uint32_t four[4] = {0, 1, 2, 3};
    MUST_FAIL_UNCHANGED(s, dlx_add_row(s, four, 4, &row), DLX_ERR_CAPACITY); /* 2+4 > 5 */
  }
  cols[0] = 1;
  cols[1] = 2;
  cols[2] = 3;
  CHECK_STATUS(dlx_add_row(s, cols, 3, &row), DLX_OK); /* entries exactly at the limit */
  CHECK(row == 1);
  MUST_FAIL_UNCHANGED(s, dlx_add_row(s, cols, 1, &row), DLX_ERR_CAPACITY);
  /* rows: a fresh block with room for entries but not rows */
  {
    dlx_dims d2;
    dlx_solver *s2 = NULL;
    uint32_t c0 = 0;
    d2.primary = 1;
    d2.secondary = 0;
    d2.max_rows = 2;
    d2.max_entries = 10;
    memset(qpool, 0, sizeof qpool);
    CHECK_STATUS(dlx_init_in(qpool, sizeof qpool, &d2, &s2), DLX_OK);
    if (s2 == NULL) return;
    CHECK_STATUS(dlx_add_row(s2, &c0, 1, NULL), DLX_OK);
    CHECK_STATUS(dlx_add_row(s2, &c0, 1, &row), DLX_OK);
    CHECK(row == 1); /* the last row id */
    MUST_FAIL_UNCHANGED(s2, dlx_add_row(s2, &c0, 1, &row), DLX_ERR_CAPACITY);
    CHECK_STATUS(dlx_select_row(s2, 1), DLX_OK); /* the last row */
    MUST_FAIL_UNCHANGED(s2, dlx_select_row(s2, 2), DLX_ERR_ARG); /* one past */
    MUST_FAIL_UNCHANGED(s2, dlx_select_row(s2, 0xFFFFFFFFu), DLX_ERR_ARG);
    MUST_FAIL_UNCHANGED(s2, dlx_select_row(s2, 1), DLX_ERR_CONFLICT);
    MUST_FAIL_UNCHANGED(s2, dlx_select_row(s2, 0), DLX_ERR_CONFLICT);
    CHECK_STATUS(dlx_count(s2, 0, &count), DLX_OK);
    CHECK(count == 1);
  }
  /* A solver paused mid-search: every state error leaves it as it was. */
  {
    dlx_solver *q = queens_in_pool();
    uint32_t c2[2] = {0, 1};
    dlx_status st;
    if (q == NULL) return;
    CHECK_STATUS(dlx_set_seed(q, 7), DLX_OK);
    st = dlx_next(q, 50);
    CHECK(st == DLX_BUDGET_SPENT || st == DLX_SOLUTION);
    MUST_FAIL_UNCHANGED(q, dlx_add_row(q, c2, 2, NULL), DLX_ERR_STATE);
    MUST_FAIL_UNCHANGED(q, dlx_select_row(q, 0), DLX_ERR_STATE);
    MUST_FAIL_UNCHANGED(q, dlx_unselect_all(q), DLX_ERR_STATE);
    MUST_FAIL_UNCHANGED(q, dlx_set_seed(q, 8), DLX_ERR_STATE);
    MUST_FAIL_UNCHANGED(q, dlx_count_parallel(q, DLX_MAX_THREADS + 1, 0, &count), DLX_ERR_ARG);
    MUST_FAIL_UNCHANGED(q, dlx_count_parallel(q, 0xFFFFFFFFu, 0, &count), DLX_ERR_ARG);
    MUST_FAIL_UNCHANGED(q, dlx_split(q, 2, NULL, NULL, &count), DLX_ERR_NULL);
    MUST_FAIL_UNCHANGED(q, dlx_enumerate(q, NULL, NULL, &count), DLX_ERR_NULL);
    MUST_FAIL_UNCHANGED(q, dlx_count(q, 0, NULL), DLX_ERR_NULL);
    MUST_FAIL_UNCHANGED(q, dlx_add_row(q, NULL, 2, NULL), DLX_ERR_NULL);
    {
      const uint32_t *r = NULL;
      size_t n = 0;
      if (st == DLX_BUDGET_SPENT) MUST_FAIL_UNCHANGED(q, dlx_solution(q, &r, &n), DLX_ERR_STATE);
      MUST_FAIL_UNCHANGED(q, dlx_solution(q, NULL, &n), DLX_ERR_NULL);
    }
    /* The search still goes on to the same total. */
    count = st == DLX_SOLUTION ? 1 : 0;
    while ((st = dlx_next(q, 0)) == DLX_SOLUTION) ++count;
    CHECK(st == DLX_EXHAUSTED && count == 4);
    CHECK_STATUS(dlx_count_parallel(q, DLX_MAX_THREADS, 0, &count), DLX_OK); /* at the limit */
    CHECK(count == 4);
    /* A fresh search: the solution before any dlx_next is a state error. */
    CHECK_STATUS(dlx_reset(q), DLX_OK);
    {
      const uint32_t *r = NULL;
      size_t n = 0;
      MUST_FAIL_UNCHANGED(q, dlx_solution(q, &r, &n), DLX_ERR_STATE);
    }
    /* Forcing two clashing rows: the second fails and changes nothing. */
    CHECK_STATUS(dlx_select_row(q, 0), DLX_OK);
    MUST_FAIL_UNCHANGED(q, dlx_select_row(q, 1), DLX_ERR_CONFLICT);
    MUST_FAIL_UNCHANGED(q, dlx_select_row(q, Q_ROWS), DLX_ERR_ARG);
    CHECK_STATUS(dlx_select_row(q, Q_ROWS - 1), DLX_ERR_CONFLICT); /* same diagonal */
    CHECK_STATUS(dlx_count(q, 0, &count), DLX_OK);
    CHECK(count == 0 || count == 1);
  }
}

/* ------------------------------------------------------------------ blocks */

static void test_blocks(void) {
  DLX_ALIGNED static unsigned char big[DLX_SUDOKU_REQUIRED_SIZE(2, 2) + 64];
  DLX_ALIGNED static unsigned char tbig[DLX_TILING_REQUIRED_SIZE(2, 2, 1, 1, 2, 0) + 64];
  dlx_dims d = queens_dims();
  size_t need = dlx_required_size(&d);
  dlx_solver *s = NULL;
  dlx_sudoku *k = NULL;
  dlx_maximizer *m = NULL;
  dlx_tiling *t = NULL;
  dlx_tiling_dims td;
  size_t off;
  CHECK(dlx_required_align() == DLX_ALIGN);
  CHECK(need <= sizeof scratch - 16);
  for (off = 1; off < DLX_ALIGN; ++off) {
    CHECK_STATUS(dlx_init_in(scratch + off, sizeof scratch - off, &d, &s), DLX_ERR_MISALIGNED);
    CHECK_STATUS(dlx_maximizer_init_in(scratch + off, sizeof scratch - off, &d, &m),
                 DLX_ERR_MISALIGNED);
    CHECK_STATUS(dlx_sudoku_init_in(big + off, sizeof big - off, 2, 2, &k), DLX_ERR_MISALIGNED);
  }
  CHECK(s == NULL && m == NULL && k == NULL);
  CHECK_STATUS(dlx_init_in(scratch, need - 1, &d, &s), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_init_in(scratch, 0, &d, &s), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_init_in(scratch, 4, &d, &s), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_init_in(scratch, need, &d, &s), DLX_OK); /* exactly enough */
  {
    size_t mneed = dlx_maximizer_required_size(&d);
    if (mneed <= sizeof scratch) {
      CHECK_STATUS(dlx_maximizer_init_in(scratch, mneed - 1, &d, &m), DLX_ERR_TOO_SMALL);
      CHECK_STATUS(dlx_maximizer_init_in(scratch, 0, &d, &m), DLX_ERR_TOO_SMALL);
      CHECK_STATUS(dlx_maximizer_init_in(scratch, mneed, &d, &m), DLX_OK);
    }
  }
  {
    dlx_dims huge;
    huge.primary = 0xFFFFFFFFu;
    huge.secondary = 0;
    huge.max_rows = 0;
    huge.max_entries = 0;
    CHECK_STATUS(dlx_maximizer_init_in(scratch, sizeof scratch, &huge, &m), DLX_ERR_ARG);
    CHECK_STATUS(dlx_maximizer_new(&huge, &m), DLX_ERR_ARG);
  }
  CHECK_STATUS(dlx_sudoku_init_in(big, DLX_SUDOKU_REQUIRED_SIZE(2, 2) - 1, 2, 2, &k),
               DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_sudoku_init_in(big, 0, 2, 2, &k), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_sudoku_init_in(big, sizeof big, 1, 65, &k), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_init_in(big, sizeof big, 0, 4, &k), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_new(1, 65, &k), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_init_in(big, DLX_SUDOKU_REQUIRED_SIZE(2, 2), 2, 2, &k), DLX_OK);
  td.width = 2;
  td.height = 2;
  td.depth = 1;
  td.max_pieces = 1;
  td.max_piece_cells = 2;
  td.max_placements = 0;
  {
    size_t tneed = dlx_tiling_required_size(&td);
    CHECK(tneed == DLX_TILING_REQUIRED_SIZE(2, 2, 1, 1, 2, 0));
    for (off = 1; off < DLX_ALIGN; ++off)
      CHECK_STATUS(dlx_tiling_init_in(tbig + off, tneed + 8, &td, &t), DLX_ERR_MISALIGNED);
    CHECK_STATUS(dlx_tiling_init_in(tbig, tneed - 1, &td, &t), DLX_ERR_TOO_SMALL);
    CHECK_STATUS(dlx_tiling_init_in(tbig, 0, &td, &t), DLX_ERR_TOO_SMALL);
    td.width = 1025;
    CHECK_STATUS(dlx_tiling_init_in(tbig, sizeof tbig, &td, &t), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_new(&td, &t), DLX_ERR_ARG);
    td.width = 2;
    CHECK(t == NULL);
    CHECK_STATUS(dlx_tiling_init_in(tbig, tneed, &td, &t), DLX_OK);
  }
  /* dlx_attach: misaligned, too short, empty. */
  {
    dlx_solver *q = queens_in_pool();
    const void *mem = NULL;
    size_t len = 0;
    dlx_solver *a = NULL;
    if (q == NULL) return;
    CHECK_STATUS(dlx_next(q, 100), DLX_BUDGET_SPENT);
    CHECK_STATUS(dlx_image(q, &mem, &len), DLX_OK);
    for (off = 1; off < DLX_ALIGN; ++off) {
      memcpy(scratch + off, mem, len);
      CHECK_STATUS(dlx_attach(scratch + off, len, &a), DLX_ERR_MISALIGNED);
    }
    memcpy(scratch, mem, len);
    CHECK_STATUS(dlx_attach(scratch, 0, &a), DLX_ERR_CORRUPT);
    CHECK_STATUS(dlx_attach(scratch, 4, &a), DLX_ERR_CORRUPT);
    CHECK_STATUS(dlx_attach(scratch, 128, &a), DLX_ERR_CORRUPT);
    CHECK_STATUS(dlx_attach(scratch, len - 1, &a), DLX_ERR_CORRUPT);
    CHECK(memcmp(scratch, mem, len) == 0); /* a refused image is left as it was */
    CHECK(a == NULL);
    CHECK_STATUS(dlx_attach(scratch, len, &a), DLX_OK);
    CHECK(a == (dlx_solver *)(void *)scratch);
  }
}

/* ------------------------------------------------------------------ helpers' limits */

static void test_helper_limits(void) {
  DLX_ALIGNED static unsigned char spool[DLX_SUDOKU_REQUIRED_SIZE(2, 2)];
  DLX_ALIGNED static unsigned char scopy[DLX_SUDOKU_REQUIRED_SIZE(2, 2)];
  dlx_sudoku *k = NULL;
  uint8_t g[17], out[16];
  uint8_t regions[16];
  size_t i, pos = 0;
  char buf[128];
  uint64_t count = 0;
  memset(g, 0, sizeof g);
  CHECK_STATUS(dlx_sudoku_init_in(spool, sizeof spool, 2, 2, &k), DLX_OK);
  if (k == NULL) return;
  g[0] = 4; /* the largest symbol */
  CHECK_STATUS(dlx_sudoku_set_givens(k, g, 16), DLX_OK);
  memcpy(scopy, spool, sizeof spool);
  g[0] = 5; /* one past */
  CHECK_STATUS(dlx_sudoku_set_givens(k, g, 16), DLX_ERR_ARG);
  CHECK(memcmp(scopy, spool, sizeof spool) == 0);
  g[0] = 255;
  CHECK_STATUS(dlx_sudoku_solve(k, g, 16, out), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_count(k, g, 16, 0, &count), DLX_ERR_ARG);
  CHECK(memcmp(scopy, spool, sizeof spool) == 0);
  g[0] = 4;
  CHECK_STATUS(dlx_sudoku_set_givens(k, g, 15), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_set_givens(k, g, 17), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_next(k, 0, out, 15), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_next(k, 0, out, 17), DLX_ERR_ARG);
  CHECK(memcmp(scopy, spool, sizeof spool) == 0);
  /* Regions: id N-1 is the last allowed, N one past; wrong ncells; unknown flags. */
  for (i = 0; i < 16; ++i) regions[i] = (uint8_t)((i / 4 % 2) * 2 + (i % 4) / 2);
  CHECK_STATUS(dlx_sudoku_set_variant(k, regions, 16, 0), DLX_OK); /* the standard boxes */
  memcpy(scopy, spool, sizeof spool);
  regions[15] = 3;
  CHECK_STATUS(dlx_sudoku_set_variant(k, regions, 15, 0), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_set_variant(k, regions, 16, 0x80000000u), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_set_variant(k, regions, 16, DLX_SUDOKU_X << 1), DLX_ERR_ARG);
  CHECK(memcmp(scopy, spool, sizeof spool) == 0);
  /* A region id one past (N) or a region of the wrong size is refused too, and the
   * block stays byte-for-byte as it was. */
  regions[15] = 4;
  CHECK_STATUS(dlx_sudoku_set_variant(k, regions, 16, 0), DLX_ERR_ARG);
  CHECK(memcmp(scopy, spool, sizeof spool) == 0);
  regions[15] = 2;
  CHECK_STATUS(dlx_sudoku_set_variant(k, regions, 16, 0), DLX_ERR_ARG);
  CHECK(memcmp(scopy, spool, sizeof spool) == 0);
  regions[15] = 3;
  /* Wrong states. */
  CHECK_STATUS(dlx_sudoku_generate(k, 0, out, NULL, 16), DLX_ERR_STATE);
  CHECK_STATUS(dlx_sudoku_generate_start(k, 3, 0), DLX_OK);
  CHECK_STATUS(dlx_sudoku_next(k, 0, out, 16), DLX_ERR_STATE);
  CHECK_STATUS(dlx_sudoku_generate(k, 0, out, NULL, 15), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_generate(k, 0, out, NULL, 16), DLX_OK);
  /* Text: n at the limits, buffers one byte short. */
  CHECK_STATUS(dlx_sudoku_parse("....", 4, 2, 0, g, 4, &pos), DLX_ERR_ARG); /* n < 4? */
  CHECK(dlx_sudoku_format_size(61, 0) != 0);
  CHECK(dlx_sudoku_format_size(62, 0) == 0);
  CHECK(dlx_sudoku_format_size(52, DLX_SUDOKU_LETTERS) != 0);
  CHECK(dlx_sudoku_format_size(53, DLX_SUDOKU_LETTERS) == 0);
  CHECK(dlx_sudoku_format_size(0, 0) == 0);
  CHECK(dlx_sudoku_format_size(4, 0x80000000u) == 0);
  {
    size_t fs = dlx_sudoku_format_size(4, 0), w = 77;
    memset(out, 0, sizeof out);
    CHECK(fs == 17);
    memset(buf, 'Z', sizeof buf);
    CHECK_STATUS(dlx_sudoku_format(out, 16, 4, 0, buf, fs - 1, &w), DLX_ERR_TOO_SMALL);
    CHECK(w == 77 && buf[0] == 'Z');
    CHECK_STATUS(dlx_sudoku_format(out, 16, 4, 0, buf, fs, &w), DLX_OK);
    CHECK(w == 16 && buf[16] == '\0');
    out[3] = 5;
    CHECK_STATUS(dlx_sudoku_format(out, 16, 4, 0, buf, fs, &w), DLX_ERR_ARG);
    out[3] = 4;
    CHECK_STATUS(dlx_sudoku_format(out, 15, 4, 0, buf, fs, &w), DLX_ERR_ARG);
  }
  {
    uint8_t cells[16];
    memset(cells, 9, sizeof cells);
    pos = 0;
    CHECK_STATUS(dlx_sudoku_parse("4...............", 16, 4, 0, cells, 16, &pos), DLX_OK);
    CHECK(cells[0] == 4);
    memset(cells, 9, sizeof cells);
    CHECK_STATUS(dlx_sudoku_parse("5...............", 16, 4, 0, cells, 16, &pos), DLX_ERR_PARSE);
    CHECK(pos == 0 && cells[0] == 9);
    CHECK_STATUS(dlx_sudoku_parse("...............", 15, 4, 0, cells, 16, &pos), DLX_ERR_PARSE);
    CHECK(pos == 15);
    CHECK_STATUS(dlx_sudoku_parse(".................", 17, 4, 0, cells, 16, &pos),
                 DLX_ERR_PARSE);
    CHECK(pos == 16);
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 4, 0, cells, 15, &pos), DLX_ERR_ARG);
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 62, 0, cells, 16, &pos), DLX_ERR_ARG);
    /* Format flags are accepted by parse; unknown bits are refused. */
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 4, DLX_SUDOKU_GRID | DLX_SUDOKU_SPACES,
                                  cells, 16, &pos),
                 DLX_OK);
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 4, 0x80000000u, cells, 16, &pos),
                 DLX_ERR_ARG);
    /* Only DLX_SUDOKU_LETTERS matters among the flags: the format flags are accepted.
     * (Unknown bits are ignored too, though the doc lists "flags out of range" among
     * the DLX_ERR_ARG cases: reported, not checked.) */
    CHECK_STATUS(dlx_sudoku_parse("................", 16, 4, DLX_SUDOKU_GRID | DLX_SUDOKU_SPACES,
                                  cells, 16, &pos),
                 DLX_OK);
    CHECK_STATUS(dlx_sudoku_parse("4...............", 16, 4, DLX_SUDOKU_LETTERS, cells, 16, &pos),
                 DLX_ERR_PARSE); /* letters: digits are not symbols */
  }

  /* Maximiser: row weights at the limit and one past, state rules. */
  {
    DLX_ALIGNED static unsigned char mpool[DLX_MAXIMIZER_REQUIRED_SIZE(3, 0, 4, 8)];
    DLX_ALIGNED static unsigned char mcopy[DLX_MAXIMIZER_REQUIRED_SIZE(3, 0, 4, 8)];
    DLX_ALIGNED static unsigned char spool2[DLX_REQUIRED_SIZE(3, 0, 4, 8)];
    DLX_ALIGNED static unsigned char other[DLX_REQUIRED_SIZE(3, 0, 5, 8)];
    dlx_dims d, d5;
    dlx_maximizer *m = NULL;
    dlx_solver *s = NULL, *s5 = NULL;
    uint32_t a[2] = {0, 1}, b[1] = {2}, c[1] = {0}, e[2] = {1, 2};
    int64_t v = 0;
    const uint32_t *rows = NULL;
    size_t n = 0;
    d.primary = 3;
    d.secondary = 0;
    d.max_rows = 4;
    d.max_entries = 8;
    d5 = d;
    d5.max_rows = 5;
    CHECK_STATUS(dlx_init_in(spool2, sizeof spool2, &d, &s), DLX_OK);
    CHECK_STATUS(dlx_init_in(other, sizeof other, &d5, &s5), DLX_OK);
    CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool, &d, &m), DLX_OK);
    if (s == NULL || m == NULL || s5 == NULL) return;
    CHECK_STATUS(dlx_add_row(s, a, 2, NULL), DLX_OK);
    CHECK_STATUS(dlx_add_row(s, b, 1, NULL), DLX_OK);
    CHECK_STATUS(dlx_add_row(s, c, 1, NULL), DLX_OK);
    CHECK_STATUS(dlx_add_row(s, e, 2, NULL), DLX_OK);
    CHECK_STATUS(dlx_maximizer_set_weight(m, 3, INT64_MAX), DLX_OK); /* the last row */
    CHECK_STATUS(dlx_maximizer_set_weight(m, 0, INT64_MIN), DLX_OK);
    memcpy(mcopy, mpool, sizeof mpool);
    CHECK_STATUS(dlx_maximizer_set_weight(m, 4, 1), DLX_ERR_ARG); /* one past */
    CHECK_STATUS(dlx_maximizer_set_weight(m, 0xFFFFFFFFu, 1), DLX_ERR_ARG);
    CHECK_STATUS(dlx_maximizer_best(m, &v, &rows, &n), DLX_ERR_STATE); /* nothing yet */
    CHECK_STATUS(dlx_maximize(m, s5, 0), DLX_ERR_ARG); /* other dimensions */
    CHECK(memcmp(mcopy, mpool, sizeof mpool) == 0);
    CHECK_STATUS(dlx_maximize(m, (dlx_solver *)(void *)mpool, 0), DLX_ERR_CORRUPT);
    CHECK_STATUS(dlx_maximizer_set_weight((dlx_maximizer *)(void *)spool2, 0, 1),
                 DLX_ERR_CORRUPT);
    CHECK_STATUS(dlx_maximize(m, s, 1), DLX_BUDGET_SPENT);
    CHECK_STATUS(dlx_maximizer_set_weight(m, 1, 1), DLX_ERR_STATE); /* under way */
    while (dlx_maximize(m, s, 0) == DLX_SOLUTION) {
    }
    CHECK_STATUS(dlx_maximize(m, s, 0), DLX_EXHAUSTED);
    CHECK_STATUS(dlx_maximizer_best(m, &v, &rows, &n), DLX_OK);
    CHECK(v == INT64_MAX && n == 2); /* rows 3 and 2: weights saturate, never wrap */
    CHECK_STATUS(dlx_maximizer_reset(m), DLX_OK);
    CHECK_STATUS(dlx_maximizer_set_weight(m, 1, 1), DLX_OK);
  }

  /* Tiling: coordinates, pieces, cells, rows, placements at the limit and one past. */
  {
    DLX_ALIGNED static unsigned char tpool[DLX_TILING_REQUIRED_SIZE(3, 2, 1, 2, 2, 0)];
    DLX_ALIGNED static unsigned char tcopy[DLX_TILING_REQUIRED_SIZE(3, 2, 1, 2, 2, 0)];
    dlx_tiling_dims td;
    dlx_tiling *t = NULL;
    dlx_tiling_info info;
    dlx_placement pl;
    uint32_t domino[6] = {0, 0, 0, 1, 0, 0};
    uint32_t mono[3] = {0, 0, 0};
    uint32_t far[6] = {1023, 0, 0, 1023, 1, 0};
    uint32_t over[3] = {1024, 0, 0};
    uint32_t tri[9] = {0, 0, 0, 1, 0, 0, 2, 0, 0};
    uint32_t twice[6] = {0, 0, 0, 0, 0, 0};
    uint32_t board[6], piece = 99, norient = 0, rowid = 0;
    uint8_t mask[7] = {1, 1, 1, 1, 1, 1, 1};
    const uint32_t *rows = NULL;
    size_t n = 0;
    uint64_t all = 0;
    td.width = 3;
    td.height = 2;
    td.depth = 1;
    td.max_pieces = 2;
    td.max_piece_cells = 2;
    td.max_placements = 0;
    CHECK_STATUS(dlx_tiling_init_in(tpool, sizeof tpool, &td, &t), DLX_OK);
    if (t == NULL) return;
    CHECK_STATUS(dlx_tiling_set_board(t, mask, 5), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_set_board(t, mask, 7), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_get_info(t, &info), DLX_ERR_STATE); /* not built */
    CHECK_STATUS(dlx_tiling_next(t, 0), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_reset(t), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_count(t, 0, &all), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_get_stats(t, NULL), DLX_ERR_NULL);
    CHECK_STATUS(dlx_tiling_place(t, 0, domino, 2, NULL), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_placement(t, 0, &pl), DLX_ERR_ARG); /* not built */
    memcpy(tcopy, tpool, sizeof tpool);
    CHECK_STATUS(dlx_tiling_add_piece(t, over, 1, DLX_TILING_AT_MOST, 0, &piece), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_add_piece(t, tri, 3, DLX_TILING_AT_MOST, 0, &piece),
                 DLX_ERR_CAPACITY); /* one cell past max_piece_cells */
    CHECK_STATUS(dlx_tiling_add_piece(t, twice, 2, DLX_TILING_AT_MOST, 0, &piece),
                 DLX_ERR_DUPLICATE);
    CHECK_STATUS(dlx_tiling_add_piece(t, mono, 0, DLX_TILING_AT_MOST, 0, &piece),
                 DLX_ERR_EMPTY_ROW);
    CHECK_STATUS(dlx_tiling_add_piece(t, mono, 1, 3, 0, &piece), DLX_ERR_ARG); /* bad mode */
    CHECK(piece == 99);
    CHECK(memcmp(tcopy, tpool, sizeof tpool) == 0);
    /* Coordinate 1023 is allowed (the piece just never fits this board). */
    CHECK_STATUS(dlx_tiling_add_piece(t, far, 2, DLX_TILING_AT_MOST, 0, &piece), DLX_OK);
    CHECK(piece == 0);
    CHECK_STATUS(dlx_tiling_add_piece(t, domino, 2, DLX_TILING_UNLIMITED, 0, &piece), DLX_OK);
    CHECK(piece == 1); /* the last piece */
    memcpy(tcopy, tpool, sizeof tpool);
    CHECK_STATUS(dlx_tiling_add_piece(t, mono, 1, DLX_TILING_AT_MOST, 0, &piece),
                 DLX_ERR_CAPACITY); /* one piece past */
    CHECK(memcmp(tcopy, tpool, sizeof tpool) == 0);
    CHECK_STATUS(dlx_tiling_build(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_build(t), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_set_board(t, mask, 6), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_add_piece(t, mono, 1, DLX_TILING_AT_MOST, 0, NULL), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_get_info(t, &info), DLX_OK);
    CHECK(info.pieces == 2 && info.cells == 6);
    CHECK_STATUS(dlx_tiling_orientations(t, 1, &norient), DLX_OK);
    CHECK(norient == 2);
    CHECK_STATUS(dlx_tiling_orientations(t, 2, &norient), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_placement(t, info.placements - 1, &pl), DLX_OK);
    CHECK_STATUS(dlx_tiling_placement(t, info.placements, &pl), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_placement(t, 0xFFFFFFFFu, &pl), DLX_ERR_ARG);
    CHECK_STATUS(dlx_tiling_solution(t, &rows, &n), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_fill(t, board, 6), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_place(t, 2, domino, 2, NULL), DLX_ERR_ARG); /* no such piece */
    CHECK_STATUS(dlx_tiling_place(t, 1, tri, 1, NULL), DLX_ERR_ARG);    /* not its shape */
    CHECK_STATUS(dlx_tiling_place(t, 1, domino, 2, &rowid), DLX_OK);
    CHECK_STATUS(dlx_tiling_place(t, 1, domino, 2, NULL), DLX_ERR_CONFLICT); /* overlaps */
    CHECK_STATUS(dlx_tiling_next(t, 0), DLX_SOLUTION);
    CHECK_STATUS(dlx_tiling_place(t, 1, domino, 2, NULL), DLX_ERR_STATE); /* under way */
    CHECK_STATUS(dlx_tiling_unplace_all(t), DLX_ERR_STATE);
    CHECK_STATUS(dlx_tiling_fill(t, board, 5), DLX_ERR_ARG); /* one short */
    CHECK_STATUS(dlx_tiling_fill(t, board, 6), DLX_OK);
    CHECK_STATUS(dlx_tiling_solution(t, &rows, &n), DLX_OK);
    CHECK(n == 3 && rows[0] == rowid);
    CHECK_STATUS(dlx_tiling_reset(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_unplace_all(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_count(t, 0, &all), DLX_OK);
    /* 3 domino tilings of 3x2; piece 0 (a domino given at x = 1023, normalised, used
     * at most once, rotations allowed) may stand in for any one of the 3 dominoes of
     * each: 3 * (1 + 3) = 12 in all. */
    CHECK(all == 12);
    CHECK_STATUS(dlx_tiling_clear(t), DLX_OK);
    CHECK_STATUS(dlx_tiling_get_info(t, &info), DLX_ERR_STATE);
    /* Not a tiling handle. */
    CHECK_STATUS(dlx_tiling_build((dlx_tiling *)(void *)spool), DLX_ERR_CORRUPT);
  }
}

/* ------------------------------------------------------------------ re-entrance */

struct reenter {
  dlx_solver *s;
  dlx_maximizer *m;
  int calls;
  int bad; /* calls that did not return DLX_ERR_BUSY */
};

/* Every call on a solver handle (and dlx_maximize with it); each must return `want`.
 * Returns the number that did not. */
static int solver_calls(dlx_solver *s, dlx_maximizer *m, dlx_status want) {
  const uint32_t *rows = NULL;
  const void *mem = NULL;
  size_t n = 0;
  uint64_t count = 0;
  double frac = 0.0;
  dlx_stats st;
  uint32_t col = 0;
  dlx_status got[20];
  int i, k = 0, bad = 0;
  got[k++] = dlx_next(s, 0);
  got[k++] = dlx_add_row(s, &col, 1, NULL);
  got[k++] = dlx_select_row(s, 0);
  got[k++] = dlx_unselect_all(s);
  got[k++] = dlx_reset(s);
  got[k++] = dlx_clear(s);
  got[k++] = dlx_solution(s, &rows, &n);
  got[k++] = dlx_count(s, 0, &count);
  got[k++] = dlx_enumerate(s, count_cb, NULL, &count);
  got[k++] = dlx_set_seed(s, 3);
  got[k++] = dlx_get_stats(s, &st);
  got[k++] = dlx_image(s, &mem, &n);
  got[k++] = dlx_progress(s, &frac);
  got[k++] = dlx_split(s, 1, prefix_cb, NULL, &count);
  got[k++] = dlx_count_parallel(s, 1, 0, &count);
  got[k++] = dlx_maximize(m, s, 0);
  for (i = 0; i < k; ++i)
    if (got[i] != want) {
      ++bad;
      fprintf(stderr, "solver call %d returned %d (%s), want %d\n", i, (int)got[i],
              dlx_status_str(got[i]), (int)want);
    }
  return bad;
}

static void try_all_busy(struct reenter *r) {
  r->bad += solver_calls(r->s, r->m, DLX_ERR_BUSY);
  dlx_free(r->s); /* a handle inside a call is left alone */
  ++r->calls;
}

static int32_t reenter_cb(void *user, const uint32_t *rows, size_t n) {
  (void)rows;
  (void)n;
  try_all_busy((struct reenter *)user);
  return 0;
}

static int32_t reenter_prefix_cb(void *user, const uint32_t *rows, size_t n, int32_t sol) {
  (void)rows;
  (void)n;
  (void)sol;
  try_all_busy((struct reenter *)user);
  return 0;
}

static void test_reentrance(void) {
  DLX_ALIGNED static unsigned char mpool[DLX_MAXIMIZER_REQUIRED_SIZE(
      Q_PRIMARY, Q_SECONDARY, Q_ROWS, Q_ENTRIES)];
  dlx_dims d = queens_dims();
  dlx_solver *s = NULL;
  struct reenter r;
  uint64_t count = 0;
  CHECK_STATUS(dlx_new(&d, &s), DLX_OK);
  if (s == NULL) return;
  add_queens(s);
  r.s = s;
  r.m = NULL;
  r.calls = 0;
  r.bad = 0;
  CHECK_STATUS(dlx_maximizer_init_in(mpool, sizeof mpool, &d, &r.m), DLX_OK);
  CHECK_STATUS(dlx_enumerate(s, reenter_cb, &r, &count), DLX_EXHAUSTED);
  CHECK(count == 4 && r.calls == 4);
  CHECK(r.bad == 0);
  r.calls = 0;
  CHECK_STATUS(dlx_split(s, 2, reenter_prefix_cb, &r, &count), DLX_EXHAUSTED);
  CHECK(r.calls > 0 && (uint64_t)r.calls == count);
  CHECK(r.bad == 0);
  /* The handle survived both (dlx_free inside the calls left it alone). */
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 4);
  dlx_free(s);
}

/* ------------------------------------------------------------------ poisoning */

/* A block scribbled over between calls: every node link word becomes 0xFFFFFFFF,
 * an index far past the node array. The checked core reads such an index as an
 * empty node and drops writes there, so budgeted calls return statuses of the API
 * (wrong answers are allowed), nothing panics and the handle is not poisoned.
 * (Poisoning itself is tested with the test hooks: test_every_kind_is_poisoned_*.) */
static void test_scribbled_block(void) {
  DLX_ALIGNED static unsigned char image[Q_SIZE + 64];
  dlx_solver *s = queens_in_pool();
  dlx_solver *a = NULL;
  const void *mem = NULL;
  size_t len = 0, w, first, last;
  uint32_t *words = (uint32_t *)(void *)qpool;
  dlx_stats stats;
  dlx_status st;
  int i;
  if (s == NULL) return;
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  memcpy(image, mem, len);
  first = 32 + 2 * (Q_PRIMARY + Q_SECONDARY + 2);
  last = first + 3 * (Q_PRIMARY + Q_SECONDARY + 2 + Q_ROWS + Q_ENTRIES);
  for (w = first; w < last; ++w) words[w] = 0xFFFFFFFFu;
  for (i = 0; i < 20; ++i) {
    st = dlx_next(s, 1000);
    /* DLX_ERR_CORRUPT once a call has run long enough to check the block. */
    CHECK(st == DLX_SOLUTION || st == DLX_EXHAUSTED || st == DLX_BUDGET_SPENT ||
          st == DLX_ERR_CORRUPT);
  }
  CHECK_STATUS(dlx_get_stats(s, &stats), DLX_OK); /* not poisoned */
  CHECK_STATUS(dlx_reset(s), DLX_OK);
  /* The damaged block is no image either. */
  memcpy(scratch, qpool, len);
  CHECK(dlx_attach(scratch, len, &a) != DLX_OK);
  /* An image of the healthy solver still works. */
  CHECK_STATUS(dlx_attach(image, len, &a), DLX_OK);
  if (a != NULL) {
    uint64_t count = 0;
    CHECK_STATUS(dlx_count(a, 0, &count), DLX_OK);
    CHECK(count == 4);
  }
}

/* Stops after a million solutions. */
static int32_t million_cb(void *user, const uint32_t *rows, size_t n) {
  (void)rows;
  (void)n;
  return ++*(uint64_t *)user >= 1000000u;
}

/* One column, one row: one solution. With the row's node made its own successor in
   its column, the search takes that row again and again, each time a "solution" that
   spends no update: searches without a limit ran until the caller's limit (or for
   ever) before; now they find the damage and say DLX_ERR_CORRUPT. */
static void test_damage_ends_searches_without_a_budget(void) {
  DLX_ALIGNED static unsigned char pool[4096];
  dlx_dims d = {1, 0, 1, 1};
  dlx_solver *s = NULL;
  uint32_t col = 0;
  uint32_t *words = (uint32_t *)(void *)pool;
  /* Header 32 words, items 2 * (columns + 2), then nodes of 3 words: node 3 (after
     the column header and the first spacer) is the row's, word 1 its down link. */
  size_t down = 32 + 2 * 3 + 3 * 3 + 1;
  uint64_t n = 0, reports = 0;
  CHECK(dlx_required_size(&d) <= sizeof pool);
  CHECK_STATUS(dlx_init_in(pool, sizeof pool, &d, &s), DLX_OK);
  if (s == NULL) return;
  CHECK_STATUS(dlx_add_row(s, &col, 1, NULL), DLX_OK);
  CHECK_STATUS(dlx_count(s, 0, &n), DLX_OK);
  CHECK(n == 1);
  CHECK(words[down] == 1); /* the column header: the node is alone in its column */
  words[down] = 3;
  n = 7;
  CHECK_STATUS(dlx_count(s, 1000000, &n), DLX_ERR_CORRUPT);
  CHECK(n == 7);
  CHECK_STATUS(dlx_enumerate(s, million_cb, &reports, &n), DLX_ERR_CORRUPT);
  CHECK(reports < 1000000u);
  CHECK_STATUS(dlx_split(s, 1, prefix_cb, NULL, &n), DLX_ERR_CORRUPT);
  CHECK_STATUS(dlx_count_parallel(s, 2, 1000000, &n), DLX_ERR_CORRUPT);
  /* Not poisoned: the damage is the caller's, and the handle says so each time. */
  CHECK_STATUS(dlx_count(s, 1000000, &n), DLX_ERR_CORRUPT);
}

/* The same for a Sudoku block: a count without a limit on the empty 16x16 grid (more
   solutions than any count reaches) with one word of the units scribbled ends with
   DLX_ERR_CORRUPT once it has run a while (the helper checks its block then; before,
   such a count ran for ever). */
static void test_sudoku_damage_ends_searches_without_a_budget(void) {
  DLX_ALIGNED static unsigned char pool[DLX_SUDOKU_REQUIRED_SIZE(4, 4)];
  dlx_sudoku *s = NULL;
  uint8_t grid[256] = {0}, out[256];
  uint32_t *words = (uint32_t *)(void *)pool;
  uint64_t n = 7;
  dlx_status st;
  CHECK_STATUS(dlx_sudoku_init_in(pool, sizeof pool, 4, 4, &s), DLX_OK);
  if (s == NULL) return;
  CHECK_STATUS(dlx_sudoku_solve(s, grid, 256, out), DLX_SOLUTION);
  /* The header's 48 words, then the units of each cell (row | column << 6 | ...):
     cell 2 now says it lies in column 0. */
  CHECK(words[48 + 2] == 2u << 6);
  words[48 + 2] = 0;
  CHECK_STATUS(dlx_sudoku_count(s, grid, 256, 0, &n), DLX_ERR_CORRUPT);
  CHECK(n == 7);
  CHECK_STATUS(dlx_sudoku_set_givens(s, grid, 256), DLX_OK);
  st = dlx_sudoku_next(s, 0, out, 256);
  CHECK(st == DLX_SOLUTION || st == DLX_ERR_CORRUPT);
  CHECK_STATUS(dlx_sudoku_generate_start(s, 1, 0), DLX_OK);
  st = dlx_sudoku_generate(s, 0, grid, out, 256);
  CHECK(st == DLX_OK || st == DLX_ERR_CORRUPT);
  /* Not poisoned: the damage is the caller's, and the handle says so each time. */
  memset(grid, 0, sizeof grid);
  CHECK_STATUS(dlx_sudoku_count(s, grid, 256, 0, &n), DLX_ERR_CORRUPT);
}

/* ------------------------------------------------------------------ every handle kind */

static int report(const char *kind, const dlx_status *got, int k, dlx_status want) {
  int i, bad = 0;
  for (i = 0; i < k; ++i)
    if (got[i] != want) {
      ++bad;
      fprintf(stderr, "%s call %d returned %d (%s), want %d\n", kind, i, (int)got[i],
              dlx_status_str(got[i]), (int)want);
    }
  return bad;
}

/* Every call on a maximiser handle (with the solver `s`). */
static int maximizer_calls(dlx_maximizer *m, dlx_solver *s, dlx_status want) {
  int64_t v = 0;
  const uint32_t *rows = NULL;
  size_t n = 0;
  dlx_max_stats ms;
  dlx_status got[8];
  int k = 0;
  got[k++] = dlx_maximizer_set_weight(m, 0, 1);
  got[k++] = dlx_maximizer_reset(m);
  got[k++] = dlx_maximize(m, s, 0);
  got[k++] = dlx_maximizer_best(m, &v, &rows, &n);
  got[k++] = dlx_maximizer_get_stats(m, &ms);
  return report("maximiser", got, k, want);
}

/* Every call on a 4x4 Sudoku handle. */
static int sudoku_calls(dlx_sudoku *h, dlx_status want) {
  uint8_t g[16], out[16], sol[16];
  uint32_t br = 0, bc = 0, nn = 0;
  uint64_t count = 0;
  dlx_stats st;
  dlx_status got[12];
  int k = 0;
  memset(g, 0, sizeof g);
  got[k++] = dlx_sudoku_shape(h, &br, &bc, &nn);
  got[k++] = dlx_sudoku_set_variant(h, NULL, 0, 0);
  got[k++] = dlx_sudoku_set_givens(h, g, 16);
  got[k++] = dlx_sudoku_next(h, 0, out, 16);
  got[k++] = dlx_sudoku_solve(h, g, 16, out);
  got[k++] = dlx_sudoku_count(h, g, 16, 2, &count);
  got[k++] = dlx_sudoku_get_stats(h, &st);
  got[k++] = dlx_sudoku_generate_start(h, 1, 0);
  got[k++] = dlx_sudoku_generate(h, 0, out, sol, 16);
  return report("sudoku", got, k, want);
}

/* Every call on a tiling handle of a 2x2 board with one domino piece. */
static int tiling_calls(dlx_tiling *t, dlx_status want) {
  static const uint32_t domino[6] = {0, 0, 0, 1, 0, 0};
  const uint8_t mask[4] = {1, 1, 1, 1};
  uint32_t id = 0, board[4];
  uint64_t a = 0, d = 0;
  dlx_tiling_info info;
  dlx_placement pl;
  const uint32_t *rows = NULL;
  size_t n = 0;
  dlx_stats st;
  dlx_status got[20];
  int k = 0;
  got[k++] = dlx_tiling_set_board(t, mask, 4);
  got[k++] = dlx_tiling_add_piece(t, domino, 2, DLX_TILING_UNLIMITED, 0, &id);
  got[k++] = dlx_tiling_build(t);
  got[k++] = dlx_tiling_get_info(t, &info);
  got[k++] = dlx_tiling_orientations(t, 0, &id);
  got[k++] = dlx_tiling_place(t, 0, domino, 2, &id);
  got[k++] = dlx_tiling_unplace_all(t);
  got[k++] = dlx_tiling_next(t, 0);
  got[k++] = dlx_tiling_reset(t);
  got[k++] = dlx_tiling_count(t, 0, &a);
  got[k++] = dlx_tiling_count_distinct(t, &a, &d);
  got[k++] = dlx_tiling_solution(t, &rows, &n);
  got[k++] = dlx_tiling_placement(t, 0, &pl);
  got[k++] = dlx_tiling_fill(t, board, 4);
  got[k++] = dlx_tiling_get_stats(t, &st);
  got[k++] = dlx_tiling_clear(t);
  return report("tiling", got, k, want);
}

/* One handle of each kind. */
struct kinds {
  dlx_solver *s;
  dlx_maximizer *m;
  dlx_sudoku *k;
  dlx_tiling *t;
};

static dlx_tiling_dims domino_dims(void) {
  dlx_tiling_dims td;
  td.width = 2;
  td.height = 2;
  td.depth = 1;
  td.max_pieces = 1;
  td.max_piece_cells = 2;
  td.max_placements = 0;
  return td;
}

static void build_domino(dlx_tiling *t) {
  static const uint32_t domino[6] = {0, 0, 0, 1, 0, 0};
  CHECK_STATUS(dlx_tiling_add_piece(t, domino, 2, DLX_TILING_UNLIMITED, 0, NULL), DLX_OK);
  CHECK_STATUS(dlx_tiling_build(t), DLX_OK);
}

/* Fresh handles of every kind in static pools (made again by every test). */
static void make_kinds(struct kinds *h) {
  DLX_ALIGNED static unsigned char sp[Q_SIZE];
  DLX_ALIGNED static unsigned char mp[DLX_MAXIMIZER_REQUIRED_SIZE(Q_PRIMARY, Q_SECONDARY,
                                                                  Q_ROWS, Q_ENTRIES)];
  DLX_ALIGNED static unsigned char kp[DLX_SUDOKU_REQUIRED_SIZE(2, 2)];
  DLX_ALIGNED static unsigned char tp[DLX_TILING_REQUIRED_SIZE(2, 2, 1, 1, 2, 0)];
  dlx_dims d = queens_dims();
  dlx_tiling_dims td = domino_dims();
  h->s = NULL;
  h->m = NULL;
  h->k = NULL;
  h->t = NULL;
  CHECK_STATUS(dlx_init_in(sp, sizeof sp, &d, &h->s), DLX_OK);
  CHECK_STATUS(dlx_maximizer_init_in(mp, sizeof mp, &d, &h->m), DLX_OK);
  CHECK_STATUS(dlx_sudoku_init_in(kp, sizeof kp, 2, 2, &h->k), DLX_OK);
  CHECK_STATUS(dlx_tiling_init_in(tp, sizeof tp, &td, &h->t), DLX_OK);
  if (h->s != NULL) add_queens(h->s);
  if (h->t != NULL) build_domino(h->t);
}

/* Each handle answers a plain call, so it is neither busy nor poisoned. */
static void check_healthy(const struct kinds *h) {
  dlx_stats st;
  dlx_max_stats ms;
  uint32_t n = 0;
  dlx_tiling_info info;
  CHECK_STATUS(dlx_get_stats(h->s, &st), DLX_OK);
  CHECK_STATUS(dlx_maximizer_get_stats(h->m, &ms), DLX_OK);
  CHECK_STATUS(dlx_sudoku_shape(h->k, NULL, NULL, &n), DLX_OK);
  CHECK(n == 4);
  CHECK_STATUS(dlx_tiling_get_info(h->t, &info), DLX_OK);
  CHECK(info.placements == 4);
}

#define MISALIGN(T, p) ((T *)(void *)((unsigned char *)(void *)(p) + 4))

static void test_every_kind_refuses_bad_handles(void) {
  DLX_ALIGNED static unsigned char zeros[DLX_SUDOKU_REQUIRED_SIZE(2, 2)];
  struct kinds h;
  make_kinds(&h);
  if (h.s == NULL || h.m == NULL || h.k == NULL || h.t == NULL) return;
  /* NULL. */
  CHECK(solver_calls(NULL, h.m, DLX_ERR_NULL) == 0);
  CHECK(maximizer_calls(NULL, h.s, DLX_ERR_NULL) == 0);
  CHECK(sudoku_calls(NULL, DLX_ERR_NULL) == 0);
  CHECK(tiling_calls(NULL, DLX_ERR_NULL) == 0);
  dlx_free(NULL);
  dlx_maximizer_free(NULL);
  dlx_sudoku_free(NULL);
  dlx_tiling_free(NULL);
  /* Misaligned (a pointer into the middle of a real block). */
  CHECK(solver_calls(MISALIGN(dlx_solver, h.s), h.m, DLX_ERR_MISALIGNED) == 0);
  CHECK(maximizer_calls(MISALIGN(dlx_maximizer, h.m), h.s, DLX_ERR_MISALIGNED) == 0);
  CHECK(sudoku_calls(MISALIGN(dlx_sudoku, h.k), DLX_ERR_MISALIGNED) == 0);
  CHECK(tiling_calls(MISALIGN(dlx_tiling, h.t), DLX_ERR_MISALIGNED) == 0);
  dlx_free(MISALIGN(dlx_solver, h.s));
  dlx_maximizer_free(MISALIGN(dlx_maximizer, h.m));
  dlx_sudoku_free(MISALIGN(dlx_sudoku, h.k));
  dlx_tiling_free(MISALIGN(dlx_tiling, h.t));
  /* Another kind's handle, and a block of zeros: not this kind (bad magic). */
  CHECK(solver_calls((dlx_solver *)(void *)h.t, h.m, DLX_ERR_CORRUPT) == 0);
  CHECK(maximizer_calls((dlx_maximizer *)(void *)h.s, h.s, DLX_ERR_CORRUPT) == 0);
  CHECK(sudoku_calls((dlx_sudoku *)(void *)h.m, DLX_ERR_CORRUPT) == 0);
  CHECK(tiling_calls((dlx_tiling *)(void *)h.k, DLX_ERR_CORRUPT) == 0);
  CHECK(solver_calls((dlx_solver *)(void *)zeros, h.m, DLX_ERR_CORRUPT) == 0);
  CHECK(maximizer_calls((dlx_maximizer *)(void *)zeros, h.s, DLX_ERR_CORRUPT) == 0);
  CHECK(sudoku_calls((dlx_sudoku *)(void *)zeros, DLX_ERR_CORRUPT) == 0);
  CHECK(tiling_calls((dlx_tiling *)(void *)zeros, DLX_ERR_CORRUPT) == 0);
  dlx_free((dlx_solver *)(void *)h.t);
  dlx_maximizer_free((dlx_maximizer *)(void *)h.s);
  dlx_sudoku_free((dlx_sudoku *)(void *)h.m);
  dlx_tiling_free((dlx_tiling *)(void *)h.k);
  /* None of that touched the real handles. */
  check_healthy(&h);
}

/* Words 2-3 of every block hold its length in words, which every call takes the
 * block's size from (a handle is only a pointer). A length that disagrees with the
 * dimensions the header records is refused by every call of every kind, so damage to
 * it never makes the library reach past the block; the block works again once the
 * length is put back. */
static void test_every_kind_refuses_a_damaged_length(void) {
  static const uint32_t high[] = {1, 0x80000000u, 0xFFFFFFFFu};
  struct kinds h;
  uint32_t *words[4];
  uint32_t len, low[6];
  int kind, v;
  make_kinds(&h);
  if (h.s == NULL || h.m == NULL || h.k == NULL || h.t == NULL) return;
  words[0] = (uint32_t *)(void *)h.s;
  words[1] = (uint32_t *)(void *)h.m;
  words[2] = (uint32_t *)(void *)h.k;
  words[3] = (uint32_t *)(void *)h.t;
  for (kind = 0; kind < 4; ++kind) {
    uint32_t *w = words[kind];
    len = w[2];
    CHECK(w[3] == 0 && len > 8);
    low[0] = len + 1;
    low[1] = len - 1;
    low[2] = 2 * len;
    low[3] = len + 4096;
    low[4] = 0;
    low[5] = 0xFFFFFFFFu;
    for (v = 0; v < 9; ++v) {
      int bad = 0;
      if (v < 6)
        w[2] = low[v];
      else
        w[3] = high[v - 6];
      switch (kind) {
        case 0: bad = solver_calls(h.s, h.m, DLX_ERR_CORRUPT); break;
        case 1: bad = maximizer_calls(h.m, h.s, DLX_ERR_CORRUPT); break;
        case 2: bad = sudoku_calls(h.k, DLX_ERR_CORRUPT); break;
        default: bad = tiling_calls(h.t, DLX_ERR_CORRUPT); break;
      }
      CHECK(bad == 0);
      w[2] = len;
      w[3] = 0;
    }
  }
  check_healthy(&h);
}

/* dlx_maximize refuses a maximiser whose block overlaps its solver's, before it
 * makes a view of either. */
static void test_maximize_refuses_overlapping_blocks(void) {
  DLX_ALIGNED static unsigned char both[Q_SIZE / 2 + DLX_MAXIMIZER_REQUIRED_SIZE(
                                                       Q_PRIMARY, Q_SECONDARY, Q_ROWS, Q_ENTRIES)];
  dlx_dims d = queens_dims();
  dlx_solver *s = NULL;
  dlx_maximizer *m = NULL;
  size_t half = (Q_SIZE / 2) & ~(size_t)(DLX_ALIGN - 1);
  CHECK_STATUS(dlx_init_in(both, Q_SIZE, &d, &s), DLX_OK);
  CHECK_STATUS(dlx_maximizer_init_in(both + half, sizeof both - half, &d, &m), DLX_OK);
  if (s == NULL || m == NULL) return;
  CHECK_STATUS(dlx_maximize(m, s, 0), DLX_ERR_ARG);
  CHECK_STATUS(dlx_maximizer_set_weight(m, 0, 1), DLX_OK); /* neither is left busy */
}

#ifdef DLX_TEST_HOOKS

/* Runs inside a call on handle `which` of `h` (0 solver, 1 maximiser, 2 Sudoku,
 * 3 tiling, 4 both handles of dlx_maximize): every call on it must be refused
 * with DLX_ERR_BUSY, freeing it must leave it alone, and the other kinds must
 * answer as usual. */
struct inside {
  struct kinds *h;
  int which;
  int ran;
  int bad;
};

static void inside_cb(void *user) {
  struct inside *in = (struct inside *)user;
  struct kinds *h = in->h;
  dlx_stats st;
  dlx_max_stats ms;
  uint32_t n = 0;
  dlx_tiling_info info;
  ++in->ran;
  if (in->which == 0 || in->which == 4) {
    in->bad += solver_calls(h->s, h->m, DLX_ERR_BUSY);
    dlx_free(h->s);
  } else {
    in->bad += dlx_get_stats(h->s, &st) != DLX_OK;
  }
  if (in->which == 1 || in->which == 4) {
    in->bad += maximizer_calls(h->m, h->s, DLX_ERR_BUSY);
    dlx_maximizer_free(h->m);
  } else {
    in->bad += dlx_maximizer_get_stats(h->m, &ms) != DLX_OK;
  }
  if (in->which == 2) {
    in->bad += sudoku_calls(h->k, DLX_ERR_BUSY);
    dlx_sudoku_free(h->k);
  } else {
    in->bad += dlx_sudoku_shape(h->k, NULL, NULL, &n) != DLX_OK;
  }
  if (in->which == 3) {
    in->bad += tiling_calls(h->t, DLX_ERR_BUSY);
    dlx_tiling_free(h->t);
  } else {
    in->bad += dlx_tiling_get_info(h->t, &info) != DLX_OK;
  }
}

/* A call on each kind that runs inside_cb from inside; the call itself succeeds. */
static void call_with_inside(struct kinds *h, int which) {
  struct inside in;
  dlx_stats st;
  dlx_max_stats ms;
  uint32_t n = 0;
  dlx_tiling_info info;
  in.h = h;
  in.which = which;
  in.ran = 0;
  in.bad = 0;
  dlx_test_call_inside_next_call(inside_cb, &in);
  switch (which) {
    case 0: CHECK_STATUS(dlx_get_stats(h->s, &st), DLX_OK); break;
    case 1: CHECK_STATUS(dlx_maximizer_get_stats(h->m, &ms), DLX_OK); break;
    case 2: CHECK_STATUS(dlx_sudoku_shape(h->k, NULL, NULL, &n), DLX_OK); break;
    case 3: CHECK_STATUS(dlx_tiling_get_info(h->t, &info), DLX_OK); break;
    default: CHECK_STATUS(dlx_maximize(h->m, h->s, 0), DLX_SOLUTION); break;
  }
  CHECK(in.ran == 1);
  CHECK(in.bad == 0);
}

static void test_every_kind_refuses_reentry(void) {
  struct kinds h;
  int which;
  make_kinds(&h);
  if (h.s == NULL || h.m == NULL || h.k == NULL || h.t == NULL) return;
  for (which = 0; which <= 4; ++which) {
    call_with_inside(&h, which);
    check_healthy(&h); /* the busy mark went away with the call */
  }
}

/* The next call on handle `which` panics inside the library: that call returns
 * DLX_ERR_INTERNAL, every later call on the handle too, and the other kinds are
 * untouched. */
static void test_every_kind_is_poisoned_by_a_panic(void) {
  struct kinds h, ok;
  dlx_stats st;
  dlx_max_stats ms;
  uint32_t n = 0;
  dlx_tiling_info info;
  int which;
  fprintf(stderr, "test_promises: panic messages from the library follow (expected)\n");
  for (which = 0; which <= 4; ++which) {
    make_kinds(&h);
    if (h.s == NULL || h.m == NULL || h.k == NULL || h.t == NULL) return;
    dlx_test_panic_next_call();
    switch (which) {
      case 0: CHECK_STATUS(dlx_get_stats(h.s, &st), DLX_ERR_INTERNAL); break;
      case 1: CHECK_STATUS(dlx_maximizer_get_stats(h.m, &ms), DLX_ERR_INTERNAL); break;
      case 2: CHECK_STATUS(dlx_sudoku_shape(h.k, NULL, NULL, &n), DLX_ERR_INTERNAL); break;
      case 3: CHECK_STATUS(dlx_tiling_get_info(h.t, &info), DLX_ERR_INTERNAL); break;
      default: CHECK_STATUS(dlx_maximize(h.m, h.s, 0), DLX_ERR_INTERNAL); break;
    }
    ok = h;
    if (which == 0 || which == 4) {
      CHECK(solver_calls(h.s, h.m, DLX_ERR_INTERNAL) == 0);
      ok.s = NULL;
    }
    if (which == 1 || which == 4) {
      CHECK(maximizer_calls(h.m, h.s, DLX_ERR_INTERNAL) == 0);
      ok.m = NULL;
    }
    if (which == 2) CHECK(sudoku_calls(h.k, DLX_ERR_INTERNAL) == 0);
    if (which == 3) CHECK(tiling_calls(h.t, DLX_ERR_INTERNAL) == 0);
    if (ok.s != NULL) CHECK_STATUS(dlx_get_stats(ok.s, &st), DLX_OK);
    if (ok.m != NULL) CHECK_STATUS(dlx_maximizer_get_stats(ok.m, &ms), DLX_OK);
    if (which != 2) CHECK_STATUS(dlx_sudoku_shape(h.k, NULL, NULL, &n), DLX_OK);
    if (which != 3) CHECK_STATUS(dlx_tiling_get_info(h.t, &info), DLX_OK);
  }
}

/* Heap handles: a poisoned one is still released by its free (valgrind and ASan
 * report a leak otherwise), one inside a call is not (they report a use after free
 * otherwise), and a panic while one is being made releases its block. */
static void test_heap_handles_of_every_kind(void) {
  dlx_dims d = queens_dims();
  dlx_tiling_dims td = domino_dims();
  struct kinds h;
  dlx_stats st;
  dlx_max_stats ms;
  uint32_t n = 0;
  dlx_tiling_info info;
  int which;
  for (which = 0; which <= 4; ++which) {
    CHECK_STATUS(dlx_new(&d, &h.s), DLX_OK);
    CHECK_STATUS(dlx_maximizer_new(&d, &h.m), DLX_OK);
    CHECK_STATUS(dlx_sudoku_new(2, 2, &h.k), DLX_OK);
    CHECK_STATUS(dlx_tiling_new(&td, &h.t), DLX_OK);
    if (h.s == NULL || h.m == NULL || h.k == NULL || h.t == NULL) return;
    add_queens(h.s);
    build_domino(h.t);
    call_with_inside(&h, which); /* frees the busy handle(s) from inside: left alone */
    check_healthy(&h);
    dlx_test_panic_next_call();
    switch (which) {
      case 0: CHECK_STATUS(dlx_get_stats(h.s, &st), DLX_ERR_INTERNAL); break;
      case 1: CHECK_STATUS(dlx_maximizer_get_stats(h.m, &ms), DLX_ERR_INTERNAL); break;
      case 2: CHECK_STATUS(dlx_sudoku_shape(h.k, NULL, NULL, &n), DLX_ERR_INTERNAL); break;
      case 3: CHECK_STATUS(dlx_tiling_get_info(h.t, &info), DLX_ERR_INTERNAL); break;
      default: CHECK_STATUS(dlx_maximize(h.m, h.s, 0), DLX_ERR_INTERNAL); break;
    }
    dlx_free(h.s);
    dlx_maximizer_free(h.m);
    dlx_sudoku_free(h.k);
    dlx_tiling_free(h.t);
  }
  h.s = NULL;
  h.m = NULL;
  h.k = NULL;
  h.t = NULL;
  dlx_test_panic_next_call();
  CHECK_STATUS(dlx_new(&d, &h.s), DLX_ERR_INTERNAL);
  dlx_test_panic_next_call();
  CHECK_STATUS(dlx_maximizer_new(&d, &h.m), DLX_ERR_INTERNAL);
  dlx_test_panic_next_call();
  CHECK_STATUS(dlx_sudoku_new(2, 2, &h.k), DLX_ERR_INTERNAL);
  dlx_test_panic_next_call();
  CHECK_STATUS(dlx_tiling_new(&td, &h.t), DLX_ERR_INTERNAL);
  CHECK(h.s == NULL && h.m == NULL && h.k == NULL && h.t == NULL);
}

#endif /* DLX_TEST_HOOKS */

int main(void) {
  CHECK(dlx_abi_version() == DLX_ABI_VERSION);
  test_sizes_and_overflow();
  test_null_pointers();
  test_limits_and_unchanged();
  test_blocks();
  test_helper_limits();
  test_reentrance();
  test_scribbled_block();
  test_damage_ends_searches_without_a_budget();
  test_sudoku_damage_ends_searches_without_a_budget();
  test_every_kind_refuses_bad_handles();
  test_every_kind_refuses_a_damaged_length();
  test_maximize_refuses_overlapping_blocks();
#ifdef DLX_TEST_HOOKS
  test_every_kind_refuses_reentry();
  test_every_kind_is_poisoned_by_a_panic();
  test_heap_handles_of_every_kind();
#endif
  printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
