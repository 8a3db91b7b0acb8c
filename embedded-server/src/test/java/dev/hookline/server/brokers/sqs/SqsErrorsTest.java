package dev.hookline.server.brokers.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hookline.server.brokers.BrokerException;
import org.junit.jupiter.api.Test;

class SqsErrorsTest {

    @Test
    void masksTheAccessKey() {
        assertEquals("AKIA…MPLE", SqsErrors.mask("AKIAIOSFODNN7EXAMPLE"));
        assertEquals("ab…", SqsErrors.mask("abcdefg"));
        assertEquals("…", SqsErrors.mask("abc"));
        assertEquals("(none)", SqsErrors.mask(""));
    }

    @Test
    void readsTheEndpointOverride() throws Exception {
        assertEquals("http://127.0.0.1:9324", SqsConsumer.endpoint("http://127.0.0.1:9324").toString());
        assertEquals("https://sqs.example.com", SqsConsumer.endpoint(" sqs.example.com ").toString());
        assertEquals("endpoint ftp://x is not an http or https URL",
                assertThrows(BrokerException.class, () -> SqsConsumer.endpoint("ftp://x")).getMessage());
        assertEquals("endpoint http://a b is not a valid URL",
                assertThrows(BrokerException.class, () -> SqsConsumer.endpoint("http://a b")).getMessage());
    }

    @Test
    void readsTheDeadLetterTargetOfARedrivePolicy() {
        assertEquals("arn:aws:sqs:us-east-1:123456789012:orders-dlq", SqsConsumer.deadLetterTargetArn(
                "{\"deadLetterTargetArn\":\"arn:aws:sqs:us-east-1:123456789012:orders-dlq\",\"maxReceiveCount\":5}"));
        assertNull(SqsConsumer.deadLetterTargetArn(null));
        assertNull(SqsConsumer.deadLetterTargetArn(""));
        assertNull(SqsConsumer.deadLetterTargetArn("not json"));
    }
}
