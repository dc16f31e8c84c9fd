/*
 * Given pins against the board's own (seebatch_check, views' check), naming
 * the first difference and, when the pins are the right ones written in
 * 0.1's convention, saying so: 0.1 kept under pinners[X] the sliders
 * pinning X's pieces, where 0.2 on keeps X's own pinning sliders, so code
 * written for 0.1 compiles unchanged and passes the pinners swapped.
 */
#include "errors.h"
#include "pins.h"

/* Names the first square where a given bitboard differs from the right one. */
static seebatch_status seebatch_check_pin_field(uint64_t given, uint64_t right, const char *field,
                                                unsigned color, seebatch_error *error)
{
    if (given == right)
        return seebatch_succeed(error);
    uint64_t wrong = given ^ right;
    unsigned square = (unsigned)__builtin_ctzll(wrong);
    char name[3];
    return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                         "pins: %s[%s] %s %s (seebatch_pins_compute gives 0x%016llx)", field,
                         seebatch_color_names[color],
                         (given >> square) & 1 ? "wrongly includes" : "lacks",
                         seebatch_square_name(square, name), (unsigned long long)right);
}

/* Whether `given` are `right` as 0.1 wrote them: pinners by the pinned side
 * (told apart only where the two sides' pinners differ). */
static bool seebatch_pins_of_0_1(const seebatch_pins *given, const seebatch_pins *right)
{
    return right->pinners[0] != right->pinners[1] && given->pinners[0] == right->pinners[1] &&
           given->pinners[1] == right->pinners[0] && given->blockers[0] == right->blockers[0] &&
           given->blockers[1] == right->blockers[1];
}

seebatch_status seebatch_check_pins(const seebatch_board *board, const seebatch_pins *pins,
                                    seebatch_error *error)
{
    seebatch_pins right;
    seebatch_pins_compute(board, &right);
    if (seebatch_pins_of_0_1(pins, &right))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "pins: pinners[white] and pinners[black] are swapped, as in 0.1's "
                             "convention (pinners[X]: the sliders pinning X's pieces); since 0.2 "
                             "pinners[X] holds X's own pinning sliders, as Stockfish's "
                             "StateInfo::pinners[X] (docs/engine.md, \"Upgrading from 0.1\")");
    for (unsigned color = 0; color < 2; color++) {
        seebatch_status status = seebatch_check_pin_field(
            pins->blockers[color], right.blockers[color], "blockers", color, error);
        if (status == SEEBATCH_OK)
            status = seebatch_check_pin_field(pins->pinners[color], right.pinners[color], "pinners",
                                              color, error);
        if (status != SEEBATCH_OK)
            return status;
    }
    return seebatch_succeed(error);
}
