package io.heaplab.sweep;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.files.OutputFile;
import io.heaplab.core.plugins.Failures;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.read.SweepSections;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.OutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A sweep's table in its directory: {@code table.csv} and {@code table.jsonl}, a row per point, and {@code
 * sweep.json}, which says which columns are coordinates and which measures. While the sweep runs, each row is
 * appended to both tables and flushed as its point finishes, so a sweep stopped at any moment keeps every row it
 * measured (a line cut short by the stop is dropped when the table is read back); at the end both are rewritten in
 * the sweep's order, each replaced as a whole.
 */
public final class SweepTable implements AutoCloseable {

    /** The column that holds a failed point's reason. */
    public static final String FAILURE = SweepSections.FAILURE;
    public static final String CSV = "table.csv";
    public static final String JSONL = "table.jsonl";
    public static final String MANIFEST = SweepSections.MANIFEST;

    private final Sweep sweep;
    private final Path dir;
    private final List<String> header;
    private final SortedMap<Integer, Row> rows = new TreeMap<>();
    private OutputStream csv;
    private OutputStream jsonl;

    private SweepTable(Sweep sweep, Path dir) {
        this.sweep = sweep;
        this.dir = dir;
        this.header = sweep.header();
    }

    /**
     * Opens the table of {@code sweep} in {@code dir}, taking the rows of {@code earlier} (tables of this sweep
     * already measured: the directory's own when resuming, a job array's shards when merging) as done; fails
     * when {@code dir} holds a table and {@code earlier} does not name it, so no result is overwritten unasked.
     */
    public static SweepTable open(Sweep sweep, Path dir, List<Path> earlier) throws IOException {
        return open(sweep, dir, earlier, false);
    }

    /**
     * Opens the table as {@link #open(Sweep, Path, List)} does; with {@code retryFailed}, the failed rows of {@code
     * earlier} are dropped, so their points run again.
     */
    public static SweepTable open(Sweep sweep, Path dir, List<Path> earlier, boolean retryFailed) throws IOException {
        Path own = dir.resolve(JSONL);
        if (Files.exists(own) && earlier.stream().noneMatch(p -> sameFile(p, own))) {
            throw new SpecException(own + " exists (expected: --resume to run only the points it lacks, or another"
                    + " --out)");
        }
        SweepTable table = new SweepTable(sweep, dir);
        for (Path file : earlier) {
            if (Files.exists(file)) {
                table.recover(file);
            }
        }
        if (retryFailed) {
            table.rows.values().removeIf(Row::failed);
        }
        Files.createDirectories(dir);
        AtomicFiles.write(dir.resolve(MANIFEST), table.manifest());
        // the rows recovered, whole and in order, before any is appended: a line cut short is gone for good
        table.writeSorted();
        table.csv = Files.newOutputStream(dir.resolve(CSV), StandardOpenOption.APPEND);
        table.jsonl = Files.newOutputStream(dir.resolve(JSONL), StandardOpenOption.APPEND);
        return table;
    }

    private static boolean sameFile(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** The points that have no row yet, in order. */
    public List<Point> pending() {
        return sweep.points().stream().filter(p -> !rows.containsKey(p.index())).toList();
    }

    /** Adds a point's row and appends it to both tables, flushed; safe to call from any thread. */
    public synchronized void add(Row row) throws IOException {
        Point point = sweep.points().get(row.index());
        if (rows.putIfAbsent(row.index(), row) != null) {
            throw new IllegalStateException("point " + row.index() + " measured twice");
        }
        append(csv, dir.resolve(CSV), TableFormat.csvLine(point, row));
        append(jsonl, dir.resolve(JSONL), TableFormat.jsonLine(header, point, row));
    }

    /** Appends {@code line} to {@code table} and flushes it; a failure names the table and says why in words. */
    private static void append(OutputStream table, Path file, String line) throws IOException {
        try {
            table.write(line.getBytes(StandardCharsets.UTF_8));
            table.flush();
        } catch (IOException e) {
            throw OutputFile.failure(file, e);
        }
    }

    /** Rewrites both tables in the sweep's order, each replaced as a whole. */
    public synchronized void finish() throws IOException {
        close();
        writeSorted();
    }

    @Override
    public synchronized void close() throws IOException {
        try (OutputStream c = csv; OutputStream j = jsonl) {
            csv = null;
            jsonl = null;
        }
    }

    private void writeSorted() throws IOException {
        StringBuilder csvText = new StringBuilder(TableFormat.csvHeader(header));
        StringBuilder jsonText = new StringBuilder();
        for (Row row : rows.values()) {
            Point point = sweep.points().get(row.index());
            csvText.append(TableFormat.csvLine(point, row));
            jsonText.append(TableFormat.jsonLine(header, point, row));
        }
        AtomicFiles.write(dir.resolve(CSV), csvText.toString().getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(dir.resolve(JSONL), jsonText.toString().getBytes(StandardCharsets.UTF_8));
    }

    private byte[] manifest() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode manifest = mapper.createObjectNode();
        manifest.put("tool", "heaplab");
        manifest.put("schema", JsonResults.SCHEMA_VERSION);
        manifest.put("kind", SweepSections.KIND);
        manifest.put("sweep", sweep.file().getFileName().toString());
        manifest.put("points", sweep.points().size());
        ArrayNode columns = manifest.putArray("columns");
        for (Column column : sweep.columns()) {
            columns.addObject().put("name", column.name()).put("role", column.role().name().toLowerCase(
                    java.util.Locale.ROOT));
        }
        ArrayNode measures = manifest.putArray("measures");
        sweep.measures().forEach(m -> measures.addObject().put("name", m.label()).put("whole", m.whole()));
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest);
    }

    /** The longest line a table's row may be: rows are a few hundred bytes, so anything longer is not a row. */
    static final int MAX_LINE = 1 << 20;

    /**
     * Takes the rows of a table of this sweep as done: each line a row whose coordinates name a point of it and
     * whose measures are this sweep's, numbers or null; a last line without its line break was cut short by a stop,
     * and is dropped. The file is read a line at a time, each at most {@link #MAX_LINE} characters, so a damaged or
     * enormous file costs no more memory than a row; what is not a row of this sweep names its file and line.
     */
    private void recover(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new SpecException(file + ": " + (Files.isDirectory(file) ? "a directory" : "not a regular file")
                    + " (expected: a table of this sweep, as heaplab sweep wrote it)");
        }
        Map<String, Point> byKey = new HashMap<>();
        sweep.points().forEach(p -> byKey.put(p.key(), p));
        JsonFactory json = new JsonFactory();
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (Reader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), strict), 1 << 16)) {
            StringBuilder line = new StringBuilder();
            int n = 0;
            for (int c = in.read(); c >= 0; c = in.read()) {
                if (c != '\n') {
                    if (line.length() == MAX_LINE) {
                        throw notOurs(file, n, "a line over " + (MAX_LINE >> 20) + " MiB");
                    }
                    line.append((char) c);
                    continue;
                }
                // only a line with its line break is whole: what follows the last one was cut short, and is dropped
                if (!line.isEmpty() && !line.toString().isBlank()) {
                    take(file, n, line.toString(), byKey, json);
                }
                line.setLength(0);
                n++;
            }
        } catch (CharacterCodingException e) {
            throw new SpecException(file + ": not UTF-8 text (expected: a table of this sweep, as heaplab sweep"
                    + " wrote it)");
        }
    }

    /** One whole line of a table, {@code n} from 0: a row of this sweep, kept; anything else fails naming it. */
    private void take(Path file, int n, String line, Map<String, Point> byKey, JsonFactory json) throws IOException {
        int coordinates = sweep.columns().size();
        List<String> values = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (JsonParser parser = json.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw notOurs(file, n, "not a table row");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken token = parser.nextToken();
                int column = names.size();
                names.add(name);
                if (token == null || token.isStructStart()) {
                    throw notOurs(file, n, "column '" + name + "' holds " + (token == null ? "nothing"
                            : "a nested " + (token == JsonToken.START_ARRAY ? "array" : "object")));
                }
                boolean measure = column >= coordinates && column < header.size() - 1;
                if (measure && !token.isNumeric() && token != JsonToken.VALUE_NULL) {
                    throw notOurs(file, n, "measure '" + name + "' is " + parser.getText() + ", not a number");
                }
                values.add(token == JsonToken.VALUE_NULL ? "" : parser.getText());
            }
        } catch (JsonProcessingException e) {
            throw notOurs(file, n, "not JSON");
        }
        if (!names.equals(header)) {
            throw notOurs(file, n, "its columns are " + names + ", this sweep's " + header);
        }
        Point point = byKey.get(String.join("\u001f", values.subList(0, coordinates)));
        if (point == null) {
            throw notOurs(file, n, "a point this sweep does not have");
        }
        Row row = new Row(point.index(), values.subList(coordinates, values.size() - 1), values.getLast());
        Row before = rows.putIfAbsent(point.index(), row);
        if (before != null && !before.equals(row)) {
            throw notOurs(file, n, "point " + point.key().replace('\u001f', ',') + " again, measured otherwise");
        }
    }

    private static SpecException notOurs(Path file, int line, String what) {
        // the table's text the problem quotes (a column with a control byte) is escaped: one line
        return new SpecException(file + ":" + (line + 1) + ": " + Failures.printable(what,
                io.heaplab.sweep.file.SweepFileException.LONGEST) + " (expected: a table of this sweep, as heaplab"
                + " sweep wrote it)");
    }

    /** The rows so far, in the sweep's order. */
    synchronized List<Row> rows() {
        return List.copyOf(rows.values());
    }
}
