/**
 * Results as files: the JSON result documents (schema version, environment, deterministic fields only), CSV, text
 * tables, mean ± sd summaries over seeds, atomic writes, and {@link io.heaplab.reports.Reports}, which turns
 * result files into one self-contained HTML report.
 */
package io.heaplab.reports;
