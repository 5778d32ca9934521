/**
 * The report model: sections of tables and figures (series, axes, markers) with the report's own JSON and CSV, so
 * every chart's data can be read back or loaded into pandas.
 */
package io.heaplab.reports.model;
