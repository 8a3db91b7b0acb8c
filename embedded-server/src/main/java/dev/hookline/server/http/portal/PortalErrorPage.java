package dev.hookline.server.http.portal;

import java.nio.charset.StandardCharsets;

/**
 * The page a portal link shows when it does not open the portal: a heading and a sentence, styled by the portal's
 * own stylesheet (no inline style or script, so the page's CSP holds). Text is HTML-escaped: the project's name is
 * user input.
 */
final class PortalErrorPage {

    private PortalErrorPage() {
    }

    static byte[] render(String title, String message) {
        String html = """
                <!doctype html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>%1$s</title>
                <link rel="icon" href="/portal/assets/favicon.svg" type="image/svg+xml">
                <link rel="stylesheet" href="/portal/assets/portal.css">
                </head>
                <body>
                <main class="notice" id="link-problem">
                <h1>%1$s</h1>
                <p>%2$s</p>
                </main>
                </body>
                </html>
                """.formatted(escape(title), escape(message));
        return html.getBytes(StandardCharsets.UTF_8);
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
