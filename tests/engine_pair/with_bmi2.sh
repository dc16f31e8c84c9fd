#!/bin/sh
# Runs a command built with BMI2 (the engine pair compiled with -mbmi2) where
# the CPU runs it, and skips (77) elsewhere, saying why.
# Usage: with_bmi2.sh CPU_HAS_BMI2 COMMAND [ARGUMENT...]
checker=${1:?usage: with_bmi2.sh CPU_HAS_BMI2 COMMAND [ARGUMENT...]}
shift
if ! "$checker"; then
    echo "skip: this CPU lacks BMI2: the pair built with -mbmi2 cannot run here"
    exit 77
fi
exec "$@"
