/*
 * Static pools in C: DLX_ALIGNED and the size macros DLX_REQUIRED_SIZE,
 * DLX_MAXIMIZER_REQUIRED_SIZE, DLX_TILING_REQUIRED_SIZE and DLX_SUDOKU_REQUIRED_SIZE,
 * constant expressions equal to the dlx_*_required_size functions for every input.
 * (Written in src/ffi/sizes.h, which build.rs puts here; it spells out in C the block
 * layouts of src/core/layout.rs, src/core/maximize.rs, src/tiling and src/sudoku,
 * and tests/c/test_promises.c compares every macro with its function.)
 * Each public macro's comment is a Doxygen block naming it with @def (its helpers,
 * ending in '_', stay undocumented); CI's docs/Doxyfile fails on a public macro without.
 */
/**
 * @def DLX_ALIGNED
 * DLX_ALIGNED: put it first in the declaration of a static block, in C11, C++11 or
 * GNU C:  DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE(...)];
 */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define DLX_ALIGNED alignas(8)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define DLX_ALIGNED _Alignas(8)
#elif defined(__GNUC__)
#define DLX_ALIGNED __attribute__((aligned(8)))
#endif

/**
 * @def DLX_REQUIRED_SIZE
 * DLX_REQUIRED_SIZE(primary, secondary, max_rows, max_entries): the bytes a solver
 * needs, as a constant expression (equal to dlx_required_size for every input, 0 when
 * the size does not fit size_t or the problem has 2^31 nodes or more), so that
 *   DLX_ALIGNED static unsigned char pool[DLX_REQUIRED_SIZE(324, 0, 729, 2916)];
 * holds a 9x9 Sudoku solver. Layout, in 32-bit words: 32 header words,
 * 2*(columns+2) for the column lists, 3 per node (columns + 2 + rows + entries),
 * one per row, and two per primary column.
 */
#define DLX_NODES_(p, s, r, e) \
  ((uint64_t)(p) + (uint64_t)(s) + 2u + (uint64_t)(r) + (uint64_t)(e))
#define DLX_WORDS_(p, s, r, e) \
  (32u + 2u * ((uint64_t)(p) + (uint64_t)(s) + 2u) + 3u * DLX_NODES_(p, s, r, e) + \
   (uint64_t)(r) + 2u * (uint64_t)(p))
#define DLX_REQUIRED_SIZE(p, s, r, e) \
  ((DLX_NODES_(p, s, r, e) > 0x7FFFFFFFu || DLX_WORDS_(p, s, r, e) > SIZE_MAX / 4u) \
       ? (size_t)0 \
       : (size_t)(4u * DLX_WORDS_(p, s, r, e)))

/**
 * @def DLX_REQUIRED_SIZE_X
 * DLX_REQUIRED_SIZE_X(primary, secondary, max_rows, max_entries, colors, bounded): the
 * bytes a solver with colours or bounds (dlx_init_in_x) needs, as a constant
 * expression equal to dlx_required_size_x. With colors == 0 and bounded == 0 it is
 * DLX_REQUIRED_SIZE (a plain solver). In 32-bit words, with L levels (primary, or
 * primary + max_rows when bounded > 0): 40 header words, 2*(columns+2), 5 per node
 * (links, colour, colour as added), two per row, two per level, and with bounds two
 * more per level and four per primary column. 0 when bounded > primary.
 */
#define DLX_XLEVELS_(p, r, b) ((b) ? (uint64_t)(p) + (uint64_t)(r) : (uint64_t)(p))
#define DLX_XWORDS_(p, s, r, e, b) \
  (40u + 2u * ((uint64_t)(p) + (uint64_t)(s) + 2u) + 5u * DLX_NODES_(p, s, r, e) + \
   2u * (uint64_t)(r) + 2u * DLX_XLEVELS_(p, r, b) + \
   ((b) ? 2u * DLX_XLEVELS_(p, r, b) + 4u * (uint64_t)(p) : 0u))
#define DLX_REQUIRED_SIZE_X(p, s, r, e, k, b) \
  (((k) == 0 && (b) == 0) ? DLX_REQUIRED_SIZE(p, s, r, e) \
   : ((uint64_t)(b) + 1u > (uint64_t)(p) + 1u || (uint64_t)(k) > 0x7FFFFFFFu || \
      DLX_NODES_(p, s, r, e) > 0x7FFFFFFFu || DLX_XLEVELS_(p, r, b) > 0x7FFFFFFFu || \
      DLX_XWORDS_(p, s, r, e, b) > SIZE_MAX / 4u) \
       ? (size_t)0 \
       : (size_t)(4u * DLX_XWORDS_(p, s, r, e, b)))

/**
 * @def DLX_MAXIMIZER_REQUIRED_SIZE
 * DLX_MAXIMIZER_REQUIRED_SIZE(primary, secondary, max_rows, max_entries): the bytes a
 * maximiser (dlx_maximizer_init_in) for solvers of these dimensions needs, as a
 * constant expression equal to dlx_maximizer_required_size. In 32-bit words: 24
 * header words, 2 per row, 5 per node, 4 per primary column plus 4, and 1 per
 * primary column.
 */
#define DLX_MAX_WORDS_(p, s, r, e) \
  (24u + 2u * (uint64_t)(r) + 5u * DLX_NODES_(p, s, r, e) + 4u * ((uint64_t)(p) + 1u) + \
   (uint64_t)(p))
#define DLX_MAXIMIZER_REQUIRED_SIZE(p, s, r, e) \
  ((DLX_NODES_(p, s, r, e) > 0x7FFFFFFFu || DLX_MAX_WORDS_(p, s, r, e) > SIZE_MAX / 4u) \
       ? (size_t)0 \
       : (size_t)(4u * DLX_MAX_WORDS_(p, s, r, e)))

/**
 * @def DLX_TILING_REQUIRED_SIZE
 * DLX_TILING_REQUIRED_SIZE(width, height, depth, max_pieces, max_piece_cells,
 * max_placements): the bytes a tiling (dlx_tiling_init_in) needs, as a constant
 * expression equal to dlx_tiling_required_size for dimensions in range (see
 * dlx_tiling_dims). With V = width*height*depth, P = max_pieces, K = max_piece_cells
 * and R = max_placements (0: P*8*V on a plane board, P*48*V on a solid one), in
 * 32-bit words: 24 + 51 V + 8 P + 49 P K + 2 R (rounded up to even), plus a solver
 * with V + P primary and P secondary columns, R rows and R (K + 1) entries.
 */
#define DLX_TILING_V_(w, h, d) ((uint64_t)(w) * (uint64_t)(h) * (uint64_t)(d))
#define DLX_TILING_R_(w, h, d, p, r) \
  ((r) ? (uint64_t)(r) : (uint64_t)(p) * ((d) > 1 ? 48u : 8u) * DLX_TILING_V_(w, h, d))
#define DLX_TILING_REQUIRED_SIZE(w, h, d, p, k, r) \
  ((size_t)(4u * (((24u + 51u * DLX_TILING_V_(w, h, d) + 8u * (uint64_t)(p) + \
                    49u * (uint64_t)(p) * (uint64_t)(k) + 2u * DLX_TILING_R_(w, h, d, p, r) + \
                    1u) & ~(uint64_t)1) + \
                  DLX_WORDS_(DLX_TILING_V_(w, h, d) + (uint64_t)(p), (p), \
                             DLX_TILING_R_(w, h, d, p, r), \
                             DLX_TILING_R_(w, h, d, p, r) * ((uint64_t)(k) + 1u)))))

/**
 * @def DLX_SUDOKU_REQUIRED_SIZE
 * DLX_SUDOKU_REQUIRED_SIZE(box_rows, box_cols): the bytes a Sudoku helper
 * (dlx_sudoku_init_in) for boxes of box_rows x box_cols needs, as a constant
 * expression equal to dlx_sudoku_required_size (0 unless both are 1..64 and
 * N = box_rows * box_cols is 4..64). In 32-bit words, with W = ceil(N*N / 32) words
 * per bit set over the cells: 48 header words, 3*N + 2 for the units' spans and
 * 2*N for the diagonals' cells, N*N*(N + 13) for the cells (candidates, trail of N - 1 eliminations per cell,
 * branch stack, generator), (4*N + 2) * W for the units' and symbols' bit sets, and
 * for N = 9 another 2733 for the 9x9 fast path (81 saved states of 33 words and two more).
 */
#define DLX_SUDOKU_N_(br, bc) ((uint64_t)(br) * (uint64_t)(bc))
#define DLX_SUDOKU_OK_(br, bc) \
  ((uint64_t)(br) >= 1u && (uint64_t)(bc) >= 1u && (uint64_t)(br) <= 64u && \
   (uint64_t)(bc) <= 64u && DLX_SUDOKU_N_(br, bc) >= 4u && DLX_SUDOKU_N_(br, bc) <= 64u)
#define DLX_SUDOKU_W_(n) (((n) * (n) + 31u) / 32u)
#define DLX_SUDOKU_WORDS_(n) \
  (50u + 5u * (n) + (n) * (n) * ((n) + 13u) + (4u * (n) + 2u) * DLX_SUDOKU_W_(n) + \
   ((n) == 9u ? 2733u : 0u))
#define DLX_SUDOKU_REQUIRED_SIZE(br, bc) \
  (DLX_SUDOKU_OK_(br, bc) ? (size_t)(4u * DLX_SUDOKU_WORDS_(DLX_SUDOKU_N_(br, bc))) \
                          : (size_t)0)
