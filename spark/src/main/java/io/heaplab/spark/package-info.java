/**
 * Sweeps on Apache Spark: {@link io.heaplab.spark.SparkEngine} runs each point as a task; this module's shaded jar,
 * {@code heaplab-spark.jar}, is what {@code spark-submit} runs.
 */
package io.heaplab.spark;
