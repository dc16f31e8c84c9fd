# Sourced by the test scripts that do less work in the stages after Release:
# tests/run_all.sh exports SEEBATCH_TEST_SCALE=0.1 there (the Release stage,
# at 1, runs every case). The same reading of it as tests/support/check.h's
# scaled(): unset, 0, negative or not a number is 1.

# scaled N FLOOR: N times the scale, never below FLOOR (the least that keeps
# what the test proves).
scaled() {
    awk -v n="$1" -v floor="$2" -v s="${SEEBATCH_TEST_SCALE:-1}" \
        'BEGIN { if (!(s + 0 > 0)) s = 1; m = int(n * s); print m < floor ? floor : m }'
}

# at_full_scale: true in the Release stage (a scale of 1 or more), false
# where the test does its work in part.
at_full_scale() {
    awk -v s="${SEEBATCH_TEST_SCALE:-1}" 'BEGIN { exit !(s + 0 >= 1 || !(s + 0 > 0)) }'
}
