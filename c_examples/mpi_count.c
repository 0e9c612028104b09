/* mpi_count queens N: count the N-queens solutions on an MPI cluster.
 *
 *   mpirun -np 4 build/mpi_count queens 14      -> 365596
 *
 * Rank 0 splits the search tree with dlx_split into sub-problems (row prefixes at a
 * depth that gives several per worker) and hands them out one at a time to whichever
 * worker asks: each worker builds the same problem itself, selects a prefix's rows
 * with dlx_select_row and counts that sub-problem with dlx_count, then sends the
 * count back with its request for more. Rank 0 adds the counts to the solutions
 * found above the split depth and prints the total. Uneven sub-problems balance
 * themselves: a worker that drew a small one simply asks again sooner.
 * With one process, rank 0 counts everything itself.
 *
 * Only the prefix rows travel (a few words each), never solver images: every rank
 * can build the problem. To survive interrupted runs, rank 0 would also keep the
 * finished prefixes (and a worker could save dlx_image of its sub-problem); see the
 * README. */
#include "cli.h" /* --help, write errors on stdout */
#include "dlx.h"

/* Only MPI's C API: the old C++ bindings (pulled in when compiled as C++) are not
 * warning-clean. */
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_QUEENS 32
#define TAG_READY 1 /* worker -> 0: a count (uint64), and "give me work" */
#define TAG_WORK 2  /* 0 -> worker: `depth` row ids (uint32) */
#define TAG_STOP 3  /* 0 -> worker: no more work */

static long parse_n(const char *text) {
  long v = 0;
  if (*text == '\0') return -1;
  for (; *text; ++text) {
    if (*text < '0' || *text > '9') return -1;
    v = v * 10 + (*text - '0');
    if (v > MAX_QUEENS) return -1;
  }
  return v >= 1 ? v : -1;
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

/* The prefixes of one split, `depth` rows each, and the shallow solutions. */
struct plan {
  uint32_t *rows;
  size_t n, cap;
  uint32_t depth;
  uint64_t shallow;
  int failed;
};

static int32_t collect(void *user, const uint32_t *rows, size_t n, int32_t is_solution) {
  struct plan *p = (struct plan *)user;
  if (is_solution) {
    ++p->shallow;
    return 0;
  }
  if (p->n == p->cap) {
    size_t cap = p->cap ? 2 * p->cap : 64;
    uint32_t *grown = (uint32_t *)realloc(p->rows, cap * p->depth * sizeof *grown);
    if (grown == NULL) {
      p->failed = 1;
      return 1;
    }
    p->rows = grown;
    p->cap = cap;
  }
  memcpy(p->rows + p->n * p->depth, rows, n * sizeof *rows);
  ++p->n;
  return 0;
}

/* Splits deeper until there are at least `want` prefixes (or no deeper nodes). */
static int make_plan(dlx_solver *s, size_t want, struct plan *p) {
  uint32_t depth;
  for (depth = 1;; ++depth) {
    free(p->rows);
    memset(p, 0, sizeof *p);
    p->depth = depth;
    if (dlx_split(s, depth, collect, p, NULL) != DLX_EXHAUSTED || p->failed) return -1;
    if (p->n >= want || p->n == 0 || depth >= 2 * MAX_QUEENS) return 0;
  }
}

static int count_prefix(dlx_solver *s, const uint32_t *rows, uint32_t n, uint64_t *count) {
  uint32_t i;
  if (dlx_unselect_all(s) != DLX_OK) return -1;
  for (i = 0; i < n; ++i) {
    if (dlx_select_row(s, rows[i]) != DLX_OK) return -1;
  }
  return dlx_count(s, 0, count) == DLX_OK ? 0 : -1;
}

static void worker(dlx_solver *s, uint32_t depth) {
  uint64_t count = 0;
  uint32_t *rows = (uint32_t *)malloc((depth ? depth : 1) * sizeof *rows);
  for (;;) {
    MPI_Status st;
    MPI_Send(&count, 1, MPI_UINT64_T, 0, TAG_READY, MPI_COMM_WORLD);
    MPI_Recv(rows, (int)depth, MPI_UINT32_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    if (st.MPI_TAG == TAG_STOP) break;
    if (rows == NULL || count_prefix(s, rows, depth, &count) != 0) {
      fprintf(stderr, "mpi_count: a sub-problem failed\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
  free(rows);
}

static uint64_t master(dlx_solver *s, const struct plan *p, int ranks) {
  uint64_t total = p->shallow;
  size_t next = 0;
  int active = ranks - 1;
  if (ranks == 1) { /* nobody to hand work to */
    size_t i;
    for (i = 0; i < p->n; ++i) {
      uint64_t c = 0;
      if (count_prefix(s, p->rows + i * p->depth, p->depth, &c) != 0) return (uint64_t)-1;
      total += c;
    }
    return total;
  }
  while (active > 0) {
    uint64_t c;
    MPI_Status st;
    MPI_Recv(&c, 1, MPI_UINT64_T, MPI_ANY_SOURCE, TAG_READY, MPI_COMM_WORLD, &st);
    total += c;
    if (next < p->n) {
      MPI_Send(p->rows + next * p->depth, (int)p->depth, MPI_UINT32_T, st.MPI_SOURCE, TAG_WORK,
               MPI_COMM_WORLD);
      ++next;
    } else {
      MPI_Send(NULL, 0, MPI_UINT32_T, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
      --active;
    }
  }
  return total;
}

static const char usage[] =
    "usage: mpirun -np P mpi_count queens N\n"
    "Counts the N-queens solutions (N in 1..32) on P MPI processes: rank 0 splits the\n"
    "search into sub-problems and hands them out; the count goes to stdout. Reads no input.\n"
    "Exit status: 0 counted, 1 bad arguments or output that cannot be written.\n";

int main(int argc, char **argv) {
  int rank = 0, ranks = 1, ok, status = 0;
  long n = -1;
  dlx_solver *s = NULL;
  struct plan p;
  uint32_t depth = 0;

  cli_init(argc, argv, "mpi_count", usage); /* --help needs no MPI */
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  ok = argc == 3 && strcmp(argv[1], "queens") == 0 && (n = parse_n(argv[2])) > 0;
  if (!ok) {
    if (rank == 0) fprintf(stderr, "usage: mpi_count queens N   (N in 1..%d)\n", MAX_QUEENS);
    MPI_Finalize();
    return 1;
  }
  s = new_queens((uint32_t)n);
  if (s == NULL) {
    fprintf(stderr, "mpi_count: cannot build the solver\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  memset(&p, 0, sizeof p);
  if (rank == 0) {
    /* Eight sub-problems per worker keep everybody busy to the end. */
    if (make_plan(s, (size_t)(ranks > 1 ? 8 * (ranks - 1) : 1), &p) != 0) {
      fprintf(stderr, "mpi_count: the split failed\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    depth = p.depth;
  }
  MPI_Bcast(&depth, 1, MPI_UINT32_T, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    uint64_t total = master(s, &p, ranks);
    if (total == (uint64_t)-1) {
      fprintf(stderr, "mpi_count: a sub-problem failed\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    printf("%llu\n", (unsigned long long)total);
    status = cli_finish(0);
  } else {
    worker(s, depth);
  }
  free(p.rows);
  dlx_free(s);
  MPI_Finalize();
  return status;
}
