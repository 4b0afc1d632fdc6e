#!/usr/bin/env bash
# Makes sure a Vulkan loader and driver are present; when none is, installs Mesa's lavapipe
# (a Vulkan driver that runs on the CPU) from the distribution's packages. Idempotent.
set -euo pipefail
if ls /usr/share/vulkan/icd.d/*.json /etc/vulkan/icd.d/*.json >/dev/null 2>&1 &&
  ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "no Vulkan driver found: install your GPU's Vulkan driver, or Mesa's lavapipe" >&2
  exit 1
fi
echo "setup-vulkan: installing the Vulkan loader and Mesa's lavapipe (CPU) driver" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq mesa-vulkan-drivers libvulkan1 >/dev/null
