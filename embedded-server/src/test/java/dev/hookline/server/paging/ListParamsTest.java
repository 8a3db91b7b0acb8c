package dev.hookline.server.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.http.ErrorStatus;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ListParamsTest {

    @ParameterizedTest
    @CsvSource(textBlock = """
            2026-01-02T15:04:05,        false, 2026-01-02T15:04:05Z
            2026-01-02T15:04:05,        true,  2026-01-02T15:04:05.999Z
            2026-01-02T15:04:05Z,       false, 2026-01-02T15:04:05Z
            2026-01-02T16:04:05+01:00,  false, 2026-01-02T15:04:05Z
            2026-01-02T15:04:05.123456789Z, true, 2026-01-02T15:04:05.123456789Z
            2026-01-02,                 false, 2026-01-02T00:00:00Z
            2026-01-02,                 true,  2026-01-02T23:59:59.999Z
            """)
    void acceptsConvoysFormatRfc3339AndPlainDates(String text, boolean end, String expected) {
        assertEquals(Instant.parse(expected), ListParams.parseDate("startDate", text, end));
    }

    @ParameterizedTest
    @CsvSource({"yesterday", "2026-13-01T00:00:00", "02/01/2026"})
    void rejectsOtherFormatsNamingTheParameter(String text) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ListParams.parseDate("startDate", text, false));
        assertEquals(400, ErrorStatus.of(e));
        assertEquals(true, e.getMessage().contains("startDate"));
    }

    @ParameterizedTest
    @CsvSource({"1, 1, false", "1000, 1000, false", "1001, 1000, true", "5000, 1000, true",
            "' 99999999999999999999 ', 1000, true"})
    void aPageSizeAboveTheMaximumIsServedAtTheMaximum(String asked, int served, boolean clamped) {
        assertEquals(served, ListParams.of(asked, null, null, null, null, null, null).perPage());
        assertEquals(clamped, ListParams.clampsPerPage(asked));
    }

    @ParameterizedTest
    @CsvSource({"0, perPage must be at least 1", "-3, perPage must be at least 1",
            "ten, perPage must be a whole number"})
    void aPageSizeBelowOneOrNotANumberIsRefused(String asked, String message) {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> ListParams.of(asked, null, null, null, null, null, null));
        assertEquals(true, e.getMessage().startsWith(message), e.getMessage());
        assertEquals(false, ListParams.clampsPerPage(asked));
    }
}
