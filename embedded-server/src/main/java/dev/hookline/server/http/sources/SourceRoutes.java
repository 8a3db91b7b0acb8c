package dev.hookline.server.http.sources;

import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.ListParamsReader;
import dev.hookline.server.paging.ListParams;
import dev.hookline.server.sources.SourceService;

/** {@code /api/v1/projects/{projectID}/sources}: list, create, get, update, delete. */
public final class SourceRoutes {

    private final SourceService sources;

    public SourceRoutes(SourceService sources) {
        this.sources = sources;
    }

    public void list(Exchange ex) throws Exception {
        String type = ex.query("type").orElse(null);
        String provider = ex.query("provider").orElse(null);
        String q = ex.query("q").orElse(null);
        ListParams params = ListParamsReader.from(ex);
        ex.ok(200, "Sources fetched successfully", sources.list(ex.projectId(), type, provider, q, params));
    }

    public void create(Exchange ex) throws Exception {
        CreateSourceRequest request = ex.body(CreateSourceRequest.class);
        ex.ok(201, "Source created successfully", sources.create(ex.projectId(), request));
    }

    public void get(Exchange ex) throws Exception {
        ex.ok(200, "Source fetched successfully", sources.get(ex.projectId(), ex.pathParam("sourceID")));
    }

    public void update(Exchange ex) throws Exception {
        UpdateSourceRequest request = ex.body(UpdateSourceRequest.class);
        ex.ok(202, "Source updated successfully", sources.update(ex.projectId(), ex.pathParam("sourceID"), request));
    }

    public void delete(Exchange ex) throws Exception {
        sources.delete(ex.projectId(), ex.pathParam("sourceID"));
        ex.ok(200, "Source deleted successfully", null);
    }
}
