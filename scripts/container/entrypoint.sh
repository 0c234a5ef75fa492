#!/bin/sh
# The image's entrypoint (Dockerfile): the sandbox control API (/_sandbox/: mint keys, move the
# clock, trigger events) is off in a container unless SVCPAY_CONTROL_TOKEN is set. On a host that
# shares its network (compose.yaml), "loopback only" means any user or process of that machine;
# with a token, every call must carry it. An empty token counts as none (the server would refuse
# to start on it). Outside containers the server's own rule holds (docs/operator.md).
set -eu
if [ -z "${SVCPAY_CONTROL_TOKEN:-}" ]; then
  unset SVCPAY_CONTROL_TOKEN
  if [ "${SVCPAY_CONTROL:-}" = "on" ]; then
    echo "svcpay: SVCPAY_CONTROL=on without SVCPAY_CONTROL_TOKEN: the control API stays off in the container; set a token to use it" >&2
  fi
  export SVCPAY_CONTROL=off
fi
exec "$@"
