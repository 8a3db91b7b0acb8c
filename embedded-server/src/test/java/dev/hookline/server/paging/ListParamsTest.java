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
}
