/** The block traces published with ARC (Megiddo and Modha, FAST 2003), as Caffeine's simulator reads them. */
package io.heaplab.traces.arc;
