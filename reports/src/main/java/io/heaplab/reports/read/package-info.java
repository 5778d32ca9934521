/**
 * Reading result files into report sections: JMH's JSON, heaplab's run, replay and curve files, and every
 * experiment's file through the {@link io.heaplab.reports.read.ExperimentReader} its {@code experiment} names.
 */
package io.heaplab.reports.read;
