package io.lanes.workbench.report.claims;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The claims catalog: {@code catalog.json} beside this class, the one list of published ratios the
 * workbench reproduces. Loading validates every field; a malformed entry names its id and field.
 * Stateless.
 */
public final class ClaimsCatalog {
    /** Resource path of the catalog. */
    public static final String RESOURCE = "/io/lanes/workbench/claims/catalog.json";

    private ClaimsCatalog() {
    }

    /** Every claim, in catalog order. */
    public static List<Claim> load() {
        try (InputStream in = ClaimsCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("claims catalog " + RESOURCE + " is missing from the class path");
            return parse(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the claims catalog " + RESOURCE, e);
        }
    }

    static List<Claim> parse(JsonNode root) {
        List<Claim> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (JsonNode c : root.path("claims")) {
            String id = text(c, "id", "?");
            if (!ids.add(id)) throw new IllegalArgumentException("claims catalog: id '" + id + "' appears twice");
            double low = number(c, "low", id);
            // "high": null is a published lower bound (a whole-query gain that a decoder-only measurement can only exceed)
            double high = c.has("high") && c.get("high").isNull() ? Double.POSITIVE_INFINITY : number(c, "high", id);
            if (!(low > 0 && high >= low)) throw new IllegalArgumentException("claims catalog: claim " + id + ": needs 0 < low <= high, got " + low + ".." + high);
            Claim claim = new Claim(id, c.path("group").asInt(-1), text(c, "statement", id), text(c, "source", id), text(c, "published_on", id),
                    text(c, "numerator", id), text(c, "denominator", id), text(c, "set", id), text(c, "working_set", id),
                    text(c, "metric", id), low, high, number(c, "tolerance", id), c.path("requires").asText(""), text(c, "explanation", id),
                    PublishedCondition.parse(c, id), text(c, "tolerance_why", id));
            claim.resultColumn(); // rejects an unknown metric now, not mid-run
            out.add(claim);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("claims catalog has no claims");
        return out;
    }

    private static String text(JsonNode c, String field, String id) {
        JsonNode v = c.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) throw new IllegalArgumentException("claims catalog: claim " + id + ": missing text field '" + field + "'");
        return v.asText();
    }

    private static double number(JsonNode c, String field, String id) {
        JsonNode v = c.get(field);
        if (v == null || !v.isNumber()) throw new IllegalArgumentException("claims catalog: claim " + id + ": missing number field '" + field + "'");
        return v.asDouble();
    }
}
