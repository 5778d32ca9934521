/** The report's HTML page: one self-contained file, every chart inline, no script and no stylesheet to fetch. */
package io.heaplab.reports.html;
