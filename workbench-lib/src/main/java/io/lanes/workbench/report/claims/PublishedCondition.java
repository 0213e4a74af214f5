package io.lanes.workbench.report.claims;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;

/**
 * Where a claim's figure was measured, as data: the instruction set and its vector width, the
 * compiler, the machine, the data shape and the working set, exactly as the source states them
 * ({@code "not stated"} where it does not). {@link Condition#toMeasure} derives from it which of
 * these this machine can emulate. Immutable.
 *
 * @param isa        {@code x86-64}, {@code aarch64}, {@code any} for a size that no machine changes, or
 *                   {@code not stated}
 * @param vectorBits the register width of the published code: 128, 256 or 512; 0 for scalar code or a size;
 *                   {@link #NOT_STATED} where the source does not say
 * @param simd       the instruction-set extension, e.g. {@code NEON}, {@code AVX2}, {@code scalar}
 * @param compiler   compiler and flags as published, e.g. {@code GCC 11.5 -O3}
 * @param machine    the machine as published, e.g. {@code AWS Graviton4}
 * @param data       the data shape the source measured
 * @param workingSet the working set as published
 */
public record PublishedCondition(String isa, int vectorBits, String simd, String compiler, String machine, String data,
                                 String workingSet) {
    /** {@link #vectorBits} of a source that does not state its register width ({@code null} in the catalog). */
    public static final int NOT_STATED = -1;
    private static final Set<String> ISAS = Set.of("x86-64", "aarch64", "any", "not stated");
    private static final Set<Integer> WIDTHS = Set.of(NOT_STATED, 0, 128, 256, 512);

    /** Checks every field; a bad one is named with the claim's id. */
    public PublishedCondition {
        if (!ISAS.contains(isa)) throw new IllegalArgumentException("isa '" + isa + "' is not one of " + ISAS);
        if (!WIDTHS.contains(vectorBits)) throw new IllegalArgumentException("vector_bits " + vectorBits + " is not one of " + WIDTHS);
    }

    /** One line for a table: {@code aarch64 NEON 128-bit, GCC -O3, Graviton; data; working set}. */
    public String describe() {
        String width = vectorBits <= 0 ? "" : " " + vectorBits + "-bit";
        return isa + " " + simd + width + ", " + compiler + ", " + machine + "; " + data + "; " + workingSet;
    }

    static PublishedCondition parse(JsonNode c, String id) {
        JsonNode p = c.get("published_condition");
        if (p == null || !p.isObject()) throw new IllegalArgumentException("claims catalog: claim " + id + ": missing object field 'published_condition'");
        try {
            JsonNode bits = p.get("vector_bits");
            if (bits == null || !(bits.isInt() || bits.isNull())) throw new IllegalArgumentException("missing field 'vector_bits' (an integer, or null: not stated)");
            return new PublishedCondition(text(p, "isa"), bits.isNull() ? NOT_STATED : bits.asInt(), text(p, "simd"), text(p, "compiler"), text(p, "machine"),
                    text(p, "data"), text(p, "working_set"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("claims catalog: claim " + id + ": published_condition: " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode p, String field) {
        JsonNode v = p.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) throw new IllegalArgumentException("missing text field '" + field + "'");
        return v.asText();
    }
}
