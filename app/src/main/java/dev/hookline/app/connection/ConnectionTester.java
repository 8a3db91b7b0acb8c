package dev.hookline.app.connection;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.Project;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;

/**
 * "Test connection": asks the server for the profile's project and says exactly what failed, in the user's
 * terms: host unknown, nothing listening, TLS, key refused, no API at that URL, project unknown.
 */
public final class ConnectionTester {

    /** What went wrong, or {@link #OK}. */
    public enum Outcome { OK, UNKNOWN_HOST, UNREACHABLE, TIMEOUT, TLS, INVALID_KEY, FORBIDDEN, NO_API_AT_URL,
        PROJECT_NOT_FOUND, UNEXPECTED }

    /** The outcome and one sentence for the user; {@code project} is set when the test passed. */
    public record Result(Outcome outcome, String message, Project project) {
        public boolean ok() {
            return outcome == Outcome.OK;
        }
    }

    private ConnectionTester() {
    }

    /** Runs the test with {@code client} (base URL and key; the project is {@code projectId}). Blocks: run it off FX. */
    public static Result test(ApiClient client, String projectId) {
        try {
            Project project = client.getProject(projectId);
            String name = project == null || project.name() == null ? projectId : project.name();
            return new Result(Outcome.OK, "Connected: project \"" + name + "\" at " + client.baseUrl(), project);
        } catch (ApiException e) {
            return explain(e, client.baseUrl(), projectId);
        }
    }

    static Result explain(ApiException e, String baseUrl, String projectId) {
        if (e.isConnectionFailure()) {
            return connectionFailure(e, baseUrl);
        }
        String server = e.serverMessage() == null ? "" : " (server said: " + e.serverMessage() + ")";
        return switch (e.status()) {
            case 401 -> new Result(Outcome.INVALID_KEY, "The API key was refused (401): check the key" + server, null);
            case 403 -> new Result(Outcome.FORBIDDEN,
                    "The API key has no access to project " + projectId + " (403)" + server, null);
            case 400, 404 -> e.serverMessage() == null && e.status() == 404
                    // a 404 that is not a Convoy envelope: the URL does not lead to the API at all
                    ? new Result(Outcome.NO_API_AT_URL, "No Convoy API at " + baseUrl
                            + " (404): the base URL must end with /api, e.g. https://convoy.example.com/api", null)
                    : new Result(Outcome.PROJECT_NOT_FOUND, "Project " + projectId + " was not found (" + e.status()
                            + ")" + server + ": check the project ID", null);
            default -> new Result(Outcome.UNEXPECTED, "Unexpected answer from " + baseUrl + ": " + e.getMessage(), null);
        };
    }

    private static Result connectionFailure(ApiException e, String baseUrl) {
        String where = hostAndPort(baseUrl);
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof UnknownHostException) {
                return new Result(Outcome.UNKNOWN_HOST, "Unknown host " + host(baseUrl) + ": check the address", null);
            }
            if (cause instanceof SSLException || cause instanceof CertificateException) {
                String detail = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
                return new Result(Outcome.TLS, "TLS failed with " + where + ": " + detail
                        + " (certificate not trusted, or not an HTTPS port?)", null);
            }
            if (cause instanceof SocketTimeoutException) {
                return new Result(Outcome.TIMEOUT, "No answer from " + where + " in time", null);
            }
            if (cause instanceof ConnectException || cause instanceof NoRouteToHostException) {
                return new Result(Outcome.UNREACHABLE, "Cannot reach " + where
                        + ": nothing answers there (is the server running, is the port right?)", null);
            }
        }
        return new Result(Outcome.UNREACHABLE, e.getMessage(), null);
    }

    private static String hostAndPort(String baseUrl) {
        okhttp3.HttpUrl url = okhttp3.HttpUrl.parse(baseUrl);
        return url == null ? baseUrl : url.host() + ":" + url.port();
    }

    private static String host(String baseUrl) {
        okhttp3.HttpUrl url = okhttp3.HttpUrl.parse(baseUrl);
        return url == null ? baseUrl : url.host();
    }
}
