package dev.hookline.api.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class HttpStatusClassTest {

    @Test
    void queryValuesReadWithoutRegardToCase() {
        assertEquals(HttpStatusClass.SERVER_ERROR, HttpStatusClass.fromWire(" 5XX "));
        assertEquals(HttpStatusClass.NONE, HttpStatusClass.fromWire("None"));
        assertNull(HttpStatusClass.fromWire("6xx"));
        assertNull(HttpStatusClass.fromWire("500"));
    }

    @Test
    void anAttemptsStatusLineHasTheClassOfItsCodeAndNoLineIsNoResponse() {
        assertEquals(HttpStatusClass.SERVER_ERROR, HttpStatusClass.ofStatusLine("503 Service Unavailable"));
        assertEquals(HttpStatusClass.SUCCESSFUL, HttpStatusClass.ofStatusLine("204"));
        assertEquals(HttpStatusClass.CLIENT_ERROR, HttpStatusClass.ofStatusLine("429 Too Many Requests"));
        assertEquals(HttpStatusClass.NONE, HttpStatusClass.ofStatusLine(""));
        assertEquals(HttpStatusClass.NONE, HttpStatusClass.ofCode(0));
    }
}
