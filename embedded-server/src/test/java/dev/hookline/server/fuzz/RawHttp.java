package dev.hookline.server.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, one request per connection: the fuzz suite needs to send request targets and bodies
 * exactly as generated (an HTTP client library would refuse or rewrite some of them).
 */
final class RawHttp {

    /** A request as sent: target is the raw path and query, already percent-encoded where meant to be. */
    record Request(String method, String target, Map<String, String> headers, byte[] body) {

        String describe() {
            String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
            return method + " " + target + " " + headers + (text.isEmpty() ? "" : "\n  body: "
                    + (text.length() > 600 ? text.substring(0, 600) + "..." : text));
        }
    }

    /** An answer: status, headers (lower-case names) and body. */
    record Response(int status, Map<String, String> headers, byte[] body) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    Response send(Request request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(30_000);
            StringBuilder head = new StringBuilder();
            head.append(request.method()).append(' ').append(request.target()).append(" HTTP/1.1\r\n");
            head.append("Host: 127.0.0.1:").append(port).append("\r\n");
            head.append("Connection: close\r\n");
            request.headers().forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            byte[] body = request.body() == null ? new byte[0] : request.body();
            if (request.body() != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static Response read(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        if (end < 0) {
            throw new IOException("no complete response head: " + new String(all, StandardCharsets.ISO_8859_1));
        }
        List<String> lines = List.of(new String(all, 0, end, StandardCharsets.ISO_8859_1).split("\r\n"));
        int status = Integer.parseInt(lines.getFirst().split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Response(status, headers, body);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOf(chunked, "\r\n".getBytes(StandardCharsets.ISO_8859_1), at);
            String size = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim();
            int length = Integer.parseInt(size, 16);
            if (length == 0) {
                break;
            }
            out.write(chunked, lineEnd + 2, length);
            at = lineEnd + 2 + length + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        return indexOf(data, pattern, 0);
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
