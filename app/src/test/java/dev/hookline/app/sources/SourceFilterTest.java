package dev.hookline.app.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SourceFilterTest {

    @Test
    void searchTypeAndProviderUseTheirWireNames() {
        var query = new SourceFilter(" gh ", SourceType.PUB_SUB, SourceProvider.GITHUB).toQuery();

        assertEquals(Map.of("q", List.of("gh"), "type", List.of("pub_sub"),
                "provider", List.of("github")), query.params());
    }

    @Test
    void noFilterSendsNoParameters() {
        assertEquals(Map.of(), new SourceFilter("  ", null, null).toQuery().params());
    }
}
