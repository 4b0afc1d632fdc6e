#!/usr/bin/env bash
# Issue 11 figures in one lease (docs/PERFORMANCE.md, amp::algorithms): torch's CUB/cuBLAS-class
# references, then amp's gemm (autotune, every configuration, rb_matmul.wgsl beside it) and the
# other algorithms at 64 Mi elements.
# Stage first (either benchmark or both):
#               ../shared/gpu/stage.sh --release --bench algorithms --bench gemm \
#               && cp scripts/gpu-issue11.sh .gpu/
# then run on the device with carry [".gpu"]:  bash .gpu/gpu-issue11.sh
set -u
cd "$(dirname "$0")/.."
B=.gpu/bin
run() { bash .gpu/on-device.sh "$@" 2>&1 | grep -v XDG_RUNTIME; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
echo "== torch"; python3 .gpu/torch_ref.py
# Each benchmark runs if it was staged.
for bench in gemm algorithms; do
    bin=$(ls $B/$bench-* 2>/dev/null | head -1)
    if [ -n "$bin" ]; then echo "== $bench --large"; run "$bin" --large; fi
done
