#!/usr/bin/env python3
"""Plain-numpy replay of protocol reveille-v1 (daily mode) for the baselines interval, histogram, oracle.

An independent, straightforward implementation, written as a researcher would: the reference
point `reveille bench baselines` compares Reveille's baseline evaluation against (same protocol,
same rules, same metrics). Shares the reader, the oracle's cover table and the ROC AUC with
numpy_kde_replay.py.

Per scored day d: the last-28-days window is the cold launches with local day in
max(first, d-28) .. d-1 and instant < start(d); interval splits B by largest remainder over the
window's per-app counts and spaces each app's fetches evenly; histogram takes the B best
(app, hour) counts and gives count / days as its probabilities; oracle covers day d's cold
launches exactly (fewest fetches among optimal plans, earlier apps first, later launches).

Usage: numpy_baselines_replay.py LAUNCHES.csv [--budget 4,8,16,32] [--tau-minutes 60]
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import json
import sys
from collections import defaultdict

import numpy as np

from numpy_kde_replay import arguments, day_start, device_arrays, read, roc_auc, score_day

WARMUP = 7
MIN_SCORED = 7
WINDOW = 28
POLICIES = ["interval", "histogram", "oracle"]


def interval_plan(counts, names, budget, s, e):
    total = counts.sum()
    if total == 0 or budget == 0:
        return []
    quota = budget * counts // total
    rem = budget * counts % total
    positive = np.nonzero(counts > 0)[0]
    order = sorted(positive, key=lambda a: (-rem[a], -counts[a], names[a]))
    for a in order[: budget - int(quota.sum())]:
        quota[a] += 1
    fetches = []
    for a in np.nonzero(quota > 0)[0]:
        k = int(quota[a])
        for i in range(k):
            f = s + (i + 0.5) * 86400 / k
            if f < e:
                fetches.append((int(a), f))
    return fetches


def histogram_plan(counts, budget, s, e):
    # counts[a, h]; names are sorted, so app index order is name order.
    a_idx, h_idx = np.nonzero(counts > 0)
    c = counts[a_idx, h_idx]
    order = np.lexsort((h_idx, a_idx, -c))[:budget]
    return [(int(a_idx[i]), s + int(h_idx[i]) * 3600) for i in order if s + int(h_idx[i]) * 3600 < e]


def cover_tables(times, tau, budget):
    n = len(times)
    nxt = np.searchsorted(times, times + tau - 1, side="right")
    f = np.zeros((n + 1, budget + 1), dtype=np.int64)
    for i in range(n - 1, -1, -1):
        f[i, :] = f[i + 1, :]
        f[i, 1:] = np.maximum(f[i, 1:], nxt[i] - i + f[nxt[i], :-1])
    return f.T, nxt


def oracle_plan(times_by_app, budget, tau):
    """Exact cover: per-app tables, a knapsack over apps (most covered, then fewest fetches, then
    earlier apps), then the fetch instants (fewest fetches, later launches)."""
    tables = [cover_tables(times, tau, min(budget, len(times))) for _, times in times_by_app]
    curves = [f[:, 0] for f, _ in tables]
    m = len(curves)
    best = np.zeros((m + 1, budget + 1, 2), dtype=np.int64)  # (covered, -fetches)
    for j in range(m - 1, -1, -1):
        for r in range(budget + 1):
            cand = tuple(best[j + 1, r])
            for k in range(1, min(len(curves[j]), r + 1)):
                rest = best[j + 1, r - k]
                c = (curves[j][k] + rest[0], rest[1] - k)
                if c > cand:
                    cand = c
            best[j, r] = cand
    fetches, covered, r = [], 0, budget
    for j, (app, times) in enumerate(times_by_app):
        target = tuple(best[j, r])
        for k in range(min(len(curves[j]) - 1, r), -1, -1):
            rest = best[j + 1, r - k]
            if (curves[j][k] + rest[0], rest[1] - k) == target:
                break
        r -= k
        if k == 0:
            continue
        covered += int(curves[j][k])
        f, nxt = tables[j]
        k = int(np.nonzero(f[:, 0] == f[k, 0])[0][0])
        i = 0
        while k > 0 and i < len(times):
            if f[k, i] == f[k, i + 1]:
                i += 1
            else:
                fetches.append((app, float(times[i] - 1)))
                i = nxt[i]
                k -= 1
    return fetches, covered


def replay_device(rows, budgets, tau, totals):
    t, offset, names, app, local, day, cold, previous_launch = device_arrays(rows, tau)
    hour = (local % 86400) // 3600
    first, last = int(day[0]), int(day[-1])
    if last - first < WARMUP + MIN_SCORED:
        return False

    last_fetch = {(p, b): np.full(len(names), -np.inf) for p in POLICIES for b in budgets}
    device_hits = {(p, b): 0 for p in POLICIES for b in budgets}
    device_cold = 0
    for d in range(first + WARMUP, last):
        s, e = day_start(d, day, offset, first), day_start(d + 1, day, offset, first)
        lo = max(first, d - WINDOW)
        window = cold & (day >= lo) & (day < d) & (t < s)
        days = d - lo
        by_app = np.bincount(app[window], minlength=len(names))
        by_hour = np.zeros((len(names), 24), dtype=np.int64)
        np.add.at(by_hour, (app[window], hour[window]), 1)
        known = np.zeros(len(names), dtype=bool)
        known[np.unique(app[t < s])] = True

        today = np.nonzero((day == d) & cold)[0]
        device_cold += len(today)
        totals["coldLaunches"] += len(today)
        totals["deviceDays"] += 1
        probabilities = np.minimum(1.0, by_hour / max(1, days))
        labels = np.zeros((len(names), 24))
        labels[app[today], hour[today]] = 1
        totals["p"].append(probabilities[known].ravel())
        totals["y"].append(labels[known].ravel())

        coverable = [(a, np.sort(t[today][(app[today] == a) & (t[today] - 1 >= s) & (t[today] - 1 < e)]))
                     for a in range(len(names))]
        coverable = [(a, x) for a, x in coverable if len(x)]
        for b in budgets:
            oracle_fetches, oracle_hits = oracle_plan(coverable, b, tau)
            plans = {"interval": interval_plan(by_app, names, b, s, e),
                     "histogram": histogram_plan(by_hour, b, s, e),
                     "oracle": oracle_fetches}
            for p, fetches in plans.items():
                hits, used, stale = score_day(fetches, today, t, app, previous_launch, last_fetch[p, b], tau)
                r = totals["results"][p, b]
                r["hits"] += hits
                r["usedFetches"] += used
                r["fetches"] += len(fetches)
                r["staleness"] += stale
                r["oracleHits"] += oracle_hits
                device_hits[p, b] += hits
    if device_cold > 0:
        for key in device_hits:
            totals["results"][key]["rates"].append(device_hits[key] / device_cold)
    return True


def main():
    args, budgets, tau = arguments(__doc__.split("\n")[0])
    devices = read(args.launches)
    totals = {"coldLaunches": 0, "deviceDays": 0, "p": [], "y": [],
              "results": {(p, b): defaultdict(float, rates=[]) for p in POLICIES for b in budgets}}
    scored = skipped = 0
    for device in sorted(devices):
        if replay_device(devices[device], budgets, tau, totals):
            scored += 1
        else:
            skipped += 1
    p = np.clip(np.concatenate(totals["p"]) if totals["p"] else np.zeros(0), 1e-6, 1 - 1e-6)
    y = np.concatenate(totals["y"]) if totals["y"] else np.zeros(0)
    cold = totals["coldLaunches"]
    ratio = lambda x, y: x / y if y else 0.0
    results = []
    for policy in POLICIES:
        for b in budgets:
            r = totals["results"][policy, b]
            scores = policy == "histogram" and len(p) > 0
            results.append({
                "policy": policy, "budget": b, "hits": int(r["hits"]), "hitRate": ratio(r["hits"], cold),
                "oracleHits": int(r["oracleHits"]), "oracleRatio": ratio(r["hits"], r["oracleHits"]),
                "precision": ratio(r["usedFetches"], r["fetches"]), "fetches": int(r["fetches"]),
                "fetchesPerDay": ratio(r["fetches"], totals["deviceDays"]),
                "meanStalenessMinutes": ratio(r["staleness"], cold),
                "macroHitRate": float(np.mean(r["rates"])) if r["rates"] else 0.0,
                "logLoss": float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()) if scores else None,
                "brier": float(((np.concatenate(totals["p"]) - y) ** 2).mean()) if scores else None,
                "rocAuc": roc_auc(np.concatenate(totals["p"]), y) if scores else None})
    json.dump({"protocol": "reveille-v1", "mode": "daily", "tauMinutes": args.tau_minutes, "warmupDays": WARMUP,
               "devices": scored, "skippedDevices": skipped, "deviceDays": totals["deviceDays"],
               "coldLaunches": cold, "results": results}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
