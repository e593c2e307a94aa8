package org.jumbocap.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standard registry reads the services file beside its own classes instead of asking ServiceLoader
 * (which opens every jar of the class path): it must hold the modules ServiceLoader finds, in the same order,
 * whether that file is in a jar or a class directory.
 */
class ShippedModulesTest {
    @TempDir
    Path dir;

    private static List<String> serviceLoaderNames() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(ProtocolModule.class, ProtocolModule.class.getClassLoader())
                .forEach(m -> names.add(m.getClass().getName()));
        return names;
    }

    private static List<String> names(List<ProtocolModule> modules) {
        List<String> names = new ArrayList<>();
        modules.forEach(m -> names.add(m.getClass().getName()));
        return names;
    }

    private static byte[] shippedServicesFile() throws IOException {
        try (InputStream in = ProtocolModule.class.getClassLoader().getResourceAsStream(DissectorRegistry.SERVICES)) {
            assertNotNull(in, DissectorRegistry.SERVICES + " on the class path");
            return in.readAllBytes();
        }
    }

    private Path jar(String entry, byte[] content) throws IOException {
        Path jar = dir.resolve("modules.jar");
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            zip.putNextEntry(new ZipEntry("org/jumbocap/Other.class"));
            zip.write(new byte[] {1, 2, 3});
            zip.putNextEntry(new ZipEntry(entry));
            zip.write(content);
            zip.closeEntry();
        }
        return jar;
    }

    @Test
    void theStandardRegistryHoldsWhatServiceLoaderFindsInItsOrder() {
        List<ProtocolModule> loaded = new ArrayList<>();
        ServiceLoader.load(ProtocolModule.class, ProtocolModule.class.getClassLoader()).forEach(loaded::add);
        assertTrue(loaded.size() >= 10, "modules found: " + loaded.size());
        DissectorRegistry viaServiceLoader = DissectorRegistry.build(loaded);
        DissectorRegistry standard = DissectorRegistry.standard();
        // the fields and expert items come in module order, so a module missing or moved shows here
        assertEquals(viaServiceLoader.fields().all().stream().map(FieldDef::name).toList(),
                standard.fields().all().stream().map(FieldDef::name).toList());
        assertEquals(viaServiceLoader.experts().all().stream().map(ExpertDef::id).toList(),
                standard.experts().all().stream().map(ExpertDef::id).toList());
        for (String table : new String[] {Tables.ETHERTYPE, Tables.IP_PROTO, Tables.TCP_PORT, Tables.UDP_PORT}) {
            assertEquals(viaServiceLoader.table(table).entries().keySet(), standard.table(table).entries().keySet(), table);
        }
    }

    @Test
    void aJarsServicesFileListsTheModulesServiceLoaderFinds() throws IOException {
        Path jar = jar(DissectorRegistry.SERVICES, shippedServicesFile());
        List<ProtocolModule> modules = DissectorRegistry.listedIn(jar, ProtocolModule.class.getClassLoader());
        assertNotNull(modules);
        assertEquals(serviceLoaderNames(), names(modules));
    }

    @Test
    void aClassDirectorysServicesFileListsTheModulesServiceLoaderFinds() throws IOException {
        Path file = dir.resolve(DissectorRegistry.SERVICES);
        Files.createDirectories(file.getParent());
        Files.write(file, shippedServicesFile());
        List<ProtocolModule> modules = DissectorRegistry.listedIn(dir, ProtocolModule.class.getClassLoader());
        assertNotNull(modules);
        assertEquals(serviceLoaderNames(), names(modules));
    }

    @Test
    void commentsBlankLinesAndRepeatsAreReadAsServiceLoaderReadsThem() throws IOException {
        String text = "# the modules\r\n\n  org.jumbocap.proto.udp.UdpModule  # UDP\r\norg.jumbocap.proto.link.LinkModule\n"
                + "org.jumbocap.proto.udp.UdpModule\n";
        Path jar = jar(DissectorRegistry.SERVICES, text.getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("org.jumbocap.proto.udp.UdpModule", "org.jumbocap.proto.link.LinkModule"),
                names(DissectorRegistry.listedIn(jar, ProtocolModule.class.getClassLoader())));
    }

    @Test
    void noServicesFileOrNoJarIsNoAnswerSoServiceLoaderDecides() throws IOException {
        ClassLoader loader = ProtocolModule.class.getClassLoader();
        assertNull(DissectorRegistry.listedIn(jar("META-INF/services/other", new byte[] {'x'}), loader));
        assertNull(DissectorRegistry.listedIn(dir.resolve("empty-directory-" + System.nanoTime()), loader));
        Path notAJar = dir.resolve("not-a.jar");
        Files.write(notAJar, "PK\u0003\u0004 and then nothing a zip reader accepts".getBytes(StandardCharsets.ISO_8859_1));
        assertNull(DissectorRegistry.listedIn(notAJar, loader));
        Path emptyDir = Files.createDirectories(dir.resolve("classes"));
        assertNull(DissectorRegistry.listedIn(emptyDir, loader));
    }

    @Test
    void aListedClassThatIsNoModuleFailsAsServiceLoaderFails() throws IOException {
        Path jar = jar(DissectorRegistry.SERVICES, "java.lang.String\n".getBytes(StandardCharsets.UTF_8));
        assertThrows(ServiceConfigurationError.class,
                () -> DissectorRegistry.listedIn(jar, ProtocolModule.class.getClassLoader()));
        Path missing = jar(DissectorRegistry.SERVICES, "org.jumbocap.proto.NoSuchModule\n".getBytes(StandardCharsets.UTF_8));
        assertThrows(ServiceConfigurationError.class,
                () -> DissectorRegistry.listedIn(missing, ProtocolModule.class.getClassLoader()));
    }
}
