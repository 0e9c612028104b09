/* libFuzzer harness for c_examples/input/knuth.h (dlxin_read), the dlx command's
 * reader of Knuth's input format.
 *
 * Checks: a refusal carries a one-line message "line N: ..."; an accepted problem
 * keeps every promise of the format (names unique and well formed, each option's
 * items distinct and in range, a primary item in every option, colours only on
 * secondary items, bounds 0 <= u <= v, v >= 1), and loads into the library as dlx.c
 * loads it (dlx_new_x, dlx_add_row_colored, dlx_set_bounds), whose first answer
 * within a small budget is a solution. */
#include "harness.h"

#include <string.h>

#include "dlx.h"
#include "input/knuth.h"

static void check_problem(const struct dlxin *in) {
  uint32_t o, e, f, i;
  REQUIRE(in->items.n >= 1 && in->primary <= in->items.n);
  for (i = 0; i < in->items.n; ++i) {
    const char *name = dlxin_name(&in->items, i);
    size_t len = strlen(name);
    REQUIRE(len >= 1 && len <= DLXIN_NAME_MAX);
    REQUIRE(!strchr(name, ':') && !strchr(name, '|'));
    REQUIRE(dlxin_find(&in->items, name, len) == (long)i);
    if (i < in->primary) REQUIRE(in->hi[i] >= 1 && in->lo[i] <= in->hi[i]);
  }
  REQUIRE(in->start[0] == 0 && in->start[in->options] == in->entries);
  for (o = 0; o < in->options; ++o) {
    int primary = 0;
    REQUIRE(in->start[o] < in->start[o + 1]);
    for (e = in->start[o]; e < in->start[o + 1]; ++e) {
      REQUIRE(in->item[e] < in->items.n);
      REQUIRE(in->colour[e] <= in->colours.n);
      if (in->item[e] < in->primary) {
        primary = 1;
        REQUIRE(in->colour[e] == 0);
      }
      for (f = in->start[o]; f < e; ++f) REQUIRE(in->item[f] != in->item[e]);
    }
    REQUIRE(primary);
  }
}

static void run_library(const struct dlxin *in) {
  dlx_xdims d;
  dlx_solver *s = NULL;
  const uint32_t *rows;
  size_t n, k;
  uint32_t o, e, c;
  dlx_status st;
  d.primary = in->primary;
  d.secondary = in->items.n - in->primary;
  d.max_rows = in->options ? in->options : 1;
  d.max_entries = in->entries ? in->entries : 1;
  d.colors = in->colours.n;
  d.bounded = 0;
  for (o = 0; o < in->primary; ++o) d.bounded += in->lo[o] != 1 || in->hi[o] != 1;
  if (dlx_new_x(&d, &s) != DLX_OK) return; /* too large for the allocator: fine */
  for (o = 0; o < in->options; ++o) {
    e = in->start[o];
    REQUIRE(dlx_add_row_colored(s, in->item + e, in->colour + e, in->start[o + 1] - e,
                                NULL) == DLX_OK);
  }
  for (o = 0; o < in->primary; ++o)
    if (in->lo[o] != 1 || in->hi[o] != 1)
      REQUIRE(dlx_set_bounds(s, o, in->lo[o], in->hi[o]) == DLX_OK);
  st = dlx_next(s, 20000);
  REQUIRE(st == DLX_SOLUTION || st == DLX_EXHAUSTED || st == DLX_BUDGET_SPENT);
  if (st == DLX_SOLUTION) {
    REQUIRE(dlx_solution(s, &rows, &n) == DLX_OK);
    /* Every primary item within its bounds. */
    for (c = 0; c < in->primary; ++c) {
      uint32_t hits = 0;
      for (k = 0; k < n; ++k) {
        REQUIRE(rows[k] < in->options);
        for (e = in->start[rows[k]]; e < in->start[rows[k] + 1]; ++e) hits += in->item[e] == c;
      }
      REQUIRE(hits >= in->lo[c] && hits <= in->hi[c]);
    }
  }
  dlx_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct dlxin in;
  char msg[MSG_CAP] = "";
  FILE *f = open_input(data, size);
  int got = dlxin_read(f, &in, msg, sizeof msg);
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (got != 0) {
    check_message(msg);
    REQUIRE(strncmp(msg, "line ", 5) == 0);
  } else {
    check_problem(&in);
    run_library(&in);
  }
  dlxin_free(&in);
  return 0;
}
