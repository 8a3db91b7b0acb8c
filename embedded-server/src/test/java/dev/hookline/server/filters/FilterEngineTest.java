package dev.hookline.server.filters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.server.subscriptions.FilterFlattener;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FilterEngineTest {

    /** One engine, with its cache of compiled filters, as a server has. */
    private static final FilterEngine ENGINE = new FilterEngine();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String ORDER = """
            {"type":"order.paid","amount":25,"price":"19.5","currency":"EUR","zip":"007",
             "customer":{"name":"Ada","tier":"gold","address":{"city":"Berlin"},"nickname":null},
             "tags":["vip","eu"],"codes":[3,5,8],
             "items":[{"sku":"A-1","qty":2},{"sku":"B-2","qty":1}],
             "flag":true,"meta.version":"2"}""";

    static Stream<Arguments> bodyCases() {
        return Stream.of(
                // plain values and $eq / $neq
                row("plain value equal", "{\"type\":\"order.paid\"}", true),
                row("plain value different", "{\"type\":\"order.refunded\"}", false),
                row("$eq equal", "{\"currency\":{\"$eq\":\"EUR\"}}", true),
                row("$eq different", "{\"currency\":{\"$eq\":\"USD\"}}", false),
                row("$neq different", "{\"currency\":{\"$neq\":\"USD\"}}", true),
                row("$neq equal", "{\"currency\":{\"$neq\":\"EUR\"}}", false),
                row("boolean equal", "{\"flag\":true}", true),
                row("boolean different", "{\"flag\":false}", false),
                row("null value equals JSON null", "{\"customer\":{\"nickname\":null}}", true),
                // numbers and type mismatches
                row("integer equals same number spelled as decimal", "{\"amount\":25.0}", true),
                row("number equals numeric string in payload", "{\"price\":19.5}", true),
                row("numeric string in filter equals number in payload", "{\"amount\":\"25\"}", true),
                row("two strings compare as text, not numbers", "{\"zip\":\"7\"}", false),
                row("string not a number never equals a number", "{\"currency\":5}", false),
                row("boolean is not the string true", "{\"flag\":\"true\"}", false),
                // ordering
                row("$gt above", "{\"amount\":{\"$gt\":20}}", true),
                row("$gt equal is not above", "{\"amount\":{\"$gt\":25}}", false),
                row("$gte equal", "{\"amount\":{\"$gte\":25}}", true),
                row("$gte below", "{\"amount\":{\"$gte\":26}}", false),
                row("$lt below", "{\"amount\":{\"$lt\":30}}", true),
                row("$lt equal is not below", "{\"amount\":{\"$lt\":25}}", false),
                row("$lte equal", "{\"amount\":{\"$lte\":25}}", true),
                row("$lte above", "{\"amount\":{\"$lte\":24.99}}", false),
                row("range with two operators inside", "{\"amount\":{\"$gte\":10,\"$lt\":30}}", true),
                row("range with two operators outside", "{\"amount\":{\"$gte\":10,\"$lt\":20}}", false),
                row("$gt on a numeric string payload", "{\"price\":{\"$gt\":19}}", true),
                row("$gt on text never matches", "{\"currency\":{\"$gt\":1}}", false),
                row("$lte on text never matches", "{\"currency\":{\"$lte\":1}}", false),
                // $in / $nin
                row("$in listed", "{\"currency\":{\"$in\":[\"USD\",\"EUR\"]}}", true),
                row("$in not listed", "{\"currency\":{\"$in\":[\"USD\",\"GBP\"]}}", false),
                row("$in number against list of numbers", "{\"amount\":{\"$in\":[10,25]}}", true),
                row("$nin not listed", "{\"currency\":{\"$nin\":[\"USD\",\"GBP\"]}}", true),
                row("$nin listed", "{\"currency\":{\"$nin\":[\"USD\",\"EUR\"]}}", false),
                // arrays in the payload
                row("plain value matches an array element", "{\"tags\":\"vip\"}", true),
                row("plain value not among array elements", "{\"tags\":\"us\"}", false),
                row("plain number matches an array element", "{\"codes\":5}", true),
                row("whole array equal", "{\"tags\":[\"vip\",\"eu\"]}", true),
                row("whole array in another order is not equal", "{\"tags\":[\"eu\",\"vip\"]}", false),
                row("$in with an array payload: any element listed", "{\"tags\":{\"$in\":[\"eu\",\"us\"]}}", true),
                row("$nin with an array payload: an element listed", "{\"tags\":{\"$nin\":[\"eu\"]}}", false),
                row("$gt on an array: any element above", "{\"codes\":{\"$gt\":7}}", true),
                row("$gt on an array: no element above", "{\"codes\":{\"$gt\":8}}", false),
                row("array of objects by index", "{\"items.1.sku\":\"B-2\"}", true),
                row("array of objects by wrong index", "{\"items.0.sku\":\"B-2\"}", false),
                row("nested array of objects by index", "{\"items\":[{\"sku\":\"A-1\"}]}", true),
                row("array wildcard: some element matches", "{\"items.$.sku\":\"B-2\"}", true),
                row("array wildcard: no element matches", "{\"items.$.sku\":\"C-3\"}", false),
                row("array wildcard with operator", "{\"items.$.qty\":{\"$gte\":2}}", true),
                // nested vs flattened keys
                row("nested keys", "{\"customer\":{\"address\":{\"city\":\"Berlin\"}}}", true),
                row("flattened keys", "{\"customer.address.city\":\"Berlin\"}", true),
                row("nested keys, no match", "{\"customer\":{\"address\":{\"city\":\"Paris\"}}}", false),
                row("flattened keys, no match", "{\"customer.address.city\":\"Paris\"}", false),
                row("nested operator", "{\"customer\":{\"tier\":{\"$in\":[\"gold\",\"platinum\"]}}}", true),
                row("payload key containing a dot", "{\"meta.version\":\"2\"}", true),
                row("all keys must hold", "{\"type\":\"order.paid\",\"currency\":\"USD\"}", false),
                // absent keys
                row("absent key does not match a value", "{\"status\":\"paid\"}", false),
                row("absent key fails even next to a matching key", "{\"type\":\"order.paid\",\"status\":\"x\"}", false),
                row("absent key fails ordering", "{\"discount\":{\"$lt\":5}}", false),
                row("absent key is not equal to anything", "{\"status\":{\"$neq\":\"failed\"}}", true),
                row("absent key is in no list", "{\"status\":{\"$nin\":[\"failed\"]}}", true),
                // $exist
                row("$exist true on present key", "{\"customer.name\":{\"$exist\":true}}", true),
                row("$exist true on absent key", "{\"customer.email\":{\"$exist\":true}}", false),
                row("$exist false on absent key", "{\"customer.email\":{\"$exist\":false}}", true),
                row("$exist false on present key", "{\"customer.name\":{\"$exist\":false}}", false),
                row("$exist true on a null value", "{\"customer.nickname\":{\"$exist\":true}}", true),
                row("$exist true on an object", "{\"customer.address\":{\"$exist\":true}}", true),
                // $regex
                row("$regex matches anywhere", "{\"type\":{\"$regex\":\"paid$\"}}", true),
                row("$regex anchored, no match", "{\"type\":{\"$regex\":\"^paid\"}}", false),
                row("$regex on an array element", "{\"tags\":{\"$regex\":\"^v\"}}", true),
                row("$regex on a number reads its text", "{\"amount\":{\"$regex\":\"^2\\\\d$\"}}", true),
                row("$regex on an object never matches", "{\"customer\":{\"$regex\":\".*\"}}", false),
                // $or / $and
                row("$or one branch holds",
                        "{\"$or\":[{\"currency\":\"USD\"},{\"amount\":{\"$gt\":20}}]}", true),
                row("$or no branch holds",
                        "{\"$or\":[{\"currency\":\"USD\"},{\"amount\":{\"$gt\":30}}]}", false),
                row("$and all branches hold",
                        "{\"$and\":[{\"currency\":\"EUR\"},{\"amount\":{\"$gt\":20}}]}", true),
                row("$and one branch fails",
                        "{\"$and\":[{\"currency\":\"EUR\"},{\"amount\":{\"$gt\":30}}]}", false),
                row("$or nested in $and",
                        "{\"$and\":[{\"$or\":[{\"tags\":\"us\"},{\"tags\":\"eu\"}]},{\"flag\":true}]}", true),
                row("$and nested in $or, neither holds",
                        "{\"$or\":[{\"$and\":[{\"tags\":\"us\"},{\"flag\":true}]},{\"currency\":\"GBP\"}]}", false),
                row("$or under a key applies to its members",
                        "{\"customer\":{\"$or\":[{\"tier\":\"silver\"},{\"name\":\"Ada\"}]}}", true),
                row("$or under a key, no member matches",
                        "{\"customer\":{\"$or\":[{\"tier\":\"silver\"},{\"name\":\"Bob\"}]}}", false),
                row("key next to $or must also hold",
                        "{\"currency\":\"USD\",\"$or\":[{\"flag\":true}]}", false),
                // the empty filter
                row("empty filter matches everything", "{}", true),
                row("null filter matches everything", "null", true));
    }

    private static Arguments row(String behaviour, String filter, boolean expected) {
        return Arguments.of(behaviour, filter, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodyCases")
    void matchesBodyLikeConvoyDocuments(String behaviour, String filter, boolean expected) throws Exception {
        assertEquals(expected, ENGINE.matches(JSON.readTree(filter), JSON.readTree(ORDER)), behaviour);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodyCases")
    void storedFlattenedFilterMatchesLikeTheNestedOne(String behaviour, String filter, boolean expected)
            throws Exception {
        JsonNode flat = FilterFlattener.flattenFilter(JSON.readTree(filter));
        assertEquals(expected, ENGINE.matches(flat, JSON.readTree(ORDER)), behaviour);
    }

    static Stream<Arguments> headerCases() {
        return Stream.of(
                row("header value equal", "{\"X-Event-Kind\":\"push\"}", true),
                row("header name in any case", "{\"x-event-kind\":\"push\"}", true),
                row("header value different", "{\"X-Event-Kind\":\"pull\"}", false),
                row("header sent twice: any value matches", "{\"Accept\":\"text/plain\"}", true),
                row("header regex", "{\"User-Agent\":{\"$regex\":\"^GitHub-Hookshot/\"}}", true),
                row("absent header", "{\"X-Missing\":\"x\"}", false),
                row("absent header with $exist false", "{\"X-Missing\":{\"$exist\":false}}", true),
                row("header $in", "{\"X-Event-Kind\":{\"$in\":[\"push\",\"tag\"]}}", true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("headerCases")
    void matchesHeadersCaseInsensitivelyWithListValues(String behaviour, String filter, boolean expected)
            throws Exception {
        JsonNode headers = JSON.readTree("""
                {"X-Event-Kind":["push"],"Accept":["application/json","text/plain"],
                 "user-agent":"GitHub-Hookshot/abc"}""");
        assertEquals(expected, ENGINE.matchesHeaders(JSON.readTree(filter), headers), behaviour);
    }

    @Test
    void catastrophicRegexOnACraftedPayloadGivesUpQuicklyAsNoMatch() throws Exception {
        JsonNode filter = JSON.readTree("{\"name\":{\"$regex\":\"^(a+)+$\"}}");
        JsonNode payload = JSON.createObjectNode().put("name", "a".repeat(40) + "!");
        long start = System.nanoTime();
        assertFalse(ENGINE.matches(filter, payload));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, "gave up after " + millis + " ms");
        assertTrue(ENGINE.matches(filter, JSON.createObjectNode().put("name", "a".repeat(40))),
                "the same pattern still matches normal text");
    }

    @Test
    void headersHeldAsListsMatchThroughTheirDocument() throws Exception {
        JsonNode headers = FilterEngine.headerDocument(java.util.Map.of("X-Event-Kind", java.util.List.of("push"),
                "Accept", java.util.List.of("a/b", "c/d")));
        assertTrue(ENGINE.matchesHeaders(JSON.readTree("{\"x-event-kind\":\"push\",\"Accept\":\"c/d\"}"),
                headers));
        assertFalse(ENGINE.matchesHeaders(JSON.readTree("{\"Accept\":\"e/f\"}"), headers));
    }

    @Test
    void invalidFilterIsRejectedWithTheReason() throws Exception {
        FilterFlattener.InvalidFilterException error = assertThrows(FilterFlattener.InvalidFilterException.class,
                () -> ENGINE.matches(JSON.readTree("{\"a\":{\"$like\":1}}"), JSON.readTree("{}")));
        assertTrue(error.getMessage().contains("$like"), error.getMessage());
    }

    @Test
    void filterOnAMissingDocumentOnlyPassesNegations() throws Exception {
        assertFalse(ENGINE.matches(JSON.readTree("{\"a\":1}"), null));
        assertTrue(ENGINE.matches(JSON.readTree("{\"a\":{\"$exist\":false}}"), null));
    }

    @Test
    void cachedFilterIsNotChangedByTheCallerEditingItsNode() throws Exception {
        var filter = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree("{\"currency\":\"EUR\"}");
        assertTrue(ENGINE.matches(filter, JSON.readTree(ORDER)));
        filter.put("currency", "USD");
        assertFalse(ENGINE.matches(filter, JSON.readTree(ORDER)));
    }
}
