package io.heaplab.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The command line that made a result, as result files carry it under {@code command}: the arguments that fix the
 * numbers, without those that only say where output goes or how many threads run, so the same experiment gives the
 * same file byte for byte whatever its output path or thread count.
 */
public final class Provenance {

    /** The field of a result document that holds it. */
    public static final String FIELD = "command";

    /** Options that take a value and do not change a result. */
    private static final Set<String> OUTPUT_OPTIONS = Set.of("--json", "--csv", "-o", "--out", "--output",
            "--report", "--threads");

    /** Options without a value that do not change a result. */
    private static final Set<String> OUTPUT_FLAGS = Set.of("--no-report");

    /**
     * The command of the thread that runs it, and of the threads it starts: commands run side by side in one JVM
     * (a test suite's, a notebook's) each keep their own, where one process-wide value would name the last begun.
     */
    private static final InheritableThreadLocal<String> COMMAND = new InheritableThreadLocal<>();

    private Provenance() {
    }

    /** Records the arguments of the heaplab command now running. */
    public static void record(String... args) {
        List<String> kept = new ArrayList<>(List.of("heaplab"));
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (OUTPUT_OPTIONS.contains(name)) {
                i += arg.contains("=") ? 0 : 1;
            } else if (!OUTPUT_FLAGS.contains(arg)) {
                kept.add(quoted(arg));
            }
        }
        COMMAND.set(String.join(" ", kept));
    }

    /**
     * The command recorded by this thread or the one that started it, or {@code null} when heaplab is used as a
     * library.
     */
    public static String command() {
        return COMMAND.get();
    }

    private static String quoted(String arg) {
        return arg.matches("[A-Za-z0-9_@%+=:,./*-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
