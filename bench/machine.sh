# The machine figures are measured on, as every run file names it: sourced
# by bench/figures.sh and bench/engines/report.sh. Sets model_name, family
# and model (as "19h", "01h"), slug (the run file's name: amd-epyc-19h-01h)
# and features (the instruction sets the kernels use), from /proc/cpuinfo.

cpu_field() { sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo | head -1; }
model_name=$(cpu_field 'model name')
family=$(printf '%02Xh' "$(cpu_field 'cpu family')")
model=$(printf '%02Xh' "$(cpu_field model)")
slug=$(tr 'A-Z' 'a-z' <<< "$model_name $family $model" | sed -E 's/\((r|tm)\)//g; s/[^a-z0-9]+/-/g; s/^-|-$//g')
features=$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -xE 'avx2|bmi2|popcnt|avx512(f|dq|bw|vl)' | paste -sd' ')
