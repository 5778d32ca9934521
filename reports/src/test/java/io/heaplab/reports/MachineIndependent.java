package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A result document made the same on every machine, so a golden file can hold it. */
public final class MachineIndependent {

    private MachineIndependent() {
    }

    /**
     * {@code document} without its environment, which names this machine's JDK and OS, after checking that it has
     * one and that it is this JVM's: what is left is the same on every machine.
     */
    public static String text(byte[] document) throws IOException {
        ObjectNode tree = (ObjectNode) new ObjectMapper().readTree(document);
        assertThat(tree.path(Environment.FIELD).path("jdk").asText()).isEqualTo(System.getProperty("java.version"));
        assertThat(tree.path(Environment.FIELD).path("processors").asInt())
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        tree.remove(Environment.FIELD);
        return new String(JsonResults.render(tree), StandardCharsets.UTF_8);
    }
}
