/** The course report's experiment on first, best and worst fit (C. Zhang, RMIT COSC1114 report). */
package io.heaplab.workloads.fits;
