/* libFuzzer harness for c_examples/input/hiho1321.h (hiho1321_next).
 *
 * Checks: the grids returned before the end or a refusal are the ones an independent
 * reading of the format finds; the parser reaches the end exactly when the whole input
 * is well formed; a refusal carries a one-line message. */
#include "harness.h"

#include "input/hiho1321.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct hiho1321_input in;
  uint8_t grid[81];
  char msg[MSG_CAP] = "";
  size_t pos = 0, len;
  const uint8_t *t;
  long announced = -1, grids = 0;
  int got, well_formed = clean_text(data, size);
  FILE *f = open_input(data, size);

  /* t: up to 4 digits, 1..1000. */
  if (next_token(data, size, &pos, &t, &len) && len <= 4) {
    announced = 0;
    for (size_t i = 0; i < len; ++i)
      announced = t[i] >= '0' && t[i] <= '9' && announced >= 0 ? announced * 10 + (t[i] - '0') : -1;
  }
  if (announced < 1 || announced > 1000) well_formed = 0;

  hiho1321_start(&in, f);
  while ((got = hiho1321_next(&in, grid, msg, sizeof msg)) == 1) {
    REQUIRE(announced >= 1 && grids < announced);
    for (int i = 0; i < 81; ++i) {
      REQUIRE(next_token(data, size, &pos, &t, &len));
      REQUIRE(digit_token(t, len) == grid[i]);
    }
    ++grids;
  }
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (got == 0) {
    REQUIRE(well_formed && grids == announced);
    REQUIRE(!next_token(data, size, &pos, &t, &len));
    return 0;
  }
  check_message(msg);
  /* Refused: the rest must hold a fault somewhere. */
  if (well_formed && grids < announced) {
    for (long k = grids * 81; k < announced * 81; ++k)
      if (!next_token(data, size, &pos, &t, &len) || digit_token(t, len) < 0) well_formed = 0;
  }
  if (well_formed && next_token(data, size, &pos, &t, &len)) well_formed = 0;
  REQUIRE(!well_formed);
  return 0;
}
