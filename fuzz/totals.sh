#!/usr/bin/env bash
# Cumulative fuzzing totals per target from fuzz/.results.txt (the line run.sh appends per run):
#
#   fuzz/totals.sh [RESULTS]
#
# For each target: the number of runs, executions summed over all runs (libFuzzer's
# number_of_executed_units, printed also when a run is stopped by a crash or SIGINT/SIGTERM),
# CPU seconds (runs that recorded them), runs that ended with a non-zero exit (a crash, timeout,
# out-of-memory, or in early rounds LeakSanitizer's report of a Foundation leak at exit — see
# README.md; a run stopped by SIGINT/SIGTERM, `exit=stopped`, is not one), and what is left to
# the goal of 10,000,000 executions. Targets sorted by executions, fewest first (the ones to run next). Runs whose execution count is unknown ("?") count as 0.
set -euo pipefail
cd "$(dirname "$0")"
RESULTS="${1:-.results.txt}"
[ -f "$RESULTS" ] || { echo "no $RESULTS: run fuzz/run.sh first" >&2; exit 66; }
awk '
    {
        target = $2
        if (!(target in n)) order[++targets] = target
        n[target]++
        for (i = 3; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "runs" && kv[2] ~ /^[0-9]+$/) execs[target] += kv[2]
            if (kv[1] == "cpu_s" && kv[2] ~ /^[0-9]+(\.[0-9]+)?$/) cpu[target] += kv[2]
            if (kv[1] == "exit" && kv[2] != "0" && kv[2] != "stopped") failed[target]++
        }
    }
    END {
        for (i = 1; i <= targets; i++) {
            t = order[i]
            left = 10000000 - execs[t]; if (left < 0) left = 0
            printf "%s %d %d %.0f %d %d\n", t, n[t], execs[t], cpu[t], failed[t] + 0, left
        }
    }' "$RESULTS" | sort -k3,3n | awk '
    BEGIN { printf "%-22s %5s %14s %9s %9s %14s\n", "target", "runs", "executions", "cpu_s", "exit!=0", "left_to_10M" }
    { printf "%-22s %5d %14d %9d %9d %14d\n", $1, $2, $3, $4, $5, $6; total += $3 }
    END { printf "%-22s %5s %14d\n", "all targets", "", total }'
