/* libFuzzer harness for c_examples/input/p1784.h (p1784_read).
 *
 * Checks: the parser accepts exactly the inputs an independent reading of the format
 * accepts, with the same grid; a refusal carries a one-line message. */
#include "harness.h"

#include "input/p1784.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t grid[81], want[81];
  char msg[MSG_CAP] = "";
  size_t pos = 0, len;
  const uint8_t *t;
  int count = 0, well_formed = clean_text(data, size);
  FILE *f = open_input(data, size);
  int got = p1784_read(f, grid, msg, sizeof msg);
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  /* Exactly 81 tokens, each one digit. */
  while (well_formed && next_token(data, size, &pos, &t, &len)) {
    int v = digit_token(t, len);
    if (v < 0 || count == 81) well_formed = 0;
    else want[count++] = (uint8_t)v;
  }
  if (count < 81) well_formed = 0;
  if (got != 0) {
    check_message(msg);
    REQUIRE(!well_formed);
    return 0;
  }
  REQUIRE(well_formed);
  REQUIRE(memcmp(grid, want, 81) == 0);
  return 0;
}
