/** The page-fault-frequency policy (Chu &amp; Opderbeck 1972): memory sized by the time between faults. */
package io.heaplab.paging.pff;
