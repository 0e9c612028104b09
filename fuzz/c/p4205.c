/* libFuzzer harness for c_examples/input/p4205.h (p4205_read).
 *
 * Checks: the parser accepts exactly the inputs an independent reading of the format
 * accepts, with the same board; a refusal carries a one-line message; an accepted
 * board's pre-placed pieces go to the tiling helper as p4205.c gives them, and every
 * status that comes back is one the program handles. */
#include "harness.h"

#include "dlx.h"
#include "input/p4205.h"

#define PIECES 12
#define PLACEMENTS 1644

DLX_ALIGNED static unsigned char pool[DLX_TILING_REQUIRED_SIZE(P4205_SIDE, P4205_SIDE, 1,
                                                                PIECES, 5, PLACEMENTS)];
static const char *const SHAPES[PIECES] = {
    "##/#.",       "####",        "###/#..",     "##/##",       "#../#../###", "####/.#..",
    "###/#.#",     "###/##.",     "###./..##",   ".#./###/.#.", "#../##./.##", "####/#...",
};

static int blank(uint8_t c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Ten lines of at most 63 bytes; line y, without trailing blanks, is y+1 cells '.' or
 * A-L; then blanks and newlines only. */
static int oracle(const uint8_t *d, size_t n, char want[P4205_SIDE][P4205_SIDE]) {
  size_t pos = 0;
  for (int y = 0; y < P4205_SIDE; ++y) {
    size_t s = pos, len;
    while (pos < n && d[pos] != '\n') ++pos;
    len = pos - s;
    if (len > 63 || (pos == n && len == 0)) return 0;
    if (pos < n) ++pos;
    while (len > 0 && blank(d[s + len - 1])) --len;
    if (len != (size_t)y + 1) return 0;
    for (int x = 0; x <= y; ++x) {
      uint8_t v = d[s + x];
      if (v != '.' && (v < 'A' || v > 'L')) return 0;
      want[y][x] = (char)v;
    }
  }
  for (; pos < n; ++pos)
    if (!blank(d[pos]) && d[pos] != '\n') return 0;
  return 1;
}

/* The tiling as p4205.c builds it, then each pre-placed piece placed. */
static void place_pieces(char board[P4205_SIDE][P4205_SIDE]) {
  static dlx_tiling *t;
  static uint8_t built_block[sizeof pool];
  static int built;
  dlx_tiling_dims dims = {P4205_SIDE, P4205_SIDE, 1, PIECES, 5, PLACEMENTS};
  if (!built) { /* build once, then start each input from a copy of the built block */
    uint8_t mask[P4205_SIDE * P4205_SIDE];
    REQUIRE(dlx_tiling_init_in(pool, sizeof pool, &dims, &t) == DLX_OK);
    for (int y = 0; y < P4205_SIDE; ++y)
      for (int x = 0; x < P4205_SIDE; ++x) mask[y * P4205_SIDE + x] = x <= y;
    REQUIRE(dlx_tiling_set_board(t, mask, sizeof mask) == DLX_OK);
    for (int p = 0; p < PIECES; ++p) {
      uint32_t cells[3 * 5];
      size_t k = 0;
      int x = 0, y = 0;
      for (const char *s = SHAPES[p]; *s; ++s) {
        if (*s == '/') {
          ++y;
          x = 0;
          continue;
        }
        if (*s == '#') {
          cells[3 * k] = (uint32_t)x;
          cells[3 * k + 1] = (uint32_t)y;
          cells[3 * k + 2] = 0;
          ++k;
        }
        ++x;
      }
      REQUIRE(dlx_tiling_add_piece(t, cells, k, DLX_TILING_EXACTLY, 1, NULL) == DLX_OK);
    }
    REQUIRE(dlx_tiling_build(t) == DLX_OK);
    memcpy(built_block, pool, sizeof pool);
    built = 1;
  } else {
    memcpy(pool, built_block, sizeof pool);
  }
  for (int p = 0; p < PIECES; ++p) {
    uint32_t cells[3 * P4205_SIDE * P4205_SIDE];
    size_t k = 0;
    dlx_status st;
    for (int y = 0; y < P4205_SIDE; ++y)
      for (int x = 0; x <= y; ++x)
        if (board[y][x] == 'A' + p) {
          cells[3 * k] = (uint32_t)x;
          cells[3 * k + 1] = (uint32_t)y;
          cells[3 * k + 2] = 0;
          ++k;
        }
    if (k == 0) continue;
    st = dlx_tiling_place(t, (uint32_t)p, cells, k, NULL);
    REQUIRE(st == DLX_OK || st == DLX_ERR_ARG || st == DLX_ERR_CONFLICT);
    if (st != DLX_OK) return;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char board[P4205_SIDE][P4205_SIDE], want[P4205_SIDE][P4205_SIDE];
  char msg[MSG_CAP] = "";
  FILE *f = open_input(data, size);
  int got = p4205_read(f, board, msg, sizeof msg);
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (got != 0) {
    check_message(msg);
    REQUIRE(!oracle(data, size, want));
    return 0;
  }
  REQUIRE(oracle(data, size, want));
  for (int y = 0; y < P4205_SIDE; ++y)
    for (int x = 0; x <= y; ++x) REQUIRE(board[y][x] == want[y][x]);
  place_pieces(board);
  return 0;
}
