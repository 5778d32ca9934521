/**
 * Strategies that keep free blocks of any size on many lists by size class: Purdom, Stigler &amp; Cheam's
 * segregated storage (1970) and Two-Level Segregated Fit (Masmano, Ripoll, Crespo &amp; Real 2004), both over the
 * cell layer of {@link io.heaplab.allocators.variable}.
 */
package io.heaplab.allocators.segregated;
