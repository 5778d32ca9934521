package io.heaplab.sweep;

import io.heaplab.core.files.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A sweep as a Slurm job array, for a university cluster: {@code array.sbatch} runs one shard of the points per
 * task (every K-th from the I-th, into {@code OUT/shards/I}, resumed if the task runs again), and {@code
 * merge.sbatch} puts the shards' tables together into {@code OUT}, running any point a failed task left out. The
 * table comes out the same as one machine's run of the sweep.
 */
public final class SlurmScript {

    /** Tasks of the array unless told otherwise. */
    public static final int DEFAULT_SHARDS = 32;
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+-]+");

    private SlurmScript() {
    }

    /**
     * Writes {@code array.sbatch} and {@code merge.sbatch} into {@code target} for {@code sweep}, whose table goes
     * to {@code out}, in at most {@code shards} tasks that each run {@code heaplab} (a command line) from the
     * current directory; returns the two paths.
     */
    public static List<Path> write(Sweep sweep, Path target, Path out, int shards, String heaplab,
                                   List<Path> plugins) throws IOException {
        if (shards < 1) {
            throw new io.heaplab.core.spi.SpecException("--shards " + shards + " (expected: 1 or more)");
        }
        int tasks = Math.min(shards, sweep.points().size());
        Path workdir = Path.of("").toAbsolutePath();
        // a newline in a name would end a comment or a directive and start a command: no line can carry one
        carried("the sweep file", sweep.file().toAbsolutePath().toString());
        carried("--out", out.toAbsolutePath().toString());
        carried("--emit", target.toAbsolutePath().toString());
        carried("the working directory", workdir.toString());
        for (Path plugin : plugins) {
            carried("--plugins", plugin.toAbsolutePath().toString());
        }
        carried("the heaplab command", heaplab);
        // Slurm takes a job name as it is written: the characters every scheduler shows safely
        String name = sweep.name().replaceAll("[^A-Za-z0-9_.-]", "_");
        // unquoted: $HEAPLAB is a command line, java and its options, split into words
        StringBuilder command = new StringBuilder("$HEAPLAB");
        for (Path plugin : plugins) {
            command.append(" --plugins ").append(quote(plugin.toString()));
        }
        command.append(" sweep ").append(quote(sweep.file().toString()));
        // absolute: Slurm opens the log where sbatch was run, before the script's cd
        Path logs = target.toAbsolutePath().resolve("logs");
        String head = "#!/bin/bash\n"
                + "# written by heaplab sweep --emit slurm for " + sweep.file() + ": " + sweep.points().size()
                + " points in " + tasks + " tasks\n";
        String setup = "set -euo pipefail\n"
                + "cd " + quote(workdir.toString()) + "\n"
                + "HEAPLAB=${HEAPLAB:-" + quote(heaplab) + "}\n";
        String array = head
                + "# task I runs the points I, I+" + tasks + ", I+" + 2 * tasks + ", ... into " + out.resolve("shards")
                + "/I; a task run again resumes its shard\n"
                + "#SBATCH --job-name=heaplab-" + name + "\n"
                + "#SBATCH --array=0-" + (tasks - 1) + "\n"
                + "#SBATCH --cpus-per-task=1\n"
                + "#SBATCH --output=" + directive(logs, "array-%A_%a.out") + "\n"
                + setup
                + command + " --shard \"$SLURM_ARRAY_TASK_ID/" + tasks + "\" --threads \"${SLURM_CPUS_PER_TASK:-1}\""
                + " --out " + quote(out.resolve("shards").toString()) + "/\"$SLURM_ARRAY_TASK_ID\" --resume\n";
        String merge = head
                + "# the shards' tables into one, " + out + "; a point no shard has is run here\n"
                + "#SBATCH --job-name=heaplab-" + name + "-merge\n"
                + "#SBATCH --cpus-per-task=1\n"
                + "#SBATCH --output=" + directive(logs, "merge-%j.out") + "\n"
                + setup
                + "merges=()\n"
                + "for shard in " + quote(out.resolve("shards").toString()) + "/*/; do\n"
                + "  if [ -f \"$shard/table.jsonl\" ]; then merges+=(--merge \"$shard\"); fi\n"
                + "done\n"
                + command + " --threads \"${SLURM_CPUS_PER_TASK:-1}\" --out " + quote(out.toString())
                + " --resume ${merges[@]+\"${merges[@]}\"}\n";
        Files.createDirectories(logs);
        Path arrayFile = target.resolve("array.sbatch");
        Path mergeFile = target.resolve("merge.sbatch");
        AtomicFiles.write(arrayFile, array.getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(mergeFile, merge.getBytes(StandardCharsets.UTF_8));
        for (Path script : List.of(arrayFile, mergeFile)) {
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return List.of(arrayFile, mergeFile);
    }

    /**
     * The command line that runs this heaplab on a cluster node: this JVM's java on the heaplab jar this code came
     * from, or {@code heaplab} when it did not come from one (a build's classes, a library's jar).
     */
    public static String heaplabCommand() {
        Path jar = HeaplabJar.path();
        return jar == null ? "heaplab" : ProcessHandle.current().info().command().orElse("java")
                + " --enable-native-access=ALL-UNNAMED -jar " + jar;
    }

    /**
     * Refuses {@code text} when it holds a character no line of a script can carry as written: a newline or another
     * control character, which would end a comment or a directive and start a command.
     */
    private static void carried(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new io.heaplab.core.spi.SpecException(what + " " + quote(text) + " holds a control character"
                        + String.format(" (U+%04X)", (int) c) + " (expected: names without newlines or control"
                        + " characters, which a job script's line cannot carry)");
            }
        }
    }

    /**
     * A log file in {@code dir} named by Slurm's {@code pattern}, as a {@code #SBATCH} option's value: as it is when
     * plain, else in double quotes, which sbatch takes off as a shell would; a double quote or a backslash inside
     * cannot be carried and is refused.
     */
    private static String directive(Path dir, String pattern) {
        // Slurm fills in %A, %a and %j: a % of the user's directory is doubled so it stays a %
        String text = dir.toString().replace("%", "%%") + "/" + pattern;
        if (PLAIN.matcher(text).matches()) {
            return text;
        }
        if (text.contains("\"") || text.contains("\\")) {
            throw new io.heaplab.core.spi.SpecException("--emit: the log directory " + quote(dir.toString()) + " holds a double"
                    + " quote or a backslash (expected: a directory a #SBATCH line can name)");
        }
        return "\"" + text + "\"";
    }

    /** {@code text} as one shell word. */
    public static String quote(String text) {
        return PLAIN.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
