package io.lanes.workbench.report.claims;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConditionTest {
    private static final Condition.Machine AVX512 = new Condition.Machine(true, 512, true);
    private static final Condition.Machine AVX2 = new Condition.Machine(true, 256, true);
    private static final Condition.Machine NEON = new Condition.Machine(false, 128, false);
    private static final java.util.function.Predicate<String> NO_TWINS = a -> false;

    private static Claim claim(String metric, String isa, int bits, String compiler, String machine) {
        PublishedCondition p = new PublishedCondition(isa, bits, bits == 0 ? "scalar" : "SIMD", compiler, machine, "d", "400 KiB");
        return new Claim("c", 1, "s", "s", "p", "a", "b", "quick", "400KiB", metric, 1, 1, 0.1, "", "e", p, "t");
    }

    @Test
    void aNarrowerPublishedWidthIsMeasuredInAChildJvmHeldToIt() {
        Claim neon = claim("decode_speed", "aarch64", 128, "GCC -O3", "Graviton4");
        assertEquals(List.of("native", "vec128"), Condition.toMeasure(neon, AVX512, NO_TWINS).stream().map(Condition::id).toList());
        assertEquals(List.of("-XX:MaxVectorSize=16"), Condition.published(neon, AVX512).jvmFlags());
        Claim avx2 = claim("decode_speed", "x86-64", 256, "GCC -O2", "not stated");
        assertEquals(List.of("-XX:UseAVX=2"), Condition.published(avx2, AVX512).jvmFlags(), "AVX2 code on an AVX-512 x86: its instruction set");
        assertEquals(List.of("native", "avx2"), Condition.toMeasure(avx2, AVX512, NO_TWINS).stream().map(Condition::id).toList());
    }

    @Test
    void theSameWidthOrASizeIsTheNativeConditionAlone() {
        assertEquals(List.of(Condition.NATIVE), Condition.toMeasure(claim("decode_speed", "x86-64", 256, "GCC", "not stated"), AVX2, NO_TWINS));
        assertEquals(Condition.NATIVE, Condition.published(claim("decode_speed", "x86-64", 256, "GCC", "not stated"), AVX2));
        Claim size = claim("size", "any", 0, "not stated", "not stated");
        assertEquals(List.of(Condition.NATIVE), Condition.toMeasure(size, NEON, a -> true));
        assertEquals(Condition.NATIVE, Condition.published(size, NEON));
        assertEquals("", Condition.notEmulated(size, NEON), "no machine changes a size");
    }

    @Test
    void whatNoFlagReachesIsNamed() {
        Claim wide = claim("decode_speed", "x86-64", 512, "GCC", "not stated");
        assertNull(Condition.published(wide, NEON), "512-bit registers cannot be had on a 128-bit machine");
        assertEquals(List.of(Condition.NATIVE), Condition.toMeasure(wide, NEON, NO_TWINS));
        String why = Condition.notEmulated(wide, NEON);
        assertTrue(why.contains("x86-64 instruction set") && why.contains("512-bit registers"), why);
        Claim scalar = claim("decode_speed", "x86-64", 0, "Java 8 (C2)", "not stated");
        assertNull(Condition.published(scalar, AVX512));
        assertTrue(Condition.notEmulated(scalar, AVX512).contains("scalar code"));
        String neon = Condition.notEmulated(claim("decode_speed", "aarch64", 128, "GCC 11.5 -O3", "AWS Graviton4"), AVX512);
        assertTrue(neon.contains("aarch64 instruction set") && neon.contains("GCC 11.5 -O3") && neon.contains("AWS Graviton4"), neon);
    }

    @Test
    void aMalformedPublishedConditionNamesClaimAndField() throws Exception {
        String json = """
                {"claims": [{"id": "q", "group": 1, "statement": "s", "source": "s", "published_on": "p",
                  "numerator": "plain", "denominator": "plain", "set": "quick", "working_set": "400KiB",
                  "metric": "decode_speed", "low": 1.5, "high": 2.0, "tolerance": 0.1, "explanation": "e", "tolerance_why": "t",
                  "published_condition": {"isa": "sparc", "vector_bits": 256, "simd": "x", "compiler": "x", "machine": "x",
                  "data": "x", "working_set": "x"}}]}""";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClaimsCatalog.parse(new ObjectMapper().readTree(json)));
        assertTrue(e.getMessage().contains("claim q") && e.getMessage().contains("isa 'sparc'"), e.getMessage());
        String missing = json.replace("\"vector_bits\": 256, ", "");
        e = assertThrows(IllegalArgumentException.class, () -> ClaimsCatalog.parse(new ObjectMapper().readTree(missing)));
        assertTrue(e.getMessage().contains("vector_bits"), e.getMessage());
    }

    @Test
    void aSummaryNamesTheConditionThatMovesTheVerdict() {
        Claim c = claim("decode_speed", "x86-64", 256, "GCC", "not stated");
        Condition avx2 = Condition.published(c, AVX512);
        String s = Verdict.summary(List.of(new Verdict(c, Condition.NATIVE, false, "differs", 3.0, 2, "pass", "+50%", ""),
                new Verdict(c, avx2, true, "reproduced", 1.05, 2, "pass", "", "")));
        assertEquals("differs under native; reproduced under avx2 (published width)", s);
    }

    @Test
    void armsWithCTwinsGetTheTwinsBuiltAsTheSourceBuiltItsCode() {
        Claim c = claim("decode_speed", "x86-64", 256, "GCC 12 -O2", "not stated");
        List<Condition> ks = Condition.toMeasure(c, AVX512, a -> a.equals("native.a") || a.equals("native.b"));
        assertEquals(List.of("native", "avx2", "c-O2-native-avx2"), ks.stream().map(Condition::id).toList());
        Condition cc = ks.get(2);
        assertEquals(List.of("-XX:UseAVX=2", "-Dworkbench.native.cflags=O2-native"), cc.jvmFlags());
        assertEquals("native.a", cc.arm("a"));
        assertEquals("a", Condition.NATIVE.arm("a"));
        assertEquals(List.of("native", "avx2"), Condition.toMeasure(c, AVX512, a -> a.equals("native.a")).stream().map(Condition::id).toList(),
                "both arms need a twin");
        Claim java = claim("decode_speed", "x86-64", 256, "Java 8 (C2)", "not stated");
        assertEquals(List.of("native", "avx2"), Condition.toMeasure(java, AVX512, a -> true).stream().map(Condition::id).toList(),
                "Java code has no C twin to stand for it");
        Claim o3 = claim("decode_speed", "x86-64", 512, "g++ -O3", "not stated");
        assertEquals("c-O3-native-native", Condition.toMeasure(o3, AVX512, a -> true).get(1).id());
    }
}
