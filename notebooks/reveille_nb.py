"""Helpers shared by the Reveille notebooks: find the repository, run the `reveille` CLI, read a
canonical launch-history CSV into local wall-clock times. Standard library only."""

import csv
import datetime as dt
import os
import pathlib
import re
import subprocess


def _find_root() -> pathlib.Path:
    here = pathlib.Path.cwd().resolve()
    for folder in [here, *here.parents]:
        if (folder / "Package.swift").exists() and (folder / "Sources" / "reveille").is_dir():
            return folder
    raise RuntimeError("run the notebooks from inside the Reveille repository")


ROOT = _find_root()
BIN = (ROOT / os.environ.get("REVEILLE_BIN", ".build/release/reveille")).resolve()


def dataset() -> pathlib.Path:
    """The bundled dataset if present, else the StudentLife sample beside the repository."""
    bundled = ROOT / "Datasets" / "default" / "launches.csv"
    return bundled if bundled.exists() else (ROOT / ".." / "shared" / "datasets" / "studentlife-small" / "launches.csv").resolve()


def reveille(*args: str) -> str:
    """Runs `reveille args…` from the repository root and returns its stdout (stderr is shown on failure)."""
    done = subprocess.run([str(BIN), *map(str, args)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"reveille {' '.join(map(str, args))} exited {done.returncode}: {done.stderr}")
    return done.stdout


def commands() -> set:
    """Subcommands this build of `reveille` offers (parsed from `reveille --help`)."""
    text = reveille("--help")
    section = text.split("SUBCOMMANDS:", 1)[-1]
    return set(re.findall(r"^  ([a-z][a-z-]*)\s", section, flags=re.M))


def _offset(text: str) -> dt.timezone:
    text = text.strip()
    if text in ("", "Z", "z"):
        return dt.timezone.utc
    if re.fullmatch(r"[+-]?\d+", text) and ":" not in text and len(text.lstrip("+-")) > 4:
        return dt.timezone(dt.timedelta(seconds=int(text)))
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-").replace(":", "")
    return dt.timezone(sign * dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0)))


def read_launches(path) -> list:
    """Rows of a canonical CSV (`device,app,timestamp[,utc_offset]`) as dicts with `device`, `app`,
    `local` (naive local wall-clock datetime), `offset` (seconds east of UTC), `timestamp` (ISO-8601
    with offset) and `instant` (Unix seconds)."""
    rows = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            stamp = row["timestamp"].strip()
            if re.fullmatch(r"-?\d+(\.\d+)?", stamp):
                seconds = float(stamp) / (1000 if abs(float(stamp)) >= 1e11 else 1)
                zone = _offset(row.get("utc_offset") or "Z")
                aware = dt.datetime.fromtimestamp(seconds, zone)
            else:
                aware = dt.datetime.fromisoformat(stamp.replace(" ", "T").replace("Z", "+00:00"))
            rows.append({"device": row["device"], "app": row["app"], "local": aware.replace(tzinfo=None),
                         "offset": int(aware.utcoffset().total_seconds()), "timestamp": aware.isoformat(),
                         "instant": aware.timestamp()})
    return rows
