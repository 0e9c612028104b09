/* Images, progress, splitting and parallel counting, checked from C (compiled as C11
 * and as C++17 by tests/c_api.rs). */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* N-queens: rows and columns primary, the two diagonal families secondary. */
static dlx_solver *new_queens(uint32_t n) {
  dlx_dims d;
  dlx_solver *s = NULL;
  uint32_t r, c;
  d.primary = 2 * n;
  d.secondary = 2 * (2 * n - 1);
  d.max_rows = n * n;
  d.max_entries = 4 * n * n;
  CHECK_STATUS(dlx_new(&d, &s), DLX_OK);
  if (s == NULL) return NULL;
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
  return s;
}

/* An aligned heap copy of a solver's image (free with free()). */
static void *copy_image(const dlx_solver *s, size_t *len) {
  const void *mem = NULL;
  void *copy;
  *len = 0;
  if (dlx_image(s, &mem, len) != DLX_OK) return NULL;
  copy = malloc(*len + 8); /* malloc is aligned for any object type */
  if (copy != NULL) memcpy(copy, mem, *len);
  return copy;
}

/* Solutions left in a search, counted with dlx_next. */
static uint64_t finish(dlx_solver *s, uint64_t budget) {
  uint64_t n = 0;
  dlx_status st;
  while ((st = dlx_next(s, budget)) != DLX_EXHAUSTED) {
    if (st == DLX_SOLUTION) ++n;
    if (st < 0) return (uint64_t)-1;
  }
  return n;
}

static void test_image_round_trip(void) {
  dlx_solver *s = new_queens(6); /* 4 solutions */
  uint64_t before = 0;
  int stop;
  if (s == NULL) return;
  for (stop = 0; stop < 60; ++stop) {
    int i;
    size_t len;
    void *copy;
    dlx_solver *t = NULL;
    before = 0;
    CHECK_STATUS(dlx_reset(s), DLX_OK);
    for (i = 0; i < stop; ++i) {
      dlx_status st = dlx_next(s, 37);
      if (st == DLX_SOLUTION) ++before;
      if (st == DLX_EXHAUSTED) break;
    }
    copy = copy_image(s, &len);
    CHECK(copy != NULL);
    if (copy == NULL) break;
    CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
    CHECK(t == (dlx_solver *)copy);
    if (t != NULL) {
      CHECK(before + finish(t, 5) == 4);
      dlx_free(t); /* the caller's memory: left alone */
    }
    free(copy);
  }
  dlx_free(s);
}

static void test_attach_errors(void) {
  dlx_solver *s = new_queens(4);
  dlx_solver *t = NULL;
  const void *mem = NULL;
  size_t len = 0, i;
  unsigned char *copy;
  unsigned char *saved;
  unsigned char *orig;
  uint64_t want = 0;
  if (s == NULL) return;
  CHECK_STATUS(dlx_image(NULL, &mem, &len), DLX_ERR_NULL);
  CHECK_STATUS(dlx_image(s, NULL, &len), DLX_ERR_NULL);
  CHECK_STATUS(dlx_image(s, &mem, NULL), DLX_ERR_NULL);
  CHECK(dlx_next(s, 20) == DLX_BUDGET_SPENT);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  CHECK(mem == (const void *)s);
  copy = (unsigned char *)malloc(len + 16);
  saved = (unsigned char *)malloc(len + 16);
  orig = (unsigned char *)malloc(len + 16);
  if (copy == NULL || saved == NULL || orig == NULL) {
    free(copy);
    free(saved);
    free(orig);
    dlx_free(s);
    return;
  }
  memcpy(orig, mem, len);
  memcpy(copy, orig, len);
  CHECK_STATUS(dlx_attach(NULL, len, &t), DLX_ERR_NULL);
  CHECK_STATUS(dlx_attach(copy, len, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_attach(copy + 4, len, &t), DLX_ERR_MISALIGNED);
  CHECK(t == NULL);
  /* Every truncation is refused, and the bytes stay as they were. */
  for (i = 0; i < len; ++i) {
    dlx_status st = dlx_attach(copy, i, &t);
    if (st != DLX_ERR_CORRUPT) {
      CHECK_STATUS(st, DLX_ERR_CORRUPT);
      break;
    }
  }
  CHECK(memcmp(copy, orig, len) == 0);
  CHECK(t == NULL);
  /* Every single-byte flip is refused (bytes unchanged) or resumes to the same
   * remaining count. */
  memcpy(copy, orig, len);
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
  if (t != NULL) want = finish(t, 0);
  CHECK(want == 2 || want == 1);
  {
    int refused = 0, accepted = 0;
    for (i = 0; i < len; ++i) {
      dlx_status st;
      memcpy(copy, orig, len);
      copy[i] ^= 0xff;
      memcpy(saved, copy, len);
      t = NULL;
      st = dlx_attach(copy, len, &t);
      if (st == DLX_ERR_CORRUPT) {
        ++refused;
        if (memcmp(copy, saved, len) != 0) {
          CHECK(memcmp(copy, saved, len) == 0);
          break;
        }
      } else {
        ++accepted;
        CHECK_STATUS(st, DLX_OK);
        if (st == DLX_OK && finish(t, 3) != want) {
          CHECK(!"an accepted flip resumed differently");
          fprintf(stderr, "  byte %u\n", (unsigned)i);
          break;
        }
      }
    }
    CHECK(refused > accepted);
  }
  /* Another byte order or layout version. */
  memcpy(copy, orig, len);
  {
    unsigned char b = copy[0];
    copy[0] = copy[3];
    copy[3] = b;
    CHECK_STATUS(dlx_attach(copy, len, &t), DLX_ERR_CORRUPT);
  }
  free(copy);
  free(saved);
  free(orig);
  dlx_free(s);
}

/* True when rows (of new_queens(4)) place four non-attacking queens. */
static int queens4_solution(const uint32_t *rows, size_t n) {
  int used[4][7] = {{0}};
  size_t i;
  if (n != 4) return 0;
  for (i = 0; i < n; ++i) {
    uint32_t r, c;
    if (rows[i] >= 16) return 0;
    r = rows[i] / 4;
    c = rows[i] % 4;
    if (used[0][r]++ || used[1][c]++ || used[2][r + c]++ || used[3][r + 3 - c]++) return 0;
  }
  return 1;
}

/* The search's solutions, in order, from a fresh 4-queens solver. */
static size_t queens4_all(uint32_t all[][4]) {
  dlx_solver *s = new_queens(4);
  size_t k = 0;
  if (s == NULL) return 0;
  while (k < 8 && dlx_next(s, 0) == DLX_SOLUTION) {
    const uint32_t *rows = NULL;
    size_t n = 0;
    CHECK_STATUS(dlx_solution(s, &rows, &n), DLX_OK);
    CHECK(n == 4);
    if (n == 4) memcpy(all[k++], rows, sizeof all[0]);
  }
  dlx_free(s);
  return k;
}

/* Index of `rows` in the enumeration, or -1. */
static int queens4_index(uint32_t all[][4], size_t k, const uint32_t *rows, size_t n) {
  size_t i;
  if (n != 4) return -1;
  for (i = 0; i < k; ++i)
    if (memcmp(all[i], rows, sizeof all[0]) == 0) return (int)i;
  return -1;
}

/* The image checksum as dlx_image computes it (64-bit FNV-1a over the words, the
 * prefix's busy, poisoned and checksum words 5, 6, 7 counted as zero, folded to 32
 * bits), written into word 7: what someone editing an image on purpose would do. */
#define CHECKSUM_WORD 7
static void reseal(uint32_t *w, size_t words) {
  uint64_t h = 0xcbf29ce484222325u;
  size_t i;
  for (i = 0; i < words; ++i) {
    uint32_t v = (i == 5 || i == 6 || i == CHECKSUM_WORD) ? 0 : w[i];
    h = (h ^ v) * 0x100000001b3u;
  }
  w[CHECKSUM_WORD] = (uint32_t)(h ^ (h >> 32));
}

/* The checksum dlx_image writes: the block copied without that call after a change
 * (another seed before the search, a later point of the search: both states the
 * search can reach) is refused; taken through dlx_image, it is adopted. */
static void test_checksum(void) {
  dlx_solver *s = new_queens(4);
  const void *mem = NULL;
  size_t len = 0;
  uint32_t *copy;
  dlx_solver *t = NULL;
  if (s == NULL) return;
  copy = (uint32_t *)copy_image(s, &len);
  CHECK(copy != NULL);
  if (copy == NULL) {
    dlx_free(s);
    return;
  }
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
  copy[CHECKSUM_WORD] ^= 1u << 9;
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_ERR_CORRUPT);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  CHECK_STATUS(dlx_set_seed(s, 7), DLX_OK);
  memcpy(copy, mem, len); /* without dlx_image: a stale checksum */
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_ERR_CORRUPT);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  memcpy(copy, mem, len);
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
  CHECK(dlx_next(s, 20) == DLX_BUDGET_SPENT);
  memcpy(copy, mem, len);
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_ERR_CORRUPT);
  CHECK_STATUS(dlx_image(s, &mem, &len), DLX_OK);
  memcpy(copy, mem, len);
  CHECK_STATUS(dlx_attach(copy, len, &t), DLX_OK);
  if (t != NULL) CHECK(finish(t, 0) == 2);
  free(copy);
  dlx_free(s);
}

/* Mixes of two images of 4 queens, word by word over the start of the image (where
 * the header lives): a fresh image and one paused at its first solution. Each mix
 * is either refused, or behaves exactly like a state the search reaches: the
 * solution it shows (if any) and the ones it goes on to report are consecutive
 * solutions of the enumeration, ending with the last. The case is among
 * the mixes: a fresh image whose flags and solution length claim a solution.
 * Unsealed, every mix but the two originals fails the checksum; resealed, each is
 * validated in full. */
static void test_mixed_headers(void) {
  uint32_t all[8][4];
  size_t k = queens4_all(all);
  dlx_solver *f = new_queens(4);
  dlx_solver *g = new_queens(4);
  size_t len = 0, glen = 0, i;
  uint32_t *fresh, *found, *mix;
  size_t diff[14];
  size_t ndiff = 0;
  unsigned long mask;
  int accepted = 0, refused = 0, bad = 0, unsealed_ok = 0;
  CHECK(k == 2);
  if (f == NULL || g == NULL || k != 2) {
    dlx_free(f);
    dlx_free(g);
    return;
  }
  CHECK(dlx_next(g, 0) == DLX_SOLUTION);
  fresh = (uint32_t *)copy_image(f, &len);
  found = (uint32_t *)copy_image(g, &glen);
  mix = (uint32_t *)malloc(len + 8);
  CHECK(fresh != NULL && found != NULL && mix != NULL && len == glen);
  if (fresh == NULL || found == NULL || mix == NULL || len != glen) {
    free(fresh);
    free(found);
    free(mix);
    dlx_free(f);
    dlx_free(g);
    return;
  }
  for (i = 0; i < 48 && i < len / 4 && ndiff < 14; ++i)
    if (fresh[i] != found[i]) diff[ndiff++] = i;
  CHECK(ndiff >= 4);
  for (mask = 0; mask < (1ul << ndiff); ++mask) {
    dlx_solver *t = NULL;
    const uint32_t *rows = NULL;
    size_t n = 0, j;
    int shown = -1, next;
    dlx_status st;
    memcpy(mix, fresh, len);
    for (j = 0; j < ndiff; ++j)
      if (mask >> j & 1) mix[diff[j]] = found[diff[j]];
    if (dlx_attach(mix, len, &t) == DLX_OK) ++unsealed_ok;
    memcpy(mix, fresh, len);
    for (j = 0; j < ndiff; ++j)
      if (mask >> j & 1) mix[diff[j]] = found[diff[j]];
    reseal(mix, len / 4);
    if (dlx_attach(mix, len, &t) != DLX_OK) {
      ++refused;
      continue;
    }
    ++accepted;
    if (dlx_solution(t, &rows, &n) == DLX_OK) {
      shown = queens4_index(all, k, rows, n);
      if (shown < 0 || !queens4_solution(rows, n)) {
        ++bad;
        fprintf(stderr, "  mix %#lx shows a non-solution (%u rows)\n", mask, (unsigned)n);
        continue;
      }
    }
    /* The solutions still to come: after the shown one, or some suffix. */
    next = shown + 1;
    while ((st = dlx_next(t, 3)) != DLX_EXHAUSTED) {
      int at;
      if (st == DLX_BUDGET_SPENT) continue;
      if (st != DLX_SOLUTION || dlx_solution(t, &rows, &n) != DLX_OK) {
        ++bad;
        break;
      }
      at = queens4_index(all, k, rows, n);
      if (at < 0 || (shown >= 0 && at != next) || (shown < 0 && next > 0 && at != next)) {
        ++bad;
        fprintf(stderr, "  mix %#lx reports solution %d after %d\n", mask, at, next - 1);
        break;
      }
      next = at + 1;
    }
    if (st == DLX_EXHAUSTED && next != 0 && next != (int)k) {
      ++bad;
      fprintf(stderr, "  mix %#lx ends early\n", mask);
    }
  }
  CHECK(bad == 0);
  CHECK(refused > 0 && accepted > 0);
  CHECK(unsealed_ok == 1); /* the fresh image itself (mask 0) */
  free(fresh);
  free(found);
  free(mix);
  dlx_free(f);
  dlx_free(g);
}

static void test_progress(void) {
  dlx_solver *s = new_queens(8);
  double last = -1.0, p = -1.0;
  dlx_status st;
  int steps = 0, monotone = 1;
  if (s == NULL) return;
  CHECK_STATUS(dlx_progress(s, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_progress(NULL, &p), DLX_ERR_NULL);
  CHECK_STATUS(dlx_progress(s, &p), DLX_OK);
  CHECK(p == 0.0);
  do {
    st = dlx_next(s, 200);
    CHECK_STATUS(dlx_progress(s, &p), DLX_OK);
    if (p < last || p < 0.0 || p > 1.0) monotone = 0;
    last = p;
    ++steps;
  } while (st != DLX_EXHAUSTED && steps < 100000);
  CHECK(monotone);
  CHECK(p == 1.0);
  CHECK(steps > 50);
  dlx_free(s);
}

struct split_tally {
  const dlx_solver *source;
  uint64_t total, prefixes, solutions;
  uint32_t depth;
  int bad;
};

static int32_t count_prefix(void *user, const uint32_t *rows, size_t n,
                            int32_t is_solution) {
  struct split_tally *t = (struct split_tally *)user;
  size_t len, i;
  void *copy;
  dlx_solver *sub = NULL;
  uint64_t c = 0;
  if (is_solution) {
    ++t->solutions;
    ++t->total;
    return 0;
  }
  ++t->prefixes;
  if (n != t->depth) t->bad = 1;
  /* The handle is busy during the callback: use a copy of an idle solver. */
  copy = copy_image(t->source, &len);
  if (copy == NULL || dlx_attach(copy, len, &sub) != DLX_OK) {
    t->bad = 1;
    free(copy);
    return 1;
  }
  for (i = 0; i < n; ++i) {
    if (dlx_select_row(sub, rows[i]) != DLX_OK) t->bad = 1;
  }
  if (dlx_count(sub, 0, &c) != DLX_OK) t->bad = 1;
  t->total += c;
  free(copy);
  return 0;
}

static int32_t stop_now(void *user, const uint32_t *rows, size_t n, int32_t is_solution) {
  dlx_solver *s = (dlx_solver *)user;
  uint64_t c;
  double p;
  (void)rows;
  (void)n;
  (void)is_solution;
  if (dlx_count(s, 0, &c) != DLX_ERR_BUSY) return 2;
  if (dlx_progress(s, &p) != DLX_ERR_BUSY) return 2;
  return 1;
}

static void test_split(void) {
  dlx_solver *s = new_queens(8);
  dlx_solver *idle = new_queens(8);
  uint32_t depth;
  uint64_t count = 0;
  if (s == NULL || idle == NULL) return;
  CHECK_STATUS(dlx_split(s, 2, NULL, NULL, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_split(NULL, 2, count_prefix, NULL, &count), DLX_ERR_NULL);
  for (depth = 0; depth <= 9; ++depth) {
    struct split_tally t;
    memset(&t, 0, sizeof t);
    t.source = idle;
    t.depth = depth;
    CHECK_STATUS(dlx_split(s, depth, count_prefix, &t, &count), DLX_EXHAUSTED);
    CHECK(t.total == 92);
    CHECK(!t.bad);
    CHECK(count == t.prefixes + t.solutions);
    if (depth == 0) CHECK(t.prefixes == 1);
    if (depth == 1) CHECK(t.prefixes == 8);
  }
  /* Busy inside the callback; stopping works and leaves the solver reset. */
  CHECK_STATUS(dlx_split(s, 3, stop_now, s, &count), DLX_STOPPED);
  CHECK(count == 1);
  CHECK_STATUS(dlx_count(s, 0, &count), DLX_OK);
  CHECK(count == 92);
  dlx_free(idle);
  dlx_free(s);
}

static void test_count_parallel(void) {
  dlx_solver *s = new_queens(9);
  uint64_t serial = 0, par = 0;
  uint32_t threads;
  if (s == NULL) return;
  CHECK_STATUS(dlx_count_parallel(s, 2, 0, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_count_parallel(NULL, 2, 0, &par), DLX_ERR_NULL);
  par = 7;
  CHECK_STATUS(dlx_count_parallel(s, DLX_MAX_THREADS + 1, 0, &par), DLX_ERR_ARG);
  CHECK(par == 7);
  CHECK_STATUS(dlx_count(s, 0, &serial), DLX_OK);
  CHECK(serial == 352);
  for (threads = 0; threads <= 3; ++threads) {
    par = 0;
    CHECK_STATUS(dlx_count_parallel(s, threads, 0, &par), DLX_OK);
    CHECK(par == serial);
    CHECK_STATUS(dlx_count_parallel(s, threads, 100, &par), DLX_OK);
    CHECK(par == 100);
  }
  CHECK(dlx_next(s, 0) == DLX_SOLUTION); /* reset afterwards: a fresh search */
  dlx_free(s);
}

int main(void) {
  test_image_round_trip();
  test_attach_errors();
  test_mixed_headers();
  test_checksum();
  test_progress();
  test_split();
  test_count_parallel();
  printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
