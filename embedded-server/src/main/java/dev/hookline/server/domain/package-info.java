/**
 * What the server's use cases can refuse, without HTTP: each kind of {@link dev.hookline.server.domain.DomainException}
 * has exactly one HTTP status, chosen in {@code dev.hookline.server.http.ErrorStatus}. Also the value formats several
 * features read the same way ({@link dev.hookline.server.domain.GoDuration}: subscriptions' retry durations, projects'
 * retention policies).
 */
package dev.hookline.server.domain;
