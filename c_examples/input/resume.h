/* The image-file reader of resume.c, in a file of its own so that fuzz/c/resume.c runs
 * the very same code under libFuzzer. It reads from any FILE*, never exits, and on a
 * malformed file returns -1 with a one-line message (without the program's name).
 *
 * File: "DLXRSUM1", the solutions so far (8 bytes), the image length (8 bytes), then
 * the image (all in this machine's byte order, like the image itself), then nothing.
 * Only the framing is checked here: the image itself is dlx_attach's to validate. */
#ifndef RESUME_INPUT_H
#define RESUME_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char resume_magic[8] = {'D', 'L', 'X', 'R', 'S', 'U', 'M', '1'};

/* Reads a whole resume file whose image is at most max_len bytes. On success returns
 * 0 with the count in *found and the image in *image (*len bytes, from malloc, so
 * aligned for any type; the caller frees it); else -1 with a message in msg. */
static int resume_read(FILE *f, uint64_t max_len, uint64_t *found, void **image, size_t *len,
                       char *msg, size_t cap) {
  char magic[8];
  uint64_t count, len64;
  void *mem;
  if (fread(magic, 1, 8, f) != 8 || memcmp(magic, resume_magic, 8) != 0 ||
      fread(&count, 8, 1, f) != 1 || fread(&len64, 8, 1, f) != 1 || len64 > max_len) {
    snprintf(msg, cap, "not an image file");
    return -1;
  }
  mem = malloc(len64 == 0 ? 1 : (size_t)len64); /* malloc aligns for any type */
  if (mem == NULL) {
    snprintf(msg, cap, "out of memory");
    return -1;
  }
  if (fread(mem, 1, (size_t)len64, f) != (size_t)len64) {
    free(mem);
    snprintf(msg, cap, "truncated image file");
    return -1;
  }
  if (fgetc(f) != EOF) {
    free(mem);
    snprintf(msg, cap, "stray bytes after the image");
    return -1;
  }
  *found = count;
  *image = mem;
  *len = (size_t)len64;
  return 0;
}

#endif
