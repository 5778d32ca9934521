/** Files heaplab writes: where an output really goes, so a result never replaces what the user meant to write into. */
package io.heaplab.core.files;
