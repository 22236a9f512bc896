#!/usr/bin/env python3
"""Plain-numpy replay of protocol reveille-v1 (daily mode) with a recency-weighted KDE policy.

An independent, straightforward implementation, written as a researcher would: the reference
point `reveille bench` compares Reveille's evaluation cost against (same protocol, same metrics).

Policy `kde`: for day d, every cold launch before start(d) is put in its app's 5-minute
time-of-day slot with weight 0.5 ** (age_days / 14); the slot histogram is smoothed with a
circular Gaussian (sigma 45 min) and divided by the recency-weighted number of days, giving
expected cold launches per slot. Fetches are picked greedily: the (app, slot) whose next
`tau` of expected launches is largest, then that app's covered slots are zeroed. Hourly
probabilities for the scores are 1 - exp(-expected launches in the hour).

Metrics per budget: hits, hitRate, oracleHits, oracleRatio, precision, fetchesPerDay,
meanStalenessMinutes, macroHitRate, logLoss, brier, rocAuc.

One core, as the comparison is stated: OpenBLAS is kept to one thread (its worker threads
otherwise spin on the small products and triple the CPU time on a shared machine).

Usage: numpy_kde_replay.py LAUNCHES.csv [--budget 4,8,16,32] [--tau-minutes 60]
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import csv
import json
import sys
from collections import defaultdict
from datetime import datetime

import numpy as np

WARMUP = 7
MIN_SCORED = 7
SLOT = 300
SLOTS = 86400 // SLOT
HALF_LIFE_DAYS = 14.0
SIGMA_SLOTS = 45 * 60 / SLOT


def read(path):
    devices = defaultdict(set)
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            dt = datetime.fromisoformat(row["timestamp"].replace("Z", "+00:00"))
            offset = int(dt.utcoffset().total_seconds()) if dt.utcoffset() is not None else 0
            devices[row["device"]].add((int(np.floor(dt.timestamp())), row["app"], offset))
    result = {}
    for device, rows in devices.items():
        rows = sorted(rows, key=lambda r: r[0])
        result[device] = rows
    return result


def kernel_matrix():
    d = np.arange(SLOTS)
    diff = np.minimum(np.abs(d[:, None] - d[None, :]), SLOTS - np.abs(d[:, None] - d[None, :]))
    k = np.exp(-0.5 * (diff / SIGMA_SLOTS) ** 2)
    return k / k.sum(axis=0, keepdims=True)


def oracle_cover(times_by_app, budget, tau):
    best_by_app = []
    for times in times_by_app:
        n = len(times)
        nxt = np.searchsorted(times, times + tau - 1, side="right")
        f = np.zeros((n + 1, budget + 1), dtype=np.int64)
        for i in range(n - 1, -1, -1):
            f[i, :] = f[i + 1, :]
            f[i, 1:] = np.maximum(f[i, 1:], nxt[i] - i + f[nxt[i], :-1])
        best_by_app.append(f[0])
    total = np.zeros(budget + 1, dtype=np.int64)
    for best in best_by_app:
        new = total.copy()
        for k in range(1, budget + 1):
            new[k:] = np.maximum(new[k:], total[:-k] + best[k])
        total = new
    return int(total[budget])


def roc_auc(scores, labels):
    """Mann-Whitney with average ranks."""
    values, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)
    ranks = (ends - counts + 1 + ends) / 2
    r = ranks[inverse]
    pos = labels.sum()
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return None
    return float((r[labels == 1].sum() - pos * (pos + 1) / 2) / (pos * neg))


def device_arrays(rows, tau):
    """A device's launches as arrays: instants, offsets, app names and ids, local seconds and days,
    cold flags and each launch's previous launch of its app (-inf when none)."""
    t = np.array([r[0] for r in rows], dtype=np.int64)
    offset = np.array([r[2] for r in rows], dtype=np.int64)
    names = sorted(set(r[1] for r in rows))
    index = {a: i for i, a in enumerate(names)}
    app = np.array([index[r[1]] for r in rows])
    local = t + offset
    day = local // 86400
    # Cold launches: no launch of the same app with an instant in (t - tau, t).
    cold = np.ones(len(t), dtype=bool)
    previous_launch = np.full(len(t), -np.inf)
    for a in range(len(names)):
        idx = np.nonzero(app == a)[0]
        ta = t[idx]
        prev = np.searchsorted(ta, ta, side="left") - 1
        has = prev >= 0
        cold[idx[has]] = ta[has] - ta[prev[has]] >= tau
        previous_launch[idx[has]] = ta[prev[has]]
    return t, offset, names, app, local, day, cold, previous_launch


def day_start(d, day, offset, first):
    """start(d): local midnight under the offset of the last launch on an earlier local day."""
    earlier = np.nonzero(day < d)[0]
    return d * 86400 - int(offset[0] if d == first or len(earlier) == 0 else offset[earlier.max()])


def arguments(description):
    """The command line: LAUNCHES.csv, the sorted budgets and tau in seconds."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("launches")
    parser.add_argument("--budget", default="4,8,16,32")
    parser.add_argument("--tau-minutes", type=float, default=60)
    args = parser.parse_args()
    return args, sorted(int(b) for b in args.budget.split(",")), int(args.tau_minutes * 60)


def score_day(fetches, cold_today, t, app, previous_launch, last_fetch, tau):
    """One plan's hits, used fetches and staleness sum on a day; advances last_fetch (per app)."""
    hits = used = 0
    stale = 0.0
    fetch_by_app = defaultdict(list)
    for a, f in fetches:
        fetch_by_app[a].append(f)
    day = zip(app[cold_today].tolist(), t[cold_today].tolist(), previous_launch[cold_today].tolist())
    for a, ti, previous in day:
        hits += any(ti - tau <= f < ti for f in fetch_by_app[a])
        before = [f for f in fetch_by_app[a] if f < ti]
        lastf = max(before) if before else last_fetch[a]
        latest = max(lastf, previous)
        stale += 1440.0 if latest == -np.inf else min(1440.0, (ti - latest) / 60)
    for a, f in fetches:
        ca = t[cold_today][app[cold_today] == a]
        used += bool(((ca > f) & (ca <= f + tau)).any())
        last_fetch[a] = max(last_fetch[a], f)
    return hits, used, stale


def replay_device(rows, budgets, tau, kernel, totals):
    t, offset, names, app, local, day, cold, previous_launch = device_arrays(rows, tau)
    first, last = int(day[0]), int(day[-1])
    if last - first < WARMUP + MIN_SCORED:
        return False
    slot_of = (local % 86400) // SLOT
    hour_of = (local % 86400) // 3600

    last_fetch = {b: np.full(len(names), -np.inf) for b in budgets}
    device_hits = {b: 0 for b in budgets}
    device_cold = 0
    for d in range(first + WARMUP, last):
        s = day_start(d, day, offset, first)
        e = day_start(d + 1, day, offset, first)
        seen = t < s
        train = seen & cold
        age_days = (s - t[train]) / 86400
        w = 0.5 ** (age_days / HALF_LIFE_DAYS)
        hist = np.zeros((len(names), SLOTS))
        np.add.at(hist, (app[train], slot_of[train]), w)
        days = np.arange(int(day[seen].min()) if seen.any() else d, d)
        day_mass = max(1e-9, (0.5 ** ((d - days - 0.5) / HALF_LIFE_DAYS)).sum())
        rate = hist @ kernel / day_mass
        known = np.zeros(len(names), dtype=bool)
        known[np.unique(app[seen])] = True

        today = (day == d) & cold
        cold_today = np.nonzero(today)[0]
        device_cold += len(cold_today)
        totals["coldLaunches"] += len(cold_today)
        totals["deviceDays"] += 1

        hourly = 1 - np.exp(-rate.reshape(len(names), 24, SLOTS // 24).sum(axis=2))
        labels = np.zeros((len(names), 24))
        labels[app[cold_today], hour_of[cold_today]] = 1
        totals["p"].append(hourly[known].ravel())
        totals["y"].append(labels[known].ravel())

        k = int(round(tau / SLOT))
        n_slots = int((e - s) // SLOT)
        oracle_launch = [np.sort(t[cold_today][(app[cold_today] == a) & (t[cold_today] - 1 >= s)]) for a in range(len(names))]
        oracle_launch = [x for x in oracle_launch if len(x)]
        for b in budgets:
            remaining = rate[:, np.arange(n_slots) % SLOTS].copy()
            remaining[~known] = 0

            def windows(rows):
                csum = np.concatenate([np.zeros((len(rows), 1)), np.cumsum(rows, axis=1)], axis=1)
                ends = np.minimum(np.arange(n_slots) + k, n_slots)
                return csum[:, ends] - csum[:, :n_slots]

            window = windows(remaining)
            fetches = []
            for _ in range(b):
                a, j = np.unravel_index(np.argmax(window), window.shape)
                if window[a, j] <= 0:
                    break
                fetches.append((int(a), max(s, s + int(j) * SLOT - 1)))
                remaining[a, j:j + k] = 0
                window[a] = windows(remaining[a:a + 1])[0]
            fetches = [f for f in fetches if f[1] < e]
            hits, used, stale = score_day(fetches, cold_today, t, app, previous_launch, last_fetch[b], tau)
            r = totals["budgets"][b]
            r["hits"] += hits
            r["usedFetches"] += used
            r["fetches"] += len(fetches)
            r["staleness"] += stale
            r["oracleHits"] += oracle_cover(oracle_launch, b, tau)
            device_hits[b] += hits
    if device_cold > 0:
        for b in budgets:
            totals["budgets"][b]["rates"].append(device_hits[b] / device_cold)
    return True


def main():
    args, budgets, tau = arguments(__doc__.split("\n")[0])
    devices = read(args.launches)
    kernel = kernel_matrix()
    totals = {"coldLaunches": 0, "deviceDays": 0, "p": [], "y": [],
              "budgets": {b: defaultdict(float, rates=[]) for b in budgets}}
    scored = skipped = 0
    for device in sorted(devices):
        if replay_device(devices[device], budgets, tau, kernel, totals):
            scored += 1
        else:
            skipped += 1
    p = np.clip(np.concatenate(totals["p"]) if totals["p"] else np.zeros(0), 1e-6, 1 - 1e-6)
    y = np.concatenate(totals["y"]) if totals["y"] else np.zeros(0)
    log_loss = float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()) if len(p) else None
    brier = float(((p - y) ** 2).mean()) if len(p) else None
    auc = roc_auc(p, y) if len(p) else None
    cold = totals["coldLaunches"]
    results = []
    for b in budgets:
        r = totals["budgets"][b]
        ratio = lambda x, y: x / y if y else 0.0
        results.append({
            "policy": "kde", "budget": b, "hits": int(r["hits"]), "hitRate": ratio(r["hits"], cold),
            "oracleHits": int(r["oracleHits"]), "oracleRatio": ratio(r["hits"], r["oracleHits"]),
            "precision": ratio(r["usedFetches"], r["fetches"]), "fetchesPerDay": ratio(r["fetches"], totals["deviceDays"]),
            "meanStalenessMinutes": ratio(r["staleness"], cold),
            "macroHitRate": float(np.mean(r["rates"])) if r["rates"] else 0.0,
            "logLoss": log_loss, "brier": brier, "rocAuc": auc})
    json.dump({"protocol": "reveille-v1", "mode": "daily", "tauMinutes": args.tau_minutes, "warmupDays": WARMUP,
               "devices": scored, "skippedDevices": skipped, "deviceDays": totals["deviceDays"],
               "coldLaunches": cold, "results": results}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
