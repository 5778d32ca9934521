/** Charts of the report model drawn with JFreeChart, as PNG and as SVG (JFreeSVG), the same on every machine. */
package io.heaplab.reports.chart;
