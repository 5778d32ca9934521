package io.heaplab.sweep;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.heaplab.reports.Csv;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A sweep table's lines: a CSV line and a JSON Lines object per row, the point's coordinates then its measures then
 * its failure. Numbers are written as JSON numbers (so pandas reads them as such), text as strings, missing values
 * (an option a point's plugin was not given, a measure a run does not have) as null; a number keeps its text
 * exactly, so a table read back and written again is the same byte for byte.
 */
final class TableFormat {

    /** A number JSON keeps as written: no exponent, no leading or trailing zeros that reading would drop. */
    private static final Pattern PLAIN_NUMBER = Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d*[1-9])?");
    /** Java's form of a double, which a measure writes and reads back as it is. */
    private static final Pattern MEASURE_NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?(E-?\\d+)?");
    private static final JsonFactory JSON = new JsonFactory();

    private TableFormat() {
    }

    static String csvHeader(List<String> header) {
        return String.join(",", header.stream().map(Csv::field).toList()) + "\n";
    }

    static String csvLine(Point point, Row row) {
        StringBuilder line = new StringBuilder();
        for (String value : point.coordinates()) {
            line.append(Csv.field(value)).append(',');
        }
        for (String value : row.measures()) {
            line.append(value).append(',');
        }
        return line.append(Csv.field(row.failure())).append('\n').toString();
    }

    static String jsonLine(List<String> header, Point point, Row row) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            int column = 0;
            for (String value : point.coordinates()) {
                json.writeFieldName(header.get(column++));
                if (value.isEmpty()) {
                    // an option this point's plugin was not given
                    json.writeNull();
                } else if (PLAIN_NUMBER.matcher(value).matches()) {
                    json.writeNumber(value);
                } else {
                    json.writeString(value);
                }
            }
            for (String value : row.measures()) {
                json.writeFieldName(header.get(column++));
                if (value.isEmpty()) {
                    json.writeNull();
                } else if (MEASURE_NUMBER.matcher(value).matches()) {
                    json.writeNumber(value);
                } else {
                    throw new IllegalStateException("measure '" + value + "' is not a number");
                }
            }
            json.writeFieldName(header.get(column));
            if (row.failed()) {
                json.writeString(row.failure());
            } else {
                json.writeNull();
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.append('\n').toString();
    }
}
