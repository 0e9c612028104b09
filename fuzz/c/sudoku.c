/* libFuzzer harness for c_examples/input/sudoku.h (sudoku_next).
 *
 * Checks: every puzzle returned has a supported side and cells in 0..side, and it is
 * the cells of the next non-blank line (the library's dlx_sudoku_format of the grid,
 * read back by an independent cell reader, gives the grid again); the parser stops at
 * the end or at a refusal with a one-line message, having read no byte that is not
 * printable ASCII, tab or CR as part of an accepted line. */
#include "harness.h"

#include "dlx.h"
#include "input/sudoku.h"

/* The value of a cell symbol as the format writes it: 1-9, then A-Z, then a-z. */
static int symbol_value(char c) {
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 36;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static struct sudoku_input in;
  static uint8_t grid[MAX_SIDE * MAX_SIDE];
  static char text[MAX_SIDE * MAX_SIDE + 1];
  char msg[MSG_CAP] = "";
  unsigned n = 0, br, bc;
  size_t pos = 0, len, out;
  const uint8_t *line;
  int got;
  FILE *f = open_input(data, size);
  sudoku_start(&in, f);
  while ((got = sudoku_next(&in, grid, &n, msg, sizeof msg)) == 1) {
    size_t cells = (size_t)n * n;
    REQUIRE(shape(n, &br, &bc));
    for (size_t i = 0; i < cells; ++i) REQUIRE(grid[i] <= n);
    /* The next non-blank line is this puzzle: clean bytes, n*n symbols once trimmed. */
    for (;;) {
      REQUIRE(next_line(data, size, &pos, &line, &len));
      for (size_t i = 0; i < len; ++i)
        REQUIRE((line[i] >= 0x20 && line[i] <= 0x7e) || line[i] == '\t' || line[i] == '\r');
      while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        --len;
      while (len > 0 && (line[0] == ' ' || line[0] == '\t')) ++line, --len;
      if (len > 0) break;
    }
    REQUIRE(len == cells);
    REQUIRE(dlx_sudoku_format(grid, cells, n, 0, text, sizeof text, &out) == DLX_OK);
    REQUIRE(out == cells);
    for (size_t i = 0; i < cells; ++i) REQUIRE((unsigned)symbol_value(text[i]) == grid[i]);
  }
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (got < 0) check_message(msg);
  return 0;
}
