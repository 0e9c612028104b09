/* sudoku: a general Sudoku tool on the dlx_sudoku helper.
 *
 *   sudoku [--count [--limit L] [--time S] [--progress]] [FILE]
 *                                        one puzzle per input line, any supported size
 *   sudoku --generate N --size S [--seed X] [--proof-limit L]
 *
 * A puzzle line holds N*N cells (N = 4, 6, 8, 9, 10, 12, ..., 49: the side is taken
 * from the line's length; boxes as square as possible, 6 -> 2x3, 12 -> 3x4): symbols
 * 1-9 then A-Z (A = 10), blanks '.', '0' or '-'. Spaces and tabs around the line and
 * empty lines are skipped. Each puzzle prints its first solution as one line, or the
 * line "no solution"; with --count, the number of solutions, counting at most L
 * (default 0 = no cap; 2 answers "is it unique?"). A count runs in slices: on a terminal
 * (or with --progress) a line on stderr shows the solutions and eliminations so far;
 * --time S stops each count after S seconds and prints the count so far (a lower
 * bound, said on stderr; exit status 3).
 * --generate prints N puzzles of side S with a unique solution, each minimal, one per
 * line; --seed makes them reproducible (puzzle i uses seed X + i). Each clue
 * removal is proven harmless by a search; --proof-limit L caps each such search at L
 * candidate eliminations (a clue without a proof in time stays: the puzzle is still
 * unique but maybe not minimal). Default: no cap (minimal puzzles) up to 16x16, 30000 above.
 * Malformed input or arguments: one line on stderr, exit status 1. Exit status 2 when
 * some puzzle had no solution. Output that cannot be written: status 1. */
#include "cli.h" /* --help, the input file, write errors on stdout */
#include "dlx.h"
#include "input/sudoku.h" /* sudoku_next: the input, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <time.h>

static dlx_sudoku *handles[MAX_SIDE + 1];

static const char usage[] =
    "usage: sudoku [--count [--limit L] [--time S] [--progress]] [FILE]\n"
    "       sudoku --generate N --size S [--seed X] [--proof-limit L]\n"
    "Solves the puzzles in FILE, or on standard input without one: one puzzle per line\n"
    "of N*N cells (N = 4, 6, 8, 9, 10, 12, 16, 25, ..., 49; symbols 1-9 then A-Z, blanks\n"
    "'.', '0' or '-'); prints each first solution as one line, or \"no solution\".\n"
    "  --count        print the number of solutions of each puzzle instead\n"
    "  --limit L      count at most L solutions (2 answers \"is it unique?\"; 0 = all)\n"
    "  --time S       stop each count after S seconds; the count printed is then a lower\n"
    "                 bound (said on stderr, exit status 3)\n"
    "  --progress     show the count's progress on stderr (the default on a terminal)\n"
    "  --generate N   print N puzzles with a unique solution, each minimal, one per line\n"
    "  --size S       their side (4, 6, 8, 9, 12, 16, 25, ...)\n"
    "  --seed X       reproducible puzzles (puzzle i uses seed X + i; default: the time)\n"
    "  --proof-limit L  cap each uniqueness proof at L eliminations (default: none up to\n"
    "                 16x16, 30000 above; a clue without a proof in time stays)\n"
    "Exit status: 0 done, 1 malformed input or arguments or output that cannot be written,\n"
    "2 some puzzle had no solution, 3 some count was stopped by --time.\n";

static void fail_args(const char *what) { cli_usage_error(what); }

/* Seconds on a monotonic clock. */
static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A count in slices of the helper's budgeted search, for --time and the progress line.
 * Returns 1 when the time ran out (k is then a lower bound), 0 when the count is done,
 * -1 on an error. */
static int count_sliced(dlx_sudoku *s, const uint8_t *grid, size_t len, uint64_t limit,
                        double seconds, int progress, unsigned long lineno, uint64_t *k) {
  static uint8_t out[MAX_SIDE * MAX_SIDE];
  double start = now_seconds(), drawn = start;
  int shown = 0, timed_out = 0;
  dlx_status st;
  *k = 0;
  if (dlx_sudoku_set_givens(s, grid, len) != DLX_OK) return -1;
  for (;;) {
    double t;
    st = dlx_sudoku_next(s, 200000, out, len);
    if (st == DLX_SOLUTION && ++*k == limit) break;
    if (st == DLX_EXHAUSTED) break;
    if (st != DLX_SOLUTION && st != DLX_BUDGET_SPENT) return -1;
    t = now_seconds();
    if (seconds > 0 && t - start >= seconds) {
      timed_out = 1;
      break;
    }
    if (progress && t - drawn >= 0.25) { /* quiet for quick counts */
      dlx_stats x;
      drawn = t;
      if (dlx_sudoku_get_stats(s, &x) == DLX_OK) {
        fprintf(stderr, "\rsudoku: line %lu: %llu solutions so far, %llu eliminations, %.1f s ",
                lineno, (unsigned long long)*k, (unsigned long long)x.updates, t - start);
        fflush(stderr);
        shown = 1;
      }
    }
  }
  if (shown) fprintf(stderr, "\n");
  if (timed_out)
    fprintf(stderr, "sudoku: line %lu: stopped after %g s: at least %llu solutions\n", lineno,
            seconds, (unsigned long long)*k);
  return timed_out;
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
  cli_output_ok();
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
  return cli_finish(0);
}

int main(int argc, char **argv) {
  int count_mode = 0, had_none = 0, timed_out = 0, progress = 0;
  double seconds = 0;
  int have_time = 0;
  const char *path = NULL;
  FILE *f;
  unsigned long limit = 0, gen = 0, size = 0;
  int have_gen = 0, have_size = 0, have_seed = 0, have_limit = 0;
  unsigned long long seed = 0, proof_limit = 0;
  int have_proof = 0;
  static struct sudoku_input in;
  static uint8_t grid[MAX_SIDE * MAX_SIDE], out[MAX_SIDE * MAX_SIDE];
  char msg[128];
  unsigned n;
  int got;

  cli_init(argc, argv, "sudoku", usage);
  if (dlx_abi_version() != DLX_ABI_VERSION) cli_fail("library ABI mismatch");
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
    } else if (strcmp(argv[i], "--time") == 0) {
      char *end;
      const char *v = argv[++i];
      if (v == NULL || *v < '0' || *v > '9') fail_args("--time needs a number of seconds");
      errno = 0;
      seconds = strtod(v, &end);
      if (*end != '\0' || errno == ERANGE || !(seconds > 0))
        fail_args("--time needs a number of seconds above 0");
      have_time = 1;
    } else if (strcmp(argv[i], "--progress") == 0) {
      progress = 1;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      char msg[128];
      snprintf(msg, sizeof msg, "unknown option '%.64s'", argv[i]);
      fail_args(msg);
    } else if (path != NULL) {
      fail_args("one input file at most");
    } else if (argv[i][0] == '\0') {
      fail_args("empty file name");
    } else {
      path = argv[i];
    }
  }
  if (have_gen) {
    if (!have_size) fail_args("--generate needs --size");
    if (count_mode || have_limit || have_time || progress)
      fail_args("--generate does not go with --count, --limit, --time or --progress");
    if (path != NULL) fail_args("--generate reads no input file");
    if (!have_seed) seed = (unsigned long long)time(NULL);
    if (!have_proof) proof_limit = size > 16 ? 30000u : 0u;
    return generate(gen, size, seed, proof_limit);
  }
  if (have_size || have_seed || have_proof)
    fail_args("--size, --seed and --proof-limit go with --generate");
  if ((have_limit || have_time || progress) && !count_mode)
    fail_args("--limit, --time and --progress go with --count");
  f = cli_input(path);
  if (count_mode && isatty(2)) progress = 1;

  sudoku_start(&in, f);
  while ((got = sudoku_next(&in, grid, &n, msg, sizeof msg)) == 1) {
    size_t len = (size_t)n * n;
    dlx_sudoku *s = helper(n);
    if (count_mode) {
      uint64_t k = 0;
      int got_count = have_time || progress
                          ? count_sliced(s, grid, len, limit, seconds, progress, in.lineno, &k)
                          : dlx_sudoku_count(s, grid, len, limit, &k) == DLX_OK ? 0 : -1;
      if (got_count < 0) {
        fprintf(stderr, "sudoku: line %lu: count failed\n", in.lineno);
        return 1;
      }
      if (got_count == 1) timed_out = 1;
      printf("%llu\n", (unsigned long long)k);
      cli_output_ok();
    } else if (dlx_sudoku_solve(s, grid, len, out) == DLX_SOLUTION) {
      print_grid(out, n);
    } else {
      puts("no solution");
      cli_output_ok();
      had_none = 1;
    }
  }
  if (got < 0) cli_input_failed(f, msg);
  for (unsigned i = 0; i <= MAX_SIDE; ++i) dlx_sudoku_free(handles[i]);
  return cli_finish(had_none ? 2 : timed_out ? 3 : 0);
}
