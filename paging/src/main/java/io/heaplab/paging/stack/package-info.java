/**
 * What every stack algorithm's one-pass analyzer shares (Mattson, Gecsei, Slutz &amp; Traiger 1970): from the
 * stack distance of each reference, the faults, write-backs and mean resident pages at every memory size.
 */
package io.heaplab.paging.stack;
