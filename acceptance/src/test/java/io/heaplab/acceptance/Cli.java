package io.heaplab.acceptance;

import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Runs the heaplab command in-process, as a user would type it, and keeps what it printed: its standard error
 * without the lines a long command writes every 30 seconds off a terminal to say how far it has come, which are
 * kept apart in {@code progress} (how many come depends on the machine's speed, not on the command).
 */
record Cli(int exitCode, String out, String err, String progress) {

    private static final Plugins PLUGINS = Plugins.load();
    /**
     * A progress line: {@code heaplab: runs: 14 of 32 done after 30 s}, or a replay's count whose total is not known
     * ahead, {@code heaplab: replaying: 41,943,040 references so far after 30 s}.
     */
    static final Pattern PROGRESS = Pattern.compile("heaplab: [a-z ]+: (\\d+ of \\d+ done|[\\d,]+ [a-z]+ so far)"
            + " after \\d+ s");

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(PLUGINS, new PrintWriter(out), new PrintWriter(err), args);
        String all = err.toString();
        String progress = all.lines().filter(l -> PROGRESS.matcher(l).matches())
                .map(l -> l + "\n").collect(Collectors.joining());
        String errors = progress.isEmpty() ? all : all.lines().filter(l -> !PROGRESS.matcher(l).matches())
                .map(l -> l + "\n").collect(Collectors.joining());
        return new Cli(code, out.toString(), errors, progress);
    }
}
