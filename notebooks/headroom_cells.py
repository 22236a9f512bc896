"""Probability cells of the reveille-v1 protocol with the features a learned model could use,
for notebook 04 (headroom). Standard library + numpy.

A cell is (device, scored day d, app, local hour h) for every app with a launch before start(d),
exactly as the protocol's probability metrics define them; its label is 1 when the app has a cold
launch in hour h of day d. Features are computed from launches before start(d) (``daily``) and,
for the online variant, also from the day's launches before the start of hour h."""

import collections
import math

import numpy as np

from reveille_nb import read_launches

TAU = 3600.0
WARMUP = 7

DAILY_FEATURES = [
    "hour freq 28d", "freq h-1", "freq h+1", "hour freq 7d", "same weekday count", "yesterday this hour",
    "app cold/day 28d", "log h since last launch", "device freq this hour", "hour", "app cold/day 7d",
]
ONLINE_FEATURES = [
    "log min since app launch (now)", "app launches today", "device launches last hour",
    "log min since any launch", "device launches today",
]


def _devices(path):
    rows = read_launches(path)
    order = sorted(range(len(rows)), key=lambda i: (rows[i]["instant"], i))
    by_device = collections.defaultdict(list)
    for i in order:
        r = rows[i]
        by_device[r["device"]].append((r["app"], r["instant"], r["offset"]))
    return by_device


def _cold(events):
    last, flags = {}, []
    for app, instant, _ in events:
        previous = last.get(app)
        flags.append(previous is None or previous <= instant - TAU)
        last[app] = instant
    return flags


def build(path, online=False):
    """(X, y, keys): one row per probability cell; keys are (device, day, hour, app)."""
    X, y, keys = [], [], []
    for device, events in sorted(_devices(path).items()):
        cold = _cold(events)
        day_of = [int((t + off) // 86400) for _, t, off in events]
        hour_of = [int(((t + off) % 86400) // 3600) for _, t, off in events]
        first, last = day_of[0], day_of[-1]
        if last - first < WARMUP + 7:
            continue
        for day in range(first + WARMUP, last):
            earlier = max(i for i in range(len(events)) if day_of[i] < day)
            start = day * 86400 - events[earlier][2]
            past = [i for i in range(len(events)) if events[i][1] < start]
            low = max(first, day - 28)
            window = day - low
            count28 = collections.defaultdict(lambda: np.zeros(24))
            count7 = collections.defaultdict(lambda: np.zeros(24))
            weekday = collections.defaultdict(lambda: np.zeros(24))
            yesterday = collections.defaultdict(lambda: np.zeros(24))
            last_launch = {}
            for i in past:
                app = events[i][0]
                last_launch[app] = events[i][1]
                if cold[i] and day_of[i] >= low:
                    h = hour_of[i]
                    count28[app][h] += 1
                    if day_of[i] >= day - 7:
                        count7[app][h] += 1
                    if (day - day_of[i]) % 7 == 0:
                        weekday[app][h] += 1
                    if day_of[i] == day - 1:
                        yesterday[app][h] += 1
            device_hours = sum(count28.values()) if count28 else np.zeros(24)
            today = [i for i in range(len(events)) if day_of[i] == day]
            labels = {(events[i][0], hour_of[i]) for i in today if cold[i]}
            days7 = min(7, window)
            for h in range(24):
                hour_start = start + h * 3600
                before = [i for i in today if events[i][1] < hour_start]
                for app in sorted(last_launch):
                    c = count28[app]
                    row = [c[h] / window, c[(h - 1) % 24] / window, c[(h + 1) % 24] / window,
                           count7[app][h] / days7, weekday[app][h], yesterday[app][h], c.sum() / window,
                           math.log1p((start - last_launch[app]) / 3600), device_hours[h] / window, h,
                           count7[app].sum() / days7]
                    if online:
                        mine = [events[i][1] for i in before if events[i][0] == app]
                        latest = max([last_launch[app], *mine])
                        any_launch = [events[i][1] for i in before]
                        row += [math.log1p((hour_start - latest) / 60), len(mine),
                                sum(1 for t in any_launch if t >= hour_start - 3600),
                                math.log1p((hour_start - max(any_launch)) / 60) if any_launch else 10.0,
                                len(any_launch)]
                    X.append(row)
                    y.append(int((app, h) in labels))
                    keys.append((device, day, h, app))
    return np.array(X), np.array(y), keys


def top_b_hits(scores, y, keys, budget):
    """Hits when each device-day fetches its `budget` highest-scoring cells at the start of their
    hour (ties: app name, then hour, as the protocol's histogram)."""
    by_day = collections.defaultdict(list)
    for i, (device, day, hour, app) in enumerate(keys):
        by_day[(device, day)].append(i)
    hits = 0
    for cells in by_day.values():
        chosen = sorted(cells, key=lambda i: (-scores[i], keys[i][3], keys[i][2]))[:budget]
        hits += int(y[chosen].sum())
    return hits
