"""The same decode as ``dask_decode.py`` in PySpark: ``normalize.decode_partition`` in a
``mapPartitions`` (not run by the test suite; needs ``pyspark`` and a JVM).

    spark-submit examples/distributed/spark_decode.py SRC_DIR DST_DIR

Spark splits big files across partitions and does not keep line numbers, so records
carry the file name and ``"line": null``; everything else is as with Dask.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))

import normalize  # noqa: E402


def rows(part: Iterable[Any]) -> Iterator[normalize.Row]:
    for r in part:  # Row(file=..., value=...)
        yield Path(r.file).name, None, r.value


def decode_partition(part: Iterable[Any]) -> Iterator[str]:
    return normalize.decode_partition(rows(part))


def main(src: str, dst: str) -> int:
    from pyspark.sql import SparkSession
    from pyspark.sql.functions import input_file_name

    spark = SparkSession.builder.appName("toolwire-decode").getOrCreate()
    spark.sparkContext.addPyFile(normalize.__file__)  # workers import it too (toolwire must be installed)
    lines = spark.read.text(f"{src}/*.jsonl").select(input_file_name().alias("file"), "value")
    lines.rdd.mapPartitions(decode_partition).saveAsTextFile(dst)
    spark.stop()
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
