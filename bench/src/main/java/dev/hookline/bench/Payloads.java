package dev.hookline.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Webhook payloads and headers shaped like the real ones of each kind of sender (a payment provider, a code host, a
 * shop, a CRM, and an application's own outgoing events), 250 to 700 bytes of JSON. Every word a search can look for
 * is a plain token: {@link DataSetSeeder#COMMON_WORD} is part of most payment, shop and CRM payloads,
 * {@link DataSetSeeder#RARE_WORD} only of the events the seeder marks.
 */
final class Payloads {

    /** The kinds of sender, each with its own payload shape. */
    enum Kind { PAYMENTS, CODE_HOST, SHOP, CRM, APPLICATION }

    private static final List<String> WORDS = List.of("monthly", "annual", "plan", "subscription", "renewal",
            "upgrade", "team", "seats", "premium", "basic", "starter", "enterprise", "trial", "usage", "overage",
            "credit", "discount", "coupon", "tax", "shipping", "priority", "support", "addon", "storage",
            "bandwidth", "api", "calls", "license", "hardware", "consulting", "onboarding", "migration");
    private static final List<String> NAMES = List.of("ada", "grace", "linus", "margaret", "dennis", "barbara",
            "ken", "frances", "edsger", "radia", "donald", "john", "sophie", "tim", "hedy", "alan");
    private static final List<String> CURRENCIES = List.of("usd", "usd", "usd", "eur", "eur", "gbp");

    private Payloads() {
    }

    static String payload(Kind kind, String eventType, long epochSecond, Random r, boolean rareWord) {
        String note = rareWord ? ",\"note\":\"" + DataSetSeeder.RARE_WORD + " review requested\"" : "";
        return switch (kind) {
            case PAYMENTS -> "{\"id\":\"evt_" + alnum(r, 24) + "\",\"object\":\"event\",\"type\":\"" + eventType
                    + "\",\"created\":" + epochSecond + ",\"livemode\":true,\"data\":{\"object\":{\"id\":\"in_"
                    + alnum(r, 24) + "\",\"" + DataSetSeeder.COMMON_WORD + "\":\"cus_" + alnum(r, 14)
                    + "\",\"amount_due\":" + (100 + r.nextInt(500_000)) + ",\"currency\":\"" + pick(r, CURRENCIES)
                    + "\",\"status\":\"" + eventType.substring(eventType.lastIndexOf('.') + 1)
                    + "\",\"description\":\"" + words(r, 3 + r.nextInt(6)) + "\",\"lines\":{\"total_count\":"
                    + (1 + r.nextInt(5)) + "}}}" + note + "}";
            case CODE_HOST -> "{\"ref\":\"refs/heads/" + pick(r, List.of("main", "develop", "release")) + "\","
                    + "\"before\":\"" + hex(r, 40) + "\",\"after\":\"" + hex(r, 40) + "\",\"repository\":{"
                    + "\"id\":" + (10_000 + r.nextInt(90_000)) + ",\"full_name\":\"acme/" + pick(r, WORDS) + "-"
                    + pick(r, WORDS) + "\",\"private\":true},\"sender\":{\"login\":\"" + pick(r, NAMES)
                    + r.nextInt(100) + "\",\"type\":\"User\"},\"head_commit\":{\"id\":\"" + hex(r, 40)
                    + "\",\"message\":\"" + words(r, 4 + r.nextInt(8)) + "\",\"timestamp\":" + epochSecond + "}"
                    + note + "}";
            case SHOP -> "{\"id\":" + (1_000_000 + r.nextInt(9_000_000)) + ",\"email\":\"" + pick(r, NAMES)
                    + r.nextInt(1000) + "@example.com\",\"created_at\":" + epochSecond + ",\"total_price\":\""
                    + r.nextInt(900) + "." + (10 + r.nextInt(90)) + "\",\"currency\":\""
                    + pick(r, CURRENCIES).toUpperCase(Locale.ROOT) + "\",\"financial_status\":\""
                    + pick(r, List.of("paid", "pending", "refunded")) + "\",\"" + DataSetSeeder.COMMON_WORD
                    + "\":{\"id\":" + r.nextInt(1_000_000) + ",\"first_name\":\"" + pick(r, NAMES)
                    + "\",\"orders_count\":" + r.nextInt(40) + "},\"line_items\":[{\"title\":\"" + words(r, 2)
                    + "\",\"quantity\":" + (1 + r.nextInt(4)) + "},{\"title\":\"" + words(r, 2)
                    + "\",\"quantity\":1}]" + note + "}";
            case CRM -> "{\"contact_id\":\"c_" + alnum(r, 12) + "\",\"" + DataSetSeeder.COMMON_WORD + "\":\""
                    + pick(r, NAMES) + " " + pick(r, NAMES) + "\",\"owner\":\"" + pick(r, NAMES)
                    + "\",\"stage\":\"" + eventType.substring(eventType.indexOf('.') + 1) + "\",\"amount\":"
                    + r.nextInt(100_000) + ",\"tags\":[\"" + pick(r, WORDS) + "\",\"" + pick(r, WORDS) + "\"]"
                    + note + "}";
            case APPLICATION -> "{\"event\":\"" + eventType + "\",\"occurred_at\":" + epochSecond
                    + ",\"user_id\":\"u_" + alnum(r, 16) + "\",\"order_id\":\"o_" + alnum(r, 16)
                    + "\",\"status\":\"" + pick(r, List.of("open", "paid", "shipped", "closed"))
                    + "\",\"summary\":\"" + words(r, 3 + r.nextInt(5)) + "\"" + note + "}";
        };
    }

    static Map<String, List<String>> headers(Kind kind, Random r) {
        String agent = switch (kind) {
            case PAYMENTS -> "Stripe/1.0 (+https://stripe.com/docs/webhooks)";
            case CODE_HOST -> "GitHub-Hookshot/" + hex(r, 7);
            case SHOP -> "Shopify-Captain-Hook";
            case CRM -> "crm-webhooks/2.3";
            case APPLICATION -> "acme-app/5.1";
        };
        return Map.of("Content-Type", List.of("application/json"), "User-Agent", List.of(agent),
                "X-Request-Id", List.of("req_" + alnum(r, 20)));
    }

    static String alnum(Random r, int length) {
        String chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(chars.charAt(r.nextInt(chars.length())));
        }
        return out.toString();
    }

    private static String hex(Random r, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(Character.forDigit(r.nextInt(16), 16));
        }
        return out.toString();
    }

    private static String words(Random r, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(pick(r, WORDS));
        }
        return out.toString();
    }

    private static <T> T pick(Random r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }
}
