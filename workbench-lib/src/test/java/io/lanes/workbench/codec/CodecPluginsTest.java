package io.lanes.workbench.codec;

import io.lanes.workbench.codec.registry.CodecPlugins;
import io.lanes.workbench.codec.registry.CodecRegistry;

import io.lanes.workbench.measure.StoreOnly;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loading plugin jars and the registry's checks on their codecs, in this JVM. Nothing here installs
 * a plugin: the test JVM's registry is shared and sealed with the built-ins, so every case is one
 * the registry refuses (the installing paths run in child JVMs, see cli.PluginCliTest).
 */
class CodecPluginsTest {
    private static String refused(Path jar) {
        return assertThrows(IllegalArgumentException.class, () -> CodecRegistry.addPlugins(CodecPlugins.load(List.of(jar)))).getMessage();
    }

    @Test
    void aGoodJarLoadsItsProvidersCodecsInItsOwnClassLoader(@TempDir Path tmp) {
        Path jar = PluginJars.demo(tmp);
        Map<CodecRegistry.Source, List<Codec>> loaded = CodecPlugins.load(List.of(jar));
        assertEquals(List.of(new CodecRegistry.Source(jar, "demo.DemoProvider")), List.copyOf(loaded.keySet()));
        Codec c = loaded.values().iterator().next().getFirst();
        assertEquals(PluginJars.DEMO, c.name());
        assertEquals("demo", c.family());
        assertNotSame(CodecPluginsTest.class.getClassLoader(), c.getClass().getClassLoader());
        IntCodec ic = (IntCodec) c;
        int[] values = {3, -1, 70000};
        byte[] page = new byte[ic.maxEncodedBytes(3)];
        int[] back = new int[3];
        ic.decode(page, 0, ic.encode(values, 0, 3, page, 0), back, 0);
        assertArrayEquals(values, back);
    }

    @Test
    void aJarThatCannotBeUsedIsNamed(@TempDir Path tmp) throws Exception {
        Path missing = tmp.resolve("nope.jar");
        assertEquals("plugin " + missing + ": not found", refused(missing));
        assertEquals("plugin " + tmp + ": a folder, not a jar", refused(tmp));
        Path text = Files.writeString(tmp.resolve("text.jar"), "not a zip");
        String m = refused(text);
        assertTrue(m.startsWith("plugin " + text + ": not a jar ("), m);
        Path bare = PluginJars.build(tmp, "bare.jar", Map.of("DemoCodec", PluginJars.CODEC), List.of());
        assertEquals("plugin " + bare + ": has no META-INF/services/io.lanes.workbench.codec.CodecProvider, so no codec provider", refused(bare));
        Path ghost = PluginJars.build(tmp, "ghost.jar", Map.of("DemoCodec", PluginJars.CODEC), List.of("demo.NoSuchProvider"));
        m = refused(ghost);
        assertTrue(m.startsWith("plugin " + ghost + ": cannot load a provider") && m.contains("demo.NoSuchProvider"), m);
    }

    @Test
    void aProviderThatFailsIsNamedWithItsJar(@TempDir Path tmp) {
        Path jar = PluginJars.build(tmp, "throws.jar", Map.of("Broken", PluginJars.provider("Broken", "throw new IllegalStateException(\"demo provider broke\");")),
                List.of("demo.Broken"));
        assertEquals("plugin " + jar + " (provider demo.Broken): codecs() threw java.lang.IllegalStateException: demo provider broke", refused(jar));
        Path nul = PluginJars.build(tmp, "null.jar", Map.of("Nul", PluginJars.provider("Nul", "return null;")), List.of("demo.Nul"));
        assertEquals("plugin " + nul + " (provider demo.Nul): codecs() returned null, not a list", refused(nul));
    }

    @Test
    void aCodecNameIsNeverShadowedOrAmbiguous(@TempDir Path tmp) {
        Path shadow = PluginJars.withCodecs(tmp, "shadow.jar", "ShadowProvider", "plain");
        assertEquals("plugin " + shadow + " (provider demo.ShadowProvider): codec 'plain' would shadow the built-in codec of that name; rename it", refused(shadow));
        Path a = PluginJars.withCodecs(tmp, "a.jar", "AProvider", "demo.same");
        Path b = PluginJars.withCodecs(tmp, "b.jar", "BProvider", "demo.same");
        String m = assertThrows(IllegalArgumentException.class, () -> CodecRegistry.addPlugins(CodecPlugins.load(List.of(a, b)))).getMessage();
        assertEquals("plugin " + b + " (provider demo.BProvider): codec 'demo.same' is also given by plugin " + a + " (provider demo.AProvider); rename one", m);
        Path twice = PluginJars.withCodecs(tmp, "twice.jar", "TwiceProvider", "demo.same", "demo.same");
        assertEquals("plugin " + twice + " (provider demo.TwiceProvider): lists codec 'demo.same' twice", refused(twice));
    }

    @Test
    void aCodecNameMustBeANameAndNotAnArmsName(@TempDir Path tmp) {
        assertTrue(CodecRegistry.RESERVED.contains(StoreOnly.NAME), "the measure package's store-only arm is reserved");
        Path wall = PluginJars.withCodecs(tmp, "wall.jar", "WallProvider", StoreOnly.NAME);
        assertEquals("plugin " + wall + " (provider demo.WallProvider): codec name 'store-only' is reserved for the measurement arm of that name", refused(wall));
        Path glob = PluginJars.withCodecs(tmp, "glob.jar", "GlobProvider", "demo.*");
        assertEquals("plugin " + glob + " (provider demo.GlobProvider): codec name 'demo.*' (demo.DemoCodec) is not a name: use letters, digits, '.', '_' and '-'",
                refused(glob));
    }

    @Test
    void pluginsComeBeforeTheFirstLookupOrNotAtAll(@TempDir Path tmp) {
        CodecRegistry.all(); // seals the registry, if no other test did
        Map<CodecRegistry.Source, List<Codec>> good = CodecPlugins.load(List.of(PluginJars.demo(tmp)));
        String m = assertThrows(IllegalStateException.class, () -> CodecRegistry.addPlugins(good)).getMessage();
        assertTrue(m.startsWith("plugin codecs are added once, before the first codec lookup"), m);
        assertTrue(CodecRegistry.all().stream().noneMatch(c -> c.name().equals(PluginJars.DEMO)), "a refused plugin adds nothing");
    }

    @Test
    void anUnknownNamePointsAtTheListingAndTheClosestNames() {
        String m = assertThrows(IllegalArgumentException.class, () -> CodecRegistry.get("fastlanes.unpack.transposd")).getMessage();
        int all = CodecRegistry.all().size();
        assertTrue(m.startsWith("no codec named 'fastlanes.unpack.transposd'; closest: fastlanes.unpack.transposed, ") && m.endsWith("; `./workbench codecs` lists all " + all), m);
        assertEquals(3, m.substring(m.indexOf("closest: "), m.indexOf("; `")).split(", ").length, m);
        m = assertThrows(IllegalArgumentException.class, () -> CodecRegistry.match("zzzzzz*")).getMessage();
        assertEquals("no codec matches 'zzzzzz*'; `./workbench codecs` lists all " + all, m);
    }

    @Test
    void everyBuiltInHasADescriptionAndAFamily() {
        for (Codec c : CodecRegistry.all()) {
            assertTrue(CodecRegistry.NAME.matcher(c.name()).matches(), c.name());
            assertTrue(!c.description().isBlank(), c.name() + " has no description");
            assertTrue(c.family().equals("general") || (!c.family().isBlank() && c.name().startsWith(c.family() + ".")) || c.name().equals(c.family()),
                    c.name() + ": family " + c.family());
            assertTrue(CodecRegistry.source(c.name()).isEmpty(), c.name());
        }
    }
}
