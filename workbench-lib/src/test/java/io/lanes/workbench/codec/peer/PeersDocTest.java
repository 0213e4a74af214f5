package io.lanes.workbench.codec.peer;

import io.lanes.workbench.check.Allocations;
import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/peers.md and the adapters cannot drift apart: every reproducer there ("Reproducer (`codec`),
 * rejected as *field*" and a hex block) is decoded by that codec, within the allocation bound, and
 * must be rejected as that field.
 */
class PeersDocTest {
    private static final Path DOC = Path.of("../docs/peers.md");
    private static final Pattern REPRODUCER = Pattern.compile("Reproducer \\(`([^`]+)`\\), rejected as \\*([^*]+)\\*[^`]*```hex\\n([0-9a-f \\n]+)```");

    @Test
    void everyReproducerIsRejectedAsTheFieldItNames() throws IOException {
        Matcher m = REPRODUCER.matcher(Files.readString(DOC));
        int found = 0;
        while (m.find()) {
            found++;
            Codec c = CodecRegistry.get(m.group(1));
            String field = m.group(2).replace('\n', ' ');
            byte[] page = HexFormat.of().parseHex(m.group(3).replaceAll("\\s+", ""));
            String what = c.name() + " on " + page.length + " bytes";
            Allocations.Run run = Allocations.run(() -> {
                switch (c) {
                    case IntCodec ic -> ic.decode(page, 0, page.length, new int[1024], 0);
                    case LongCodec lc -> lc.decode(page, 0, page.length, new long[1024], 0);
                    case ByteArrayCodec bc -> bc.newDecoder().decode(page, 0, page.length, new ByteArrays());
                    default -> throw new AssertionError(c.name() + " is no codec of values");
                }
            });
            assertTrue(run.bounded(), what + ": " + run);
            CorruptDataException e = assertInstanceOf(CorruptDataException.class, run.thrown(), what);
            assertEquals(field, e.field(), what + ": " + e.getMessage());
        }
        assertTrue(found >= 13, "reproducers found in " + DOC + ": " + found);
    }
}
