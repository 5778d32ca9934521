package io.heaplab.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.HeaplabVersion;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine and JDK a result was measured on, as result files carry it under {@code environment} and reports
 * show it. Only what stays the same from run to run on one machine goes in (no host name, no time), so results
 * stay byte for byte the same for the same seed.
 */
public final class Environment {

    /** The field of a result document that holds it. */
    public static final String FIELD = "environment";

    private Environment() {
    }

    /** This JVM's machine and JDK. */
    public static ObjectNode current() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("heaplab", HeaplabVersion.current());
        node.put("jdk", System.getProperty("java.version"));
        node.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        node.put("vendor", System.getProperty("java.vendor"));
        node.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        node.put("arch", System.getProperty("os.arch"));
        node.put("processors", Runtime.getRuntime().availableProcessors());
        node.put("maxHeapMiB", Runtime.getRuntime().maxMemory() >> 20);
        return node;
    }

    /**
     * The {@code environment} of a result document as text, in its order, and the {@code command} that made it
     * when the document says; empty when it has neither.
     */
    public static Map<String, String> of(JsonNode document) {
        Map<String, String> environment = new LinkedHashMap<>();
        document.path(FIELD).properties().forEach(e -> environment.put(e.getKey(), e.getValue().asText()));
        if (document.path(Provenance.FIELD).isTextual()) {
            environment.put(Provenance.FIELD, document.path(Provenance.FIELD).asText());
        }
        return environment;
    }
}
