/* Pentomino rectangles: how many ways do the twelve pentominoes tile a W x H box?
 *
 * Usage: pentomino [--distinct] [WxH ...]   (default: 10x6 12x5 15x4 20x3)
 * Prints one line per board, "WxH count": all tilings (rotations and mirror images
 * counted apart: 9356, 4040, 1472, 8), or with --distinct those distinct up to the
 * board's symmetry (2339, 1010, 368, 2).
 * Bad arguments: one line on stderr, exit status 1.
 *
 * dlx_tiling builds the exact cover (60 cell columns + 12 piece columns) and counts;
 * the blocks come from dlx_tiling_new. */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* F I L N P T U V W X Y Z, one "x,y" pair per cell. */
static const uint32_t SHAPES[12][10] = {
    {1, 0, 2, 0, 0, 1, 1, 1, 1, 2}, {0, 0, 1, 0, 2, 0, 3, 0, 4, 0},
    {0, 0, 0, 1, 0, 2, 0, 3, 1, 3}, {1, 0, 1, 1, 0, 2, 1, 2, 0, 3},
    {0, 0, 1, 0, 0, 1, 1, 1, 0, 2}, {0, 0, 1, 0, 2, 0, 1, 1, 1, 2},
    {0, 0, 2, 0, 0, 1, 1, 1, 2, 1}, {0, 0, 0, 1, 0, 2, 1, 2, 2, 2},
    {0, 0, 0, 1, 1, 1, 1, 2, 2, 2}, {1, 0, 0, 1, 1, 1, 2, 1, 1, 2},
    {1, 0, 0, 1, 1, 1, 1, 2, 1, 3}, {0, 0, 1, 0, 1, 1, 1, 2, 2, 2},
};

static void fail(const char *what) {
  fprintf(stderr, "pentomino: %s\n", what);
  exit(1);
}

static void check(dlx_status st) {
  if (st != DLX_OK) {
    fprintf(stderr, "pentomino: %s\n", dlx_status_str(st));
    exit(1);
  }
}

/* "WxH" with W * H == 60 and both sides in 1..60. */
static int parse_board(const char *arg, uint32_t *w, uint32_t *h) {
  char *end;
  long a, b;
  if (*arg < '1' || *arg > '9') return 0;
  a = strtol(arg, &end, 10);
  if (*end != 'x' || end[1] < '1' || end[1] > '9') return 0;
  b = strtol(end + 1, &end, 10);
  if (*end != '\0' || a < 1 || b < 1 || a > 60 || b > 60 || a * b != 60) return 0;
  *w = (uint32_t)a;
  *h = (uint32_t)b;
  return 1;
}

static void count(uint32_t w, uint32_t h, int distinct) {
  dlx_tiling_dims d;
  dlx_tiling *t;
  uint64_t all, dist;
  int p, i;
  d.width = w;
  d.height = h;
  d.depth = 1;
  d.max_pieces = 12;
  d.max_piece_cells = 5;
  d.max_placements = 0;
  check(dlx_tiling_new(&d, &t));
  for (p = 0; p < 12; ++p) {
    uint32_t cells[15];
    for (i = 0; i < 5; ++i) {
      cells[3 * i] = SHAPES[p][2 * i];
      cells[3 * i + 1] = SHAPES[p][2 * i + 1];
      cells[3 * i + 2] = 0;
    }
    check(dlx_tiling_add_piece(t, cells, 5, DLX_TILING_EXACTLY, 1, NULL));
  }
  check(dlx_tiling_build(t));
  if (distinct) {
    check(dlx_tiling_count_distinct(t, &all, &dist));
  } else {
    check(dlx_tiling_count(t, 0, &all));
    dist = all;
  }
  printf("%ux%u %llu\n", (unsigned)w, (unsigned)h, (unsigned long long)dist);
  dlx_tiling_free(t);
}

static const char usage[] =
    "usage: pentomino [--distinct] [WxH ...]\n"
    "Prints, for each board W x H with W * H = 60 (default: 10x6 12x5 15x4 20x3), the\n"
    "number of ways the twelve pentominoes tile it, one line \"WxH count\" each.\n"
    "Reads no input.\n"
    "  --distinct  count tilings distinct up to the board's symmetries\n"
    "Exit status: 0 counted, 1 bad arguments or output that cannot be written.\n";

int main(int argc, char **argv) {
  static const char *const defaults[] = {"10x6", "12x5", "15x4", "20x3"};
  int distinct = 0, first = 1, i, boards;
  uint32_t w, h;
  cli_init(argc, argv, "pentomino", usage);
  if (dlx_abi_version() != DLX_ABI_VERSION) fail("libdlx ABI mismatch");
  if (argc > 1 && strcmp(argv[1], "--distinct") == 0) {
    distinct = 1;
    first = 2;
  }
  boards = argc - first;
  for (i = first; i < argc; ++i)
    if (!parse_board(argv[i], &w, &h))
      fail("usage: pentomino [--distinct] [WxH ...] with W * H = 60");
  if (boards == 0) {
    for (i = 0; i < 4; ++i) {
      parse_board(defaults[i], &w, &h);
      count(w, h, distinct);
      cli_output_ok();
    }
  }
  for (i = first; i < argc; ++i) {
    parse_board(argv[i], &w, &h);
    count(w, h, distinct);
    cli_output_ok();
  }
  return cli_finish(0);
}
