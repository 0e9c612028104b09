/* CHECK and CHECK_STATUS for the C tests in this folder: each counts a check and
 * reports a failure on stderr with its file and line, and the test goes on. A test
 * prints "<checks> checks, <failures> failed" at the end and fails when any did.
 *
 * Not a .c file on purpose: tests/c_api.rs and tests/sanitizers.rs build every
 * .c file in tests/c as a program of its own. Include it from exactly one .c per program
 * (the counters are static). */
#ifndef DLX_TESTS_CHECK_H
#define DLX_TESTS_CHECK_H

#include "dlx.h"

#include <stdio.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                              \
  do {                                                                           \
    ++checks;                                                                    \
    if (!(cond)) {                                                               \
      ++failures;                                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);   \
    }                                                                            \
  } while (0)

#define CHECK_STATUS(call, want)                                                 \
  do {                                                                           \
    dlx_status got_ = (call);                                                    \
    ++checks;                                                                    \
    if (got_ != (want)) {                                                        \
      ++failures;                                                                \
      fprintf(stderr, "%s:%d: %s returned %d (%s), want %d\n", __FILE__,         \
              __LINE__, #call, (int)got_, dlx_status_str(got_), (int)(want));    \
    }                                                                            \
  } while (0)

#endif /* DLX_TESTS_CHECK_H */
