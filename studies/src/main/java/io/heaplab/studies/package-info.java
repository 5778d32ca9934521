/**
 * Paper reproductions: a {@link io.heaplab.studies.Study} per paper, found by {@link java.util.ServiceLoader}
 * ({@link io.heaplab.studies.Studies}), prepared into a {@link io.heaplab.studies.Reproduction} and run into an
 * {@link io.heaplab.studies.Outcome} that prints its tables, judges the paper's claims and writes its result file.
 * One package per paper holds its published figures, experiment, claims, tables and result schema; they share the
 * small kit in {@link io.heaplab.studies.kit}.
 */
package io.heaplab.studies;
