/* resume N FILE [BUDGET]: count the N-queens solutions across runs of the program.
 *
 * If FILE does not exist, the search starts, runs for about BUDGET link updates
 * (default 100000), and then the solver's memory image (dlx_image) is written to FILE
 * with the number of solutions found so far, and the program exits: "paused" on
 * stderr. If FILE exists, the image is read back, adopted with dlx_attach (which
 * validates every byte) and the search finishes where it stood; the total count is
 * printed on stdout and FILE is removed. The total equals `queens N`.
 * A search that finishes within the budget prints its count at once.
 *
 * File: "DLXRSUM1", the solutions so far (8 bytes), the image length (8 bytes), then
 * the image (all in this machine's byte order, like the image itself). */
#include "dlx.h"
#include "input/resume.h" /* resume_read: the image file, checked (no exit, fuzzed) */

#include <stdio.h>
#include <stdlib.h>

#define MAX_QUEENS 32

static long parse_num(const char *text, long max) {
  long v = 0;
  if (*text == '\0') return -1;
  for (; *text; ++text) {
    if (*text < '0' || *text > '9') return -1;
    v = v * 10 + (*text - '0');
    if (v > max) return -1;
  }
  return v;
}

static int fail(const char *what) {
  fprintf(stderr, "resume: %s\n", what);
  return 1;
}

static dlx_solver *new_queens(uint32_t n) {
  dlx_dims d;
  dlx_solver *s = NULL;
  uint32_t r, c;
  d.primary = 2 * n;
  d.secondary = 2 * (2 * n - 1);
  d.max_rows = n * n;
  d.max_entries = 4 * n * n;
  if (dlx_new(&d, &s) != DLX_OK) return NULL;
  for (r = 0; r < n; ++r) {
    for (c = 0; c < n; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = n + c;
      cols[2] = 2 * n + r + c;
      cols[3] = 4 * n - 1 + r + n - 1 - c;
      if (dlx_add_row(s, cols, 4, NULL) != DLX_OK) {
        dlx_free(s);
        return NULL;
      }
    }
  }
  return s;
}

/* Runs until the end or until about `budget` updates are spent (0 = to the end);
 * adds the solutions found to *found. Returns the last status. */
static dlx_status run(dlx_solver *s, uint64_t budget, uint64_t *found) {
  dlx_status st;
  dlx_stats at;
  uint64_t start;
  if (dlx_get_stats(s, &at) != DLX_OK) return DLX_ERR_INTERNAL;
  start = at.updates;
  for (;;) {
    uint64_t spent;
    st = dlx_next(s, budget);
    if (st == DLX_SOLUTION) ++*found;
    if (st != DLX_SOLUTION) break;
    if (budget == 0) continue;
    if (dlx_get_stats(s, &at) != DLX_OK) return DLX_ERR_INTERNAL;
    spent = at.updates - start;
    if (spent >= budget) return DLX_BUDGET_SPENT;
  }
  return st;
}

static int pause_search(long n, const char *path, uint64_t budget) {
  dlx_solver *s = new_queens((uint32_t)n);
  uint64_t found = 0;
  const void *mem;
  size_t len;
  uint64_t len64;
  dlx_status st;
  FILE *f;
  if (s == NULL) return fail("cannot build the solver");
  st = run(s, budget, &found);
  if (st == DLX_EXHAUSTED) {
    printf("%llu\n", (unsigned long long)found);
    dlx_free(s);
    return 0;
  }
  if (st != DLX_BUDGET_SPENT || dlx_image(s, &mem, &len) != DLX_OK) {
    dlx_free(s);
    return fail("search failed");
  }
  len64 = len;
  f = fopen(path, "wb");
  if (f == NULL) {
    dlx_free(s);
    return fail("cannot create the image file");
  }
  if (fwrite(resume_magic, 1, 8, f) != 8 || fwrite(&found, 8, 1, f) != 1 ||
      fwrite(&len64, 8, 1, f) != 1 || fwrite(mem, 1, len, f) != len) {
    fclose(f);
    dlx_free(s);
    return fail("cannot write the image file");
  }
  dlx_free(s);
  if (fclose(f) != 0) return fail("cannot write the image file");
  fprintf(stderr, "paused after %llu solutions; image of %llu bytes in %s\n",
          (unsigned long long)found, (unsigned long long)len64, path);
  return 0;
}

/* The image size of an N-queens solver: an image of another N (or another problem)
 * is refused instead of being counted as this one. */
static size_t queens_image_size(uint32_t n) {
  dlx_dims d;
  d.primary = 2 * n;
  d.secondary = 2 * (2 * n - 1);
  d.max_rows = n * n;
  d.max_entries = 4 * n * n;
  return dlx_required_size(&d);
}

static int resume_search(FILE *f, const char *path, long n) {
  uint64_t found;
  void *mem;
  size_t len;
  dlx_solver *s = NULL;
  dlx_status st;
  char msg[128];
  int got = resume_read(f, (uint64_t)1 << 30, &found, &mem, &len, msg, sizeof msg);
  fclose(f);
  if (got != 0) return fail(msg);
  if (len != queens_image_size((uint32_t)n)) {
    free(mem);
    return fail("the image file holds another problem than this N");
  }
  st = dlx_attach(mem, len, &s);
  if (st != DLX_OK) {
    fprintf(stderr, "resume: %s\n", dlx_status_str(st));
    free(mem);
    return 1;
  }
  st = run(s, 0, &found);
  free(mem); /* the handle lived in our memory: nothing else to release */
  if (st != DLX_EXHAUSTED) return fail("search failed");
  remove(path);
  printf("%llu\n", (unsigned long long)found);
  return 0;
}

int main(int argc, char **argv) {
  long n, budget = 100000;
  FILE *f;
  if (argc < 3 || argc > 4 || (n = parse_num(argv[1], MAX_QUEENS)) < 1 ||
      (argc == 4 && (budget = parse_num(argv[3], 1000000000L)) < 1)) {
    fprintf(stderr, "usage: resume N FILE [BUDGET]   (N in 1..%d, BUDGET >= 1)\n",
            MAX_QUEENS);
    return 1;
  }
  if (dlx_abi_version() != DLX_ABI_VERSION) return fail("wrong library version");
  f = fopen(argv[2], "rb");
  if (f != NULL) return resume_search(f, argv[2], n);
  return pause_search(n, argv[2], (uint64_t)budget);
}
