/* What every libFuzzer harness in fuzz/c/ shares: the input as a FILE*, the parsers'
 * message contract, and a token/line splitter for the independent readings of the
 * formats that the harnesses compare the parsers with.
 *
 * A broken promise aborts, which libFuzzer reports as a finding with the input. */
#ifndef FUZZ_HARNESS_H
#define FUZZ_HARNESS_H

#define _POSIX_C_SOURCE 200809L /* fmemopen */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MSG_CAP 128

#define REQUIRE(cond)                                                                    \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      fprintf(stderr, "%s:%d: contract broken: %s\n", __FILE__, __LINE__, #cond);        \
      abort();                                                                           \
    }                                                                                    \
  } while (0)

/* The fuzzer's bytes as a read-only stream (an empty input is an empty stream). */
static inline FILE *open_input(const uint8_t *data, size_t size) {
  static const uint8_t none[1];
  FILE *f = fmemopen((void *)(size ? data : none), size, "r");
  REQUIRE(f != NULL);
  return f;
}

/* A parser's refusal: a message that is one line of printable ASCII, not empty and
 * not cut short by the buffer. */
static inline void check_message(const char msg[MSG_CAP]) {
  size_t n = strnlen(msg, MSG_CAP);
  REQUIRE(n > 0);
  REQUIRE(n < MSG_CAP - 1);
  for (size_t i = 0; i < n; ++i) REQUIRE(msg[i] >= 0x20 && msg[i] <= 0x7e);
}

/* The judges' whitespace; the bytes a token may hold are 0x21..0x7e. */
static inline int ws(uint8_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* True when every byte is whitespace or printable ASCII. */
static inline int clean_text(const uint8_t *d, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (!ws(d[i]) && (d[i] < 0x21 || d[i] > 0x7e)) return 0;
  return 1;
}

/* The next whitespace-separated token at or after *pos: 1 with it in [*tok, *tok+*len),
 * 0 at the end. */
static inline int next_token(const uint8_t *d, size_t n, size_t *pos, const uint8_t **tok,
                      size_t *len) {
  size_t i = *pos, s;
  while (i < n && ws(d[i])) ++i;
  if (i == n) {
    *pos = i;
    return 0;
  }
  s = i;
  while (i < n && !ws(d[i])) ++i;
  *tok = d + s;
  *len = i - s;
  *pos = i;
  return 1;
}

/* The next line at or after *pos, without its '\n': 1 with it in [*line, *line+*len),
 * 0 at the end (a last line without '\n' counts, an empty rest does not). */
static inline int next_line(const uint8_t *d, size_t n, size_t *pos, const uint8_t **line,
                     size_t *len) {
  size_t i = *pos, s = *pos;
  if (i == n) return 0;
  while (i < n && d[i] != '\n') ++i;
  *line = d + s;
  *len = i - s;
  *pos = i < n ? i + 1 : i;
  return 1;
}

/* A token that is one decimal digit: its value, else -1. */
static inline int digit_token(const uint8_t *t, size_t len) {
  return len == 1 && t[0] >= '0' && t[0] <= '9' ? t[0] - '0' : -1;
}

#endif
