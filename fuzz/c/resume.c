/* libFuzzer harness for c_examples/input/resume.h (resume_read).
 *
 * Checks: the reader accepts exactly the files an independent reading of the framing
 * accepts (magic, count, length <= the limit, exactly that many image bytes, nothing
 * after), with the same count and image bytes; a refusal carries a one-line message
 * and leaks nothing (LeakSanitizer). The limit is 4096 here (the program's is 2^30)
 * so that both sides of it are reached. */
#include "harness.h"

#include "input/resume.h"

#define LIMIT 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char msg[MSG_CAP] = "";
  uint64_t found = 0, count, len64 = 0;
  void *image = NULL;
  size_t len = 0;
  int well_formed = size >= 24 && memcmp(data, "DLXRSUM1", 8) == 0;
  FILE *f = open_input(data, size);
  int got = resume_read(f, LIMIT, &found, &image, &len, msg, sizeof msg);
  fclose(f);
  REQUIRE(got == 0 || got == -1);
  if (well_formed) {
    memcpy(&count, data + 8, 8);
    memcpy(&len64, data + 16, 8);
    well_formed = len64 <= LIMIT && size - 24 == len64;
  }
  if (got != 0) {
    check_message(msg);
    REQUIRE(!well_formed);
    return 0;
  }
  REQUIRE(well_formed);
  REQUIRE(image != NULL && len == len64 && found == count);
  REQUIRE(len == 0 || memcmp(image, data + 24, len) == 0);
  free(image);
  return 0;
}
