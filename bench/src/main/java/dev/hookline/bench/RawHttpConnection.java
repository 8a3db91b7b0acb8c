package dev.hookline.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One keep-alive HTTP/1.1 connection that POSTs prepared requests (or GETs with a credential) and reads the answers. The load generator uses
 * it instead of a full HTTP client so that, on a 2-core machine, as little CPU as possible goes to the client and
 * the numbers describe the server. It understands exactly what the servers under test send: a status line,
 * headers, and a body with Content-Length or chunked transfer encoding.
 */
final class RawHttpConnection implements AutoCloseable {

    private final String host;
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    RawHttpConnection(String host, int port) throws IOException {
        this.host = host + ":" + port;
        this.socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(host, port), 5_000);
        socket.setSoTimeout(30_000);
        this.out = socket.getOutputStream();
        this.in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
    }

    /** POSTs {@code body} as JSON to {@code path} and answers the response status. */
    int post(String path, byte[] body) throws IOException {
        String head = "POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        return readResponse();
    }

    /** GETs {@code path} with {@code Authorization: <authorization>} and answers the response status. */
    int get(String path, String authorization) throws IOException {
        String head = "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: " + authorization
                + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return readResponse();
    }

    private int readResponse() throws IOException {
        String statusLine = readLine();
        if (statusLine == null || !statusLine.startsWith("HTTP/1.1 ")) {
            throw new IOException("unexpected status line: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                length = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding") && value.equalsIgnoreCase("chunked")) {
                chunked = true;
            }
        }
        if (chunked) {
            for (long size = Long.parseLong(readLine().trim(), 16); size > 0;
                 size = Long.parseLong(readLine().trim(), 16)) {
                in.skipNBytes(size);
                readLine();
            }
            readLine();
        } else if (length > 0) {
            in.skipNBytes(length);
        }
        return status;
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder(64);
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) b);
        }
        return line.isEmpty() ? null : line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
