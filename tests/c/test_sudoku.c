/* The dlx_sudoku_* helper from C (compiled as C11 and as C++17 by tests/c_api.rs):
 * sizes, memory, solving, counting, clashes, budgets, generation, variants, text and
 * every error path. */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* A 9x9 helper in a static block sized at compile time. */
DLX_ALIGNED static unsigned char pool9[DLX_SUDOKU_REQUIRED_SIZE(3, 3)];
/* The macro is a constant expression for every shape, also out of range (0). */
typedef char size_is_constant[DLX_SUDOKU_REQUIRED_SIZE(8, 8) > 0 ? 1 : -1];
typedef char zero_out_of_range[DLX_SUDOKU_REQUIRED_SIZE(9, 9) == 0 ? 1 : -1];

static const char *TOP1 =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
static const char *SOL1 =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

static void parse9(const char *text, uint8_t g[81]) {
  size_t bad = 0;
  CHECK_STATUS(dlx_sudoku_parse(text, strlen(text), 9, 0, g, 81, &bad), DLX_OK);
}

/* Independent check: rows, columns and boxes of side n = br*bc hold 1..n once. */
static int valid(const uint8_t *g, unsigned br, unsigned bc, const uint8_t *givens) {
  unsigned n = br * bc;
  for (unsigned u = 0; u < n; ++u) {
    unsigned char r[65] = {0}, c[65] = {0}, b[65] = {0};
    for (unsigned k = 0; k < n; ++k) {
      unsigned rc = u * n + k, cc = k * n + u;
      unsigned bcell = ((u / br) * br + k / bc) * n + (u % br) * bc + k % bc;
      if (g[rc] < 1 || g[rc] > n || r[g[rc]]++ || c[g[cc]]++ || b[g[bcell]]++) return 0;
    }
  }
  for (unsigned i = 0; givens && i < n * n; ++i)
    if (givens[i] && givens[i] != g[i]) return 0;
  return 1;
}

static void test_sizes(void) {
  static const uint32_t vals[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 32, 64, 65, 1000, 0xFFFFFFFFu};
  size_t nv = sizeof vals / sizeof vals[0];
  for (size_t i = 0; i < nv; ++i)
    for (size_t j = 0; j < nv; ++j) {
      uint32_t a = vals[i], b = vals[j];
      CHECK(DLX_SUDOKU_REQUIRED_SIZE(a, b) == dlx_sudoku_required_size(a, b));
      CHECK((dlx_sudoku_required_size(a, b) != 0) ==
            (a >= 1 && b >= 1 && a <= 64 && b <= 64 && a * b >= 4 && a * b <= 64));
    }
  CHECK(dlx_sudoku_required_size(3, 3) == sizeof pool9);
  CHECK(dlx_sudoku_required_size(2, 2) > 0 && dlx_sudoku_required_size(8, 8) > 0);
  CHECK(dlx_sudoku_required_size(1, 3) == 0);
}

static void test_memory(void) {
  dlx_sudoku *s = NULL;
  uint32_t br = 0, bc = 0, n = 0;
  unsigned char *raw = (unsigned char *)malloc(sizeof pool9 + 16);
  CHECK_STATUS(dlx_sudoku_init_in(NULL, sizeof pool9, 3, 3, &s), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 3, 3, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 9, 9, &s), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 0, 3, &s), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9 - 1, 3, 3, &s), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_sudoku_init_in(raw + 1, sizeof pool9, 3, 3, &s), DLX_ERR_MISALIGNED);
  CHECK(s == NULL);
  free(raw);
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 3, 3, &s), DLX_OK);
  CHECK(s != NULL);
  CHECK_STATUS(dlx_sudoku_shape(s, &br, &bc, &n), DLX_OK);
  CHECK(br == 3 && bc == 3 && n == 9);
  CHECK_STATUS(dlx_sudoku_shape(s, NULL, NULL, NULL), DLX_OK);
  CHECK_STATUS(dlx_sudoku_shape(NULL, &br, &bc, &n), DLX_ERR_NULL);
  dlx_sudoku_free(s); /* not a heap handle: left alone */
  CHECK_STATUS(dlx_sudoku_shape(s, NULL, NULL, &n), DLX_OK);
  dlx_sudoku_free(NULL);

  s = NULL;
  CHECK_STATUS(dlx_sudoku_new(2, 3, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_new(9, 9, &s), DLX_ERR_ARG);
  CHECK(s == NULL);
  CHECK_STATUS(dlx_sudoku_new(2, 3, &s), DLX_OK);
  CHECK_STATUS(dlx_sudoku_shape(s, &br, &bc, &n), DLX_OK);
  CHECK(br == 2 && bc == 3 && n == 6);
  dlx_sudoku_free(s);
  /* A block that is not a Sudoku helper. */
  {
    DLX_ALIGNED static unsigned char junk[256];
    memset(junk, 0xAB, sizeof junk);
    CHECK_STATUS(dlx_sudoku_shape((dlx_sudoku *)junk, &br, &bc, &n), DLX_ERR_CORRUPT);
  }
}

static void test_solve(void) {
  dlx_sudoku *s;
  uint8_t g[81], out[81], want[81], before[81];
  uint64_t count = 99;
  dlx_stats st;
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 3, 3, &s), DLX_OK);
  parse9(TOP1, g);
  parse9(SOL1, want);
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_SOLUTION);
  CHECK(memcmp(out, want, 81) == 0);
  CHECK(valid(out, 3, 3, g));
  CHECK_STATUS(dlx_sudoku_next(s, 0, out, 81), DLX_EXHAUSTED);
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 2, &count), DLX_OK);
  CHECK(count == 1);
  CHECK_STATUS(dlx_sudoku_get_stats(s, &st), DLX_OK);
  CHECK(st.solutions == 1 && st.nodes > 0 && st.updates > 0);
  CHECK_STATUS(dlx_sudoku_get_stats(s, NULL), DLX_ERR_NULL);

  /* Solving in place. */
  memcpy(out, g, 81);
  CHECK_STATUS(dlx_sudoku_solve(s, out, 81, out), DLX_SOLUTION);
  CHECK(memcmp(out, want, 81) == 0);

  /* Budgeted (a step per call): same solution, several calls. */
  {
    int calls = 0;
    dlx_status r;
    CHECK_STATUS(dlx_sudoku_set_givens(s, g, 81), DLX_OK);
    memset(out, 0, 81);
    while ((r = dlx_sudoku_next(s, 1, out, 81)) == DLX_BUDGET_SPENT) ++calls;
    CHECK(r == DLX_SOLUTION);
    CHECK(calls > 3);
    CHECK(memcmp(out, want, 81) == 0);
  }

  /* The empty grid: many solutions; count stops at the limit. */
  memset(g, 0, 81);
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 1000, &count), DLX_OK);
  CHECK(count == 1000);
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_SOLUTION);
  CHECK(valid(out, 3, 3, NULL));

  /* Clashing givens: no solution, no crash, no output. */
  g[0] = 7;
  g[80] = 7;
  g[40] = 7; /* row 4, column 4: fine with 0 and 80 */
  g[44] = 7; /* same row as 40 */
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 0, &count), DLX_OK);
  CHECK(count == 0);
  memset(out, 0xEE, 81);
  memcpy(before, out, 81);
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_EXHAUSTED);
  CHECK(memcmp(out, before, 81) == 0);
  g[44] = 0;
  g[30] = 7; /* same box as 40 */
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_EXHAUSTED);
  g[30] = 0;
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_SOLUTION);
  CHECK(valid(out, 3, 3, g));

  /* Errors change nothing. */
  g[5] = 10;
  CHECK_STATUS(dlx_sudoku_set_givens(s, g, 81), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_ERR_ARG);
  g[5] = 0;
  CHECK_STATUS(dlx_sudoku_set_givens(s, g, 80), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_set_givens(s, NULL, 81), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_set_givens(NULL, g, 81), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_solve(s, NULL, 81, out), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_next(s, 0, NULL, 81), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_next(s, 0, out, 82), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 2, NULL), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_count(s, NULL, 81, 2, &count), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_count(NULL, g, 81, 2, &count), DLX_ERR_NULL);
}

static void test_generate(void) {
  dlx_sudoku *s;
  uint8_t p[81], sol[81], p2[81], q[81];
  uint64_t count = 0;
  int calls = 0, clues = 0;
  dlx_status r;
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 3, 3, &s), DLX_OK);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p, sol, 81), DLX_ERR_STATE); /* not started */
  CHECK_STATUS(dlx_sudoku_generate_start(NULL, 1, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_generate_start(s, 42, 0), DLX_OK);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, NULL, sol, 81), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p, sol, 80), DLX_ERR_ARG);
  while ((r = dlx_sudoku_generate(s, 200, p, sol, 81)) == DLX_BUDGET_SPENT) ++calls;
  CHECK(r == DLX_OK);
  CHECK(calls > 10);
  CHECK(valid(sol, 3, 3, p));
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p2, NULL, 81), DLX_OK); /* same again */
  CHECK(memcmp(p, p2, 81) == 0);
  for (int i = 0; i < 81; ++i) clues += p[i] != 0;
  CHECK(clues >= 17 && clues <= 40);
  /* Unique, and minimal: dropping any clue gives a second solution. */
  CHECK_STATUS(dlx_sudoku_count(s, p, 81, 2, &count), DLX_OK);
  CHECK(count == 1);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p2, NULL, 81), DLX_ERR_STATE); /* abandoned */
  for (int i = 0; i < 81; ++i) {
    if (!p[i]) continue;
    memcpy(q, p, 81);
    q[i] = 0;
    CHECK_STATUS(dlx_sudoku_count(s, q, 81, 2, &count), DLX_OK);
    CHECK(count == 2);
  }
  /* Same seed, no budget: the same puzzle. */
  CHECK_STATUS(dlx_sudoku_generate_start(s, 42, 0), DLX_OK);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p2, NULL, 81), DLX_OK);
  CHECK(memcmp(p, p2, 81) == 0);
  CHECK_STATUS(dlx_sudoku_generate_start(s, 43, 0), DLX_OK);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p2, NULL, 81), DLX_OK);
  CHECK(memcmp(p, p2, 81) != 0);
  /* Solving while generating is refused until new givens are set. */
  CHECK_STATUS(dlx_sudoku_next(s, 0, q, 81), DLX_ERR_STATE);
}

static void test_variants(void) {
  dlx_sudoku *s;
  uint8_t reg[81], g[81], out[81];
  uint64_t count = 0;
  CHECK_STATUS(dlx_sudoku_init_in(pool9, sizeof pool9, 3, 3, &s), DLX_OK);
  /* Sudoku X: the diagonals hold 1..9. */
  CHECK_STATUS(dlx_sudoku_set_variant(s, NULL, 0, DLX_SUDOKU_X), DLX_OK);
  memset(g, 0, 81);
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_SOLUTION);
  CHECK(valid(out, 3, 3, NULL));
  {
    unsigned d1 = 0, d2 = 0;
    for (int i = 0; i < 9; ++i) {
      d1 |= 1u << out[i * 9 + i];
      d2 |= 1u << out[i * 9 + 8 - i];
    }
    CHECK(d1 == 0x3FEu && d2 == 0x3FEu);
  }
  g[0] = 1;
  g[10] = 1; /* same box anyway */
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 0, &count), DLX_OK);
  CHECK(count == 0);
  g[10] = 0;
  g[80] = 1; /* same diagonal: only a clash with X */
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 0, &count), DLX_OK);
  CHECK(count == 0);
  /* Jigsaw: rows as regions would clash with columns? No: regions = bands of 9
   * cells in column-major boxes, here simply the rows shifted: each region i holds
   * the cells of row i. A Latin square with a doubled row rule is still solvable. */
  for (int i = 0; i < 81; ++i) reg[i] = (uint8_t)(i / 9);
  CHECK_STATUS(dlx_sudoku_set_variant(s, reg, 81, 0), DLX_OK);
  memset(g, 0, 81);
  g[80] = 1;
  CHECK_STATUS(dlx_sudoku_solve(s, g, 81, out), DLX_SOLUTION);
  for (int i = 0; i < 9; ++i) {
    unsigned c = 0;
    for (int k = 0; k < 9; ++k) c |= 1u << out[k * 9 + i];
    CHECK(c == 0x3FEu);
  }
  /* Bad region maps and flags change nothing. */
  reg[0] = 1;
  CHECK_STATUS(dlx_sudoku_set_variant(s, reg, 81, 0), DLX_ERR_ARG);
  reg[0] = 9;
  CHECK_STATUS(dlx_sudoku_set_variant(s, reg, 81, 0), DLX_ERR_ARG);
  reg[0] = 0;
  CHECK_STATUS(dlx_sudoku_set_variant(s, reg, 80, 0), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_set_variant(s, NULL, 0, 2), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_set_variant(NULL, NULL, 0, 0), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_set_variant(s, NULL, 0, 0), DLX_OK);
  parse9(TOP1, g);
  CHECK_STATUS(dlx_sudoku_count(s, g, 81, 0, &count), DLX_OK);
  CHECK(count == 1);
}

static void test_text(void) {
  uint8_t g[81], h[81], g16[256];
  char buf[512];
  size_t bad = 12345, len = 0;
  memset(g, 0x55, 81);
  memcpy(h, g, 81);
  /* Every error path of dlx_sudoku_parse, with the position of the first bad byte. */
  CHECK_STATUS(dlx_sudoku_parse(NULL, 5, 9, 0, g, 81, &bad), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_parse(TOP1, 81, 9, 0, NULL, 81, &bad), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_parse(TOP1, 81, 3, 0, g, 9, &bad), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_parse(TOP1, 81, 62, 0, g, 81, &bad), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_parse(TOP1, 81, 9, 0, g, 80, &bad), DLX_ERR_ARG);
  CHECK(bad == 12345);
  CHECK_STATUS(dlx_sudoku_parse(TOP1, 80, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
  CHECK(bad == 80); /* a cell missing: the end */
  CHECK_STATUS(dlx_sudoku_parse("", 0, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
  CHECK(bad == 0);
  {
    char t[100];
    memcpy(t, TOP1, 81);
    t[81] = '5'; /* a cell too many */
    CHECK_STATUS(dlx_sudoku_parse(t, 82, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
    CHECK(bad == 81);
    t[81] = '\n'; /* trailing whitespace is fine */
    CHECK_STATUS(dlx_sudoku_parse(t, 82, 9, 0, g, 81, &bad), DLX_OK);
    memcpy(t, TOP1, 81);
    t[7] = 'x';
    CHECK_STATUS(dlx_sudoku_parse(t, 81, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
    CHECK(bad == 7);
    t[7] = 'A'; /* 10 > 9 */
    CHECK_STATUS(dlx_sudoku_parse(t, 81, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
    CHECK(bad == 7);
    t[7] = '\0'; /* NUL is a bad byte, not an end */
    CHECK_STATUS(dlx_sudoku_parse(t, 81, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
    CHECK(bad == 7);
    t[7] = (char)0xC3;
    CHECK_STATUS(dlx_sudoku_parse(t, 81, 9, 0, g, 81, &bad), DLX_ERR_PARSE);
    CHECK(bad == 7);
  }
  CHECK_STATUS(dlx_sudoku_parse(TOP1, 81, 9, 0, g, 81, NULL), DLX_OK);
  /* Grid form with spaces and '0' blanks, as P1784 prints it, reads the same. */
  CHECK_STATUS(dlx_sudoku_format(g, 81, 9, DLX_SUDOKU_GRID | DLX_SUDOKU_SPACES | DLX_SUDOKU_BLANK_ZERO,
                                 buf, sizeof buf, &len),
               DLX_OK);
  CHECK(len == 9 * 18 && strlen(buf) == len);
  CHECK(strncmp(buf, "4 0 0 0 3 0 0 0 0\n", 18) == 0);
  CHECK_STATUS(dlx_sudoku_parse(buf, len, 9, 0, h, 81, &bad), DLX_OK);
  CHECK(memcmp(g, h, 81) == 0);
  CHECK_STATUS(dlx_sudoku_format(g, 81, 9, 0, buf, sizeof buf, &len), DLX_OK);
  CHECK(len == 81 && strcmp(buf, TOP1) == 0);
  CHECK(dlx_sudoku_format_size(9, 0) == 82);
  CHECK(dlx_sudoku_format_size(9, DLX_SUDOKU_GRID) == 91);
  CHECK(dlx_sudoku_format_size(3, 0) == 0);
  CHECK(dlx_sudoku_format_size(9, 64) == 0);
  CHECK_STATUS(dlx_sudoku_format(g, 81, 9, 0, buf, 81, &len), DLX_ERR_TOO_SMALL);
  CHECK_STATUS(dlx_sudoku_format(g, 80, 9, 0, buf, sizeof buf, &len), DLX_ERR_ARG);
  CHECK_STATUS(dlx_sudoku_format(NULL, 81, 9, 0, buf, sizeof buf, &len), DLX_ERR_NULL);
  CHECK_STATUS(dlx_sudoku_format(g, 81, 9, 0, NULL, sizeof buf, &len), DLX_ERR_NULL);
  g[3] = 10;
  CHECK_STATUS(dlx_sudoku_format(g, 81, 9, 0, buf, sizeof buf, &len), DLX_ERR_ARG);
  /* UVa 1309 letters: A = 1 ... P = 16, '-' blank. */
  {
    char row[257];
    memset(row, '-', 256);
    row[256] = '\0';
    row[0] = 'A';
    row[1] = 'P';
    CHECK_STATUS(dlx_sudoku_parse(row, 256, 16, DLX_SUDOKU_LETTERS, g16, 256, &bad), DLX_OK);
    CHECK(g16[0] == 1 && g16[1] == 16 && g16[2] == 0);
    row[2] = 'Q';
    CHECK_STATUS(dlx_sudoku_parse(row, 256, 16, DLX_SUDOKU_LETTERS, g16, 256, &bad), DLX_ERR_PARSE);
    CHECK(bad == 2);
    row[2] = 'G'; /* default symbols: G = 16 */
    CHECK_STATUS(dlx_sudoku_parse(row, 256, 16, 0, g16, 256, &bad), DLX_ERR_PARSE);
    CHECK(bad == 1); /* P = 25 > 16 */
  }
}

static void test_sizes_16_and_6(void) {
  dlx_sudoku *s;
  static uint8_t p[256], sol[256];
  uint64_t count = 0;
  CHECK_STATUS(dlx_sudoku_new(2, 3, &s), DLX_OK);
  CHECK_STATUS(dlx_sudoku_generate_start(s, 7, 0), DLX_OK);
  CHECK_STATUS(dlx_sudoku_generate(s, 0, p, sol, 36), DLX_OK);
  CHECK(valid(sol, 2, 3, p));
  CHECK_STATUS(dlx_sudoku_count(s, p, 36, 2, &count), DLX_OK);
  CHECK(count == 1);
  dlx_sudoku_free(s);
  CHECK_STATUS(dlx_sudoku_new(4, 4, &s), DLX_OK);
  memset(p, 0, 256);
  CHECK_STATUS(dlx_sudoku_solve(s, p, 256, sol), DLX_SOLUTION);
  CHECK(valid(sol, 4, 4, NULL));
  dlx_sudoku_free(s);
}

int main(void) {
  CHECK(dlx_abi_version() == DLX_ABI_VERSION);
  test_sizes();
  test_memory();
  test_solve();
  test_generate();
  test_variants();
  test_text();
  test_sizes_16_and_6();
  printf("test_sudoku: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
