#!/usr/bin/env bash
# Every figure of docs/PERFORMANCE.md in one lease of the GPU machine: torch's and CUDA's
# references, the kernel, algorithm and gemm benchmarks, launch overhead, cold start, transfer
# rates and streaming. Each part runs if its binary was staged (and CUDA's if nvcc is there).
#
# Stage here (release binaries and the Vulkan loader into .gpu/; see ../shared/gpu/README.md):
#   ../shared/gpu/stage.sh --release --bench kernels --bench algorithms --bench gemm \
#       --bench memory --example launch_overhead --example cold_start --example transfer_rate \
#       --example stream
# then on the device, with carry [".gpu"]:
#   bash scripts/gpu-bench.sh "$OUT"
# It prints the whole log and writes, in the folder given (default .gpu/results):
#   <machine>-<date>.log  the log;
#   <machine>-<date>.tsv  one line per figure, `figure<TAB>workload<TAB>implementation<TAB>value
#                         <TAB>unit` (benches/support/figure.rs), torch's and CUDA's `REF` lines
#                         and the examples' rates rewritten in that format.
# Copy the .tsv to benches/results/ and draw it:
#   cargo run --release --manifest-path tools/perf-chart/Cargo.toml -- \
#       benches/results/<machine>-<date>.tsv docs/perf.png
set -u
cd "$(dirname "$0")/.."
out=${1:-.gpu/results}
mkdir -p "$out"
B=.gpu/bin
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
# "NVIDIA H100 80GB HBM3" -> h100
machine=$(echo "${gpu:-unknown gpu}" | awk '{print tolower($2)}')
date=$(date -u +%F)
log="$out/$machine-$date.log"
tsv="$out/$machine-$date.tsv"
: >"$log"

# Runs one part with the Vulkan loader installed; its output goes to stdout and the log.
part() {
    local title=$1
    shift
    echo "== $title" | tee -a "$log"
    bash .gpu/on-device.sh "$@" 2>&1 | grep -v XDG_RUNTIME | tee -a "$log"
}
# The staged binary of a bench (cargo names it <bench>-<hash>), or nothing.
bench() { ls $B/"$1"-* 2>/dev/null | head -1; }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee -a "$log"
echo "== torch" | tee -a "$log"
python3 .gpu/torch_ref.py 2>&1 | tee -a "$log"
if command -v nvcc >/dev/null; then
    echo "== CUDA" | tee -a "$log"
    nvcc -O3 -arch=sm_90 -o /tmp/cuda_ref .gpu/cuda_ref.cu && /tmp/cuda_ref 4096 2>&1 | tee -a "$log"
fi
# cuBLAS's fp16 GEMM (torch, above) for the gemm benchmark's f16 ceiling ratios.
cublas_fp16=$(awk '/^REF gemm_fp16 /{print $5}' "$log" | tail -1)
for b in kernels algorithms gemm memory; do
    bin=$(bench $b)
    extra=()
    if [ $b = gemm ] && [ -n "$cublas_fp16" ]; then extra=(--cublas-fp16 "$cublas_fp16"); fi
    if [ -n "$bin" ]; then part "$b --large" "$bin" --large "${extra[@]}"; fi
done
# Untiled kernels at 1, 2 and 8 indices per thread (4 is the default, run above), and arrays
# larger than one binding and one buffer.
bin=$(bench memory)
if [ -n "$bin" ]; then
    for k in 1 2 8; do
        AMP_ELEMENTS_PER_THREAD=$k part "memory, $k indices per thread" "$bin" --large --kernels
    done
    part "memory --huge 6" "$bin" --huge 6
fi
if [ -x $B/launch_overhead ]; then
    for i in 1 2 3; do part "launch overhead" $B/launch_overhead; done
fi
if [ -x $B/cold_start ]; then
    export __GL_SHADER_DISK_CACHE_PATH=/tmp/nvcache
    rm -rf /tmp/ampc /tmp/nvcache && mkdir -p /tmp/nvcache
    for i in 1 2; do
        __GL_SHADER_DISK_CACHE=0 AMP_CACHE_DIR=off part "cold start: no cache" $B/cold_start
    done
    for i in 1 2 3; do
        __GL_SHADER_DISK_CACHE=0 AMP_CACHE_DIR=/tmp/ampc part "cold start: amp's cache" $B/cold_start
    done
    for i in 1 2 3; do
        AMP_CACHE_DIR=off part "cold start: the driver's cache" $B/cold_start
    done
fi
if [ -x $B/transfer_rate ]; then part "transfer rate" $B/transfer_rate --large; fi
# 4 GiB through 4 arrays of 64 MiB; prints its own figure lines.
if [ -x $B/stream ]; then part "stream" $B/stream --mib 4096; fi

# The figures: the benches' own lines, and the other programs' lines rewritten.
{
    echo "# ${gpu/, /, driver }, $date, one lease (scripts/gpu-bench.sh)"
    echo "# 64 Mi elements, 4096³ matrices; amp's algorithms also as GPU time, torch's as CUDA events"
    awk -F'\t' '$1 == "figure"' "$log"
    awk '
    BEGIN {
        w["vadd"] = "vector add"; w["cuda_vadd"] = "vector add"
        w["cuda_mm_simple"] = "matmul simple"; w["cuda_mm_tiled16"] = "matmul tiled, fenced"
        w["copy"] = "copy f32"; w["transpose"] = "transpose"; w["cuda_transpose_tiled32"] = "transpose"
        w["sgemm_fp32"] = "gemm f32"; w["gemm_tf32"] = "gemm tf32"; w["gemm_fp16"] = "gemm fp16"
        w["reduce_sum_f32"] = "reduce Sum f32"; w["reduce_sum_i32"] = "reduce Sum i32"
        w["reduce_max_f32"] = "reduce Max f32"
        w["scan_inclusive_f32"] = "inclusive_scan Sum f32"
        w["scan_inclusive_i32"] = "inclusive_scan Sum i32"
        # torch sorts i32 keys in [0, 2^31): the peer of amp'"'"'s u32 sort.
        w["sort_keys_i32"] = "radix_sort u32"; w["sort_keys_f32"] = "radix_sort f32"
        w["histogram_256_f32"] = "histogram 256 bins f32"
        w["h2d_pageable"] = w["h2d_pinned"] = "host to device"
        w["d2h_pageable"] = w["d2h_pinned"] = "device to host"
    }
    $1 == "==" { section = $0 }
    $1 == "REF" {
        impl = ($2 ~ /^cuda_/) ? "CUDA" : "torch"
        if ($2 ~ /^(h2d|d2h)_/) impl = "torch, " substr($2, 5)
        name = ($2 in w) ? w[$2] : $2
        printf "figure\t%s\t%s\t%s\t%s\n", name, impl, $5, $6
    }
    # transfer_rate: "     f32: in 1.02 GB/s, out 1.08 GB/s"
    section ~ /transfer rate/ && $2 == "in" && $5 == "out" {
        kind = $1; sub(/:$/, "", kind)
        suffix = (kind == "f32") ? "" : ", " kind
        printf "figure\thost to device%s\tamp\t%s\tGB/s\n", suffix, $3
        printf "figure\tdevice to host%s\tamp\t%s\tGB/s\n", suffix, $6
    }
    # launch_overhead: "  immediate: 19.3 µs each to return, 19.9 µs each until done"
    section ~ /launch overhead/ && / each until done/ {
        how = ($1 == "immediate:") ? "amp, submitted alone" : "amp, batched"
        n = split($0, f, ", "); split(f[n], t, " ")
        printf "figure\tlaunch overhead\t%s\t%s\tµs\n", how, t[1]
    }
    # cold_start: "first launch 21.1 ms, second 1.0 ms (...)"
    section ~ /cold start/ && $1 == "first" {
        how = section; sub(/^== cold start: /, "", how)
        printf "figure\tcold start, first launch\tamp, %s\t%s\tms\n", how, $3
    }
    ' "$log"
} >"$tsv"
echo "figures: $tsv ($(grep -c '^figure' "$tsv") lines); log: $log"
