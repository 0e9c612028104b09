/* libFuzzer harness for c_examples/input/uva1309.h (uva1309_next).
 *
 * Checks: the puzzles returned are the ones an independent reading of the lines
 * finds; the parser reaches the end exactly when the whole input is well formed; a
 * refusal carries a one-line message. */
#include "harness.h"

#include "input/uva1309.h"

/* The next puzzle of the independent reading: 1 with it in want, 0 at a clean end,
 * -1 at a fault. */
static int oracle_next(const uint8_t *d, size_t n, size_t *pos, long *puzzles,
                       uint8_t want[256]) {
  const uint8_t *line;
  size_t len;
  int rows = 0;
  while (next_line(d, n, pos, &line, &len)) {
    for (size_t i = 0; i < len; ++i) {
      uint8_t c = line[i];
      if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\r' && c != '\v' && c != '\f') return -1;
    }
    if (len < 64)
      while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        --len;
    if (len == 0) {
      if (rows != 0) return -1;
      continue;
    }
    if (len != 16) return -1;
    for (int k = 0; k < 16; ++k) {
      if (line[k] == '-') want[rows * 16 + k] = 0;
      else if (line[k] >= 'A' && line[k] <= 'P') want[rows * 16 + k] = (uint8_t)(line[k] - 'A' + 1);
      else return -1;
    }
    if (++rows == 16) {
      ++*puzzles;
      return 1;
    }
  }
  return rows == 0 && *puzzles > 0 ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct uva1309_input in;
  uint8_t grid[256], want[256];
  char msg[MSG_CAP] = "";
  size_t pos = 0;
  long puzzles = 0;
  int got, expect;
  FILE *f = open_input(data, size);
  uva1309_start(&in, f);
  do {
    msg[0] = '\0';
    got = uva1309_next(&in, grid, msg, sizeof msg);
    expect = oracle_next(data, size, &pos, &puzzles, want);
    REQUIRE(got == expect);
    if (got == 1) REQUIRE(memcmp(grid, want, 256) == 0 && in.puzzles == puzzles);
  } while (got == 1);
  fclose(f);
  if (got < 0) check_message(msg);
  return 0;
}
