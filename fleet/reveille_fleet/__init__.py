"""Reveille on Apache Spark: evaluate, train and plan device by device, one `reveille` process
per partition, with results equal to a single run (see fleet/README section in the main README)."""

from .job import FleetJob, run

__all__ = ["FleetJob", "run"]
