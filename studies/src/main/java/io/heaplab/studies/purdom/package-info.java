/**
 * Purdom, Stigler &amp; Cheam, "Statistical Investigation of Three Storage Allocation Algorithms" (BIT 10, 1970),
 * Tables 1-3: the published figures ({@code purdom-stigler-1970.json}), segregated storage, first fit and the buddy
 * system on bounded memories, the conclusions of section 4, the text tables and the result file with its reader.
 */
package io.heaplab.studies.purdom;
