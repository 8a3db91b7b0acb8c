package dev.hookline.server.brokers.amqp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.LongString;
import com.rabbitmq.client.impl.LongStringHelper;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a source's amqp config becomes connection settings, and how AMQP headers become text. No broker needed. */
class AmqpSettingsTest {

    private static Source source(Integer workers, PubSubConfig.Amqp amqp) {
        return new Source("src-1", "p", "m", "rabbit", null, SourceType.PUB_SUB, null, false, null, null, null,
                null, new PubSubConfig(PubSubType.AMQP, workers, null, null, null, amqp), null, null, null, null,
                null, null, null);
    }

    @Test
    void fills_in_convoys_defaults() {
        AmqpSettings s = AmqpSettings.of(source(null, new PubSubConfig.Amqp(null, "rabbit.local", null, "orders",
                null, null, null, null, null, null)));
        assertFalse(s.tls());
        assertEquals(5672, s.port());
        assertEquals("/", s.vhost());
        assertEquals("guest", s.user(), "no auth: the client's default, as Convoy's Go client");
        assertEquals("guest", s.password());
        assertNull(s.exchange());
        assertNull(s.deadLetter());
        assertEquals(1, s.workers());
        assertEquals(AmqpSettings.DEFAULT_PREFETCH, s.prefetch());
        assertEquals("hookline-source-src-1", s.connectionName());
    }

    @Test
    void amqps_means_tls_on_5671_unless_a_port_is_given() {
        PubSubConfig.Amqp amqp = new PubSubConfig.Amqp("AMQPS", "h", null, "q", "prod", null, null, null, null,
                null);
        AmqpSettings s = AmqpSettings.of(source(4, amqp));
        assertTrue(s.tls());
        assertEquals(5671, s.port());
        assertEquals("prod", s.vhost());
        assertEquals(4, s.workers());
        assertEquals(5000, AmqpSettings.of(source(4, new PubSubConfig.Amqp("amqps", "h", "5000", "q", null, null,
                null, null, null, null))).port());
    }

    @Test
    void takes_the_bind_exchange_in_request_or_response_shape() {
        AmqpSettings request = AmqpSettings.of(source(1, new PubSubConfig.Amqp("amqp", "h", "5672", "q", "/",
                new PubSubConfig.AmqpAuth("app", "s3cret"), new PubSubConfig.AmqpExchange("orders", "order.*"),
                null, null, "dead")));
        assertEquals("orders", request.exchange());
        assertEquals("order.*", request.routingKey());
        assertEquals("dead", request.deadLetter());
        assertEquals("app", request.user());
        AmqpSettings response = AmqpSettings.of(source(1, new PubSubConfig.Amqp("amqp", "h", "5672", "q", "/", null,
                null, "orders", "order.*", null)));
        assertEquals("orders", response.exchange());
        assertEquals("order.*", response.routingKey());
    }

    @Test
    void never_shows_the_password() {
        AmqpSettings s = AmqpSettings.of(source(2, new PubSubConfig.Amqp("amqp", "h", "5672", "q", "/",
                new PubSubConfig.AmqpAuth("app", "s3cret-pw"), null, null, null, null)));
        assertFalse(s.toString().contains("s3cret-pw"), s.toString());
        assertTrue(s.toString().contains("app@h:5672"), s.toString());
    }

    @Test
    void headers_become_text() {
        Map<String, Object> raw = new LinkedHashMap<>();
        LongString type = LongStringHelper.asLongString("fanout");
        raw.put("x-convoy-message-type", type);
        raw.put("bytes", "caf\u00e9".getBytes(StandardCharsets.UTF_8));
        raw.put("number", 7L);
        raw.put("flag", true);
        raw.put("when", Date.from(java.time.Instant.parse("2026-01-02T03:04:05Z")));
        raw.put("list", List.of(LongStringHelper.asLongString("a"), 2));
        raw.put("nothing", null);
        Map<String, String> headers = AmqpConsumer.headers(new AMQP.BasicProperties.Builder().headers(raw).build());
        assertEquals("fanout", headers.get("x-convoy-message-type"));
        assertEquals("caf\u00e9", headers.get("bytes"));
        assertEquals("7", headers.get("number"));
        assertEquals("true", headers.get("flag"));
        assertEquals("2026-01-02T03:04:05Z", headers.get("when"));
        assertEquals("a,2", headers.get("list"));
        assertFalse(headers.containsKey("nothing"));
        assertEquals(Map.of(), AmqpConsumer.headers(new AMQP.BasicProperties()));
    }
}
