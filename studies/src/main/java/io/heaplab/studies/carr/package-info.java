/**
 * Carr &amp; Hennessy, "WSCLOCK — A Simple and Effective Algorithm for Virtual Memory Management" (SOSP 1981):
 * configurations A, B and C of Table 1 under pure WS, WS with LT/RT and WSCLOCK over a theta grid, on the
 * multiprogrammed system of the {@code system} module with real programs as tasks; Table 2 beside the published
 * one, Figures 3-5 as charts, and the paper's claims judged.
 */
package io.heaplab.studies.carr;
