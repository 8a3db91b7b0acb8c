package dev.hookline.server.subscriptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.server.subscriptions.FilterFlattener.InvalidFilterException;
import org.junit.jupiter.api.Test;

class FilterFlattenerTest {

    private static JsonNode json(String text) throws Exception {
        return Json.strict().readTree(text);
    }

    private static void assertFlattened(String expected, String filter) throws Exception {
        assertEquals(json(expected), FilterFlattener.flattenFilter(json(filter)));
    }

    private static String rejected(String filter) throws Exception {
        JsonNode node = json(filter);
        return assertThrows(InvalidFilterException.class, () -> FilterFlattener.flattenFilter(node)).getMessage();
    }

    @Test
    void nestedObjectsBecomeDotKeysAndOperatorObjectsStayWhole() throws Exception {
        assertFlattened("{\"person.age\":{\"$gte\":5}}", "{\"person\":{\"age\":{\"$gte\":5}}}");
        assertFlattened("{\"a.b.c\":1,\"a.d\":\"x\",\"e\":null}", "{\"a\":{\"b\":{\"c\":1},\"d\":\"x\"},\"e\":null}");
        assertFlattened("{\"amount\":{\"$gte\":5,\"$lt\":10}}", "{\"amount\":{\"$gte\":5,\"$lt\":10}}");
    }

    @Test
    void scalarArraysStayArraysAndArraysOfObjectsAreIndexed() throws Exception {
        assertFlattened("{\"tags\":[\"a\",\"b\"]}", "{\"tags\":[\"a\",\"b\"]}");
        assertFlattened("{\"items.0.sku\":\"x\",\"items.1.sku\":\"y\",\"items.2\":3}",
                "{\"items\":[{\"sku\":\"x\"},{\"sku\":\"y\"},3]}");
        assertFlattened("{\"ids\":{\"$in\":[1,2]}}", "{\"ids\":{\"$in\":[1,2]}}");
    }

    @Test
    void emptyObjectsAndNullAreKeptAndNoFilterIsEmpty() throws Exception {
        assertFlattened("{\"a.b\":{}}", "{\"a\":{\"b\":{}}}");
        assertEquals(json("{}"), FilterFlattener.flattenFilter(null));
        assertEquals(json("{}"), FilterFlattener.flattenFilter(json("null")));
    }

    @Test
    void logicalOperatorsKeepTheirPlaceAndFlattenEachBranch() throws Exception {
        assertFlattened("{\"$or\":[{\"a.b\":1},{\"c\":{\"$gt\":2}}],\"d\":true}",
                "{\"$or\":[{\"a\":{\"b\":1}},{\"c\":{\"$gt\":2}}],\"d\":true}");
        assertFlattened("{\"x.$and\":[{\"y\":1}]}", "{\"x\":{\"$and\":[{\"y\":1}]}}");
    }

    @Test
    void dollarDotPathsAreFieldsNotOperators() throws Exception {
        assertFlattened("{\"$.data.id\":1}", "{\"$.data\":{\"id\":1}}");
    }

    @Test
    void unknownOperatorsAreRejectedWithConvoysMessage() throws Exception {
        assertEquals("$foo starts with a $ and is not a valid operator", rejected("{\"a\":{\"$foo\":1}}"));
        assertEquals("$foo starts with a $ and is not a valid operator", rejected("{\"$foo\":1}"));
        assertEquals("$bad starts with a $ and is not a valid operator",
                rejected("{\"$or\":[{\"a\":{\"$bad\":1}}]}"));
    }

    @Test
    void operatorValuesAreChecked() throws Exception {
        assertTrue(rejected("{\"$or\":{\"a\":1}}").contains("must be an array"));
        assertTrue(rejected("{\"$and\":[1]}").contains("must be an object"));
        assertTrue(rejected("{\"a\":{\"$regex\":\"(\"}}").contains("not a valid regular expression"));
        assertTrue(rejected("{\"a\":{\"$regex\":5}}").contains("must be a string"));
        assertTrue(rejected("{\"a\":{\"$in\":5}}").contains("must be an array"));
        assertTrue(rejected("{\"a\":{\"$exist\":\"yes\"}}").contains("true or false"));
        assertTrue(rejected("{\"a\":{\"$gte\":1,\"b\":2}}").contains("mixes operators"));
        assertTrue(rejected("{\"$gte\":1}").contains("must be applied to a field"));
        assertTrue(rejected("[1,2]").contains("must be a JSON object"));
        assertFlattened("{\"a\":{\"$regex\":\"^ab+c$\",\"$exist\":true}}",
                "{\"a\":{\"$regex\":\"^ab+c$\",\"$exist\":true}}");
    }

    @Test
    void payloadModeTreatsDollarKeysAsData() throws Exception {
        assertEquals(json("{\"$schema\":\"s\",\"order.$id\":7,\"lines.0.qty\":2}"),
                FilterFlattener.flattenPayload(json("{\"$schema\":\"s\",\"order\":{\"$id\":7},\"lines\":[{\"qty\":2}]}")));
    }

    @Test
    void keyOrderFollowsTheDocument() throws Exception {
        JsonNode flat = FilterFlattener.flattenFilter(json("{\"z\":1,\"a\":{\"y\":2,\"b\":3}}"));
        assertEquals("[z, a.y, a.b]", iterableToString(flat.fieldNames()));
    }

    private static String iterableToString(java.util.Iterator<String> names) {
        java.util.List<String> out = new java.util.ArrayList<>();
        names.forEachRemaining(out::add);
        return out.toString();
    }
}
