package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ObjectSizesTest {

    @Test
    void anObjectKeepsTheSizeOfItsFirstRequestAsAnUnsignedCount() {
        ObjectSizes sizes = new ObjectSizes();
        sizes.request(0, 100);
        sizes.request(1, -1); // 2^32 - 1 bytes, unsigned
        sizes.request(0, 5); // a later size of the same object is ignored
        assertThat(sizes.bytes(0)).isEqualTo(100);
        assertThat(sizes.bytes(1)).isEqualTo(4_294_967_295L);
    }

    @Test
    void aPageRequestedBeforeThoseBelowItIsAReadersBugNotAZeroSize() {
        ObjectSizes sizes = new ObjectSizes();
        sizes.request(0, 100);
        assertThatThrownBy(() -> sizes.request(2, 10)).isInstanceOf(IllegalStateException.class)
                .hasMessage("page 2 before page 1 was requested");
    }
}
