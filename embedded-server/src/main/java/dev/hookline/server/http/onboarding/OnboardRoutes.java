package dev.hookline.server.http.onboarding;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.BulkOnboardRequest;
import dev.hookline.api.model.Project;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.onboarding.OnboardService;
import java.io.IOException;
import java.util.Locale;

/**
 * {@code POST /api/v1/projects/{projectID}/onboard[?dry_run=true]}: bulk onboarding from a JSON body
 * ({@code {"items":[...]}}) or a CSV file in the multipart field {@code file}. Answers: a dry run 200 "Dry run
 * validation complete" with the report; refused rows 400 "Validation failed" <em>with</em> the report as
 * {@code data} (Convoy's one error envelope that carries data); done 202 "Bulk onboard request accepted".
 */
public final class OnboardRoutes {

    private final OnboardService onboarding;

    public OnboardRoutes(OnboardService onboarding) {
        this.onboarding = onboarding;
    }

    public void onboard(Exchange ex) throws IOException {
        Project project = ex.project();
        boolean dryRun = "true".equals(ex.query("dry_run").orElse("false").strip().toLowerCase(Locale.ROOT));
        String contentType = ex.header("Content-Type").orElse("");
        OnboardService.Outcome outcome;
        if (contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            outcome = onboarding.onboardCsv(project, MultipartForm.field(contentType, ex.rawBody(), "file"), dryRun);
        } else {
            BulkOnboardRequest request;
            try {
                request = ex.body(BulkOnboardRequest.class);
            } catch (ApiError e) {
                throw ApiError.badRequest("Invalid request format");
            }
            outcome = onboarding.onboard(project, request.items(), dryRun);
        }
        if (outcome.accepted() != null) {
            ex.ok(202, "Bulk onboard request accepted", outcome.accepted());
        } else if (outcome.refused()) {
            ObjectNode body = Json.strict().createObjectNode();
            body.put("status", false);
            body.put("message", "Validation failed");
            body.set("data", Json.strict().valueToTree(outcome.report()));
            ex.sendJson(400, body);
        } else {
            ex.ok(200, "Dry run validation complete", outcome.report());
        }
    }
}
