package dev.hookline.app.table;

import java.util.Objects;
import java.util.function.Function;

/** One CSV column of an export: its header and how to get the cell's value from a row. */
public record ExportColumn<T>(String header, Function<? super T, ?> value) {

    public ExportColumn {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(value, "value");
    }

    public static <T> ExportColumn<T> of(String header, Function<? super T, ?> value) {
        return new ExportColumn<>(header, value);
    }
}
