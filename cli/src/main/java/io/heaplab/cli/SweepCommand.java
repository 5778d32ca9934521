package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.sweep.LocalEngine;
import io.heaplab.sweep.PointWork;
import io.heaplab.sweep.Row;
import io.heaplab.sweep.SlurmScript;
import io.heaplab.sweep.Sweep;
import io.heaplab.sweep.SweepEngine;
import io.heaplab.sweep.SweepEngineProvider;
import io.heaplab.sweep.SweepReader;
import io.heaplab.sweep.SweepRun;
import io.heaplab.sweep.SweepTable;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab sweep}: every point of a sweep file's grid, run on an engine into one resumable table. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run every point of a sweep file (YAML, TOML or JSON: axes that multiply, exclude and include"
                + " rules) into one table, a row per point, as table.csv and table.jsonl: flushed as points finish,"
                + " resumed with --resume, sorted in the sweep's order at the end, the same whatever the engine or"
                + " threads. See docs/sweeps.md."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab sweep examples/sweeps/mru.yaml",
            "  heaplab sweep examples/sweeps/purdom.yaml --out purdom --resume",
            "  heaplab sweep examples/sweeps/purdom.yaml --engine spark --master local[4]",
            "  heaplab sweep examples/sweeps/purdom.yaml --emit slurm slurm/ --shards 32"})
final class SweepCommand implements Callable<Integer> {

    /** The most failed points named on standard error; the table holds every one. */
    private static final int FAILURES_SHOWN = 10;
    private static final Pattern SHARD = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    @ParentCommand
    private HeaplabCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "SWEEP_FILE", description = "The sweep file: *.yaml, *.yml, *.toml or *.json.")
    private Path file;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR",
            description = "The directory of the table: table.csv, table.jsonl and sweep.json (default:"
                    + " heaplab-results/ and the sweep file's name).")
    private Path out;

    @Option(names = "--resume",
            description = "Keep the rows the table in --out already has and run only the points it lacks.")
    private boolean resume;

    @Option(names = "--retry-failed",
            description = "With --resume or --merge: run again the points whose rows there failed (a plugin fixed).")
    private boolean retryFailed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Points at a time on the local engine (default: the number of processors).")
    private Integer threads;

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = "local",
            description = "Where the points run: local (this machine's cores) or spark (heaplab's Spark job jar,"
                    + " through spark-submit) (default: ${DEFAULT-VALUE}).")
    private String engine;

    @Option(names = "--master", paramLabel = "URL",
            description = "The Spark master for --engine spark: local[N], local[N,F] (F tries a task), or"
                    + " spark://HOST:PORT (default: spark-submit's).")
    private String master;

    @Option(names = "--shard", paramLabel = "I/K",
            description = "Run only every K-th point from the I-th (0 <= I < K): one task of a job array.")
    private String shard;

    @Option(names = "--merge", paramLabel = "TABLE",
            description = "Take the rows of another table of this sweep (a shard's directory or its table.jsonl)"
                    + " as measured; repeatable. Points no table has are run.")
    private List<Path> merges = new ArrayList<>();

    @Option(names = "--emit", arity = "2", paramLabel = "KIND DIR", hideParamSyntax = true,
            description = "Run nothing; write a job script instead: slurm DIR writes DIR/array.sbatch (a job array,"
                    + " a shard per task) and DIR/merge.sbatch (the shards into one table).")
    private List<String> emit = new ArrayList<>();

    @Option(names = "--shards", paramLabel = "K", defaultValue = "" + SlurmScript.DEFAULT_SHARDS,
            description = "Tasks of the job array --emit writes (at most the sweep's points; default:"
                    + " ${DEFAULT-VALUE}).")
    private int shards;

    @Option(names = "--check",
            description = "Read and check the sweep file, print how many points and which columns it has, and run"
                    + " nothing.")
    private boolean check;

    @Override
    public Integer call() throws Exception {
        refuseOptionsWithoutMeaning();
        if (threads != null && threads < 1) {
            throw new SpecException("--threads " + threads + " (expected: 1 or more)");
        }
        SweepRun.Shard part = shard == null ? SweepRun.Shard.ALL : shard(shard);
        if (out != null) {
            Outputs.checkDirectory("--out", out);
        }
        List<Path> earlier = new ArrayList<>();
        for (Path merge : merges) {
            Path table = Files.isDirectory(merge) ? merge.resolve(SweepTable.JSONL) : merge;
            if (!Files.isRegularFile(table)) {
                throw new SpecException("--merge " + merge + ": no table there (expected: a sweep's directory or"
                        + " its " + SweepTable.JSONL + ")");
            }
            earlier.add(table);
        }
        PrintWriter printer = spec.commandLine().getOut();
        SweepEngineProvider provider = emit.isEmpty() && !check ? engine(engine) : null;
        // checked here before anything runs, whether here or submitted to Spark
        Sweep sweep = SweepReader.read(file, parent.plugins());
        if (provider == null && !engine.equals("local") && emit.isEmpty() && !check) {
            return SparkSubmit.run(engine, master, spec.commandLine().getParseResult().originalArgs(),
                    spec.commandLine().getErr());
        }
        if (check) {
            printer.printf(Locale.ROOT, "%s: %d point(s), %d column(s): %s; measures: %s%n", file,
                    sweep.points().size(), sweep.columns().size(), String.join(", ", sweep.header().subList(0,
                            sweep.columns().size())), String.join(", ", sweep.measures().stream()
                            .map(m -> m.label()).toList()));
            printer.flush();
            return Main.OK;
        }
        Path dir = out != null ? out : Path.of("heaplab-results", sweep.name());
        // a sweep file, an include or a trace kept in the output directory under a table's name would be replaced
        Path[] inputs = java.util.stream.Stream.concat(sweep.sources().stream(), sweep.inputs().stream())
                .toArray(Path[]::new);
        for (String written : List.of(SweepTable.MANIFEST, SweepTable.JSONL, SweepTable.CSV)) {
            for (Path input : inputs) {
                if (Outputs.sameFile(dir.resolve(written), input)) {
                    throw new SpecException("--out " + dir + ": the sweep writes its " + written + " there, over its"
                            + " input " + input + " (expected: an output directory that holds none of the files the"
                            + " sweep reads)");
                }
            }
        }
        if (!emit.isEmpty()) {
            return emit(sweep, dir, printer);
        }
        Outputs.checkDirectory("--out", dir);
        if (resume) {
            earlier.addFirst(dir.resolve(SweepTable.JSONL));
        }
        int cores = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        SweepEngine chosen = provider.create(new SweepEngineProvider.EngineSettings(master, cores));
        PointWork work = PointWork.of(sweep, parent.pluginPaths());
        ConcurrentLinkedQueue<Row> failures = new ConcurrentLinkedQueue<>();
        long start = System.nanoTime();
        SweepRun.Summary summary;
        Progress[] progress = new Progress[1];
        try {
            summary = SweepRun.run(sweep, dir, earlier, retryFailed, part, chosen, work, new SweepRun.Listener() {
                @Override
                public void started(int pending, int done) {
                    progress[0] = Progress.startWithHeartbeat("points", pending, spec.commandLine().getErr());
                }

                @Override
                public void finished(Row row) {
                    if (row.failed()) {
                        failures.add(row);
                        progress[0].stepFailed();
                    } else {
                        progress[0].step();
                    }
                }
            });
        } finally {
            if (progress[0] != null) {
                progress[0].close();
            }
        }
        printer.printf(Locale.ROOT, "sweep %s: %d point(s)%s, %d run, %d resumed, %d failed, in %.1f s on %s%n",
                file.getFileName(), summary.points(), part == SweepRun.Shard.ALL ? ""
                        : " in shard " + part.index() + "/" + part.count(), summary.ran(), summary.resumed(),
                summary.failed(), (System.nanoTime() - start) / 1e9, engine);
        printer.println("wrote " + dir.resolve(SweepTable.CSV));
        printer.println("wrote " + dir.resolve(SweepTable.JSONL));
        printer.flush();
        PrintWriter err = spec.commandLine().getErr();
        List<Row> failed = new ArrayList<>(failures);
        failed.sort(java.util.Comparator.comparingInt(Row::index));
        for (Row row : failed.subList(0, Math.min(FAILURES_SHOWN, failed.size()))) {
            err.println("heaplab: point " + sweep.points().get(row.index()).key().replace('\u001f', ',')
                    + " failed: " + row.failure());
        }
        int shown = Math.min(FAILURES_SHOWN, failed.size());
        int unnamed = summary.failed() - shown;
        if (unnamed > 0) {
            err.println("heaplab: " + (shown == 0 ? "" : "and ") + unnamed + (shown == 0 ? "" : " more")
                    + " failed point(s)" + (failed.size() < summary.failed() ? ", resumed from the table" : "")
                    + " (the table's failure column names each)");
        }
        err.flush();
        return summary.failed() == 0 ? Main.OK : Main.FAILURE;
    }

    /** An option that means nothing beside the others given is a usage error, never silently ignored. */
    private void refuseOptionsWithoutMeaning() {
        picocli.CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (given.hasMatchedOption("--shards") && emit.isEmpty()) {
            throw new SpecException("--shards without --emit (expected: --shards K with --emit slurm DIR, which"
                    + " writes a job array of K tasks; to run one shard here, --shard I/K)");
        }
        if (retryFailed && !resume && merges.isEmpty()) {
            throw new SpecException("--retry-failed without --resume or --merge (expected: --retry-failed with the"
                    + " table whose failed rows to run again)");
        }
        if (master != null && !engine.equals("spark")) {
            throw new SpecException("--master with --engine " + engine + " (expected: --master with --engine spark)");
        }
        if (!emit.isEmpty()) {
            for (String option : List.of("--resume", "--retry-failed", "--merge", "--shard", "--threads",
                    "--engine", "--check")) {
                if (given.hasMatchedOption(option)) {
                    throw new SpecException(option + " with --emit, which runs nothing (expected: " + option
                            + " in a sweep that runs, or --emit alone with --out and --shards)");
                }
            }
        }
    }

    private int emit(Sweep sweep, Path dir, PrintWriter printer) throws java.io.IOException {
        if (!emit.getFirst().equals("slurm")) {
            throw new SpecException("--emit " + emit.getFirst() + " (expected: slurm DIR)");
        }
        Path target = Path.of(emit.get(1));
        Outputs.checkDirectory("--emit", target);
        for (String script : List.of("array.sbatch", "merge.sbatch")) {
            // a job script the user may have edited, or one a running array still reads, is never replaced
            if (Files.exists(target.resolve(script), LinkOption.NOFOLLOW_LINKS)) {
                throw new SpecException("--emit slurm " + target + ": " + target.resolve(script) + " exists already"
                        + " (expected: a directory without array.sbatch or merge.sbatch; remove them to write new"
                        + " ones)");
            }
        }
        List<Path> written = SlurmScript.write(sweep, target, dir, shards, SlurmScript.heaplabCommand(),
                parent.pluginPaths());
        for (Path path : written) {
            printer.println("wrote " + path);
        }
        printer.println("submit: jobid=$(sbatch --parsable " + SlurmScript.quote(written.getFirst().toString())
                + ") && sbatch --dependency=afterany:$jobid " + SlurmScript.quote(written.get(1).toString()));
        printer.flush();
        return Main.OK;
    }

    /** The engine {@code name} names among those on the class path, or null for spark when it is not. */
    private static SweepEngineProvider engine(String name) {
        TreeSet<String> known = new TreeSet<>(List.of("local", "spark"));
        for (SweepEngineProvider provider : ServiceLoader.load(SweepEngineProvider.class)) {
            if (provider.name().equals(name)) {
                return provider;
            }
            known.add(provider.name());
        }
        if (name.equals("local")) {
            return new LocalEngine.Provider();
        }
        if (name.equals("spark")) {
            return null;
        }
        throw new SpecException("--engine " + name + " (expected: one of " + String.join(", ", known) + ")");
    }

    private static SweepRun.Shard shard(String text) {
        Matcher m = SHARD.matcher(text);
        if (!m.matches()) {
            throw new SpecException("--shard " + text + " (expected: I/K, such as 3/32)");
        }
        return new SweepRun.Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
}
