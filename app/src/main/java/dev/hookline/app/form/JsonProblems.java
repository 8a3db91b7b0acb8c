package dev.hookline.app.form;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says what is wrong with a JSON document the way a person would: "Line 3, column 5: the object is not closed
 * (a } is missing)", never Jackson's "Unexpected end-of-input: expected close marker for Object
 * (start marker at [Source: (String)...".
 */
public final class JsonProblems {

    private static final Pattern UNEXPECTED_CHARACTER = Pattern.compile("Unexpected character \\('(.+?)' \\(code");
    private static final Pattern UNRECOGNIZED_TOKEN = Pattern.compile("Unrecognized token '(.*?)'");
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*?)'");

    private JsonProblems() {
    }

    /** "Line L, column C: what is wrong" for a document Jackson could not read. */
    public static String describe(JsonProcessingException e) {
        String raw = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 0 ? "" : "Line " + at.getLineNr() + ", column "
                + Math.max(1, at.getColumnNr()) + ": ";
        return where + what(raw);
    }

    /** What Jackson's {@code message} means. */
    static String what(String message) {
        if (message.contains("expected close marker for Object")) {
            return "the object is not closed (a } is missing)";
        }
        if (message.contains("expected close marker for Array")) {
            return "the list is not closed (a ] is missing)";
        }
        if (message.contains("Unexpected end-of-input") && (message.contains("String value")
                || message.contains("field name"))) {
            return "a text in quotes is not closed (a \" is missing)";
        }
        if (message.contains("Unexpected end-of-input")) {
            return "the document ends too early";
        }
        if (message.contains("Unexpected close marker")) {
            return "a closing " + closer(message) + " has no opening one to match";
        }
        if (message.contains("was expecting comma to separate Object entries")) {
            return "a comma is missing between two entries";
        }
        if (message.contains("was expecting comma to separate Array entries")) {
            return "a comma is missing between two items of the list";
        }
        if (message.contains("was expecting a colon to separate field name and value")) {
            return "a colon (:) is missing after the name";
        }
        Matcher character = UNEXPECTED_CHARACTER.matcher(message);
        String found = character.find() ? character.group(1) : null;
        if (message.contains("was expecting double-quote to start field name")) {
            if ("}".equals(found)) {
                return "there is a comma too many before the }";
            }
            return "a name in double quotes was expected" + (found == null ? "" : ", not " + found)
                    + ("'".equals(found) ? " (JSON uses double quotes)" : "");
        }
        if (message.contains("expected a value") || message.contains("expected a valid value")) {
            if ("]".equals(found)) {
                return "there is a comma too many before the ]";
            }
            if ("'".equals(found)) {
                return "a value was expected; JSON text uses double quotes, not '";
            }
            return "a value is missing" + (found == null ? "" : " before " + found);
        }
        Matcher token = UNRECOGNIZED_TOKEN.matcher(message);
        if (token.find()) {
            return token.group(1) + " is not a JSON value (text needs double quotes; true, false and null are "
                    + "lower case)";
        }
        if (message.contains("Illegal unquoted character")) {
            return "a text value holds a line break or tab: write it as \\n or \\t";
        }
        if (message.contains("Unrecognized character escape")) {
            return "a backslash in a text value starts an unknown escape (write \\\\ for a backslash)";
        }
        Matcher duplicate = DUPLICATE.matcher(message);
        if (duplicate.find()) {
            return "the name \"" + duplicate.group(1) + "\" appears twice in the same object";
        }
        if (message.contains("Trailing token")) {
            return "there is more text after the end of the document";
        }
        if (found != null) {
            return found + " is not allowed here";
        }
        return "this is not valid JSON";
    }

    private static String closer(String message) {
        return message.contains("']'") ? "]" : message.contains("'}'") ? "}" : "bracket";
    }
}
