"""`python -m reveille_fleet evaluate|train|plan HISTORY OUT [options] [-- reveille options]`."""

import argparse
import sys

from .job import FleetJob, run


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m reveille_fleet",
        description="Run `reveille evaluate|train|plan` over a launch table on Spark, one reveille process per partition.")
    parser.add_argument("command", choices=["evaluate", "train", "plan"])
    parser.add_argument("history", help="launch table: CSV with a header (device,app,timestamp[,duration][,utc_offset]) or Parquet")
    parser.add_argument("output", help="evaluate: the merged report JSON; train: models as JSON Lines; plan: schedules as JSON Lines")
    parser.add_argument("--partitions", type=int, default=None, help="partitions (default: Spark's default parallelism)")
    parser.add_argument("--reveille", default="reveille",
                        help="the reveille binary: a path on the driver, shipped to executors with SparkContext.addFile (default: reveille on PATH)")
    parser.add_argument("--no-ship", action="store_true",
                        help="do not ship the binary: --reveille is already installed at that path on every executor")
    parser.add_argument("--master", default=None, help="Spark master when not run by spark-submit (e.g. local[2])")
    parser.add_argument("--input-format", choices=["csv", "parquet"], default=None,
                        help="default: parquet for *.parquet or a directory, else csv")
    args, rest = parser.parse_known_args(argv)
    if rest and rest[0] == "--":
        rest = rest[1:]
    job = FleetJob(command=args.command, history=args.history, output=args.output, partitions=args.partitions,
                   reveille=args.reveille, ship=not args.no_ship, input_format=args.input_format, extra=rest)
    run(job, master=args.master)
    return 0


if __name__ == "__main__":
    sys.exit(main())
