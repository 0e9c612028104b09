/* libFuzzer harness for c_examples/input/poj3074.h (poj3074_next).
 *
 * Checks: the puzzles returned are the ones an independent reading of the lines
 * finds; the parser reaches "end" exactly when the input up to that line is well
 * formed; a refusal carries a one-line message. */
#include "harness.h"

#include "input/poj3074.h"

/* The next puzzle of the independent reading: 1 with it in want, 0 at "end", -1 at a
 * fault or the end of the input. */
static int oracle_next(const uint8_t *d, size_t n, size_t *pos, uint8_t want[81]) {
  const uint8_t *line;
  size_t len;
  while (next_line(d, n, pos, &line, &len)) {
    for (size_t i = 0; i < len; ++i) {
      uint8_t c = line[i];
      if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\r' && c != '\v' && c != '\f') return -1;
    }
    if (len >= 4096) return -1;
    while (len > 0 && (line[0] == ' ' || line[0] == '\t')) ++line, --len;
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
      --len;
    if (len == 0) continue;
    if (len == 3 && memcmp(line, "end", 3) == 0) return 0;
    if (len != 81) return -1;
    for (int i = 0; i < 81; ++i) {
      if (line[i] == '.') want[i] = 0;
      else if (line[i] >= '1' && line[i] <= '9') want[i] = (uint8_t)(line[i] - '0');
      else return -1;
    }
    return 1;
  }
  return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static struct poj3074_input in;
  uint8_t grid[81], want[81];
  char msg[MSG_CAP] = "";
  size_t pos = 0;
  int got, expect;
  FILE *f = open_input(data, size);
  poj3074_start(&in, f);
  do {
    msg[0] = '\0';
    got = poj3074_next(&in, grid, msg, sizeof msg);
    expect = oracle_next(data, size, &pos, want);
    REQUIRE(got == expect);
    if (got == 1) REQUIRE(memcmp(grid, want, 81) == 0);
  } while (got == 1);
  fclose(f);
  if (got < 0) check_message(msg);
  return 0;
}
