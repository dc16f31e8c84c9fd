/*
 * The calls of seebatch 0.2, on request, for this release only: code written
 * for them includes this header (seebatch.h does not) and compiles and runs,
 * each call declared deprecated so that the compiler names its replacement
 * where it is used; each now calls the API of seebatch.h (lib/see/deprecated.c).
 * The release after 0.3 removes them. CHANGELOG.md (0.3.0) gives the table.
 * It includes the views' header, which 0.2's seebatch.h held.
 */
#ifndef SEEBATCH_DEPRECATED_H
#define SEEBATCH_DEPRECATED_H

#include "seebatch.h"
#include "seebatch_view.h"

/* Marks a name kept one release: the compiler names its replacement. */
#if defined(__GNUC__) || defined(__clang__)
#define SEEBATCH_DEPRECATED(message) __attribute__((deprecated(message)))
#elif defined(_MSC_VER)
#define SEEBATCH_DEPRECATED(message) __declspec(deprecated(message))
#else
#define SEEBATCH_DEPRECATED(message)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- boards and configurations ---- */

SEEBATCH_DEPRECATED("use SEEBATCH_BOARD_EMPTY: *board = (seebatch_board)SEEBATCH_BOARD_EMPTY")
SEEBATCH_API void seebatch_board_clear(seebatch_board *board);

SEEBATCH_DEPRECATED("use seebatch_rules_init, which checks the configuration first")
SEEBATCH_API seebatch_status seebatch_config_validate(const seebatch_config *config,
                                                      seebatch_error *error);

/* Leaf nodes of the legal move tree of the given depth (1 for depth 0 or
 * less) on a consistent board. */
SEEBATCH_DEPRECATED("run `seebatch perft`, or count with seebatch_generate_moves and "
                    "seebatch_board_play")
SEEBATCH_API uint64_t seebatch_perft(const seebatch_board *board, int depth);

/* ---- one board, a configuration per call ---- */

SEEBATCH_DEPRECATED("use seebatch_value on rules from seebatch_rules_init")
SEEBATCH_API int32_t seebatch_see_value(const seebatch_board *board, seebatch_move move,
                                        const seebatch_config *config);

SEEBATCH_DEPRECATED("use seebatch_value_ge on rules from seebatch_rules_init")
SEEBATCH_API bool seebatch_see_ge(const seebatch_board *board, seebatch_move move,
                                  int32_t threshold, const seebatch_config *config);

SEEBATCH_DEPRECATED("use seebatch_values with a batch {&board, 1, NULL, NULL, moves, count}")
SEEBATCH_API void seebatch_see_values(const seebatch_board *board, const seebatch_move *moves,
                                      size_t count, const seebatch_config *config, int32_t *values);

SEEBATCH_DEPRECATED("use seebatch_values_ge with a batch {&board, 1, NULL, NULL, moves, count}")
SEEBATCH_API void seebatch_see_ge_batch(const seebatch_board *board, const seebatch_move *moves,
                                        size_t count, int32_t threshold,
                                        const seebatch_config *config, uint8_t *passed);

/* ---- many boards ---- */

SEEBATCH_DEPRECATED("use seebatch_values with a batch {boards, board_count, NULL, board_of_move, "
                    "moves, count}")
SEEBATCH_API void seebatch_see_values_multi(const seebatch_board *boards, size_t board_count,
                                            const uint32_t *board_of_move,
                                            const seebatch_move *moves, size_t count,
                                            const seebatch_config *config, int32_t *values);

SEEBATCH_DEPRECATED("use seebatch_values_ge with a batch {boards, board_count, NULL, "
                    "board_of_move, moves, count}")
SEEBATCH_API void seebatch_see_ge_multi(const seebatch_board *boards, size_t board_count,
                                        const uint32_t *board_of_move, const seebatch_move *moves,
                                        size_t count, int32_t threshold,
                                        const seebatch_config *config, uint8_t *passed);

SEEBATCH_DEPRECATED("use seebatch_values with a batch {boards, board_count, pins, board_of_move, "
                    "moves, count}")
SEEBATCH_API void seebatch_see_values_multi_pinned(const seebatch_board *boards,
                                                   const seebatch_pins *pins, size_t board_count,
                                                   const uint32_t *board_of_move,
                                                   const seebatch_move *moves, size_t count,
                                                   const seebatch_config *config, int32_t *values);

SEEBATCH_DEPRECATED("use seebatch_values_ge with a batch {boards, board_count, pins, "
                    "board_of_move, moves, count}")
SEEBATCH_API void seebatch_see_ge_multi_pinned(const seebatch_board *boards,
                                               const seebatch_pins *pins, size_t board_count,
                                               const uint32_t *board_of_move,
                                               const seebatch_move *moves, size_t count,
                                               int32_t threshold, const seebatch_config *config,
                                               uint8_t *passed);

/* ---- the engine path ---- */

SEEBATCH_DEPRECATED("use seebatch_value_ge (same arguments)")
SEEBATCH_API bool seebatch_engine_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                                         const seebatch_pins *pins, seebatch_move move,
                                         int32_t threshold);

SEEBATCH_DEPRECATED("use seebatch_value (same arguments)")
SEEBATCH_API int32_t seebatch_engine_see_value(const seebatch_rules *rules,
                                               const seebatch_board *board,
                                               const seebatch_pins *pins, seebatch_move move);

SEEBATCH_DEPRECATED("use seebatch_values_ge with a batch {board, 1, pins, NULL, moves, count} "
                    "and the thresholds")
SEEBATCH_API void seebatch_engine_see_ge_each(const seebatch_rules *rules,
                                              const seebatch_board *board,
                                              const seebatch_pins *pins, const seebatch_move *moves,
                                              size_t count, const int32_t *thresholds,
                                              uint8_t *passed);

/* ---- checked: seebatch_check, then the fast call ---- */

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_value")
SEEBATCH_API seebatch_status seebatch_see_value_checked(const seebatch_board *board,
                                                        seebatch_move move,
                                                        const seebatch_config *config,
                                                        int32_t *value, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values")
SEEBATCH_API seebatch_status seebatch_see_values_checked(const seebatch_board *board,
                                                         const seebatch_move *moves, size_t count,
                                                         const seebatch_config *config,
                                                         int32_t *values, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values")
SEEBATCH_API seebatch_status seebatch_see_values_multi_checked(
    const seebatch_board *boards, size_t board_count, const uint32_t *board_of_move,
    const seebatch_move *moves, size_t count, const seebatch_config *config, int32_t *values,
    seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_value_ge")
SEEBATCH_API seebatch_status seebatch_see_ge_checked(const seebatch_board *board,
                                                     seebatch_move move, int32_t threshold,
                                                     const seebatch_config *config, bool *passed,
                                                     seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values_ge")
SEEBATCH_API seebatch_status seebatch_see_ge_batch_checked(const seebatch_board *board,
                                                           const seebatch_move *moves, size_t count,
                                                           int32_t threshold,
                                                           const seebatch_config *config,
                                                           uint8_t *passed, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values_ge")
SEEBATCH_API seebatch_status seebatch_see_ge_multi_checked(
    const seebatch_board *boards, size_t board_count, const uint32_t *board_of_move,
    const seebatch_move *moves, size_t count, int32_t threshold, const seebatch_config *config,
    uint8_t *passed, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values")
SEEBATCH_API seebatch_status seebatch_see_values_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
    const seebatch_config *config, int32_t *values, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values_ge")
SEEBATCH_API seebatch_status seebatch_see_ge_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count, int32_t threshold,
    const seebatch_config *config, uint8_t *passed, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_value_ge")
SEEBATCH_API seebatch_status seebatch_engine_see_ge_checked(const seebatch_rules *rules,
                                                            const seebatch_board *board,
                                                            const seebatch_pins *pins,
                                                            seebatch_move move, int32_t threshold,
                                                            bool *passed, seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_value")
SEEBATCH_API seebatch_status seebatch_engine_see_value_checked(const seebatch_rules *rules,
                                                               const seebatch_board *board,
                                                               const seebatch_pins *pins,
                                                               seebatch_move move, int32_t *value,
                                                               seebatch_error *error);

SEEBATCH_DEPRECATED("use seebatch_check, then seebatch_values_ge with the thresholds")
SEEBATCH_API seebatch_status seebatch_engine_see_ge_each_checked(
    const seebatch_rules *rules, const seebatch_board *board, const seebatch_pins *pins,
    const seebatch_move *moves, size_t count, const int32_t *thresholds, uint8_t *passed,
    seebatch_error *error);

#ifdef __cplusplus
}
#endif

#endif /* SEEBATCH_DEPRECATED_H */
