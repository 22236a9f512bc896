"""The Spark side: repartition by device, sort within partitions, pipe each partition through
one long-lived `reveille … --stream` process, and merge.

Each partition's rows go to one process as canonical CSV sorted by device (Spark's binary string
order, the order `reveille --stream` requires) and, within a device, in the input's row order:
Reveille sorts a device's rows by instant itself, stably, so rows at equal instants keep the
order a single run sees. Results therefore equal a single run's, device by device.
"""

import json
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from typing import List, Optional

COLUMNS = ["device", "app", "timestamp", "duration", "utc_offset"]


@dataclass
class FleetJob:
    command: str                     # evaluate | train | plan
    history: str
    output: str
    partitions: Optional[int] = None
    reveille: str = "reveille"
    ship: bool = True
    input_format: Optional[str] = None
    extra: List[str] = field(default_factory=list)   # passed to reveille (e.g. --policy, --mode, --from)

    def reveille_arguments(self) -> List[str]:
        """The per-partition command after the binary: read stdin, one device at a time."""
        if self.command == "evaluate":
            return ["evaluate", "-", "--stream", "--partial", "--quiet"] + self.extra
        if self.command == "train":
            return ["train", "-", "--stream", "--quiet", "-o", "-"] + self.extra
        return ["plan", "--history", "-", "--stream", "--quiet"] + self.extra


def _csv_field(column):
    """A Spark column as one CSV field (JVM side): quoted when it holds a comma, quote or newline."""
    from pyspark.sql import functions as F
    value = F.coalesce(column.cast("string"), F.lit(""))
    needs_quotes = value.rlike('[,"\\r\\n]')
    quoted = F.concat(F.lit('"'), F.regexp_replace(value, '"', '""'), F.lit('"'))
    return F.when(needs_quotes, quoted).otherwise(value)


def read_lines(spark, job: FleetJob):
    """(header, RDD of CSV lines) repartitioned by device and sorted by device, then input row order."""
    from pyspark.sql import functions as F
    fmt = job.input_format or ("parquet" if job.history.endswith(".parquet") or os.path.isdir(job.history) else "csv")
    reader = spark.read
    frame = reader.parquet(job.history) if fmt == "parquet" else reader.option("header", True).csv(job.history)
    # Input order, before any shuffle: increasing over the file (partition index in the high bits).
    frame = frame.withColumn("_row", F.monotonically_increasing_id())
    names = {c.lower(): c for c in frame.columns}
    if not all(c in names for c in COLUMNS[:3]):
        raise SystemExit(f"{job.history}: expected columns device,app,timestamp (found {', '.join(frame.columns)})")
    used = [c for c in COLUMNS if c in names]
    line = F.concat_ws(",", *[_csv_field(F.col(names[c])) for c in used]).alias("line")
    parts = job.partitions or spark.sparkContext.defaultParallelism
    sorted_frame = (frame.repartition(parts, F.col(names["device"]))
                    .sortWithinPartitions(F.col(names["device"]), F.col("_row")))
    return ",".join(used), sorted_frame.select(line).rdd.map(lambda r: r[0])


def _pipe(binary_name: str, shipped: bool, arguments: List[str], header: str):
    """mapPartitions function: one reveille process per partition, fed the header then the rows,
    its stdout lines yielded as they come (what RDD.pipe does, with the binary resolved on the
    executor from SparkFiles)."""
    def run(rows):
        from pyspark import SparkFiles
        # An empty partition runs no process: reveille refuses an input without launches (as a
        # whole file without any is refused), and such a partition has nothing to contribute.
        rows = iter(rows)
        first = next(rows, None)
        if first is None:
            return
        binary = SparkFiles.get(binary_name) if shipped else binary_name
        if shipped:
            os.chmod(binary, 0o755)
        process = subprocess.Popen([binary] + arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, bufsize=1 << 20)
        errors = []

        def feed():
            try:
                process.stdin.write((header + "\n").encode())
                process.stdin.write((first + "\n").encode())
                for row in rows:
                    process.stdin.write((row + "\n").encode())
            except BrokenPipeError:
                pass
            except Exception as error:   # reported after the process ends
                errors.append(error)
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        stderr = []
        writer = threading.Thread(target=feed)
        reader = threading.Thread(target=lambda: stderr.append(process.stderr.read()))
        writer.start()
        reader.start()
        for out in process.stdout:
            yield out.decode().rstrip("\n")
        writer.join()
        reader.join()
        status = process.wait()
        if errors:
            raise errors[0]
        if status != 0:
            raise RuntimeError(f"reveille exited with status {status}: {b''.join(stderr).decode().strip()}")
    return run


def _device_of(line: str) -> str:
    record = json.loads(line)
    if "device" in record:
        return record["device"]
    return next(iter(record["devices"]))


def run(job: FleetJob, master: Optional[str] = None, spark=None):
    """Runs the job; writes job.output (evaluate: merged JSON; train/plan: JSON Lines by device)."""
    from pyspark.sql import SparkSession
    own = spark is None
    if own:
        builder = SparkSession.builder.appName(f"reveille-fleet-{job.command}")
        if master:
            builder = builder.master(master)
        spark = builder.getOrCreate()
    try:
        sc = spark.sparkContext
        binary = job.reveille
        if job.ship:
            path = shutil.which(binary) or binary
            if not os.path.isfile(path):
                raise SystemExit(f"--reveille {binary}: no such binary on the driver")
            sc.addFile(os.path.abspath(path))
            binary = os.path.basename(path)
        header, lines = read_lines(spark, job)
        out = lines.mapPartitions(_pipe(binary, job.ship, job.reveille_arguments(), header))
        # One job runs every partition in parallel; the results are then read from the cache
        # (toLocalIterator alone would run the partitions one after the other).
        from pyspark import StorageLevel
        out = out.persist(StorageLevel.MEMORY_AND_DISK)
        out.count()
        if job.command == "evaluate":
            _merge(job, out)
        else:
            _write_lines(job.output, out.sortBy(_device_of).toLocalIterator())
    finally:
        if own:
            spark.stop()


def _write_lines(path: str, lines):
    directory = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=directory, delete=False, suffix=".tmp") as f:
        for line in lines:
            f.write(line + "\n")
    os.replace(f.name, path)


def _merge(job: FleetJob, partials):
    """Partial lines (any order) into one report with `reveille merge` on the driver."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "partials.jsonl")
        with open(path, "w") as f:
            for line in partials.toLocalIterator():
                f.write(line + "\n")
        local = shutil.which(job.reveille) or job.reveille
        subprocess.run([local, "merge", path, "--format", "json", "-o", os.path.abspath(job.output)], check=True)
