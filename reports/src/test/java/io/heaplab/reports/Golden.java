package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Golden files of the result formats, and documents made comparable with them on any machine. */
public final class Golden {

    private Golden() {
    }

    /**
     * Asserts that {@code actual} is the golden file {@code resource}; with {@code -Dheaplab.golden.update=true}
     * rewrites the file in {@code src/test/resources} instead, after a deliberate change of format.
     */
    public static void assertGolden(String actual, String resource) throws IOException {
        if (Boolean.getBoolean("heaplab.golden.update")) {
            java.nio.file.Files.writeString(java.nio.file.Path.of("src/test/resources", resource), actual);
            return;
        }
        assertThat(actual).as("%s, regenerate with -Dheaplab.golden.update=true", resource)
                .isEqualTo(golden(resource));
    }

    /** The golden file {@code resource} on the test class path, as text. */
    public static String golden(String resource) throws IOException {
        try (InputStream in = Golden.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * {@code document} without its environment, which names this machine's JDK and OS, after checking that it has
     * one and that it is this JVM's: what is left is the same on every machine.
     */
    public static String withoutEnvironment(byte[] document) throws IOException {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(document);
        assertThat(tree.path(Environment.FIELD).path("jdk").asText()).isEqualTo(System.getProperty("java.version"));
        assertThat(tree.path(Environment.FIELD).path("processors").asInt())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        tree.remove(Environment.FIELD);
        return new String(JsonResults.render(tree), StandardCharsets.UTF_8);
    }
}
