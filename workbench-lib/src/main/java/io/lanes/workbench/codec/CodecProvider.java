package io.lanes.workbench.codec;

import java.util.List;

/**
 * The service a plugin jar offers to add its codecs to {@link CodecRegistry}: list the provider's
 * class name in the jar's {@code META-INF/services/io.lanes.workbench.codec.CodecProvider} and give
 * the jar to {@code --plugin} (or {@code WORKBENCH_PLUGINS}); {@link CodecPlugins} loads it with
 * {@link java.util.ServiceLoader}. Implementations need a public no-argument constructor.
 */
public interface CodecProvider {
    /**
     * The provider's codecs, each an {@link IntCodec}, {@link LongCodec} or {@link ByteArrayCodec}
     * under a name no built-in or other plugin codec has. Called once per JVM, at start-up, before
     * the first registry lookup; the codecs are then shared by every thread, so they must be as
     * thread-safe as the built-ins (see {@link Codec}).
     */
    List<Codec> codecs();
}
