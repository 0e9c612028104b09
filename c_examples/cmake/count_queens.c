/* count_queens N: the N-queens count, built by CMake against the installed libdlx. */
#include <dlx.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc == 2 ? strtol(argv[1], NULL, 10) : 0;
  uint32_t r, c, q;
  dlx_dims d;
  dlx_solver *s;
  uint64_t count = 0;
  if (n < 1 || n > 16) {
    fprintf(stderr, "usage: count_queens N (1..16)\n");
    return 1;
  }
  q = (uint32_t)n;
  d.primary = 2 * q;
  d.secondary = 2 * (2 * q - 1);
  d.max_rows = q * q;
  d.max_entries = 4 * q * q;
  if (dlx_abi_version() != DLX_ABI_VERSION || dlx_new(&d, &s) != DLX_OK) return 1;
  for (r = 0; r < q; ++r)
    for (c = 0; c < q; ++c) {
      uint32_t cols[4];
      cols[0] = r;
      cols[1] = q + c;
      cols[2] = 2 * q + r + c;
      cols[3] = 4 * q - 1 + r + q - 1 - c;
      dlx_add_row(s, cols, 4, NULL);
    }
  dlx_count(s, 0, &count);
  dlx_free(s);
  printf("%llu\n", (unsigned long long)count);
  return 0;
}
