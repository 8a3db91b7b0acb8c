/**
 * What the server's use cases can refuse, without HTTP: each kind of {@link dev.hookline.server.domain.DomainException}
 * has exactly one HTTP status, chosen in {@code dev.hookline.server.http.ErrorStatus}.
 */
package dev.hookline.server.domain;
