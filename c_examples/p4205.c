/* Luogu P4205 / NOI 2005 "clever beads" (智慧珠): complete a triangular board.
 *
 * Input:  ten lines; line i has i characters, '.' (empty) or a letter A-L (a cell of
 *         that pre-placed piece).
 * Output: a completed board (ten lines of letters), or "No solution".
 *         With --count: the number of completions (the empty board has 32288).
 * Malformed input (wrong line lengths, unknown characters, a letter whose cells are
 * not that piece): one line on stderr, exit status 1.
 * Reads FILE, or standard input without one; output that cannot be written: status 1.
 *
 * dlx_tiling does the work: the board is the staircase inside a 10x10 box, the twelve
 * pieces are used exactly once each in any rotation or mirror image, and pre-placed
 * pieces are fixed with dlx_tiling_place. The block is static. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/p4205.h" /* p4205_read: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE P4205_SIDE
#define PIECES 12
#define PLACEMENTS 1644 /* placements of the twelve pieces on the empty board */

DLX_ALIGNED static unsigned char pool[DLX_TILING_REQUIRED_SIZE(SIDE, SIDE, 1, PIECES, 5,
                                                                PLACEMENTS)];

/* The pieces A-L as in the statement's drawings: '#' a bead. */
static const char *const SHAPES[PIECES] = {
    "##/#.",         "####",          "###/#..",      "##/##",
    "#../#../###",   "####/.#..",     "###/#.#",      "###/##.",
    "###./..##",     ".#./###/.#.",   "#../##./.##",  "####/#...",
};

static void fail(int line, const char *what) {
  if (line > 0)
    fprintf(stderr, "p4205: line %d: %s\n", line, what);
  else
    fprintf(stderr, "p4205: %s\n", what);
  exit(1);
}

static void check(dlx_status st) {
  if (st != DLX_OK) {
    fprintf(stderr, "p4205: %s\n", dlx_status_str(st));
    exit(1);
  }
}

static const char usage[] =
    "usage: p4205 [--count] [FILE]\n"
    "Luogu P4205 / NOI 2005 clever beads: reads the triangular board, ten lines where\n"
    "line i has i characters, '.' for an empty cell or a letter A-L for a cell of that\n"
    "pre-placed piece, from FILE, or from standard input without one; prints a completed\n"
    "board (ten lines of letters) or \"No solution\".\n"
    "  --count  print the number of completions instead (32288 for the empty board)\n"
    "Exit status: 0 answered, 1 malformed input or output that cannot be written.\n";

int main(int argc, char **argv) {
  static const char *const flags[] = {"--count", NULL};
  FILE *in;
  char board[SIDE][SIDE];
  uint8_t mask[SIDE * SIDE];
  uint32_t filled[SIDE * SIDE];
  dlx_tiling_dims dims = {SIDE, SIDE, 1, PIECES, 5, PLACEMENTS};
  dlx_tiling *t;
  dlx_status st;
  int count = 0, p, x, y;
  char msg[128];

  cli_init(argc, argv, "p4205", usage);
  in = cli_input(cli_judge_args(argc, argv, flags, &count));
  if (dlx_abi_version() != DLX_ABI_VERSION) fail(0, "libdlx ABI mismatch");
  if (p4205_read(in, board, msg, sizeof msg) != 0) cli_input_failed(in, msg);

  check(dlx_tiling_init_in(pool, sizeof pool, &dims, &t));
  for (y = 0; y < SIDE; ++y)
    for (x = 0; x < SIDE; ++x) mask[y * SIDE + x] = x <= y;
  check(dlx_tiling_set_board(t, mask, sizeof mask));
  for (p = 0; p < PIECES; ++p) {
    uint32_t cells[3 * 5];
    size_t n = 0;
    const char *s;
    x = y = 0;
    for (s = SHAPES[p]; *s; ++s) {
      if (*s == '/') {
        ++y;
        x = 0;
        continue;
      }
      if (*s == '#') {
        cells[3 * n] = (uint32_t)x;
        cells[3 * n + 1] = (uint32_t)y;
        cells[3 * n + 2] = 0;
        ++n;
      }
      ++x;
    }
    check(dlx_tiling_add_piece(t, cells, n, DLX_TILING_EXACTLY, 1, NULL));
  }
  check(dlx_tiling_build(t));

  /* Pre-placed pieces: their cells must be exactly that piece somewhere on the board. */
  for (p = 0; p < PIECES; ++p) {
    uint32_t cells[3 * SIDE * SIDE];
    size_t n = 0;
    for (y = 0; y < SIDE; ++y) {
      for (x = 0; x <= y; ++x) {
        if (board[y][x] != 'A' + p) continue;
        cells[3 * n] = (uint32_t)x;
        cells[3 * n + 1] = (uint32_t)y;
        cells[3 * n + 2] = 0;
        ++n;
      }
    }
    if (n == 0) continue;
    st = dlx_tiling_place(t, (uint32_t)p, cells, n, NULL);
    if (st == DLX_ERR_ARG || st == DLX_ERR_CONFLICT) {
      fprintf(stderr, "p4205: the cells of %c do not form piece %c\n", 'A' + p, 'A' + p);
      return 1;
    }
    check(st);
  }

  if (count) {
    uint64_t total;
    check(dlx_tiling_count(t, 0, &total));
    printf("%llu\n", (unsigned long long)total);
    return cli_finish(0);
  }
  st = dlx_tiling_next(t, 0);
  if (st == DLX_EXHAUSTED) {
    printf("No solution\n");
    return cli_finish(0);
  }
  if (st != DLX_SOLUTION) check(st);
  check(dlx_tiling_fill(t, filled, SIDE * SIDE));
  for (y = 0; y < SIDE; ++y) {
    for (x = 0; x <= y; ++x) putchar('A' + (int)filled[y * SIDE + x]);
    putchar('\n');
  }
  return cli_finish(0);
}
