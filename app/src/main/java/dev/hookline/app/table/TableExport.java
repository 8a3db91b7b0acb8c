package dev.hookline.app.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hookline.api.Json;
import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Writes the rows of a table as CSV (RFC 4180: comma-separated, CRLF line ends, quotes where needed) or as a JSON
 * array of the rows in their wire shape (snake_case, RFC 3339 timestamps), exactly what the API returned.
 */
public final class TableExport {

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");

    private TableExport() {
    }

    public static <T> void writeCsv(List<? extends T> rows, List<ExportColumn<T>> columns, Writer out)
            throws IOException {
        writeCsvHeader(columns, out);
        writeCsvRows(rows, columns, out);
        out.flush();
    }

    /** The header line of a CSV export. */
    public static <T> void writeCsvHeader(List<ExportColumn<T>> columns, Writer out) throws IOException {
        out.write(columns.stream().map(column -> csvCell(column.header())).collect(Collectors.joining(",")));
        out.write("\r\n");
    }

    /** Rows of a CSV export, one line each (written page by page by a long export). */
    public static <T> void writeCsvRows(List<? extends T> rows, List<ExportColumn<T>> columns, Writer out)
            throws IOException {
        for (T row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns.size(); i++) {
                if (i > 0) {
                    line.append(',');
                }
                line.append(csvCell(text(columns.get(i).value().apply(row))));
            }
            out.write(line.append("\r\n").toString());
        }
    }

    /** A pretty-printed JSON array of {@code rows} as the API's wire records serialise. */
    public static void writeJson(List<?> rows, Writer out) throws IOException {
        Json.lenient().writer()
                .with(SerializationFeature.INDENT_OUTPUT)
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, rows);
        out.write("\n");
        out.flush();
    }

    /** A pretty-printed JSON array with one object per row: each column's header and the cell's text. */
    public static <T> void writeJson(List<? extends T> rows, List<ExportColumn<T>> columns, Writer out)
            throws IOException {
        List<java.util.Map<String, Object>> objects = new java.util.ArrayList<>();
        for (T row : rows) {
            objects.add(columnsObject(row, columns));
        }
        writeJson(objects, out);
    }

    /**
     * One row as a JSON object keyed by column header: numbers and booleans stay numbers and booleans (data, not
     * display text), everything else is the cell's text.
     */
    public static <T> java.util.Map<String, Object> columnsObject(T row, List<ExportColumn<T>> columns) {
        java.util.Map<String, Object> object = new java.util.LinkedHashMap<>();
        for (ExportColumn<T> column : columns) {
            Object value = column.value().apply(row);
            object.put(column.header(), value instanceof Number || value instanceof Boolean ? value : text(value));
        }
        return object;
    }

    /** The text of a cell value: empty for null, RFC 3339 for instants, items joined by "; " for collections. */
    static String text(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Instant instant) {
            return instant.toString();
        }
        if (value instanceof Collection<?> items) {
            return items.stream().map(TableExport::text).collect(Collectors.joining("; "));
        }
        return value.toString();
    }

    /**
     * Quotes a cell when it holds a comma, quote or line break. A cell a spreadsheet would run as a formula
     * ({@code =}, {@code +}, {@code -}, {@code @}, tab, CR at the start; plain numbers excepted) gets a leading
     * apostrophe: payload values come from outside senders.
     */
    static String csvCell(String value) {
        String cell = value;
        if (!cell.isEmpty() && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0 && !NUMBER.matcher(cell).matches()) {
            cell = "'" + cell;
        }
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
            return '"' + cell.replace("\"", "\"\"") + '"';
        }
        return cell;
    }
}
