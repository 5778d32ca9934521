/**
 * A small vocabulary for what a JSON document must hold ({@link io.heaplab.reports.schema.Expect}): objects with
 * required and optional fields, arrays, counts, ratios, strings of a set; checked against a Jackson tree, it names
 * the first value out of place by its path ({@code $.runs[3].faults}), what was found and what was expected.
 */
package io.heaplab.reports.schema;
