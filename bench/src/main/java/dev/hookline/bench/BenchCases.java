package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Page;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The cases of the benchmark (issue 2): the event deliveries list with each filter and the combinations a console
 * user makes, and the events list with its filters and search. Every request asks for one page of
 * {@code perPage} rows of the measured project.
 */
public final class BenchCases {

    /** How many pages the deep-page case follows next cursors before measuring. */
    static final int DEEP_PAGES = 20;

    private BenchCases() {
    }

    /**
     * @param client a client of the measured project, used to follow cursors for the deep and prev page cases
     */
    public static List<BenchCase> all(DataSet data, int perPage, ApiClient client) {
        ListQuery page = ListQuery.ofPerPage(perPage);
        Instant end = data.end();
        ListQuery lastDay = page.startDate(end.minus(Duration.ofDays(1))).endDate(end);
        ListQuery lastWeek = page.startDate(end.minus(Duration.ofDays(7))).endDate(end);
        // what the console sends: it always names a window (ADR 0006, 18)
        ListQuery lastMonth = page.startDate(end.minus(Duration.ofDays(30))).endDate(end);
        List<String> three = data.threeEndpoints();
        List<String> events = data.sampleEventIds();
        List<String> keys = data.sampleIdempotencyKeys();
        Page.Pagination deep = paginationAfter(client, page, DEEP_PAGES);
        ListQuery deepPage = page.nextPage(deep);
        Page.Pagination beyond = client.listEventDeliveries(deepPage).pagination();
        ListQuery deepInMonth = lastMonth.nextPage(paginationAfter(client, lastMonth, DEEP_PAGES));
        Page.Pagination beyondInMonth = client.listEventDeliveries(deepInMonth).pagination();

        List<BenchCase> cases = new ArrayList<>();
        String d = "eventdeliveries";
        cases.add(new BenchCase("deliveries: no filter", d, "none", i -> page));
        cases.add(new BenchCase("deliveries: endpoint (busy)", d, "endpointId = busiest endpoint",
                i -> page.with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("deliveries: endpoint (quiet)", d, "endpointId = quietest endpoint",
                i -> page.with("endpointId", data.quietEndpoint())));
        cases.add(new BenchCase("deliveries: 3 endpoints", d, "endpointId x3 (busiest, 2nd, quietest)",
                i -> page.withAll("endpointId", three)));
        cases.add(new BenchCase("deliveries: eventId", d, "eventId (" + events.size() + " events in turn)",
                i -> page.with("eventId", events.get(i % events.size()))));
        cases.add(new BenchCase("deliveries: subscription (busy)", d, "subscriptionId = busiest subscription",
                i -> page.with("subscriptionId", data.busySubscription())));
        cases.add(new BenchCase("deliveries: subscription (quiet)", d, "subscriptionId = quietest subscription",
                i -> page.with("subscriptionId", data.quietSubscription())));
        cases.add(new BenchCase("deliveries: idempotencyKey", d, "idempotencyKey (" + keys.size()
                + " keys in turn)", i -> page.with("idempotencyKey", keys.get(i % keys.size()))));
        cases.add(new BenchCase("deliveries: status common", d, "status = Success",
                i -> page.with("status", "Success")));
        cases.add(new BenchCase("deliveries: status rare", d, "status = Discarded",
                i -> page.with("status", "Discarded")));
        cases.add(new BenchCase("deliveries: 3 statuses", d, "status = Failure, Retry, Scheduled",
                i -> page.withAll("status", List.of("Failure", "Retry", "Scheduled"))));
        cases.add(new BenchCase("deliveries: eventType common", d, "eventType = " + data.commonEventType(),
                i -> page.with("eventType", data.commonEventType())));
        cases.add(new BenchCase("deliveries: eventType rare", d, "eventType = " + data.rareEventType(),
                i -> page.with("eventType", data.rareEventType())));
        cases.add(new BenchCase("deliveries: 1 day", d, "startDate/endDate: the last day", i -> lastDay));
        cases.add(new BenchCase("deliveries: 7 days", d, "startDate/endDate: the last 7 days", i -> lastWeek));
        cases.add(new BenchCase("deliveries: sort ASC", d, "sort = ASC (oldest first)",
                i -> page.sort(ListQuery.Sort.ASC)));
        cases.add(new BenchCase("deliveries: deep page", d, "page " + (DEEP_PAGES + 1)
                + " (after following " + DEEP_PAGES + " next cursors)", i -> deepPage));
        cases.add(new BenchCase("deliveries: prev page", d, "direction = prev from page " + (DEEP_PAGES + 1),
                i -> deepPage.prevPage(beyond)));
        cases.add(new BenchCase("deliveries: deep page in 30 days", d, "page " + (DEEP_PAGES + 1)
                + " of the last 30 days, as the console asks", i -> deepInMonth));
        cases.add(new BenchCase("deliveries: prev page in 30 days", d, "direction = prev from that page",
                i -> deepInMonth.prevPage(beyondInMonth)));
        cases.add(new BenchCase("deliveries: Failure + endpoint + 7 days", d,
                "status = Failure, endpointId = busiest, last 7 days",
                i -> lastWeek.with("status", "Failure").with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("deliveries: Failure + 3 endpoints + 7 days", d,
                "status = Failure, endpointId x3, last 7 days",
                i -> lastWeek.with("status", "Failure").withAll("endpointId", three)));
        // issue 15: the last attempt's HTTP status class (ADR 0033)
        cases.add(new BenchCase("deliveries: httpStatus 5xx", d, "httpStatus = 5xx",
                i -> page.with("httpStatus", "5xx")));
        cases.add(new BenchCase("deliveries: httpStatus none + endpoint + 7 days", d,
                "httpStatus = none, endpointId = busiest, last 7 days",
                i -> lastWeek.with("httpStatus", "none").with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("deliveries: httpStatus 4xx + eventType rare", d,
                "httpStatus = 4xx, eventType = " + data.rareEventType() + " (class checked per row)",
                i -> page.with("httpStatus", "4xx").with("eventType", data.rareEventType())));

        // issue 14: the console's totals and chart above the deliveries list (same filters, no paging)
        String t = "eventdeliveries/statustotals";
        cases.add(new BenchCase("totals: no filter", t, "every delivery of the project, per status", i -> page));
        cases.add(new BenchCase("totals: 30 days", t, "startDate/endDate: the last 30 days", i -> lastMonth));
        cases.add(new BenchCase("totals: 7 days", t, "startDate/endDate: the last 7 days", i -> lastWeek));
        cases.add(new BenchCase("totals: endpoint (busy) 30 days", t, "endpointId = busiest, last 30 days",
                i -> lastMonth.with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("totals: 3 endpoints 30 days", t, "endpointId x3, last 30 days",
                i -> lastMonth.withAll("endpointId", three)));
        cases.add(new BenchCase("totals: subscription (busy)", t, "subscriptionId = busiest subscription",
                i -> page.with("subscriptionId", data.busySubscription())));
        cases.add(new BenchCase("totals: eventType common 30 days", t, "eventType = " + data.commonEventType()
                + ", last 30 days", i -> lastMonth.with("eventType", data.commonEventType())));
        cases.add(new BenchCase("totals: status Failure 30 days", t, "status = Failure, last 30 days",
                i -> lastMonth.with("status", "Failure")));
        cases.add(new BenchCase("totals: eventId", t, "eventId (" + events.size() + " events in turn)",
                i -> page.with("eventId", events.get(i % events.size()))));
        cases.add(new BenchCase("totals: httpStatus 5xx 30 days", t, "httpStatus = 5xx, last 30 days",
                i -> lastMonth.with("httpStatus", "5xx")));
        cases.add(new BenchCase("totals: httpStatus 2xx 30 days", t, "httpStatus = 2xx, last 30 days",
                i -> lastMonth.with("httpStatus", "2xx")));
        cases.add(new BenchCase("totals: httpStatus 4xx+5xx endpoint (busy) 30 days", t,
                "httpStatus = 4xx, 5xx, endpointId = busiest, last 30 days",
                i -> lastMonth.withAll("httpStatus", List.of("4xx", "5xx")).with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("totals: httpStatus 5xx eventType common 30 days", t, "httpStatus = 5xx, eventType = "
                + data.commonEventType() + ", last 30 days (class checked per row)",
                i -> lastMonth.with("httpStatus", "5xx").with("eventType", data.commonEventType())));
        cases.add(new BenchCase("totals: httpStatus none subscription (busy)", t,
                "httpStatus = none, subscriptionId = busiest subscription (class checked per row)",
                i -> page.with("httpStatus", "none").with("subscriptionId", data.busySubscription())));
        String s = "eventdeliveries/timeseries";
        cases.add(new BenchCase("series: 1 day by hour", s, "bucket = hour, the last day (25 buckets)",
                i -> lastDay.with("bucket", "hour")));
        cases.add(new BenchCase("series: 7 days by hour", s, "bucket = hour, the last 7 days (169 buckets)",
                i -> lastWeek.with("bucket", "hour")));
        cases.add(new BenchCase("series: 30 days by day", s, "bucket = day, the last 30 days (31 buckets)",
                i -> lastMonth.with("bucket", "day")));
        cases.add(new BenchCase("series: 30 days by hour", s, "bucket = hour, the last 30 days (721 buckets)",
                i -> lastMonth.with("bucket", "hour")));
        cases.add(new BenchCase("series: endpoint (busy) 30 days by day", s,
                "bucket = day, endpointId = busiest, last 30 days",
                i -> lastMonth.with("bucket", "day").with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("series: 3 endpoints 7 days by hour", s,
                "bucket = hour, endpointId x3, last 7 days",
                i -> lastWeek.with("bucket", "hour").withAll("endpointId", three)));
        cases.add(new BenchCase("series: httpStatus 5xx 30 days by hour", s,
                "bucket = hour, httpStatus = 5xx, last 30 days (721 buckets)",
                i -> lastMonth.with("bucket", "hour").with("httpStatus", "5xx")));

        String e = "events";
        cases.add(new BenchCase("events: no filter", e, "none", i -> page));
        cases.add(new BenchCase("events: endpoint (busy)", e, "endpointId = busiest endpoint",
                i -> page.with("endpointId", data.busyEndpoint())));
        cases.add(new BenchCase("events: endpoint (quiet)", e, "endpointId = quietest endpoint",
                i -> page.with("endpointId", data.quietEndpoint())));
        cases.add(new BenchCase("events: query common word", e, "query = " + data.commonWord()
                + " (in most payloads)", i -> page.with("query", data.commonWord())));
        cases.add(new BenchCase("events: query rare word", e, "query = " + data.rareWord()
                + " (in about 1 of " + EventPlanner.RARE_WORD_EVERY + " payloads)",
                i -> page.with("query", data.rareWord())));
        // a JSON query: its keys and strings narrow the candidates through the full-text index, then each candidate
        // is checked for containment (see PayloadContainment)
        cases.add(new BenchCase("events: JSON containment common", e,
                "query = {\"data\":{\"object\":{\"currency\":\"eur\"}}} (a third of the payment events)",
                i -> page.with("query", "{\"data\":{\"object\":{\"currency\":\"eur\"}}}")));
        cases.add(new BenchCase("events: JSON containment rare", e,
                "query = {\"note\":\"" + data.rareWord() + " review requested\"} (the rare word's events)",
                i -> page.with("query", "{\"note\":\"" + data.rareWord() + " review requested\"}")));
        cases.add(new BenchCase("events: JSON containment, no match", e,
                "query = {\"" + data.commonWord() + "\":\"ada\"} (every word in many payloads, never as this "
                        + "value: every candidate is checked)",
                i -> page.with("query", "{\"" + data.commonWord() + "\":\"ada\"}")));
        return cases;
    }

    /** The pagination of the page reached by following {@code pages} next cursors (fewer if the list ends). */
    private static Page.Pagination paginationAfter(ApiClient client, ListQuery first, int pages) {
        Page.Pagination pagination = client.listEventDeliveries(first).pagination();
        for (int i = 1; i < pages && pagination.hasNextPage(); i++) {
            pagination = client.listEventDeliveries(first.nextPage(pagination)).pagination();
        }
        return pagination;
    }
}
