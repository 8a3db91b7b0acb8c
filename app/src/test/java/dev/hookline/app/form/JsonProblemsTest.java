package dev.hookline.app.form;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** JSON mistakes people make, said in words with line and column (the rule every JSON field uses). */
class JsonProblemsTest {

    private static String problem(String json) {
        return Rules.jsonObject("Body").check(json);
    }

    @Test
    void saysWhatIsWrongAndWhere() {
        assertEquals("Body is not valid JSON: Line 1, column 13: the object is not closed "
                + "(a } is missing).", problem("{\"a\": [1, 2]"));
        assertEquals("Body is not valid JSON: Line 1, column 9: there is a comma too many before the }.",
                problem("{\"a\": 1,}"));
        assertEquals("Body is not valid JSON: Line 2, column 3: a comma is missing between two entries.",
                problem("{\"a\": 1\n  \"b\": 2}"));
        assertEquals("Body is not valid JSON: Line 1, column 2: a name in double quotes was expected, not ' "
                + "(JSON uses double quotes).", problem("{'a': 1}"));
        assertEquals("Body is not valid JSON: Line 1, column 10: yes is not a JSON value (text needs double "
                + "quotes; true, false and null are lower case).", problem("{\"paid\": yes}"));
        assertEquals("Body is not valid JSON: Line 1, column 6: a colon (:) is missing after the name.",
                problem("{\"a\" 1}"));
        assertEquals("Body is not valid JSON: Line 1, column 7: a value is missing before }.",
                problem("{\"a\": }"));
        assertEquals("Body is not valid JSON: Line 1, column 10: there is a comma too many before the ].",
                problem("{\"a\": [1,]}"));
    }
}
