package dev.hookline.server.paging;

import dev.hookline.api.model.Page;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.store.Ulid;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * The list parameters every list takes: {@code perPage}, {@code sort}, {@code direction},
 * {@code next_page_cursor}, {@code prev_page_cursor}, {@code startDate}, {@code endDate}.
 *
 * <p>Dates become ID bounds (IDs are ULIDs, their prefix is the creation time), so the date window is served by the
 * same index as the list's filter. With no dates the whole history is listed (Convoy defaults to the last 7 days;
 * see docs/adr/0004).
 *
 * @param perPage   rows per page (1..{@value #MAX_PER_PAGE}, default {@value #DEFAULT_PER_PAGE}; a larger request is
 *                  served {@value #MAX_PER_PAGE} rows, as Convoy has no maximum and refusing would break its clients)
 * @param ascending sort ASC (default DESC: newest first)
 * @param backward  direction=prev: the page before {@code cursor}
 * @param cursor    the cursor for the chosen direction, or null for the first page
 * @param lowestId  smallest ID in the date window, or null
 * @param highestId largest ID in the date window, or null
 */
public record ListParams(int perPage, boolean ascending, boolean backward, String cursor,
                         String lowestId, String highestId) {

    public static final int DEFAULT_PER_PAGE = 20;
    public static final int MAX_PER_PAGE = 1000;

    /**
     * Checks and converts the raw query values (each may be null when absent); {@link InvalidInputException} names
     * the first bad one. Reading them from a request is the HTTP layer's job ({@code http.ListParamsReader}).
     */
    public static ListParams of(String perPageText, String sortText, String directionText, String nextCursor,
                                String prevCursor, String startDate, String endDate) {
        int perPage = DEFAULT_PER_PAGE;
        if (perPageText != null) {
            BigInteger asked = wholeNumber(perPageText);
            if (asked == null) {
                throw InvalidInputException.of("perPage must be a whole number, got \"" + perPageText + "\"");
            }
            if (asked.signum() < 1) {
                throw InvalidInputException.of("perPage must be at least 1");
            }
            perPage = asked.min(BigInteger.valueOf(MAX_PER_PAGE)).intValueExact();
        }
        String sort = (sortText == null ? "DESC" : sortText).trim().toUpperCase(Locale.ROOT);
        if (!sort.equals("ASC") && !sort.equals("DESC")) {
            throw InvalidInputException.of("sort must be ASC or DESC, got \"" + sort + "\"");
        }
        String direction = (directionText == null ? "next" : directionText).trim().toLowerCase(Locale.ROOT);
        if (!direction.equals("next") && !direction.equals("prev")) {
            throw InvalidInputException.of("direction must be next or prev, got \"" + direction + "\"");
        }
        boolean backward = direction.equals("prev");
        String cursor = backward ? prevCursor : nextCursor;
        if (cursor != null && !Ulid.isUlid(cursor)) {
            // Convoy's DESC sentinel for "from the top"
            if (cursor.equalsIgnoreCase("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")) {
                cursor = null;
            } else {
                throw InvalidInputException.of((backward ? "prev_page_cursor" : "next_page_cursor")
                        + " is not a valid cursor");
            }
        }
        Instant start = startDate == null ? null : parseDate("startDate", startDate, false);
        Instant end = endDate == null ? null : parseDate("endDate", endDate, true);
        if (start != null && end != null && start.isAfter(end)) {
            throw InvalidInputException.of("startDate cannot be greater than endDate");
        }
        return new ListParams(perPage, sort.equals("ASC"), backward, cursor,
                start == null ? null : Ulid.lowerBound(start.toEpochMilli()),
                end == null ? null : Ulid.upperBound(end.toEpochMilli()));
    }

    /**
     * True if {@code perPageText} asks for more rows than {@value #MAX_PER_PAGE}, so the page is cut to that many
     * (the HTTP layer says so in a response header). False for anything {@link #of} refuses or leaves alone.
     */
    public static boolean clampsPerPage(String perPageText) {
        BigInteger asked = perPageText == null ? null : wholeNumber(perPageText);
        return asked != null && asked.compareTo(BigInteger.valueOf(MAX_PER_PAGE)) > 0;
    }

    private static BigInteger wholeNumber(String text) {
        try {
            return new BigInteger(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The parameters that walk this date window from its oldest row to its newest in the largest pages, starting at
     * {@code cursor} (inclusive; null for the start): what a batch action over "everything the list matches" uses,
     * whatever page the list itself was showing.
     */
    public ListParams walkFrom(String cursor) {
        return new ListParams(MAX_PER_PAGE, true, false, cursor, lowestId, highestId);
    }

    /** A page with no rows: for filters known to match nothing before any query runs (e.g. an empty scope). */
    public <T> Page<T> emptyPage() {
        return new Page<>(List.of(), new Page.Pagination(perPage, false, false, "", ""));
    }

    /**
     * Convoy's {@code 2006-01-02T15:04:05} (UTC), RFC 3339 with zone, or a plain date. An end date without
     * sub-second precision covers its whole second (a plain end date covers its whole day).
     */
    static Instant parseDate(String name, String value, boolean endOfRange) {
        String text = value.trim();
        try {
            if (text.length() == 10) {
                LocalDate day = LocalDate.parse(text);
                return endOfRange
                        ? day.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC).minusMillis(1)
                        : day.atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            boolean hasZone = text.endsWith("Z") || text.endsWith("z")
                    || text.matches(".*[+-]\\d{2}:?\\d{2}$");
            Instant instant = hasZone
                    ? OffsetDateTime.parse(text.replace('z', 'Z')).toInstant()
                    : LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            if (endOfRange && instant.getNano() == 0) {
                instant = instant.plusMillis(999);
            }
            return instant;
        } catch (DateTimeParseException e) {
            throw InvalidInputException.of("please specify a " + (endOfRange ? "correct " : "") + name
                    + " in the format 2006-01-02T15:04:05 or RFC 3339, got \"" + value + "\"");
        }
    }
}
