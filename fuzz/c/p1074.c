/* libFuzzer harness for c_examples/input/p1074.h (p1074_read).
 *
 * Checks: the parser accepts exactly the inputs an independent reading of the format
 * accepts, with the same grid; a refusal carries a one-line message. */
#include "harness.h"

#include "input/p1074.h"

static int blank(uint8_t c) { return c == ' ' || c == '\t'; }

/* Nine lines of at most 255 bytes; each, without trailing blanks and CR, is nine
 * one-digit entries between blanks; lines 1-8 end in '\n'; then blank lines only. */
static int oracle(const uint8_t *d, size_t n, int want[81]) {
  size_t pos = 0;
  for (int r = 0; r < 9; ++r) {
    size_t s = pos, len, i = 0;
    int k = 0;
    while (pos < n && d[pos] != '\n') ++pos;
    len = pos - s;
    if (len > 255 || (pos == n && len == 0)) return 0;
    if (pos == n && r < 8) return 0;
    if (pos < n) ++pos;
    while (len > 0 && (blank(d[s + len - 1]) || d[s + len - 1] == '\r')) --len;
    for (;;) {
      while (i < len && blank(d[s + i])) ++i;
      if (i == len) break;
      size_t e = i;
      while (e < len && !blank(d[s + e])) ++e;
      if (e - i != 1 || d[s + i] < '0' || d[s + i] > '9' || k == 9) return 0;
      want[9 * r + k++] = d[s + i] - '0';
      i = e;
    }
    if (k != 9) return 0;
  }
  for (; pos < n; ++pos)
    if (!blank(d[pos]) && d[pos] != '\r' && d[pos] != '\n') return 0;
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int grid[81], want[81];
  char msg[MSG_CAP] = "";
  FILE *f = open_input(data, size);
  int got = p1074_read(f, grid, msg, sizeof msg);
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (got != 0) {
    check_message(msg);
    REQUIRE(!oracle(data, size, want));
    return 0;
  }
  REQUIRE(oracle(data, size, want));
  REQUIRE(memcmp(grid, want, sizeof grid) == 0);
  return 0;
}
