/** The course report on first, best and worst fit: {@code heaplab reproduce fits} (C. Zhang, RMIT COSC1114). */
package io.heaplab.studies.fits;
