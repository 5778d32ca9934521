/**
 * heaplab's core: the plugin contract ({@code spi}), the simulated heap, the reference stream, the runner and
 * the plugin host, each in a package of its own; here only what names heaplab itself, its {@link
 * io.heaplab.core.HeaplabVersion version}.
 */
package io.heaplab.core;
