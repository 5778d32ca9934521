package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's {@code --help} ends with examples, and every example is a command line heaplab accepts. */
class HelpExamplesTest {

    private static void collect(CommandLine command, List<CommandLine> all) {
        all.add(command);
        command.getSubcommands().values().forEach(sub -> collect(sub, all));
    }

    @Test
    void everyCommandThatRunsSomethingShowsExamplesThatParse() {
        List<CommandLine> commands = new ArrayList<>();
        collect(Main.commandLine(Plugins.load(), List.of()), commands);
        List<String> checked = new ArrayList<>();
        for (CommandLine command : commands) {
            String name = command.getCommandSpec().qualifiedName();
            // the umbrella commands only name their subcommands; completion has picocli's own help
            if (!command.getSubcommands().isEmpty() || name.endsWith("generate-completion")) {
                continue;
            }
            String[] footer = command.getCommandSpec().usageMessage().footer();
            assertThat(footer).as("examples of '%s'", name).isNotEmpty();
            assertThat(command.getUsageMessage()).as(name).contains("Examples:");
            // the usage rendered every example as written: a '%' in picocli's text must be doubled to show
            // (compared without white space, which the help's line wrapping moves)
            String usage = command.getUsageMessage().replaceAll("\\s+", "");
            for (String raw : footer) {
                String line = raw.replace("%%", "%");
                assertThat(usage).as(name).contains(line.replaceAll("\\s+", ""));
                String[] words = line.strip().split("\\s+");
                assertThat(words[0]).as(line).isEqualTo("heaplab");
                String[] args = Arrays.copyOfRange(words, 1, words.length);
                assertThatCode(() -> Main.commandLine(Plugins.load(), List.of()).parseArgs(args)).as(line)
                        .doesNotThrowAnyException();
                checked.add(line.strip());
            }
        }
        assertThat(checked).anyMatch(l -> l.startsWith("heaplab run ")).anyMatch(l -> l.startsWith("heaplab curve "))
                .anyMatch(l -> l.startsWith("heaplab reproduce brent")).hasSizeGreaterThan(15);
    }
}
