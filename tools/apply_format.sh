#!/usr/bin/env bash
# Applies .clang-format to every C and C++ file git tracks (bench/stockfish/
# keeps Stockfish's style: its own .clang-format disables formatting), then
# says how many lines changed. --check changes nothing and exits 1 if a file
# would change.
# Usage: tools/apply_format.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format > /dev/null || { echo "apply_format.sh: needs clang-format (Debian: apt-get install clang-format)" >&2; exit 2; }
check=0
[ "${1:-}" = --check ] && check=1
changed_files=0 changed_lines=0
while IFS= read -r file; do
    formatted=$(clang-format --style=file "$file"; echo x) # x keeps trailing newlines
    formatted=${formatted%x}
    lines=$(diff <(cat "$file") <(printf '%s' "$formatted") | grep -c '^<' || true)
    [ "$lines" -eq 0 ] && continue
    changed_files=$((changed_files + 1))
    changed_lines=$((changed_lines + lines))
    if [ $check -eq 1 ]; then
        echo "would change: $file ($lines lines)"
    else
        printf '%s' "$formatted" > "$file"
    fi
done < <(git ls-files '*.c' '*.h' '*.cpp')
echo "apply_format.sh: $changed_lines lines in $changed_files files $([ $check -eq 1 ] && echo 'would change' || echo changed)"
[ $check -eq 0 ] || [ $changed_files -eq 0 ]
