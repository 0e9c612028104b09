/* The input parser of sudoku.c, in a file of its own so that fuzz/c/sudoku.c runs the
 * very same code under libFuzzer. It reads from any FILE*, never exits, and on
 * malformed input returns -1 with a one-line message (without the program's name).
 * The cells of a line are read by the library's dlx_sudoku_parse.
 *
 * Input: one puzzle per line of N*N cells (N = 4, 6, 8, 9, 10, 12, ..., 49, taken from
 * the line's length); spaces and tabs around a line and empty lines are skipped. */
#ifndef SUDOKU_INPUT_H
#define SUDOKU_INPUT_H

#include "dlx.h"

#include <stdint.h>
#include <stdio.h>

#define MAX_SIDE 49 /* the biggest grid a line of symbols 1-9, A-Z, a-z can spell */

/* The box shape for side n: the most square, rows per box <= columns per box. */
static int shape(unsigned n, unsigned *br, unsigned *bc) {
  unsigned best = 0;
  for (unsigned r = 2; r * r <= n; ++r)
    if (n % r == 0) best = r;
  if (best == 0 || n < 4 || n > MAX_SIDE) return 0;
  *br = best;
  *bc = n / best;
  return 1;
}

struct sudoku_input {
  FILE *f;
  unsigned long lineno; /* lines read so far */
  char line[1 << 16];
};

static void sudoku_start(struct sudoku_input *in, FILE *f) {
  in->f = f;
  in->lineno = 0;
}

/* The next puzzle: its side in *n and its n*n cells in grid (0 = blank). Returns 1
 * with a puzzle, 0 at the end of the input, or -1 with a message in msg. */
static int sudoku_next(struct sudoku_input *in, uint8_t grid[MAX_SIDE * MAX_SIDE], unsigned *n,
                       char *msg, size_t cap) {
  FILE *f = in->f;
  for (;;) {
    size_t len = 0, start = 0, bad;
    unsigned side = 0, br, bc;
    int c;
    dlx_status st;
    while ((c = getc(f)) != EOF && c != '\n') {
      if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\r') {
        snprintf(msg, cap, "line %lu: unexpected byte (not printable ASCII)", in->lineno + 1);
        return -1;
      }
      if (len + 1 < sizeof in->line) in->line[len] = (char)c;
      ++len;
    }
    if (c == EOF && len == 0) return 0;
    ++in->lineno;
    if (len + 1 >= sizeof in->line) {
      snprintf(msg, cap, "line %lu: line too long", in->lineno);
      return -1;
    }
    while (len > 0 && (in->line[len - 1] == ' ' || in->line[len - 1] == '\t' ||
                       in->line[len - 1] == '\r'))
      --len;
    while (start < len && (in->line[start] == ' ' || in->line[start] == '\t')) ++start;
    len -= start;
    if (len == 0) continue;
    while ((size_t)(side + 1) * (side + 1) <= len) ++side;
    if ((size_t)side * side != len || !shape(side, &br, &bc)) {
      snprintf(msg, cap, "line %lu: %lu cells is not a supported grid (81, 256, 625, ...)",
               in->lineno, (unsigned long)len);
      return -1;
    }
    st = dlx_sudoku_parse(in->line + start, len, side, 0, grid, len, &bad);
    if (st == DLX_ERR_PARSE && bad >= len) {
      /* Separators ('|', '+', inner blanks) are skipped, so the cells ran out. */
      snprintf(msg, cap, "line %lu: fewer than %u cells (one cell per character)", in->lineno,
               side * side);
      return -1;
    }
    if (st != DLX_OK) {
      snprintf(msg, cap, "line %lu, column %lu: bad cell '%c'", in->lineno,
               (unsigned long)(start + bad + 1),
               st == DLX_ERR_PARSE ? in->line[start + bad] : '?');
      return -1;
    }
    *n = side;
    return 1;
  }
}

#endif
