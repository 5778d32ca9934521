package io.heaplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeaplabVersionTest {

    private static InputStream properties(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void theBuildStampsTheProjectVersion() {
        // the reactor filters heaplab.properties, so a test run sees the pom's version, never the placeholder
        assertThat(HeaplabVersion.current()).matches("\\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?");
    }

    @Test
    void aMissingOrUnfilteredResourceIsUnknown() {
        assertThat(HeaplabVersion.read(null)).isEqualTo(HeaplabVersion.UNKNOWN);
        assertThat(HeaplabVersion.read(properties("version=${project.version}\n"))).isEqualTo("unknown");
        assertThat(HeaplabVersion.read(properties("# nothing\n"))).isEqualTo("unknown");
        assertThat(HeaplabVersion.read(properties("version = 2.3.4 \n"))).isEqualTo("2.3.4");
    }
}
