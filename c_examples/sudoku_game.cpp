// sudoku_game [seed] [size]: a game's frame loop that generates a new puzzle in the
// background, a fixed work budget per frame, while it keeps "rendering" (here: one
// progress character per frame). C++17 over include/dlx.hpp.
#include "cli.h"  // --help, write errors on stdout
#include "dlx.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

// Candidate eliminations (the helper's work unit): about 0.5 ms for a 9x9 grid on
// the development machine, well under a 60 Hz frame.
constexpr std::uint64_t kBudgetPerFrame = 20000;

bool parse(const char *text, unsigned long max, unsigned long &out) {
  char *end = nullptr;
  if (*text < '0' || *text > '9') return false;
  out = std::strtoul(text, &end, 10);
  return *end == '\0' && out <= max;
}

const char kUsage[] =
    "usage: sudoku_game [SEED] [9|16|25]\n"
    "A game's frame loop that generates a Sudoku puzzle of the given side (default 9)\n"
    "from SEED (default 1) with a fixed work budget per frame, showing a dot every ten\n"
    "frames on stderr, then prints the puzzle. Reads no input.\n"
    "Exit status: 0 done, 1 bad arguments or output that cannot be written.\n";

}  // namespace

int main(int argc, char **argv) {
  unsigned long seed = 1, size = 9;
  cli_init(argc, argv, "sudoku_game", kUsage);
  if (argc > 3 || (argc > 1 && !parse(argv[1], 0xFFFFFFFFul, seed)) ||
      (argc > 2 && (!parse(argv[2], 25, size) || (size != 9 && size != 16 && size != 25)))) {
    std::fprintf(stderr, "usage: sudoku_game [seed] [9|16|25]\n");
    return 1;
  }
  const std::uint32_t box = size == 9 ? 3 : size == 16 ? 4 : 5;
  dlx_status st = DLX_OK;
  dlx::Sudoku sudoku(box, box, st);  // the no-exception API, as engines build
  if (st != DLX_OK || sudoku.try_generate_start(seed, size == 25 ? 30000 : 0) != DLX_OK) {
    std::fprintf(stderr, "sudoku_game: %s\n", dlx_status_str(st));
    return 1;
  }
  std::vector<std::uint8_t> puzzle(sudoku.cells()), solution(sudoku.cells());
  unsigned frames = 0;
  std::fprintf(stderr, "generating");
  for (;;) {
    ++frames;
    st = sudoku.try_generate(kBudgetPerFrame, puzzle.data(), solution.data());
    if (st != DLX_BUDGET_SPENT) break;
    if (frames % 10 == 0) std::fputc('.', stderr);  // the game renders on
  }
  std::fputc('\n', stderr);
  if (st != DLX_OK) {
    std::fprintf(stderr, "sudoku_game: %s\n", dlx_status_str(st));
    return 1;
  }
  std::size_t clues = 0;
  for (std::uint8_t c : puzzle) clues += c != 0;
  std::uint64_t count = 0;
  if (sudoku.try_count(puzzle.data(), 2, count) != DLX_OK || count != 1) {
    std::fprintf(stderr, "sudoku_game: the puzzle is not unique\n");
    return 1;
  }
  std::printf("%lux%lu puzzle with %zu clues after %u frames of %llu updates, unique\n", size,
              size, clues, frames, static_cast<unsigned long long>(kBudgetPerFrame));
  for (std::size_t r = 0; r < size; ++r) {
    for (std::size_t c = 0; c < size; ++c) {
      std::uint8_t v = puzzle[r * size + c];
      std::printf("%c", v == 0 ? '.' : v < 10 ? char('0' + v) : char('A' + v - 10));
    }
    std::printf("\n");
  }
  return cli_finish(0);
}
