package dev.hookline.server.retry;

import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.StrategyType;

/**
 * The retry state copied from the project's strategy when a delivery or a meta event is made (Convoy's
 * {@code metadata} members besides the payload). Its own package, with {@link RetrySchedule}, because deliveries,
 * meta events, ingest and the dispatcher all use it and none of them should depend on another for it.
 */
public record Retry(StrategyType strategy, long intervalSeconds, long retryLimit, long maxRetrySeconds) {

    /** Convoy's default project strategy: linear, 100 s, 10 tries. */
    public static final Retry DEFAULT = new Retry(StrategyType.LINEAR, 100, 10, 0);

    /** Convoy's cap on the exponential back-off delay, copied into exponential deliveries. */
    public static final long EXPONENTIAL_MAX_RETRY_SECONDS = 7_200;

    /** The project's strategy as the retry state of something made now; {@link #DEFAULT} when it has none. */
    public static Retry of(Project project) {
        ProjectConfig.Strategy strategy = project == null || project.config() == null ? null
                : project.config().strategy();
        if (strategy == null || strategy.type() == null) {
            return DEFAULT;
        }
        long interval = strategy.duration() == null ? DEFAULT.intervalSeconds() : strategy.duration();
        long limit = strategy.retryCount() == null ? DEFAULT.retryLimit() : strategy.retryCount();
        return new Retry(strategy.type(), interval, limit,
                strategy.type() == StrategyType.EXPONENTIAL ? EXPONENTIAL_MAX_RETRY_SECONDS : 0);
    }
}
