package dev.hookline.bench;

import dev.hookline.api.client.ListQuery;
import java.util.function.IntFunction;

/**
 * One measured request shape: a list of the measured project with a filter. {@code query} gives the request's
 * parameters for the i-th repetition, so a case can rotate over many IDs instead of asking for one row again and
 * again.
 *
 * @param name   short name, shown in the table and matched by {@code bench.cases}
 * @param list   the list route under the project: {@code eventdeliveries} or {@code events}
 * @param filter what the request asks for, in words
 */
public record BenchCase(String name, String list, String filter, IntFunction<ListQuery> query) {

    /** The path after {@code /api} of the i-th request, with its query string. */
    public String path(String projectId, int i) {
        String queryString = query.apply(i).toQuery();
        return "/v1/projects/" + projectId + "/" + list + (queryString.isEmpty() ? "" : "?" + queryString);
    }
}
