package dev.hookline.app.form;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.FunctionTestRequest;
import dev.hookline.api.model.FunctionTestResult;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.json.JsonFormat;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Test button of a transform function editor: runs the function as typed on a sample payload on the server
 * and shows the output and the {@code console.log} lines. A script error shows as the server's message.
 */
public final class FunctionTestViewModel {

    private final Supplier<ApiClient> client;
    private final BiFunction<ApiClient, FunctionTestRequest, FunctionTestResult> call;
    private final FormField function;
    private final String type;
    private final Form form;

    public final FormField samplePayload = new FormField("Sample payload").required()
            .rule(Rules.jsonObject("Sample payload"));
    private final StringProperty output = new SimpleStringProperty(this, "output", "");
    private final StringProperty log = new SimpleStringProperty(this, "log", "");

    /**
     * @param function the editor's field (validated before running)
     * @param type     {@code body} or {@code header} for source functions, {@code null} for subscriptions
     */
    public FunctionTestViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                 Consumer<Throwable> connectionFailures,
                                 BiFunction<ApiClient, FunctionTestRequest, FunctionTestResult> call,
                                 FormField function, String type) {
        this.client = client;
        this.call = call;
        this.function = function;
        this.type = type;
        this.form = new Form(tasks, connectionFailures);
        samplePayload.set(switch (type == null ? "" : type) {
            case "header" -> "{\n  \"X-Tenant\": \"acme\"\n}";
            case "body" -> "{\n  \"type\": \"order.created\",\n  \"order\": {\"id\": 1}\n}";
            default -> "{\n  \"id\": 1,\n  \"amount\": 120\n}";
        });
    }

    /** Runs the function on the sample; answers whether a request was sent. */
    public boolean run() {
        output.set("");
        log.set("");
        boolean functionOk = function.validate();
        if (functionOk && function.isBlank()) {
            function.fail(function.label() + " is empty: write function transform(payload) { ... } first");
            functionOk = false;
        }
        if (!samplePayload.validate() || !functionOk) {
            return false;
        }
        JsonNode payload = Rules.parse(samplePayload.value());
        FunctionTestRequest request = new FunctionTestRequest(payload, function.text(), type);
        ApiClient api = client.get();
        form.submit(() -> call.apply(api, request), result -> {
            output.set(JsonFormat.pretty(result.payload()));
            List<String> lines = result.log() == null ? List.of() : result.log();
            log.set(String.join("\n", lines));
        });
        return true;
    }

    public Form form() {
        return form;
    }

    /** The function's output, pretty-printed; {@code ""} before a run. */
    public ReadOnlyStringProperty outputProperty() {
        return output;
    }

    /** The {@code console.log} lines of the last run. */
    public ReadOnlyStringProperty logProperty() {
        return log;
    }
}
