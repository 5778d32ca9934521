package io.heaplab.studies.purdom;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.studies.kit.PublishedFigures;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The figures Purdom, Stigler &amp; Cheam published in Tables 1-3 of "Statistical Investigation of Three Storage
 * Allocation Algorithms" (1970), read from the JSON transcription of a damaged scan kept with heaplab.
 *
 * @param source        the paper, as the transcription names it
 * @param transcription what the transcriber could not read and inferred
 * @param tables        Tables 1, 2 and 3 in order
 */
public record PurdomPaper(String source, String transcription, List<Table> tables) {

    /** Where the transcription lives on the class path. */
    static final String RESOURCE = "purdom-stigler-1970.json";

    /** The three methods the paper compares, with heaplab's allocator for each. */
    public enum Method {
        SEGREGATED("segregated", "segregated", "segregated storage"),
        FIRST_FIT("firstFit", "first-fit", "first fit"),
        BUDDY("buddy", "buddy", "buddy system");

        /** The key in the transcription. */
        public final String key;
        /** The allocator spec heaplab runs for it. */
        public final String allocator;
        public final String title;

        Method(String key, String allocator, String title) {
            this.key = key;
            this.allocator = allocator;
            this.title = title;
        }
    }

    /** A published pair: requests received over requests filled, and mean list elements searched per request. */
    public record Figures(double ratio, double searches) {
    }

    /** One (lambda, c) cell of a table, with the pair published for each method. */
    public record Cell(double lambda, double c, Map<Method, Figures> published) {
    }

    /** One table: a memory size and its readable cells; {@code unreadable} lists (lambda, c) the scan lost. */
    public record Table(int number, int memoryCells, List<Cell> cells, List<double[]> unreadable) {
    }

    /** Reads the transcription kept beside this class. */
    public static PurdomPaper load() {
        return parse(PublishedFigures.load(PurdomPaper.class, RESOURCE));
    }

    private static PurdomPaper parse(JsonNode root) {
        List<Table> tables = new ArrayList<>();
        for (JsonNode table : root.get("tables")) {
            List<Cell> cells = new ArrayList<>();
            for (JsonNode cell : table.get("cells")) {
                Map<Method, Figures> published = new EnumMap<>(Method.class);
                for (Method method : Method.values()) {
                    JsonNode figures = cell.get(method.key);
                    published.put(method, new Figures(figures.get("ratio").asDouble(),
                            figures.get("searches").asDouble()));
                }
                cells.add(new Cell(cell.get("lambda").asDouble(), cell.get("c").asDouble(), published));
            }
            List<double[]> unreadable = new ArrayList<>();
            for (JsonNode lost : table.path("unreadable")) {
                unreadable.add(new double[] {lost.get("lambda").asDouble(), lost.get("c").asDouble()});
            }
            tables.add(new Table(table.get("table").asInt(), table.get("memoryCells").asInt(), cells, unreadable));
        }
        return new PurdomPaper(root.get("source").asText(), root.get("transcription").asText(), tables);
    }
}
