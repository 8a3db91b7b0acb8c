package dev.hookline.app.fxml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javafx.fxml.FXML;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every FXML file is one Scene Builder can open and the loader can bind: it sits in its controller's package, names
 * its controller, and every {@code fx:id} and {@code #handler} it uses is an {@code @FXML} member of that controller
 * (a renamed field would otherwise fail only when the view is first opened).
 */
class FxmlFilesTest {

    private static final Path RESOURCES = Path.of("src/main/resources");
    private static final String FX = "http://javafx.com/fxml/1";

    @Test
    void everyFxmlFileMatchesItsController() throws Exception {
        List<Path> files = fxmlFiles();
        assertFalse(files.isEmpty(), "no FXML files under " + RESOURCES.toAbsolutePath());
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            problems.addAll(problems(file));
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void theServerStatusPanelIsDeclaredInFxml() throws IOException {
        assertTrue(fxmlFiles().contains(RESOURCES.resolve("dev/hookline/app/status/ServerStatusView.fxml")));
    }

    private static List<Path> fxmlFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(RESOURCES)) {
            return walk.filter(path -> path.toString().endsWith(".fxml")).sorted().toList();
        }
    }

    private static List<String> problems(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(file.toFile());
        Element root = document.getDocumentElement();
        String name = RESOURCES.relativize(file).toString();
        String controllerName = root.getAttributeNS(FX, "controller");
        if (controllerName.isEmpty()) {
            return List.of(name + ": no fx:controller (Scene Builder cannot offer the fields)");
        }
        String packagePath = RESOURCES.relativize(file.getParent()).toString().replace('/', '.');
        Class<?> controller;
        try {
            controller = Class.forName(controllerName, false, FxmlFilesTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return List.of(name + ": controller " + controllerName + " does not exist");
        }
        List<String> problems = new ArrayList<>();
        if (!controller.getPackageName().equals(packagePath)) {
            problems.add(name + ": not in its controller's package " + controller.getPackageName());
        }
        NodeList all = document.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element element = (Element) all.item(i);
            String id = element.getAttributeNS(FX, "id");
            if (!id.isEmpty() && field(controller, id) == null) {
                problems.add(name + ": fx:id \"" + id + "\" is no @FXML field of " + controller.getSimpleName());
            }
            var attributes = element.getAttributes();
            for (int a = 0; a < attributes.getLength(); a++) {
                String value = attributes.item(a).getNodeValue();
                if (attributes.item(a).getNodeName().startsWith("on") && value.startsWith("#")
                        && method(controller, value.substring(1)) == null) {
                    problems.add(name + ": handler " + value + " is no @FXML method of "
                            + controller.getSimpleName());
                }
            }
        }
        return problems;
    }

    private static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (field.getName().equals(name)
                        && (field.isAnnotationPresent(FXML.class) || java.lang.reflect.Modifier.isPublic(
                        field.getModifiers()))) {
                    return field;
                }
            }
        }
        return null;
    }

    private static Method method(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.getName().equals(name) && method.isAnnotationPresent(FXML.class)) {
                    return method;
                }
            }
        }
        return null;
    }
}
