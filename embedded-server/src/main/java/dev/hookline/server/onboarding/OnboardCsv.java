package dev.hookline.server.onboarding;

import dev.hookline.api.model.OnboardItem;
import dev.hookline.server.domain.InvalidInputException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CSV form of a bulk onboarding, as Convoy reads it: a header row naming the columns (any order, any case;
 * {@code name} and {@code url} required, {@code event_type}, {@code auth_username}, {@code auth_password} optional),
 * then one row per item with as many fields as the header. RFC 4180 quoting (double quotes, {@code ""} inside).
 */
final class OnboardCsv {

    private OnboardCsv() {
    }

    static List<OnboardItem> parse(String text, int maxItems) {
        List<List<String>> records = records(text == null ? "" : text);
        if (records.isEmpty()) {
            throw InvalidInputException.field("file", "failed to read CSV header");
        }
        Map<String, Integer> columns = new HashMap<>();
        List<String> header = records.get(0);
        for (int i = 0; i < header.size(); i++) {
            columns.put(header.get(i).strip().toLowerCase(Locale.ROOT), i);
        }
        for (String required : List.of("name", "url")) {
            if (!columns.containsKey(required)) {
                throw InvalidInputException.field("file", "CSV missing required column: " + required);
            }
        }
        List<OnboardItem> items = new ArrayList<>();
        for (int r = 1; r < records.size(); r++) {
            List<String> record = records.get(r);
            if (record.size() != header.size()) {
                throw InvalidInputException.field("file", "CSV (data row " + r + "): expected " + header.size()
                        + " columns but got " + record.size());
            }
            items.add(new OnboardItem(field(record, columns, "name"), field(record, columns, "url"),
                    field(record, columns, "event_type"), field(record, columns, "auth_username"),
                    field(record, columns, "auth_password")));
            if (items.size() > maxItems) {
                throw InvalidInputException.field("file", "CSV file exceeds maximum of " + maxItems + " items");
            }
        }
        if (items.isEmpty()) {
            throw InvalidInputException.field("file", "CSV file is empty or contains only a header row");
        }
        return items;
    }

    private static String field(List<String> record, Map<String, Integer> columns, String name) {
        Integer index = columns.get(name);
        return index == null ? "" : record.get(index).strip();
    }

    /** The records of the text; blank lines are skipped (a trailing newline makes none). */
    private static List<List<String>> records(String text) {
        List<List<String>> out = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean fieldStarted = false;
        int i = text.startsWith("\uFEFF") ? 1 : 0;
        for (; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"' && field.isEmpty()) {
                quoted = true;
                fieldStarted = true;
            } else if (ch == ',') {
                record.add(field.toString());
                field.setLength(0);
                fieldStarted = true;
            } else if (ch == '\n' || ch == '\r') {
                if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                endRecord(out, record, field, fieldStarted);
                record = new ArrayList<>();
                fieldStarted = false;
            } else {
                field.append(ch);
                fieldStarted = true;
            }
        }
        if (quoted) {
            throw InvalidInputException.field("file", "CSV (data row " + out.size() + "): failed to parse row");
        }
        endRecord(out, record, field, fieldStarted);
        return out;
    }

    private static void endRecord(List<List<String>> out, List<String> record, StringBuilder field,
                                  boolean fieldStarted) {
        if (fieldStarted || !record.isEmpty()) {
            record.add(field.toString());
            out.add(record);
        }
        field.setLength(0);
    }
}
