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
        var query = new SourceFilter(" gh ", SourceType.PUB_SUB, SourceProvider.GITHUB).toQuery(20);

        assertEquals(Map.of("perPage", List.of("20"), "q", List.of("gh"), "type", List.of("pub_sub"),
                "provider", List.of("github")), query.params());
    }

    @Test
    void noFilterSendsOnlyThePageSize() {
        assertEquals(Map.of("perPage", List.of("20")), new SourceFilter("  ", null, null).toQuery(20).params());
    }
}
