#!/usr/bin/env bash
# amp's own CPU accelerator side by side with lavapipe on this machine's cores: the kernel and
# algorithm benchmarks at their CPU sizes, each figure on both devices and their ratio
# (emulator / lavapipe; every figure is a rate, so above 1 the emulator is faster), then the same
# for the checking mode (emulator checked / emulator plain). Plain Rust's figures come from the
# same runs (the benchmarks print them). Needs lavapipe (scripts/setup-vulkan.sh).
#
#   bash scripts/cpu-bench.sh [out-dir]      (default target/cpu-bench)
#
# Writes <out>/<device>.tsv (benches/support/figure.rs lines) and prints the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/cpu-bench}
mkdir -p "$out"
cargo bench --no-run --bench kernels --bench algorithms >/dev/null 2>&1
run() { # <name> <env...>
    local name=$1
    shift
    : >"$out/$name.tsv"
    for b in kernels algorithms; do
        env "$@" cargo bench -q --bench $b 2>/dev/null | tee -a "$out/$name.log" \
            | grep '^figure' >>"$out/$name.tsv" || true
    done
}
run lavapipe AMP_DEFAULT_ACCELERATOR=llvmpipe
run emulator AMP_DEFAULT_ACCELERATOR=emulator
run checking AMP_DEFAULT_ACCELERATOR=emulator AMP_CHECK=1
# Joins two figure files on (workload, implementation) and prints b / a.
ratio() { # <a> <b> <label>
    awk -F'\t' -v label="$3" '
        NR == FNR { a[$2 "\t" $3] = $4; unit[$2 "\t" $3] = $5; next }
        ($2 "\t" $3) in a && a[$2 "\t" $3] > 0 {
            k = $2 "\t" $3
            printf "%-38s %-26s %10s %10s %-8s %6.2fx %s\n", $2, $3, a[k], $4, unit[k], $4 / a[k], label
        }' "$out/$1.tsv" "$out/$2.tsv"
}
printf "%-38s %-26s %10s %10s %-8s %7s\n" workload implementation first second unit ratio
ratio lavapipe emulator "emulator / lavapipe"
ratio emulator checking "checking / plain"
