package dev.hookline.server.brokers.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hookline.api.model.PubSubConfig;
import dev.hookline.server.brokers.BrokerException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

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

    private static final SqsErrors AWS = new SqsErrors(new PubSubConfig.Sqs("AKIAIOSFODNN7EXAMPLE", "s3cr3t",
            "eu-west-1", "orders", null));

    private static AwsServiceException service(int status, String code) {
        return AwsServiceException.builder().statusCode(status).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode(code).errorMessage("said " + code).build()).build();
    }

    @Test
    void saysWhatWentWrongInPlainWords() {
        assertEquals("queue orders does not exist in region eu-west-1",
                AWS.describe("resolve queue", QueueDoesNotExistException.builder().message("x").build()).getMessage());
        assertEquals("authentication failed for access key AKIA…MPLE (check the access key and secret; SQS said "
                + "SignatureDoesNotMatch)", AWS.describe("resolve queue", service(403, "SignatureDoesNotMatch"))
                .getMessage());
        assertEquals("authentication failed for access key AKIA…MPLE (check the access key and secret; SQS said "
                + "Weird)", AWS.describe("resolve queue", service(401, "Weird")).getMessage());
        assertEquals("access denied for access key AKIA…MPLE to queue orders (the key's policy must allow "
                + "sqs:ReceiveMessage, sqs:DeleteMessage and sqs:GetQueueUrl)",
                AWS.describe("receive messages", service(403, "AccessDenied")).getMessage());
        assertEquals("SQS refused to receive messages on queue orders: InternalError said InternalError",
                AWS.describe("receive messages", service(500, "InternalError")).getMessage());
        assertEquals("cannot connect to sqs.eu-west-1.amazonaws.com (unknown host)", AWS.describe("resolve queue",
                SdkClientException.create("x", new UnknownHostException("sqs.eu-west-1.amazonaws.com"))).getMessage());
        assertEquals("cannot connect to sqs.eu-west-1.amazonaws.com (Connection refused)", AWS.describe("resolve queue",
                SdkClientException.create("x", new ConnectException("Connection refused"))).getMessage());
        assertEquals("could not resolve queue on SQS at sqs.eu-west-1.amazonaws.com: odd",
                AWS.describe("resolve queue", SdkClientException.create("odd")).getMessage());
    }

    @Test
    void neverSaysTheSecret() {
        for (Exception e : new Exception[] {service(403, "InvalidClientTokenId"), service(403, "AccessDenied"),
                service(400, "InvalidParameterValue")}) {
            String words = AWS.describe("receive messages", e).getMessage();
            assertFalse(words.contains("s3cr3t"), words);
            assertFalse(words.contains("AKIAIOSFODNN7EXAMPLE"), words);
        }
    }
}
