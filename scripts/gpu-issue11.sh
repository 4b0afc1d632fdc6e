#!/usr/bin/env bash
# Issue 11 figures in one lease (docs/PERFORMANCE.md, amp::algorithms): torch's CUB/cuBLAS-class
# references, then amp's gemm (autotune, every configuration, rb_matmul.wgsl beside it) and the
# other algorithms at 64 Mi elements.
# Stage first:  ../shared/gpu/stage.sh --release --bench algorithms --bench gemm \
#               && cp scripts/gpu-issue11.sh .gpu/
# then run on the device with carry [".gpu"]:  bash .gpu/gpu-issue11.sh
set -u
cd "$(dirname "$0")/.."
B=.gpu/bin
run() { bash .gpu/on-device.sh "$@" 2>&1 | grep -v XDG_RUNTIME; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
echo "== torch"; python3 .gpu/torch_ref.py
echo "== gemm --large"; run $(ls $B/gemm-* | head -1) --large
echo "== algorithms --large"; run $(ls $B/algorithms-* | head -1) --large
