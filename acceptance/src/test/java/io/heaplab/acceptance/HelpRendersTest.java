package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} renders cleanly: picocli formats each description, and a lone {@code %} ("the 50%
 * rule") makes it print {@code [picocli WARN] Could not format ...} on standard error at every rendering; and no
 * option states its default twice ({@code (default: none) (default: shipped)}).
 */
class HelpRendersTest {

    private static final Pattern TWO_DEFAULTS = Pattern.compile("\\(default: [^)]*\\)\\.? *\\(default: ");

    private static void collect(CommandLine command, List<CommandLine> all) {
        all.add(command);
        command.getSubcommands().values().forEach(sub -> collect(sub, all));
    }

    @Test
    void everyCommandsHelpRendersWithoutAWarningAndStatesEachDefaultOnce() {
        List<CommandLine> commands = new ArrayList<>();
        collect(Main.commandLine(Plugins.load(), List.of()), commands);
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        List<String> rendered = new ArrayList<>();
        // picocli's tracer writes to System.err, wherever the command's own writers go
        PrintStream err = System.err;
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            for (CommandLine command : commands) {
                rendered.add(command.getCommandSpec().qualifiedName() + "\n" + command.getUsageMessage());
            }
        } finally {
            System.setErr(err);
        }
        assertThat(warnings.toString(StandardCharsets.UTF_8)).as("what rendering every --help printed to stderr")
                .doesNotContain("picocli WARN");
        for (String usage : rendered) {
            String flat = usage.replaceAll("\\s+", " ");
            assertThat(TWO_DEFAULTS.matcher(flat).find()).as("a default stated twice in %s",
                    usage.lines().findFirst().orElse("")).isFalse();
        }
        assertThat(rendered).anyMatch(u -> u.startsWith("heaplab reproduce carr\n")).hasSizeGreaterThan(20);
    }
}
