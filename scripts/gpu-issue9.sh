#!/usr/bin/env bash
# Issue 9 figures in one lease (run 14 of docs/PERFORMANCE.md): launch overhead (immediate vs
# batched), cold start with and without the pipeline cache (the driver's own disk cache off
# and on), the split matmul, and the kernel benchmark.
# Stage first:  ../shared/gpu/stage.sh --release --example launch_overhead --example cold_start \
#               --example multi_accelerator --bench kernels && cp scripts/gpu-issue9.sh .gpu/
# then run on the device with carry [".gpu"]:  bash .gpu/gpu-issue9.sh
set -u
cd "$(dirname "$0")/.."
B=.gpu/bin
run() { bash .gpu/on-device.sh "$@" 2>&1 | grep -v XDG_RUNTIME; }
echo "== launch overhead"; for i in 1 2 3; do run $B/launch_overhead; done
echo "== cold start: no caches (driver cache off, AMP_CACHE_DIR=off)"
for i in 1 2; do __GL_SHADER_DISK_CACHE=0 AMP_CACHE_DIR=off run $B/cold_start; done
echo "== cold start: amp's pipeline cache only (driver cache off), fresh dir then warm"
rm -rf /tmp/ampc; for i in 1 2 3; do __GL_SHADER_DISK_CACHE=0 AMP_CACHE_DIR=/tmp/ampc run $B/cold_start; done
ls -la /tmp/ampc
echo "== cold start: driver's disk cache only (fresh), amp off"
export __GL_SHADER_DISK_CACHE_PATH=/tmp/nvcache; rm -rf /tmp/nvcache; mkdir -p /tmp/nvcache
for i in 1 2 3; do AMP_CACHE_DIR=off run $B/cold_start; done
echo "== multi_accelerator --large"; run $B/multi_accelerator --large
echo "== kernels --large"; run $(ls $B/kernels-*) --large
