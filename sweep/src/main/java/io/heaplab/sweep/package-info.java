/**
 * Sweeps: a grid of experiments read from a sweep file ({@link io.heaplab.sweep.SweepReader}), run point by point on
 * an engine ({@link io.heaplab.sweep.SweepEngine}: this machine's cores, or a cluster's) into one table that is
 * flushed as points finish, resumed where it stopped, and sorted at the end ({@link io.heaplab.sweep.SweepTable}).
 */
package io.heaplab.sweep;
