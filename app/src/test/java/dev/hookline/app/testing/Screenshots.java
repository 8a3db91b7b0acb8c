package dev.hookline.app.testing;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.testfx.util.WaitForAsyncUtils;

/** Saves what a UI test shows as {@code app/target/screenshots/<name>.png}, to be looked at after the run. */
public final class Screenshots {

    public static final Path DIRECTORY = Path.of("target", "screenshots");

    private Screenshots() {
    }

    /** The whole scene (window content) as {@code <name>.png}; returns the file. */
    public static Path save(Scene scene, String name) {
        return write(WaitForAsyncUtils.asyncFx(() -> scene.snapshot(null)), name);
    }

    /** One node as {@code <name>.png}; returns the file. */
    public static Path save(Node node, String name) {
        return write(WaitForAsyncUtils.asyncFx(() -> node.snapshot(null, null)), name);
    }

    /** An image already taken on the FX thread (a state that lasts less than a frame) as {@code <name>.png}. */
    public static Path save(WritableImage image, String name) {
        return write(java.util.concurrent.CompletableFuture.completedFuture(image), name);
    }

    private static Path write(java.util.concurrent.Future<WritableImage> snapshot, String name) {
        try {
            WritableImage image = snapshot.get(10, TimeUnit.SECONDS);
            int width = (int) image.getWidth();
            int height = (int) image.getHeight();
            int[] argb = new int[width * height];
            image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), argb, 0, width);
            BufferedImage png = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
            png.setRGB(0, 0, width, height, argb, 0, width);
            Files.createDirectories(DIRECTORY);
            Path file = DIRECTORY.resolve(name + ".png");
            ImageIO.write(png, "png", file.toFile());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while taking the screenshot " + name, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot take the screenshot " + name, e);
        }
    }
}
