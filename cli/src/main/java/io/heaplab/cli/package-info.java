/**
 * The {@code heaplab} command (picocli), kept thin: parsing options, checking outputs before work starts, progress
 * bars, one-line errors and exit codes (0 ok, 1 failure, 2 usage); the work is the libraries'.
 */
package io.heaplab.cli;
