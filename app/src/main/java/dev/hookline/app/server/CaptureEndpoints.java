package dev.hookline.app.server;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Project;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Points the endpoints that deliver to one of this server's capture bins at the server's current address: after the
 * embedded server had to change its port, an endpoint made for a bin still names the old one ("connection refused").
 * Only loopback URLs of a bin that exists in the endpoint's project are changed, over the same API the console uses.
 */
public final class CaptureEndpoints {

    private static final Pattern LOOPBACK_CAPTURE =
            Pattern.compile("^http://(127\\.0\\.0\\.1|localhost):(\\d+)/capture/([^/?#]+)$");

    private CaptureEndpoints() {
    }

    /**
     * Rewrites every capture endpoint of every project of the server at {@code serverBaseUrl} (no {@code /api}) that
     * names another port; blocks (call it off the FX thread).
     *
     * @return how many endpoints were changed
     */
    public static int follow(String serverBaseUrl, String apiKey) {
        try (ApiClient client = new ApiClient(serverBaseUrl + "/api", apiKey)) {
            int moved = 0;
            for (Project project : client.listProjects()) {
                ApiClient scoped = client.withProject(project.uid());
                Set<String> bins = scoped.listCaptureBins().stream().map(CaptureBin::uid).collect(Collectors.toSet());
                if (bins.isEmpty()) {
                    continue;
                }
                ListQuery query = ListQuery.ofPerPage(100);
                while (true) {
                    Page<Endpoint> page = scoped.listEndpoints(query);
                    for (Endpoint endpoint : page.content()) {
                        String target = movedUrl(endpoint.url(), serverBaseUrl, bins);
                        if (target != null) {
                            scoped.updateEndpoint(endpoint.uid(), EndpointRequest.of(target, endpoint.name()));
                            moved++;
                        }
                    }
                    if (page.pagination() == null || !page.pagination().hasNextPage()) {
                        break;
                    }
                    query = query.nextPage(page.pagination());
                }
            }
            return moved;
        }
    }

    /** The URL {@code url} should have on the server at {@code serverBaseUrl}, or {@code null} when it is fine. */
    static String movedUrl(String url, String serverBaseUrl, Set<String> bins) {
        if (url == null) {
            return null;
        }
        Matcher m = LOOPBACK_CAPTURE.matcher(url);
        if (!m.matches() || !bins.contains(m.group(3))) {
            return null;
        }
        String target = serverBaseUrl + "/capture/" + m.group(3);
        return target.equals(url) ? null : target;
    }
}
