package io.heaplab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.spi.Option;
import io.heaplab.core.plugins.Origin;
import io.heaplab.core.spi.Plugin;
import io.heaplab.core.plugins.Registry;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code heaplab list}: every allocator, policy and workload, with its description, its options (a choice or a
 * range with its allowed values) and where it comes from (built in, or the plugin jar that brought it).
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every allocator, replacement policy and workload with its options.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab list",
            "  heaplab list --json"})
final class ListCommand implements Callable<Integer> {

    @ParentCommand
    private HeaplabCommand parent;

    @Spec
    private CommandSpec spec;

    @picocli.CommandLine.Option(names = "--json", description = "Print the list as JSON.")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Registry<?>> registries = List.of(parent.plugins().allocators(), parent.plugins().policies(),
                parent.plugins().workloads());
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ObjectNode root = mapper.createObjectNode();
            for (Registry<?> registry : registries) {
                ArrayNode array = root.putArray(plural(registry.kind()));
                for (Plugin plugin : registry.all()) {
                    ObjectNode node = array.addObject();
                    node.put("name", plugin.name());
                    node.put("description", plugin.description());
                    node.put("source", registry.origin(plugin.name()).toString());
                    ArrayNode options = node.putArray("options");
                    for (Option option : plugin.options()) {
                        ObjectNode o = options.addObject();
                        o.put("name", option.name());
                        o.put("type", option.expected());
                        switch (option.allowed()) {
                            case Option.Choice choice -> choice.words().forEach(o.putArray("choices")::add);
                            case Option.Range range -> {
                                o.put("min", new BigDecimal(range.min().toPlainString()));
                                o.put("max", new BigDecimal(range.max().toPlainString()));
                            }
                            case Option.Any any -> { }
                        }
                        if (option.isRequired()) {
                            o.put("required", true);
                        } else {
                            o.put("default", option.defaultValue());
                        }
                        o.put("description", option.description());
                    }
                }
            }
            out.println(mapper.writeValueAsString(root));
        } else {
            for (Registry<?> registry : registries) {
                out.println(plural(registry.kind()) + ":");
                for (Plugin plugin : registry.all()) {
                    out.printf("  %-16s %s%n", plugin.name(), plugin.description());
                    Origin origin = registry.origin(plugin.name());
                    if (origin.isPlugin()) {
                        out.printf("      from plugin %s (%s)%n", origin, plugin.getClass().getName());
                    }
                    for (Option option : plugin.options()) {
                        // a choice or a range shows its values as a spec writes them: order=address|lifo, sli=1..5
                        String values = option.allowedValues() != null ? option.allowedValues()
                                : "<" + option.expected() + ">";
                        out.printf("      %s=%s  %s (%s)%n", option.name(), values, option.description(),
                                option.isRequired() ? "required" : "default " + option.defaultValue());
                    }
                }
            }
            out.println();
            out.println("The measures heaplab prints (faults, write-backs, target, pointer travel, fragmentation ...)"
                    + " are defined in docs/glossary.md.");
        }
        out.flush();
        return Main.OK;
    }

    private static String plural(String kind) {
        return kind.endsWith("y") ? kind.substring(0, kind.length() - 1) + "ies" : kind + "s";
    }
}
