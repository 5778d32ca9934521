package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListCommandTest {

    @Test
    void listsEveryKindWithDescriptionsAndOptions() {
        Cli cli = Cli.run("list");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("allocators:", "policies:", "workloads:", "stack", "nofree", "lru",
                "wsclock", "random-blocks", "frames=<a positive integer or 'all'>", "theta=",
                "      order=address|lifo  ", "      sli=1..5  ", "      steps=1|2|4|8|16  ");
    }

    @Test
    void listsAsJson() throws Exception {
        Cli cli = Cli.run("list", "--json");
        assertThat(cli.exitCode()).isZero();
        JsonNode root = new ObjectMapper().readTree(cli.out());
        assertThat(names(root.get("allocators"))).contains("nofree", "stack");
        assertThat(names(root.get("policies"))).contains("lru", "wsclock");
        assertThat(names(root.get("workloads"))).contains("random-blocks");
        for (JsonNode kind : root) {
            for (JsonNode plugin : kind) {
                assertThat(plugin.get("description").asText()).as(plugin.get("name").asText()).isNotBlank();
            }
        }
        JsonNode wsclock = find(root.get("policies"), "wsclock");
        assertThat(names(wsclock.get("options"))).containsExactly("frames", "theta");
        JsonNode order = find(find(root.get("allocators"), "first-fit").get("options"), "order");
        assertThat(order.get("type").asText()).isEqualTo("one of address, lifo");
        assertThat(order.get("choices")).extracting(JsonNode::asText).containsExactly("address", "lifo");
        JsonNode sli = find(find(root.get("allocators"), "tlsf").get("options"), "sli");
        assertThat(sli.get("type").asText()).isEqualTo("1..5");
        assertThat(sli.get("min").asInt()).isEqualTo(1);
        assertThat(sli.get("max").asInt()).isEqualTo(5);
        assertThat(find(wsclock.get("options"), "frames").has("choices")).isFalse();
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.get("name").asText()));
        return names;
    }

    private static JsonNode find(JsonNode array, String name) {
        for (JsonNode n : array) {
            if (n.get("name").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no " + name);
    }
}
