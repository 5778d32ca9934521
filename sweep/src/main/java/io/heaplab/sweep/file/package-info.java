/** Sweep files in YAML, TOML or JSON, read into values that know the line they were written on. */
package io.heaplab.sweep.file;
