// The C++17 wrapper (include/dlx.hpp): RAII, moves, ranges, exceptions, noexcept API.
#include "dlx.hpp"

#include <array>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

static int failures = 0, checks = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

static_assert(!std::is_copy_constructible_v<dlx::Solver>, "handles are not copyable");
static_assert(std::is_nothrow_move_constructible_v<dlx::Solver>, "handles move");

static dlx::Solver queens(std::uint32_t n) {
  dlx::Solver s(dlx_dims{2 * n, 2 * (2 * n - 1), n * n, 4 * n * n});
  for (std::uint32_t r = 0; r < n; ++r)
    for (std::uint32_t c = 0; c < n; ++c) {
      std::array<std::uint32_t, 4> cols{r, n + c, 2 * n + r + c, 4 * n - 1 + r + n - 1 - c};
      s.add_row(cols);
    }
  return s;
}

/* Colours (Knuth's example from dlx2.w, DLX2's figures) and bounds. */
static void colours_and_bounds() {
  dlx_xdims d{3, 2, 4, 12, 2, 0};
  dlx::Solver x(d);
  x.add_row_colored({0, 1, 3, 4}, {0, 0, 1, 1});
  x.add_row_colored({0, 2, 3, 4}, {0, 0, 2, 2});
  x.add_row_colored({1, 3}, {0, 2});
  x.add_row_colored({2, 4}, {0, 2});
  CHECK(x.count() == 1);
  CHECK(x.stats().nodes == 4 && x.stats().updates == 14 && x.cleansings() == 5);
  try {
    x.add_row_colored({0, 3}, {1, 0});  // a colour on a primary column
    CHECK(false);
  } catch (const dlx::Error &e) {
    CHECK(e.status() == DLX_ERR_ARG);
  }
  dlx_xdims m{3, 0, 5, 8, 0, 2};
  dlx::Solver b(m);
  b.add_row({0});
  b.add_row({0, 1});
  b.add_row({0, 2});
  b.add_row({1, 2});
  b.add_row({2});
  CHECK(b.count() == 2);
  b.set_bounds(0, 1, 2);
  b.set_bounds(1, 0, 1);
  CHECK(b.count() == 7);
  CHECK(b.try_set_bounds(2, 0, 2) == DLX_ERR_CAPACITY);
}

int main() {
  colours_and_bounds();
  dlx::Solver s = queens(8);
  CHECK(s.count() == 92);
  CHECK(s.count(2) == 2);
  int seen = 0;
  for (dlx::Rows rows : s.solutions()) {
    CHECK(rows.size() == 8);
    ++seen;
  }
  CHECK(seen == 92);
  CHECK(s.stats().solutions == 92);

  dlx::Solver moved = std::move(s);
  CHECK(!s && moved);
  CHECK(moved.count() == 92);

  // Errors become exceptions carrying the status...
  try {
    moved.add_row(std::vector<std::uint32_t>{0, 0});
    CHECK(false);
  } catch (const dlx::Error &e) {
    CHECK(e.status() == DLX_ERR_DUPLICATE);
  }
  try {
    moved.add_row({999});
    CHECK(false);
  } catch (const dlx::Error &e) {
    CHECK(e.status() == DLX_ERR_COLUMN);
  }
  // ...or stay codes in the noexcept API.
  const std::uint32_t bad[] = {1, 1};
  CHECK(moved.try_add_row(bad, 2) == DLX_ERR_DUPLICATE);
  static_assert(noexcept(moved.try_next(1)), "try_* never throws");
  dlx_status st = DLX_OK;
  dlx::Solver quiet(dlx_dims{1, 0, 1, 1}, st);
  CHECK(st == DLX_OK);
  const std::uint32_t only[] = {0};
  CHECK(quiet.try_add_row(only, 1) == DLX_OK);
  std::uint64_t n = 0;
  CHECK(quiet.try_count(0, n) == DLX_OK && n == 1);

  // Budgeted search through the wrapper gives the same solutions.
  dlx::Solver sliced = queens(6);
  int found = 0;
  for (;;) {
    dlx_status r = sliced.next(10);
    if (r == DLX_SOLUTION) ++found;
    if (r == DLX_EXHAUSTED) break;
  }
  CHECK(found == 4);
  // Sudoku: parse, solve, count, format, generate with a budget.
  dlx::Sudoku sudoku(3, 3);
  const std::string text =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::vector<std::uint8_t> givens = dlx::Sudoku::parse(text, 9);
  std::vector<std::uint8_t> solved = sudoku.solve(givens);
  CHECK(solved.size() == 81);
  for (std::size_t i = 0; i < 81; ++i) CHECK(givens[i] == 0 || givens[i] == solved[i]);
  CHECK(sudoku.count(givens, 2) == 1);
  CHECK(dlx::Sudoku::format(givens, 9) == text);
  try {
    dlx::Sudoku::parse("12x", 9);
    CHECK(false);
  } catch (const dlx::Error &e) {
    CHECK(e.status() == DLX_ERR_PARSE);
  }
  CHECK(sudoku.try_generate_start(7) == DLX_OK);
  std::vector<std::uint8_t> puzzle(81);
  int frames = 0;
  dlx_status g;
  while ((g = sudoku.try_generate(500, puzzle.data())) == DLX_BUDGET_SPENT) ++frames;
  CHECK(g == DLX_OK && frames > 1);
  CHECK(sudoku.count(puzzle, 2) == 1);
  dlx::Sudoku moved_sudoku = std::move(sudoku);
  CHECK(!sudoku && moved_sudoku && moved_sudoku.cells() == 81);

  // Maximizer: the heaviest exact cover of {0, 1} from {0}, {1}, {0, 1}.
  dlx::Solver small(dlx_dims{2, 0, 3, 4});
  small.add_row({0});
  small.add_row({1});
  small.add_row({0, 1});
  dlx::Maximizer best(dlx_dims{2, 0, 3, 4});
  best.set_weight(0, 4);
  best.set_weight(1, -1);
  best.set_weight(2, 2);
  CHECK(best.solve(small));
  CHECK(best.best_value() == 3 && best.best_rows().size() == 2);
  best.reset();
  best.set_weight(2, 5);
  CHECK(best.solve(small) && best.best_value() == 5 && best.best_rows().size() == 1);

  // Tiling: dominoes on a 2x3 board: 3 tilings.
  dlx::Tiling tiling(dlx_tiling_dims{3, 2, 1, 1, 2, 0});
  tiling.set_board(std::vector<std::uint8_t>(6, 1));
  CHECK(tiling.add_piece({0, 0, 0, 1, 0, 0}, DLX_TILING_UNLIMITED) == 0);
  tiling.build();
  CHECK(tiling.count() == 3);
  CHECK(tiling.next() == DLX_SOLUTION);
  std::vector<std::uint32_t> board = tiling.fill();
  CHECK(board.size() == 6);
  for (std::uint32_t cell : board) CHECK(cell == 0);
  dlx::Tiling moved_tiling = std::move(tiling);
  CHECK(!tiling && moved_tiling);

  std::printf("%d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
