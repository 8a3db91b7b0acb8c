package dev.hookline.server.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class InvalidInputExceptionTest {

    @Test
    void aConvoyStyleMessageNamesItsFieldAndKeepsTheWholeSentence() {
        InvalidInputException e = InvalidInputException.of("url:please provide a url for your endpoint");
        assertEquals("url:please provide a url for your endpoint", e.getMessage());
        assertEquals(Map.of("url", "please provide a url for your endpoint"), e.fields());

        assertEquals(Map.of("authentication.oauth2.client_id", "is required"),
                InvalidInputException.of("authentication.oauth2.client_id:is required").fields());
        assertEquals(Map.of("[1].event_type", "duplicate event type a in request"),
                InvalidInputException.of("[1].event_type:duplicate event type a in request").fields());
    }

    @Test
    void aSentenceWithoutAFieldPrefixNamesNoField() {
        assertEquals(Map.of(), InvalidInputException.of("please provide an owner_id or endpoints").fields());
        assertEquals(Map.of(), InvalidInputException.of("please specify a startDate in the format 2006-01-02T15:04:05, "
                + "got \"x\"").fields());
        assertEquals(Map.of(), InvalidInputException.of("source_id is required for incoming projects").fields());
    }
}
