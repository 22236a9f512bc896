#!/usr/bin/env bash
# Evaluate a launch history on Spark in local mode and write the merged report JSON (equal to
# `reveille evaluate --format json` on the same history):
#   fleet/run-local.sh HISTORY OUT_JSON [PARTITIONS] [-- reveille evaluate options…]
# Sets up fleet/.venv with pyspark when it is missing (Java 17 must be installed). The reveille
# binary is $REVEILLE, else `reveille` on PATH, else the package's release or debug build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 2 ]; then
    echo "usage: $0 HISTORY OUT_JSON [PARTITIONS] [-- reveille evaluate options]" >&2
    exit 64
fi
history="$1"; out="$2"; shift 2
partitions=4
if [ $# -gt 0 ] && [ "$1" != "--" ]; then partitions="$1"; shift; fi
python="${REVEILLE_FLEET_PYTHON:-}"
if [ -z "$python" ]; then
    if python3 -c "import pyspark" 2>/dev/null; then
        python=python3
    else
        if [ ! -x "$here/.venv/bin/python" ] || ! "$here/.venv/bin/python" -c "import pyspark" 2>/dev/null; then
            python3 -m venv "$here/.venv"
            "$here/.venv/bin/python" -m pip install -q pyspark
        fi
        python="$here/.venv/bin/python"
    fi
fi
binary="${REVEILLE:-$(command -v reveille || true)}"
for candidate in "$here/../.build/release/reveille" "$here/../.build/debug/reveille"; do
    if [ -z "$binary" ] && [ -x "$candidate" ]; then binary="$candidate"; fi
done
if [ -z "$binary" ]; then
    echo "$0: no reveille binary: build it (swift build -c release --static-swift-stdlib) or set REVEILLE" >&2
    exit 69
fi
cores="${REVEILLE_FLEET_CORES:-2}"
PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" exec "$python" -m reveille_fleet evaluate "$history" "$out" \
    --partitions "$partitions" --reveille "$binary" --master "local[$cores]" "$@"
