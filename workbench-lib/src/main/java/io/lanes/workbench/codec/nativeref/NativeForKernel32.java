package io.lanes.workbench.codec.nativeref;

import io.lanes.workbench.codec.kernel.FlFrameUnpack32;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * The full-block decode of the int32 FOR codecs in C ({@link NativeKernels}): one FastLanes block
 * unpacked with its frame of reference added in the same pass, as the FastLanes paper fuses FOR into
 * its unpack; interleaved blocks in row order, FL_ORDER blocks into file order transposed in
 * registers. The FOR codec around it (codec.frame) reads the block headers, packs, and decodes short
 * tails in Java. One downcall per block, since every block has its own frame. Int32 only: the C file
 * has no int64 FOR entry points. Thread-safe (segments per thread, {@link HeapSegments32}); the C
 * library builds on first decode.
 */
final class NativeForKernel32 implements FlFrameUnpack32 {
    @Override
    public void rows(int width, byte[] in, int p, int[] out, int o, int frame) {
        check(width, in, p, out, o);
        HeapSegments32 seg = HeapSegments32.current();
        MemorySegment src = seg.of(in), dst = seg.of(out);
        try {
            NativeKernels.Int32.FOR_ROWS.require().invokeExact(width, src, (long) p, dst, (long) o, frame);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("native FOR unpack failed", t);
        }
    }

    @Override
    public void flat(int width, byte[] in, int p, int[] out, int o, int frame) {
        check(width, in, p, out, o);
        HeapSegments32 seg = HeapSegments32.current();
        MemorySegment src = seg.of(in), dst = seg.of(out);
        try {
            // a call site of its own per handle, so each handle is a constant C2 inlines with its downcall
            NativeKernels.Int32.FOR_FLAT.require().invokeExact(width, src, (long) p, dst, (long) o, frame);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("native FOR unpack failed", t);
        }
    }

    /** The C code trusts its bounds; a wrong one here would corrupt the heap, not throw. */
    private static void check(int width, byte[] in, int p, int[] out, int o) {
        Objects.checkIndex(width, 33);
        Objects.checkFromIndexSize(p, 128 * width, in.length);
        Objects.checkFromIndexSize(o, 1024, out.length);
    }
}
