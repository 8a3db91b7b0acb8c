package dev.hookline.server.http.capture;

import dev.hookline.api.Json;
import dev.hookline.server.capture.CaptureService;
import dev.hookline.server.http.Exchange;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /capture/{binID}} (no API key, like {@code /ingest}): records the request in its bin and answers the
 * bin's status after its delay, with a small JSON body naming what was recorded. Unknown bins are a 404 envelope.
 */
public final class CaptureRoutes {

    private final CaptureService capture;

    public CaptureRoutes(CaptureService capture) {
        this.capture = capture;
    }

    public void receive(Exchange ex) throws Exception {
        // the service keeps its own copy of the headers
        CaptureService.Answer answer = capture.receive(ex.pathParam("binID"), new CaptureService.Received(
                ex.method(), ex.path(), ex.rawQuery(), ex.remoteAddress(), ex.requestHeaders(), ex.rawBody()));
        boolean delayed = capture.awaitDelay(answer.delayMs());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("captured", true);
        if (!delayed) {
            body.put("delay_skipped", "too many delayed answers in progress (at most "
                    + CaptureService.MAX_DELAYED_ANSWERS + ")");
        }
        body.put("bin_id", answer.recorded().binId());
        body.put("seq", answer.recorded().seq());
        ex.send(answer.status(), "application/json", Json.strict().writeValueAsBytes(body));
    }
}
