#!/usr/bin/env bash
# Builds Reveille's libFuzzer targets (fuzz/Package.swift, instrumented with
# -sanitize=fuzzer,address) and runs each in turn, one at a time, at a low priority
# (nice -n ${NICE:-10}).
#
#   fuzz/run.sh [SECONDS|RUNS] [TARGET...]
#
# SECONDS per target (default 60), or RUNS executions per target when written as e.g. 1000000r.
# TIMEOUT=S (default 10): libFuzzer's per-input limit, in wall-clock seconds. At nice 19 beside a
# build that holds both cores, an input can wait longer than that for a core (a false timeout seen
# in the ninth round: the input replays in 0.13 s); raise it there.
# TARGET names (default: all), e.g. fuzz-csv fuzz-model. Seeds come from the real fixtures in
# ../shared/datasets (by path, never copied) and Tests/*/Fixtures; each target's growing corpus is
# kept in fuzz/.corpus/TARGET (ignored by git) and crash inputs in fuzz/.crashes/TARGET; inputs
# that once crashed (fuzz/Regressions/TARGET, committed) are always replayed first. A summary
# line per target (executions, rate, crashes) is appended to fuzz/.results.txt.
set -euo pipefail
cd "$(dirname "$0")"
FUZZ="$PWD"
ROOT="$(cd .. && pwd)"
DATA="${REVEILLE_DATASETS:-$ROOT/../shared/datasets}"
BUDGET="${1:-60}"
shift || true
ALL=(fuzz-csv fuzz-jsonl fuzz-lsapp fuzz-appusage fuzz-dumpsys fuzz-biome fuzz-knowledgec fuzz-powerlog
     fuzz-screentime fuzz-wellbeing fuzz-knowledgec-rows fuzz-powerlog-rows fuzz-screentime-rows fuzz-wellbeing-rows
     fuzz-model fuzz-state fuzz-rules fuzz-charging)
TARGETS=("${@:-${ALL[@]}}")
[ "$#" -gt 0 ] || TARGETS=("${ALL[@]}")

# swift-foundation's FileManager.contents(atPath:) leaks 4 KiB on an empty file (Swift 6.3.1): keep
# LeakSanitizer from reporting it at exit as well as in the loop (-detect_leaks=0 below).
# malloc_context_size=0: ASan records no stack per allocation (unwinding and storing them was
# ~9 % of fuzz-csv's time); errors are still caught. For allocation stacks in a report, replay
# the crash input with ASAN_OPTIONS=detect_leaks=0.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=0}"

if [[ "$BUDGET" == *r ]]; then LIMIT=(-runs="${BUDGET%r}"); else LIMIT=(-max_total_time="$BUDGET"); fi

nice -n "${NICE:-10}" swift build -c release --package-path "$FUZZ" \
    -Xswiftc -sanitize=fuzzer,address 2>&1 | tail -3
BIN="$(swift build -c release --package-path "$FUZZ" --show-bin-path)"

export REVEILLE_FUZZ_KNOWLEDGEC="$DATA/apple/knowledgec-10.14.db"
export REVEILLE_FUZZ_POWERLOG="$DATA/apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL"
export REVEILLE_FUZZ_SCREENTIME="$DATA/apple/RMAdminStore-Local.sqlite"
export REVEILLE_FUZZ_WELLBEING="$DATA/android-wellbeing/app_usage.sqlite"

# Seed files per target: small real inputs (the first lines of large ones, cut into the scratch seed dir $2).
seed() {
    local target="$1" dir="$2"
    rm -rf "$dir"; mkdir -p "$dir"
    case "$target" in
        fuzz-csv)
            head -c 4096 "$DATA/studentlife-small/launches.csv" > "$dir/studentlife.csv"
            head -c 4096 "$DATA/android-wellbeing/launches.csv" > "$dir/wellbeing.csv" ;;
        fuzz-jsonl)
            head -n 30 "$DATA/studentlife-small/launches.csv" | tail -n +2 | awk -F, \
              '{printf "{\"device\":\"%s\",\"app\":\"%s\",\"timestamp\":\"%s\"}\n",$1,$2,$3}' > "$dir/studentlife.jsonl"
            printf '{"device":"d","app":"a","timestamp":1700000000,"utc_offset":3600,"duration":5}\n' > "$dir/unix.jsonl" ;;
        fuzz-lsapp)
            printf 'timestamp\tapp\tevent\n2023-05-30 12:00:00\tcom.a\tOpened\n2023-05-30 12:05:00\tcom.a\tClosed\n' > "$dir/lsapp.tsv" ;;
        fuzz-appusage) cp "$ROOT/Tests/DeviceImportTests/Fixtures/app-usage-export.csv" "$dir/" ;;
        fuzz-dumpsys) cp "$ROOT"/Tests/DeviceImportTests/Fixtures/usagestats-*.txt "$dir/" ;;
        fuzz-biome) cp "$ROOT"/Tests/DeviceImportTests/Fixtures/biome-infocus-v*.segb "$dir/" ;;
        fuzz-model) cp "$ROOT"/Tests/UsageModelTests/Fixtures/golden-model-v*.json "$dir/" ;;
        fuzz-state)
            printf '{"lowPowerMode":false,"apps":[{"app":"com.a","forceQuit":false,"earliestBegin":1700000000,"maxFetchesPerDay":3,"bytesPerFetch":1000,"fetchResults":{"newData":12,"noData":3,"failed":1}}]}\n' > "$dir/state.json" ;;
        fuzz-rules)
            printf '{"minimumIntervalSeconds":900,"maxFetchesPerAppPerDay":12,"deviceFetchesPerHour":4,"leadMinutes":5,"newDataPriorAlpha":1,"newDataPriorBeta":1,"minimumValue":0.01,"recentUseDays":7}\n' > "$dir/rules.json" ;;
        fuzz-charging)
            printf 'device,start,end\nd,2023-05-30T22:00:00+02:00,2023-05-31T07:00:00+02:00\n' > "$dir/charging.csv" ;;
        *-rows) printf '\x00' > "$dir/empty" ;;  # row decoders: rows are drawn from the input bytes
        *) printf '\x05\x00\x00\x03\x00' > "$dir/edit" ;;  # SQLite targets: one cell edit on the real rows
    esac
}

# Longest input per target: enough for the seeds' structure; longer inputs only cost time.
max_len() {
    case "$1" in
        fuzz-model) echo 32768 ;;  # the golden model (24 KB) must fit, or every input is cut JSON
        fuzz-knowledgec|fuzz-powerlog|fuzz-screentime|fuzz-wellbeing) echo 4096 ;;  # cell-edit lists
        fuzz-dumpsys) echo 2048 ;;
        *) echo 1024 ;;  # text readers (a few dozen rows), row decoders (up to 64 rows), small JSON
    esac
}

# This run's own log, CPU figures and seed copy (named by the script's PID): two runs of one
# target at once (two lanes sharing its corpus) must not read each other's figures. The log is kept
# as log.txt when the run ends, the CPU figures and the seeds go: also when the script is stopped.
trap 'if [ -f "${log:-}" ]; then mv -f "$log" "${log%/*}/log.txt"; fi; rm -rf "${times:-}" "${seeds:-}"' EXIT
# Stopping the script (SIGINT or SIGTERM) stops its fuzzer as Ctrl-C would: the fuzzer gets
# SIGTERM (to libFuzzer the same interrupt as SIGINT, which a background job of a script ignores),
# prints its final statistics and exits, and the run's results line is still written (the
# executions done count); no further target is started. The signal goes to GNU time's child, the
# fuzzer itself (time ignores SIGINT while it waits).
stopping=0 child=""
trap 'stopping=1; if [ -n "$child" ]; then pkill -TERM -P "$child" 2>/dev/null || true; fi' INT TERM
for target in "${TARGETS[@]}"; do
    log="$FUZZ/.crashes/$target/log.$$.txt" times="$FUZZ/.crashes/$target/cpu.$$.txt" seeds="$FUZZ/.seeds/$target.$$"
    seed "$target" "$seeds"
    mkdir -p "$FUZZ/.corpus/$target" "$FUZZ/.crashes/$target"
    set +e
    # -detect_leaks=0: FileManager.contents(atPath:) of an empty file leaks 4 KiB in swift-foundation
    # (Swift 6.3.1), reported by LeakSanitizer from every target that reads a file with it.
    nice -n "${NICE:-10}" /usr/bin/time -o "$times" -f '%U %S' "$BIN/$target" "${LIMIT[@]}" -detect_leaks=0 -max_len="$(max_len "$target")" -timeout="${TIMEOUT:-10}" -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$FUZZ/.crashes/$target/" "$FUZZ/.corpus/$target" "$seeds" $(ls -d "$FUZZ/Regressions/$target" 2>/dev/null) > "$log" 2>&1 < /dev/null &
    child=$!
    # A trapped signal ends `wait` early (status > 128): wait again until the fuzzer has exited.
    wait "$child"; status=$?
    while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done
    child=""
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | head -1 || echo "?")
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | head -1 || echo "?")
    # Executions per CPU second (user + system): what the target costs, whatever share of a busy
    # shared machine it got (exec/s above is per wall-clock second).
    # (GNU time puts "Command exited with non-zero status N" before the figures: read the last line only.)
    cpu=$(awk 'NF == 2 && $1 ~ /^[0-9.]+$/ { u = $1; s = $2 } END { if (u != "") printf "%.1f", u + s }' "$times" 2>/dev/null)
    per_cpu=$(awk -v r="$runs" -v c="$cpu" 'BEGIN { if (c + 0 > 0 && r + 0 > 0) printf "%d", r / c; else print "?" }')
    crashes=$(find "$FUZZ/.crashes/$target" -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' | wc -l)
    # libFuzzer exits 72 when interrupted: recorded as `stopped`, not as a failure.
    if [ "$stopping" = 1 ] && [ "$status" = 72 ]; then status=stopped; fi
    line="$(date -u +%FT%TZ) $target exit=$status runs=$runs exec/s=$rate cpu_s=$cpu exec/cpu_s=$per_cpu artifacts=$crashes"
    echo "$line" | tee -a "$FUZZ/.results.txt"
    mv -f "$log" "$FUZZ/.crashes/$target/log.txt"
    rm -rf "$times" "$seeds"
    [ "$stopping" = 0 ] || break
done
