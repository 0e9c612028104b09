/* sudoku: a general Sudoku tool on the dlx_sudoku helper.
 *
 *   sudoku [--count] [--limit L]        one puzzle per input line, any supported size
 *   sudoku --generate N --size S [--seed X] [--proof-limit L]
 *
 * A puzzle line holds N*N cells (N = 4, 6, 8, 9, 10, 12, ..., 49: the side is taken
 * from the line's length; boxes as square as possible, 6 -> 2x3, 12 -> 3x4): symbols
 * 1-9 then A-Z (A = 10), blanks '.', '0' or '-'. Spaces and tabs around the line and
 * empty lines are skipped. Each puzzle prints its first solution as one line, or the
 * line "no solution"; with --count, the number of solutions, counting at most L
 * (default 0 = no cap; 2 answers "is it unique?").
 * --generate prints N puzzles of side S with a unique solution, each minimal, one per
 * line; --seed makes them reproducible (puzzle i uses seed X + i). Each clue
 * removal is proven harmless by a search; --proof-limit L caps each such search at L
 * candidate eliminations (a clue without a proof in time stays: the puzzle is still
 * unique but maybe not minimal). Default: no cap (minimal puzzles) up to 16x16, 30000 above.
 * Malformed input or arguments: one line on stderr, exit status 1. Exit status 2 when
 * some puzzle had no solution. */
#include "dlx.h"
#include "input/sudoku.h" /* sudoku_next: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <time.h>

static dlx_sudoku *handles[MAX_SIDE + 1];

static void fail_args(const char *what) {
  fprintf(stderr, "sudoku: %s (usage: sudoku [--count] [--limit L] | --generate N --size S [--seed X] [--proof-limit L])\n",
          what);
  exit(1);
}

/* The helper for side n, made on first use. */
static dlx_sudoku *helper(unsigned n) {
  unsigned br, bc;
  if (!shape(n, &br, &bc)) return NULL;
  if (handles[n] == NULL && dlx_sudoku_new(br, bc, &handles[n]) != DLX_OK) {
    fprintf(stderr, "sudoku: out of memory for a %ux%u grid\n", n, n);
    exit(1);
  }
  return handles[n];
}

static unsigned long parse_number(const char *s, const char *what) {
  char *end;
  unsigned long v;
  if (s == NULL || *s < '0' || *s > '9') fail_args(what);
  errno = 0;
  v = strtoul(s, &end, 10);
  if (*end != '\0' || errno == ERANGE) fail_args(what); /* no silent saturation */
  return v;
}

static void print_grid(const uint8_t *g, unsigned n) {
  static char text[MAX_SIDE * MAX_SIDE + 1];
  size_t len;
  if (dlx_sudoku_format(g, (size_t)n * n, n, 0, text, sizeof text, &len) != DLX_OK) {
    fprintf(stderr, "sudoku: cannot format a grid\n");
    exit(1);
  }
  puts(text);
}

static int generate(unsigned long count, unsigned long size, unsigned long long seed,
                    unsigned long long proof_limit) {
  static uint8_t puzzle[MAX_SIDE * MAX_SIDE];
  dlx_sudoku *s = size <= MAX_SIDE ? helper((unsigned)size) : NULL;
  if (s == NULL) fail_args("--size must be a supported side (4, 6, 8, 9, 10, 12, 16, 25, ...)");
  for (unsigned long i = 0; i < count; ++i) {
    dlx_status st = dlx_sudoku_generate_start(s, seed + i, proof_limit);
    if (st == DLX_OK) st = dlx_sudoku_generate(s, 0, puzzle, NULL, (size_t)size * size);
    if (st != DLX_OK) {
      fprintf(stderr, "sudoku: generation failed: %s\n", dlx_status_str(st));
      return 1;
    }
    print_grid(puzzle, (unsigned)size);
  }
  return 0;
}

int main(int argc, char **argv) {
  int count_mode = 0, had_none = 0;
  unsigned long limit = 0, gen = 0, size = 0;
  int have_gen = 0, have_size = 0, have_seed = 0, have_limit = 0;
  unsigned long long seed = 0, proof_limit = 0;
  int have_proof = 0;
  static struct sudoku_input in;
  static uint8_t grid[MAX_SIDE * MAX_SIDE], out[MAX_SIDE * MAX_SIDE];
  char msg[128];
  unsigned n;
  int got;

  if (dlx_abi_version() != DLX_ABI_VERSION) fail_args("library ABI mismatch");
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--count") == 0) {
      count_mode = 1;
    } else if (strcmp(argv[i], "--limit") == 0) {
      limit = parse_number(argv[++i], "--limit needs a number");
      have_limit = 1;
    } else if (strcmp(argv[i], "--generate") == 0) {
      gen = parse_number(argv[++i], "--generate needs a number");
      have_gen = 1;
    } else if (strcmp(argv[i], "--size") == 0) {
      size = parse_number(argv[++i], "--size needs a number");
      have_size = 1;
    } else if (strcmp(argv[i], "--proof-limit") == 0) {
      proof_limit = parse_number(argv[++i], "--proof-limit needs a number");
      have_proof = 1;
    } else if (strcmp(argv[i], "--seed") == 0) {
      seed = parse_number(argv[++i], "--seed needs a number");
      have_seed = 1;
    } else {
      fail_args("unknown argument");
    }
  }
  if (have_gen) {
    if (!have_size) fail_args("--generate needs --size");
    if (count_mode || have_limit) fail_args("--generate does not go with --count or --limit");
    if (!have_seed) seed = (unsigned long long)time(NULL);
    if (!have_proof) proof_limit = size > 16 ? 30000u : 0u;
    return generate(gen, size, seed, proof_limit);
  }
  if (have_size || have_seed || have_proof)
    fail_args("--size, --seed and --proof-limit go with --generate");
  if (have_limit && !count_mode) fail_args("--limit goes with --count");

  sudoku_start(&in, stdin);
  while ((got = sudoku_next(&in, grid, &n, msg, sizeof msg)) == 1) {
    size_t len = (size_t)n * n;
    dlx_sudoku *s = helper(n);
    if (count_mode) {
      uint64_t k = 0;
      if (dlx_sudoku_count(s, grid, len, limit, &k) != DLX_OK) {
        fprintf(stderr, "sudoku: line %lu: count failed\n", in.lineno);
        return 1;
      }
      printf("%llu\n", (unsigned long long)k);
    } else if (dlx_sudoku_solve(s, grid, len, out) == DLX_SOLUTION) {
      print_grid(out, n);
    } else {
      puts("no solution");
      had_none = 1;
    }
  }
  if (got < 0) {
    fprintf(stderr, "sudoku: %s\n", msg);
    return 1;
  }
  for (unsigned i = 0; i <= MAX_SIDE; ++i) dlx_sudoku_free(handles[i]);
  return had_none ? 2 : 0;
}
