/* resume N FILE [BUDGET]: count the N-queens solutions across runs of the program.
 *
 * If FILE does not exist, the search starts, runs for about BUDGET link updates
 * (default 100000), and then the solver's memory image (dlx_image) is written to FILE
 * with the number of solutions found so far, and the program exits: "paused" on
 * stderr. If FILE exists, the image is read back, adopted with dlx_attach (which
 * validates every byte) and the search finishes where it stood; the total count is
 * printed on stdout and FILE is removed (only once the count is written: when stdout
 * fails, FILE stays for another try). The total equals `queens N`.
 * A search that finishes within the budget prints its count at once.
 *
 * File: "DLXRSUM1", the solutions so far (8 bytes), the image length (8 bytes), then
 * the image (all in this machine's byte order, like the image itself). */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"
#include "input/resume.h" /* resume_read: the image file, checked (no exit, fuzzed) */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const char usage[] =
    "usage: resume N FILE [BUDGET]\n"
    "Counts the N-queens solutions (N in 1..32) across runs. Without FILE, the search runs\n"
    "for about BUDGET link updates (default 100000), saves its image into FILE and stops\n"
    "(\"paused\" on stderr); with FILE, it resumes from the image, prints the total count\n"
    "and removes FILE. Reads no standard input.\n"
    "Exit status: 0 paused or counted, 1 bad arguments, an unusable FILE or output that\n"
    "cannot be written.\n";

static int fail(const char *what) {
  fprintf(stderr, "resume: %s\n", what);
  return 1;
}

/* "resume: <what> 'path': <the OS's reason>" */
static int fail_file(const char *what, const char *path, int err) {
  fprintf(stderr, "resume: %s '%s': %s\n", what, path, strerror(err));
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
    return cli_finish(0);
  }
  if (st != DLX_BUDGET_SPENT || dlx_image(s, &mem, &len) != DLX_OK) {
    dlx_free(s);
    return fail("search failed");
  }
  len64 = len;
  f = fopen(path, "wb");
  if (f == NULL) {
    int err = errno;
    dlx_free(s);
    return fail_file("cannot create image file", path, err);
  }
  if (fwrite(resume_magic, 1, 8, f) != 8 || fwrite(&found, 8, 1, f) != 1 ||
      fwrite(&len64, 8, 1, f) != 1 || fwrite(mem, 1, len, f) != len || fflush(f) != 0) {
    int err = errno;
    fclose(f);
    dlx_free(s);
    remove(path); /* a partial image is of no use to the next run */
    return fail_file("cannot write image file", path, err);
  }
  dlx_free(s);
  if (fclose(f) != 0) {
    int err = errno;
    remove(path);
    return fail_file("cannot write image file", path, err);
  }
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
  struct stat info;
  int got, read_err;
  if (fstat(fileno(f), &info) == 0 && S_ISDIR(info.st_mode)) {
    fclose(f);
    return fail_file("cannot read image file", path, EISDIR);
  }
  errno = 0;
  got = resume_read(f, (uint64_t)1 << 30, &found, &mem, &len, msg, sizeof msg);
  read_err = ferror(f) ? (errno ? errno : EIO) : 0;
  fclose(f);
  if (got != 0 && read_err != 0) return fail_file("cannot read image file", path, read_err);
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
  printf("%llu\n", (unsigned long long)found);
  if (cli_finish(0) != 0) return 1; /* the count is lost: keep the image */
  if (remove(path) != 0) return fail_file("cannot remove image file", path, errno);
  return 0;
}

int main(int argc, char **argv) {
  long n, budget = 100000;
  FILE *f;
  cli_init(argc, argv, "resume", usage);
  if (argc < 3 || argc > 4 || (n = parse_num(argv[1], MAX_QUEENS)) < 1 ||
      (argc == 4 && (budget = parse_num(argv[3], 1000000000L)) < 1)) {
    fprintf(stderr, "usage: resume N FILE [BUDGET]   (N in 1..%d, BUDGET >= 1)\n",
            MAX_QUEENS);
    return 1;
  }
  if (dlx_abi_version() != DLX_ABI_VERSION) return fail("wrong library version");
  errno = 0;
  f = fopen(argv[2], "rb");
  if (f != NULL) return resume_search(f, argv[2], n);
  if (errno != ENOENT) return fail_file("cannot open image file", argv[2], errno);
  return pause_search(n, argv[2], (uint64_t)budget);
}
