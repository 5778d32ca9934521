/**
 * The plugin host: registries of providers by name, loading plugin jars each through a class loader of its own,
 * where each provider came from, and failures told in one line. A plugin author never needs this package.
 */
package io.heaplab.core.plugins;
