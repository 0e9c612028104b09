/* dlx: a command-line exact-cover solver that reads Knuth's input format (the format of
 * his DLX1, DLX2 and DLX3 programs; see c_examples/input/knuth.h), with colours and
 * multiplicities.
 *
 *   dlx [--count | --first K] [--seed S] [--limit N] [--budget U] [--time S]
 *       [--progress] [--quiet] [FILE]
 *
 * Reads the problem from FILE or standard input, prints the solutions on stdout (each
 * as its option lines, then an empty line) or, with --count, the number of solutions
 * alone on the first line. Statistics (nodes, updates, cleansings) go to stderr. */
#include "cli.h"

#include <stdint.h>
#include <time.h>

#include "dlx.h"
#include "input/knuth.h"

static const char usage[] =
    "usage: dlx [--count | --first K] [--seed S] [--limit N] [--budget U] [--time S]\n"
    "           [--progress] [--quiet] [FILE]\n"
    "Solves the exact-cover problem in FILE (or standard input), written in Knuth's input\n"
    "format for DLX1/DLX2/DLX3: '|' comment lines; a first line naming the items, a lone\n"
    "'|' before the secondary ones, 'u:v|item' (or 'v|item') giving a primary item\n"
    "bounds (covered u to v times); then one option per line, 'item:colour' giving a\n"
    "secondary item a colour (options agreeing on an item's colour may share it).\n"
    "Options without a primary item are dropped with a warning, as Knuth's programs do.\n"
    "  --count        print the number of solutions alone on the first line of stdout\n"
    "  --first K      print the first K solutions (default: all; 1 with --seed)\n"
    "  --seed S       random order of options and ties (S > 0): --first 1 gives a random\n"
    "                 solution, reproducibly for S\n"
    "  --limit N      stop after N solutions\n"
    "  --budget U     stop after about U link updates (Knuth's 'updates')\n"
    "  --time S       stop after S seconds of CPU time\n"
    "  --progress     a progress line on stderr (the default on a terminal: a live bar)\n"
    "  --quiet        no statistics on stderr\n"
    "Solutions are printed as their option lines, each solution followed by an empty\n"
    "line. Statistics go to stderr: solutions, nodes, updates and cleansings, counted as\n"
    "Knuth's DLX2 counts them (DLX3 when some item has bounds).\n"
    "Exit status: 0 done (also when --limit or --first stopped the search), 1 bad input\n"
    "or usage ('line N: reason' on stderr), 3 stopped by --budget or --time (a --count\n"
    "is then a lower bound).\n";

static uint64_t number(const char *opt, const char *s, uint64_t max) {
  uint64_t v = 0;
  char msg[160];
  const char *p = s;
  if (!s || !*s) goto bad;
  for (; *p; p++) {
    if (*p < '0' || *p > '9' || v > (max - (uint64_t)(*p - '0')) / 10) goto bad;
    v = 10 * v + (uint64_t)(*p - '0');
  }
  return v;
bad:
  snprintf(msg, sizeof msg, "%s wants a number from 0 to %llu, got '%.32s'", opt,
           (unsigned long long)max, s ? s : "");
  cli_usage_error(msg);
  return 0;
}

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

static void print_option(const struct dlxin *in, uint32_t o) {
  uint32_t e;
  for (e = in->start[o]; e < in->start[o + 1]; e++) {
    if (e > in->start[o]) putchar(' ');
    fputs(dlxin_name(&in->items, in->item[e]), stdout);
    if (in->colour[e]) {
      putchar(':');
      fputs(dlxin_name(&in->colours, in->colour[e] - 1), stdout);
    }
  }
  putchar('\n');
}

static void show_progress(dlx_solver *s, int bar, uint64_t found) {
  double f = 0;
  dlx_stats st;
  dlx_progress(s, &f);
  dlx_get_stats(s, &st);
  if (bar) {
    int i, w = (int)(f * 30 + 0.5);
    fputc('\r', stderr);
    fputc('[', stderr);
    for (i = 0; i < 30; i++) fputc(i < w ? '#' : '.', stderr);
    fprintf(stderr, "] %5.1f%%  %llu solutions  %llu updates ", 100 * f,
            (unsigned long long)found, (unsigned long long)st.updates);
  } else {
    fprintf(stderr, "dlx: progress %.6f, %llu solutions, %llu updates\n", f,
            (unsigned long long)found, (unsigned long long)st.updates);
  }
  fflush(stderr);
}

int main(int argc, char **argv) {
  int count_only = 0, quiet = 0, progress = -1, i, stopped = 0, status = 0;
  uint64_t first = UINT64_MAX, limit = 0, budget = 0, seed = 0, found = 0, cleansings = 0;
  double seconds = 0, start, last_shown;
  const char *path = NULL, *why = "";
  char msg[256];
  struct dlxin in;
  dlx_xdims d;
  dlx_solver *s = NULL;
  dlx_status st;
  dlx_stats stats;
  FILE *f;
  uint32_t o, e;
  int first_given = 0;

  cli_init(argc, argv, "dlx", usage);
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--count") == 0) {
      count_only = 1;
    } else if (strcmp(a, "--quiet") == 0) {
      quiet = 1;
    } else if (strcmp(a, "--progress") == 0) {
      progress = 1;
    } else if (strcmp(a, "--first") == 0) {
      first = number(a, v, UINT64_MAX), i++, first_given = 1;
    } else if (strcmp(a, "--seed") == 0) {
      seed = number(a, v, UINT64_MAX), i++;
    } else if (strcmp(a, "--limit") == 0) {
      limit = number(a, v, UINT64_MAX), i++;
    } else if (strcmp(a, "--budget") == 0) {
      budget = number(a, v, UINT64_MAX), i++;
    } else if (strcmp(a, "--time") == 0) {
      seconds = (double)number(a, v, 100000000), i++;
      if (seconds == 0) cli_usage_error("--time wants at least 1 second");
    } else if (a[0] == '-' && a[1] != '\0') {
      snprintf(msg, sizeof msg, "unknown option '%.64s'", a);
      cli_usage_error(msg);
    } else if (path) {
      snprintf(msg, sizeof msg, "one input file at most, got '%.64s' and '%.64s'", path, a);
      cli_usage_error(msg);
    } else {
      path = a;
    }
  }
  if (count_only && first_given) cli_usage_error("--count and --first do not go together");
  if (seed && !first_given && !count_only) first = 1;

  f = cli_input(path);
  if (dlxin_read(f, &in, msg, sizeof msg) != 0) {
    dlxin_free(&in);
    cli_input_failed(f, msg);
  }
  if (f != stdin) fclose(f);
  for (o = 0; o < in.dropped; o++) {
    if (o == 10) {
      fprintf(stderr, "dlx: ... and %lu more options without a primary item ignored\n",
              (unsigned long)(in.dropped - 10));
      break;
    }
    fprintf(stderr, "dlx: line %lu: option without a primary item ignored\n",
            in.dropped_line[o]);
  }
  d.primary = in.primary;
  d.secondary = in.items.n - in.primary;
  d.max_rows = in.options ? in.options : 1;
  d.max_entries = in.entries ? in.entries : 1;
  d.colors = in.colours.n;
  d.bounded = 0;
  for (o = 0; o < in.primary; o++) d.bounded += in.lo[o] != 1 || in.hi[o] != 1;
  st = dlx_new_x(&d, &s);
  if (st != DLX_OK) {
    dlxin_free(&in);
    snprintf(msg, sizeof msg, "cannot make a solver for this problem: %s", dlx_status_str(st));
    cli_fail(msg);
  }
  for (o = 0; o < in.options; o++) {
    e = in.start[o];
    st = dlx_add_row_colored(s, in.item + e, in.colour + e, in.start[o + 1] - e, NULL);
    if (st != DLX_OK) {
      snprintf(msg, sizeof msg, "line %lu: %s", in.line[o], dlx_status_str(st));
      dlx_free(s);
      dlxin_free(&in);
      cli_fail(msg);
    }
  }
  for (o = 0; o < in.primary; o++) {
    if (in.lo[o] == 1 && in.hi[o] == 1) continue;
    st = dlx_set_bounds(s, o, in.lo[o], in.hi[o]);
    if (st != DLX_OK) {
      snprintf(msg, sizeof msg, "bounds of item '%.64s': %s", dlxin_name(&in.items, o),
               dlx_status_str(st));
      dlx_free(s);
      dlxin_free(&in);
      cli_fail(msg);
    }
  }
  if (seed) dlx_set_seed(s, seed);
  if (progress < 0) progress = isatty(2) ? 2 : 0;

  /* The search in slices of updates, so that budget, time and progress get a look in. */
  start = last_shown = cpu_seconds();
  for (;;) {
    uint64_t slice = 1u << 22;
    dlx_get_stats(s, &stats);
    if (budget) {
      if (stats.updates >= budget) {
        stopped = 1;
        why = "budget";
        break;
      }
      if (budget - stats.updates < slice) slice = budget - stats.updates;
    }
    st = dlx_next(s, slice);
    if (st == DLX_SOLUTION) {
      const uint32_t *rows;
      size_t n, k;
      found++;
      if (!count_only && found <= first) {
        dlx_solution(s, &rows, &n);
        for (k = 0; k < n; k++) print_option(&in, rows[k]);
        putchar('\n');
        cli_output_ok();
      }
      if ((limit && found >= limit) || (!count_only && found >= first)) break;
    } else if (st == DLX_EXHAUSTED) {
      break;
    } else if (st != DLX_BUDGET_SPENT) {
      snprintf(msg, sizeof msg, "search failed: %s", dlx_status_str(st));
      dlx_free(s);
      dlxin_free(&in);
      cli_fail(msg);
    }
    if (seconds > 0 || progress) {
      double now = cpu_seconds();
      if (seconds > 0 && now - start >= seconds) {
        stopped = 1;
        why = "time";
        break;
      }
      if (progress && now - last_shown >= (progress == 2 ? 0.5 : 10.0)) {
        show_progress(s, progress == 2, found);
        last_shown = now;
      }
    }
  }
  if (progress == 2 && last_shown > start) fputs("\r\033[K", stderr);
  if (count_only) {
    printf("%llu\n", (unsigned long long)found);
    cli_output_ok();
  }
  /* The answer first: when it cannot be written, that is the one line on stderr. */
  fflush(stdout);
  cli_output_ok();
  dlx_get_stats(s, &stats);
  dlx_get_cleansings(s, &cleansings);
  if (stopped) {
    fprintf(stderr, "dlx: stopped by --%s after %llu solutions%s\n", why,
            (unsigned long long)found, count_only ? " (the count is a lower bound)" : "");
    status = 3;
  }
  if (!quiet)
    fprintf(stderr,
            "dlx: %llu solution%s, %llu nodes, %llu updates, %llu cleansings (%u options, "
            "%u+%u items, %u colours)\n",
            (unsigned long long)found, found == 1 ? "" : "s", (unsigned long long)stats.nodes,
            (unsigned long long)stats.updates, (unsigned long long)cleansings, in.options,
            in.primary, in.items.n - in.primary, in.colours.n);
  dlx_free(s);
  dlxin_free(&in);
  return cli_finish(status);
}
