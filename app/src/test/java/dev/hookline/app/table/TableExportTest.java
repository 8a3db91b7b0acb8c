package dev.hookline.app.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableExportTest {

    record Row(String id, String note, Instant at, List<String> tags) {
    }

    private static final List<ExportColumn<Row>> COLUMNS = List.of(
            ExportColumn.of("ID", Row::id), ExportColumn.of("Note", Row::note),
            ExportColumn.of("At", Row::at), ExportColumn.of("Tags", Row::tags));

    @Test
    void jsonOfColumnsHoldsWhatTheTableShowsAndNothingElse() throws Exception {
        List<Row> rows = List.of(new Row("01A", "secret-free", Instant.parse("2026-11-23T10:15:30Z"),
                List.of("a", "b")));
        StringWriter out = new StringWriter();

        TableExport.writeJson(rows, List.of(ExportColumn.of("ID", Row::id), ExportColumn.of("Tags", Row::tags)),
                out);

        JsonNode json = Json.lenient().readTree(out.toString());
        assertEquals(1, json.size());
        assertEquals("01A", json.get(0).get("ID").asText());
        assertEquals("a; b", json.get(0).get("Tags").asText());
        assertEquals(2, json.get(0).size(), "only the chosen columns: " + json);
    }

    @Test
    void csvHasAHeaderAndQuotesWhatNeedsQuoting() throws Exception {
        List<Row> rows = List.of(
                new Row("01A", "plain", Instant.parse("2026-11-23T10:15:30.123456789Z"), List.of("a", "b")),
                new Row("01B", "comma, \"quote\"\nnew line", null, List.of()));
        StringWriter out = new StringWriter();

        TableExport.writeCsv(rows, COLUMNS, out);

        assertEquals("ID,Note,At,Tags\r\n"
                + "01A,plain,2026-11-23T10:15:30.123456789Z,a; b\r\n"
                + "01B,\"comma, \"\"quote\"\"\nnew line\",,\r\n", out.toString());
    }

    @Test
    void csvDefusesCellsASpreadsheetWouldRunAsFormulas() {
        assertEquals("'=HYPERLINK(\"x\")", TableExport.csvCell("=HYPERLINK(\"x\")").replace("\"\"", "\"")
                .replaceAll("^\"|\"$", ""));
        assertEquals("'@cmd", TableExport.csvCell("@cmd"));
        assertEquals("'+1+2", TableExport.csvCell("+1+2"));
        assertEquals("-42", TableExport.csvCell("-42"), "a plain number stays a number");
        assertEquals("-1.5", TableExport.csvCell("-1.5"));
    }

    @Test
    void jsonIsTheRowsInTheirWireShape(@TempDir Path dataDirectory) throws Exception {
        try (EmbeddedServerFixture server = EmbeddedServerFixture.start(dataDirectory)) {
            Endpoint endpoint = server.client().createEndpoint(EndpointRequest.of("https://a.example", "a"));
            StringWriter out = new StringWriter();

            TableExport.writeJson(List.of(endpoint), out);

            JsonNode written = Json.lenient().readTree(out.toString());
            assertTrue(written.isArray());
            assertEquals(1, written.size());
            assertEquals(endpoint.uid(), written.get(0).get("uid").asText());
            assertEquals(endpoint.projectId(), written.get(0).get("project_id").asText());
            assertEquals(endpoint.createdAt(), Instant.parse(written.get(0).get("created_at").asText()));
            assertEquals(endpoint, Json.lenient().treeToValue(written.get(0), Endpoint.class));
            assertTrue(out.toString().contains("\n  "), "indented");
        }
    }
}
