// dlx.hpp in a build without exceptions (-fno-exceptions -DDLX_NO_EXCEPTIONS), as game
// engines compile: only the noexcept try_* members exist, and they return the status.
#include "dlx.hpp"

#include <cstdio>

int main() {
  dlx_status st = DLX_ERR_INTERNAL;
  dlx::Solver s(dlx_dims{2, 0, 3, 4}, st);
  if (st != DLX_OK) return 1;
  const std::uint32_t a[] = {0}, b[] = {1}, ab[] = {0, 1}, dup[] = {0, 0};
  int bad = 0;
  bad += s.try_add_row(a, 1) != DLX_OK;
  bad += s.try_add_row(b, 1) != DLX_OK;
  bad += s.try_add_row(ab, 2) != DLX_OK;
  bad += s.try_add_row(dup, 2) != DLX_ERR_DUPLICATE;
  std::uint64_t n = 0;
  bad += s.try_count(0, n) != DLX_OK || n != 2;
  dlx::Rows rows;
  bad += s.try_next() != DLX_SOLUTION;
  bad += s.try_solution(rows) != DLX_OK || rows.size() != 2;
  std::printf("6 checks, %d failed\n", bad);
  return bad == 0 ? 0 : 1;
}
