// dlx.hpp: a header-only C++17 wrapper over the libdlx C API (dlx.h).
//
//   dlx::Solver s({4, 0, 5, 10});          // primary, secondary, max_rows, max_entries
//   s.add_row({0, 3});                       // rows from any contiguous range
//   for (auto rows : s.solutions()) { ... }  // range-for over solutions (row ids)
//
// Also dlx::Sudoku, dlx::Maximizer and dlx::Tiling over the domain helpers.
//
// Errors throw dlx::Error (carrying the dlx_status). Engines built without exceptions
// define DLX_NO_EXCEPTIONS and use the try_* members, which are noexcept and return the
// status instead. Handles are movable, not copyable; the destructor frees the solver.
#ifndef DLX_HPP
#define DLX_HPP

// MSVC reports __cplusplus as 199711L unless /Zc:__cplusplus; _MSVC_LANG is right.
#if (defined(_MSVC_LANG) ? _MSVC_LANG : __cplusplus) < 201703L
#error "dlx.hpp needs C++17 (e.g. -std=c++17); C++11/14 code can include dlx.h directly"
#endif

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "dlx.h"

#ifndef DLX_NO_EXCEPTIONS
#include <stdexcept>
#endif

namespace dlx {

/// A view of row ids (valid until the next call on the solver that produced it).
struct Rows {
  const std::uint32_t *ptr = nullptr;
  std::size_t len = 0;
  const std::uint32_t *begin() const noexcept { return ptr; }
  const std::uint32_t *end() const noexcept { return ptr + len; }
  std::size_t size() const noexcept { return len; }
  std::uint32_t operator[](std::size_t i) const noexcept { return ptr[i]; }
};

#ifndef DLX_NO_EXCEPTIONS
/// A failed call: what() is dlx_status_str(status()).
class Error : public std::runtime_error {
 public:
  explicit Error(dlx_status status)
      : std::runtime_error(std::string("dlx: ") + dlx_status_str(status)), status_(status) {}
  dlx_status status() const noexcept { return status_; }

 private:
  dlx_status status_;
};

/// Throws dlx::Error for negative codes, returns outcomes (>= 0) unchanged.
inline dlx_status check(dlx_status status) {
  if (status < 0) throw Error(status);
  return status;
}
#endif

/// Owns one library handle: movable, not copyable, released by `Free` on destruction.
template <class T, void (*Free)(T *)>
class Handle {
 public:
  Handle() noexcept = default;
  ~Handle() { Free(h_); }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  Handle(Handle &&other) noexcept : h_(std::exchange(other.h_, nullptr)) {}
  Handle &operator=(Handle &&other) noexcept {
    if (this != &other) {
      Free(h_);
      h_ = std::exchange(other.h_, nullptr);
    }
    return *this;
  }
  /// The C handle, for calls the wrapper does not cover.
  T *handle() const noexcept { return h_; }
  explicit operator bool() const noexcept { return h_ != nullptr; }

 protected:
  T *h_ = nullptr;
};

/// The general exact-cover solver, on the heap (dlx_new / dlx_free).
class Solver : public Handle<dlx_solver, dlx_free> {
 public:
  /// An empty handle; assign a constructed solver to it before use.
  Solver() noexcept = default;

#ifndef DLX_NO_EXCEPTIONS
  explicit Solver(const dlx_dims &dims) { check(dlx_new(&dims, &h_)); }
#endif

  /// The no-exception constructor: `status` receives the result of dlx_new.
  Solver(const dlx_dims &dims, dlx_status &status) noexcept { status = dlx_new(&dims, &h_); }

  /// A solver with colours and/or bounds (dlx_new_x): Knuth's Algorithm C or M.
#ifndef DLX_NO_EXCEPTIONS
  explicit Solver(const dlx_xdims &dims) { check(dlx_new_x(&dims, &h_)); }
#endif
  Solver(const dlx_xdims &dims, dlx_status &status) noexcept { status = dlx_new_x(&dims, &h_); }

  // ---- noexcept API: every call returns the dlx_status
  dlx_status try_add_row(const std::uint32_t *cols, std::size_t n,
                         std::uint32_t *row = nullptr) noexcept {
    return dlx_add_row(h_, cols, n, row);
  }
  dlx_status try_select_row(std::uint32_t row) noexcept { return dlx_select_row(h_, row); }
  dlx_status try_unselect_all() noexcept { return dlx_unselect_all(h_); }
  dlx_status try_reset() noexcept { return dlx_reset(h_); }
  dlx_status try_clear() noexcept { return dlx_clear(h_); }
  dlx_status try_set_seed(std::uint64_t seed) noexcept { return dlx_set_seed(h_, seed); }
  dlx_status try_next(std::uint64_t budget = 0) noexcept { return dlx_next(h_, budget); }
  dlx_status try_solution(Rows &out) const noexcept {
    return dlx_solution(h_, &out.ptr, &out.len);
  }
  dlx_status try_count(std::uint64_t limit, std::uint64_t &count) noexcept {
    return dlx_count(h_, limit, &count);
  }
  dlx_status try_stats(dlx_stats &out) const noexcept { return dlx_get_stats(h_, &out); }
  dlx_status try_add_row_colored(const std::uint32_t *cols, const std::uint32_t *colors,
                                 std::size_t n, std::uint32_t *row = nullptr) noexcept {
    return dlx_add_row_colored(h_, cols, colors, n, row);
  }
  dlx_status try_set_bounds(std::uint32_t col, std::uint32_t lo, std::uint32_t hi) noexcept {
    return dlx_set_bounds(h_, col, lo, hi);
  }
  dlx_status try_cleansings(std::uint64_t &out) const noexcept {
    return dlx_get_cleansings(h_, &out);
  }

#ifndef DLX_NO_EXCEPTIONS
  // ---- throwing API
  /// Adds a row from any contiguous range of column ids (vector, array, span...).
  template <class Range>
  std::uint32_t add_row(const Range &cols) {
    return add_row(std::data(cols), std::size(cols));
  }
  std::uint32_t add_row(std::initializer_list<std::uint32_t> cols) {
    return add_row(cols.begin(), cols.size());
  }
  std::uint32_t add_row(const std::uint32_t *cols, std::size_t n) {
    std::uint32_t row = 0;
    check(dlx_add_row(h_, cols, n, &row));
    return row;
  }
  /// A row whose entries carry colours (0 = none), one per column.
  std::uint32_t add_row_colored(std::initializer_list<std::uint32_t> cols,
                                std::initializer_list<std::uint32_t> colors) {
    if (cols.size() != colors.size()) throw Error(DLX_ERR_ARG);
    return add_row_colored(cols.begin(), colors.begin(), cols.size());
  }
  std::uint32_t add_row_colored(const std::uint32_t *cols, const std::uint32_t *colors,
                                std::size_t n) {
    std::uint32_t row = 0;
    check(dlx_add_row_colored(h_, cols, colors, n, &row));
    return row;
  }
  /// Primary column `col` covered at least `lo` and at most `hi` times.
  void set_bounds(std::uint32_t col, std::uint32_t lo, std::uint32_t hi) {
    check(dlx_set_bounds(h_, col, lo, hi));
  }
  /// Knuth's cleansings of the current or last search (0 for a plain solver).
  std::uint64_t cleansings() const {
    std::uint64_t n = 0;
    check(dlx_get_cleansings(h_, &n));
    return n;
  }
  void select_row(std::uint32_t row) { check(dlx_select_row(h_, row)); }
  void unselect_all() { check(dlx_unselect_all(h_)); }
  void reset() { check(dlx_reset(h_)); }
  void clear() { check(dlx_clear(h_)); }
  void set_seed(std::uint64_t seed) { check(dlx_set_seed(h_, seed)); }
  /// DLX_SOLUTION, DLX_EXHAUSTED or DLX_BUDGET_SPENT.
  dlx_status next(std::uint64_t budget = 0) { return check(dlx_next(h_, budget)); }
  Rows solution() const {
    Rows r;
    check(dlx_solution(h_, &r.ptr, &r.len));
    return r;
  }
  std::uint64_t count(std::uint64_t limit = 0) {
    std::uint64_t n = 0;
    check(dlx_count(h_, limit, &n));
    return n;
  }
  dlx_stats stats() const {
    dlx_stats st{};
    check(dlx_get_stats(h_, &st));
    return st;
  }

  /// Input iterator over the solutions of a fresh search (the solver is reset first).
  class SolutionIterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Rows;
    using difference_type = std::ptrdiff_t;
    using pointer = const Rows *;
    using reference = const Rows &;
    SolutionIterator() noexcept = default;
    explicit SolutionIterator(Solver *s) : solver_(s) { advance(); }
    const Rows &operator*() const noexcept { return rows_; }
    const Rows *operator->() const noexcept { return &rows_; }
    SolutionIterator &operator++() {
      advance();
      return *this;
    }
    bool operator==(const SolutionIterator &o) const noexcept { return solver_ == o.solver_; }
    bool operator!=(const SolutionIterator &o) const noexcept { return solver_ != o.solver_; }

   private:
    void advance() {
      if (solver_->next() == DLX_SOLUTION) {
        rows_ = solver_->solution();
      } else {
        solver_ = nullptr;
      }
    }
    Solver *solver_ = nullptr;
    Rows rows_;
  };
  struct SolutionRange {
    Solver *s;
    SolutionIterator begin() {
      s->reset();
      return SolutionIterator(s);
    }
    SolutionIterator end() noexcept { return SolutionIterator(); }
  };
  /// `for (dlx::Rows rows : solver.solutions())` visits every solution in order.
  SolutionRange solutions() noexcept { return SolutionRange{this}; }
#endif
};

/// Sudoku of any box shape (dlx_sudoku_*), on the heap. Grids are N*N cells row by
/// row, 0 = blank, 1..N = symbols.
class Sudoku : public Handle<dlx_sudoku, dlx_sudoku_free> {
 public:
  Sudoku() noexcept = default;
#ifndef DLX_NO_EXCEPTIONS
  /// A helper for boxes of box_rows x box_cols (9x9: 3, 3; 6x6: 2, 3; 16x16: 4, 4).
  Sudoku(std::uint32_t box_rows, std::uint32_t box_cols) {
    check(dlx_sudoku_new(box_rows, box_cols, &h_));
  }
#endif
  Sudoku(std::uint32_t box_rows, std::uint32_t box_cols, dlx_status &status) noexcept {
    status = dlx_sudoku_new(box_rows, box_cols, &h_);
  }

  /// Cells in a grid (N*N).
  std::size_t cells() const noexcept {
    std::uint32_t n = 0;
    dlx_sudoku_shape(h_, nullptr, nullptr, &n);
    return static_cast<std::size_t>(n) * n;
  }

  // ---- noexcept API
  dlx_status try_solve(const std::uint8_t *givens, std::uint8_t *out) noexcept {
    return dlx_sudoku_solve(h_, givens, cells(), out);
  }
  dlx_status try_count(const std::uint8_t *givens, std::uint64_t limit,
                       std::uint64_t &count) noexcept {
    return dlx_sudoku_count(h_, givens, cells(), limit, &count);
  }
  dlx_status try_generate_start(std::uint64_t seed, std::uint64_t proof_limit = 0) noexcept {
    return dlx_sudoku_generate_start(h_, seed, proof_limit);
  }
  /// DLX_BUDGET_SPENT (call again next frame) or DLX_OK with the puzzle written.
  dlx_status try_generate(std::uint64_t budget, std::uint8_t *puzzle,
                          std::uint8_t *solution = nullptr) noexcept {
    return dlx_sudoku_generate(h_, budget, puzzle, solution, cells());
  }

#ifndef DLX_NO_EXCEPTIONS
  // ---- throwing API
  /// The first solution, or an empty vector when there is none.
  std::vector<std::uint8_t> solve(const std::vector<std::uint8_t> &givens) {
    std::vector<std::uint8_t> out(cells());
    if (givens.size() != out.size()) throw Error(DLX_ERR_ARG);
    if (check(dlx_sudoku_solve(h_, givens.data(), out.size(), out.data())) != DLX_SOLUTION)
      out.clear();
    return out;
  }
  /// Solutions up to `limit` (0 = all; 2 = "is it unique?").
  std::uint64_t count(const std::vector<std::uint8_t> &givens, std::uint64_t limit = 0) {
    std::uint64_t n = 0;
    check(dlx_sudoku_count(h_, givens.data(), givens.size(), limit, &n));
    return n;
  }
  /// Reads a grid of side n from text (digits/letters, '.', '0' or '-' blanks).
  static std::vector<std::uint8_t> parse(const std::string &text, std::uint32_t n,
                                         std::uint32_t flags = 0) {
    std::vector<std::uint8_t> cells(static_cast<std::size_t>(n) * n);
    std::size_t at = 0;
    check(dlx_sudoku_parse(text.data(), text.size(), n, flags, cells.data(), cells.size(), &at));
    return cells;
  }
  /// Writes a grid of side n as text (one line by default; DLX_SUDOKU_GRID etc.).
  static std::string format(const std::vector<std::uint8_t> &cells, std::uint32_t n,
                            std::uint32_t flags = 0) {
    std::string text(dlx_sudoku_format_size(n, flags), '\0');
    std::size_t len = 0;
    check(dlx_sudoku_format(cells.data(), cells.size(), n, flags, text.data(), text.size(),
                            &len));
    text.resize(len);
    return text;
  }
#endif
};

/// Best solution under per-row weights (dlx_maximizer_* / dlx_maximize), on the heap.
/// The problem itself stays in a Solver passed to each call.
class Maximizer : public Handle<dlx_maximizer, dlx_maximizer_free> {
 public:
  Maximizer() noexcept = default;
#ifndef DLX_NO_EXCEPTIONS
  explicit Maximizer(const dlx_dims &dims) { check(dlx_maximizer_new(&dims, &h_)); }
#endif
  Maximizer(const dlx_dims &dims, dlx_status &status) noexcept {
    status = dlx_maximizer_new(&dims, &h_);
  }

  dlx_status try_set_weight(std::uint32_t row, std::int64_t weight) noexcept {
    return dlx_maximizer_set_weight(h_, row, weight);
  }
  dlx_status try_reset() noexcept { return dlx_maximizer_reset(h_); }
  /// DLX_SOLUTION (a better solution), DLX_BUDGET_SPENT, or DLX_EXHAUSTED (proven).
  dlx_status try_maximize(Solver &s, std::uint64_t budget = 0) noexcept {
    return dlx_maximize(h_, s.handle(), budget);
  }
  dlx_status try_best(std::int64_t &value, Rows &rows) const noexcept {
    return dlx_maximizer_best(h_, &value, &rows.ptr, &rows.len);
  }

#ifndef DLX_NO_EXCEPTIONS
  void set_weight(std::uint32_t row, std::int64_t weight) {
    check(dlx_maximizer_set_weight(h_, row, weight));
  }
  void reset() { check(dlx_maximizer_reset(h_)); }
  dlx_status maximize(Solver &s, std::uint64_t budget = 0) {
    return check(dlx_maximize(h_, s.handle(), budget));
  }
  /// Runs to the proven optimum; false when the problem has no solution.
  bool solve(Solver &s) {
    while (maximize(s) != DLX_EXHAUSTED) {
    }
    std::int64_t value = 0;
    return dlx_maximizer_best(h_, &value, nullptr, nullptr) == DLX_OK;
  }
  std::int64_t best_value() const {
    std::int64_t value = 0;
    check(dlx_maximizer_best(h_, &value, nullptr, nullptr));
    return value;
  }
  Rows best_rows() const {
    Rows rows;
    check(dlx_maximizer_best(h_, nullptr, &rows.ptr, &rows.len));
    return rows;
  }
#endif
};

/// Polyomino and polycube tilings (dlx_tiling_*), on the heap.
class Tiling : public Handle<dlx_tiling, dlx_tiling_free> {
 public:
  Tiling() noexcept = default;
#ifndef DLX_NO_EXCEPTIONS
  explicit Tiling(const dlx_tiling_dims &dims) : dims_(dims) {
    check(dlx_tiling_new(&dims, &h_));
  }
#endif
  Tiling(const dlx_tiling_dims &dims, dlx_status &status) noexcept : dims_(dims) {
    status = dlx_tiling_new(&dims, &h_);
  }
  /// Positions in the board box (width * height * depth).
  std::size_t box() const noexcept {
    return static_cast<std::size_t>(dims_.width) * dims_.height * dims_.depth;
  }

  dlx_status try_set_board(const std::uint8_t *mask, std::size_t n) noexcept {
    return dlx_tiling_set_board(h_, mask, n);
  }
  dlx_status try_add_piece(const std::uint32_t *xyz, std::size_t cells, std::uint32_t mode,
                           bool reflect, std::uint32_t *piece = nullptr) noexcept {
    return dlx_tiling_add_piece(h_, xyz, cells, mode, reflect ? 1 : 0, piece);
  }
  dlx_status try_build() noexcept { return dlx_tiling_build(h_); }
  dlx_status try_next(std::uint64_t budget = 0) noexcept { return dlx_tiling_next(h_, budget); }
  dlx_status try_count(std::uint64_t limit, std::uint64_t &count) noexcept {
    return dlx_tiling_count(h_, limit, &count);
  }
  dlx_status try_fill(std::uint32_t *board, std::size_t n) const noexcept {
    return dlx_tiling_fill(h_, board, n);
  }

#ifndef DLX_NO_EXCEPTIONS
  /// The board as a mask over the box (non-zero = a cell of the board).
  void set_board(const std::vector<std::uint8_t> &mask) {
    check(dlx_tiling_set_board(h_, mask.data(), mask.size()));
  }
  /// A piece as x, y, z triples; returns its number.
  std::uint32_t add_piece(const std::vector<std::uint32_t> &xyz,
                          std::uint32_t mode = DLX_TILING_EXACTLY, bool reflect = true) {
    std::uint32_t piece = 0;
    check(dlx_tiling_add_piece(h_, xyz.data(), xyz.size() / 3, mode, reflect ? 1 : 0, &piece));
    return piece;
  }
  void build() { check(dlx_tiling_build(h_)); }
  dlx_status next(std::uint64_t budget = 0) { return check(dlx_tiling_next(h_, budget)); }
  std::uint64_t count(std::uint64_t limit = 0) {
    std::uint64_t n = 0;
    check(dlx_tiling_count(h_, limit, &n));
    return n;
  }
  /// {all tilings, tilings distinct up to the board's symmetries}.
  std::pair<std::uint64_t, std::uint64_t> count_distinct() {
    std::uint64_t all = 0, distinct = 0;
    check(dlx_tiling_count_distinct(h_, &all, &distinct));
    return {all, distinct};
  }
  /// The last tiling as a filled board: the piece number per position, or
  /// DLX_TILING_EMPTY off the board.
  std::vector<std::uint32_t> fill() const {
    std::vector<std::uint32_t> board(box());
    check(dlx_tiling_fill(h_, board.data(), board.size()));
    return board;
  }
#endif

 private:
  dlx_tiling_dims dims_{};
};

}  // namespace dlx

#endif  // DLX_HPP
