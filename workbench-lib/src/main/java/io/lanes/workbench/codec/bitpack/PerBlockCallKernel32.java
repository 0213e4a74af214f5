package io.lanes.workbench.codec.bitpack;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Another kernel's bytes and values, with every block handed to it through a call the JIT cannot
 * inline: the Java counterpart of calling a library's exported unpack function once per 1024-value
 * block instead of once per buffer, the calibration probe of the Arrow PFOR/FastLanes thread
 * ({@code seq_granularity}, see docs/sources.md). It prices that call boundary: the call, the
 * registers it makes the caller spill, and the kernel's entry work (width dispatch, lane tables,
 * tail set-up) repeated per block, none of which a run-at-a-time caller pays more than once per run.
 *
 * <p>Why a method handle: the other ways to keep a per-block call out of line do not fit an
 * in-process arm. A plain interface call is inlined by C2 (the probe would cost nothing);
 * {@code -XX:CompileCommand=dontinline} applies to a whole JVM, not to one arm beside others in
 * the same run; a downcall through FFM would call a different, native kernel. A {@link MethodHandle}
 * held in an instance field is not a constant to C2 (it folds static finals, and the fields of
 * records and hidden classes, not a plain class's final fields), so {@code invokeExact} compiles to
 * an indirect call into the kernel's separately compiled body: like a call through a shared
 * library's PLT, no inlining and a full call per block, with one or two more indirect jumps (the
 * handle's adapter) than the PLT's one.
 *
 * <p>Stateless apart from the wrapped kernel; thread-safe when it is.
 */
public final class PerBlockCallKernel32 implements BlockKernel32 {
    private final BlockKernel32 inner;
    /** {@code inner.unpack}, bound to {@code inner}; a field, not a static final, so C2 cannot inline through it. */
    private final MethodHandle unpack;

    /** @param inner the kernel every block is handed to */
    public PerBlockCallKernel32(BlockKernel32 inner) {
        this.inner = inner;
        MethodType type = MethodType.methodType(void.class, byte[].class, int.class, int.class, int.class, int[].class, int.class);
        try {
            this.unpack = MethodHandles.publicLookup().findVirtual(BlockKernel32.class, "unpack", type).bindTo(inner);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("BlockKernel32.unpack is public and has this type: " + type, e);
        }
    }

    @Override
    public int packedBytes(int len, int width) {
        return inner.packedBytes(len, width);
    }

    @Override
    public int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
        return inner.pack(in, inOff, len, width, out, outOff);
    }

    /** One out-of-line call of the wrapped kernel; {@link #unpackBlocks} keeps the interface's one call per block. */
    @Override
    public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
        try {
            unpack.invokeExact(in, inOff, len, width, out, outOff);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) { // BlockKernel32.unpack declares no checked exception
            throw new IllegalStateException(t);
        }
    }
}
