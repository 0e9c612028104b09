/* The Soma cube: how many ways do Piet Hein's seven pieces fill a 3x3x3 cube?
 *
 * Usage: soma [--distinct]
 * Prints 11520 (every solution, rotations and reflections of the cube counted apart),
 * or with --distinct 240 (distinct up to the cube's 48 symmetries; a mirror image
 * swaps the two screw pieces). Bad arguments: one line on stderr, exit status 1.
 *
 * The pieces may be rotated but not reflected (the two screws are each other's
 * mirror image); dlx_tiling generates their 24-rotation orientations. Static block. */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

DLX_ALIGNED static unsigned char pool[DLX_TILING_REQUIRED_SIZE(3, 3, 3, 7, 4, 0)];

/* V, L, T, Z, left screw, right screw, branch: up to four (x, y, z) cells each. */
static const uint32_t PIECES[7][4][3] = {
    {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 0}},
    {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}},
    {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}},
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 1, 0}},
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}},
    {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {1, 1, 0}},
    {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
};

static void check(dlx_status st) {
  if (st != DLX_OK) {
    fprintf(stderr, "soma: %s\n", dlx_status_str(st));
    exit(1);
  }
}

static const char usage[] =
    "usage: soma [--distinct]\n"
    "Prints the number of ways Piet Hein's seven Soma pieces fill a 3x3x3 cube: 11520.\n"
    "Reads no input.\n"
    "  --distinct  count solutions distinct up to the cube's 48 symmetries: 240\n"
    "Exit status: 0 counted, 1 bad arguments or output that cannot be written.\n";

int main(int argc, char **argv) {
  dlx_tiling_dims d = {3, 3, 3, 7, 4, 0};
  dlx_tiling *t;
  uint64_t all, distinct;
  int distinct_only = 0, p;
  cli_init(argc, argv, "soma", usage);
  if (argc == 2 && strcmp(argv[1], "--distinct") == 0) {
    distinct_only = 1;
  } else if (argc != 1) {
    fprintf(stderr, "soma: usage: soma [--distinct]\n");
    return 1;
  }
  if (dlx_abi_version() != DLX_ABI_VERSION) {
    fprintf(stderr, "soma: libdlx ABI mismatch\n");
    return 1;
  }
  check(dlx_tiling_init_in(pool, sizeof pool, &d, &t));
  for (p = 0; p < 7; ++p)
    check(dlx_tiling_add_piece(t, &PIECES[p][0][0], p == 0 ? 3 : 4, DLX_TILING_EXACTLY, 0,
                               NULL));
  check(dlx_tiling_build(t));
  check(dlx_tiling_count_distinct(t, &all, &distinct));
  printf("%llu\n", (unsigned long long)(distinct_only ? distinct : all));
  return cli_finish(0);
}
