/*
 * Native reference for the FastLanes unpack (Lanes Workbench, codec.nativeref). Plain C over the
 * lanes, as the FastLanes paper writes its kernels: the compiler vectorises the lane loop at the
 * vector width it is told (-mprefer-vector-width), the row loop is unrolled and the width is a
 * compile-time constant inside each case, so this is what an optimising C compiler makes of the
 * same algorithm the generated Java kernels run. It is the machine's ceiling for that algorithm,
 * measured in the same process as the Java kernels.
 *
 * Layout (DESIGN.md): a block is 1024 values, LANES lanes of 1024/LANES rows; packed word k of lane
 * l is word LANES*k + l, LSB first; row r of lane l goes to out[LANES*r + l] (no order restore).
 * The caller has checked every bound: in holds 128*width*blocks bytes, out 1024*blocks values.
 * Compiled once per value size (-DLW_BITS=32 or 64) so the two compile in parallel.
 */
#include <stdint.h>
#include <string.h>

typedef uint32_t u32 __attribute__((may_alias, aligned(1)));
typedef uint64_t u64 __attribute__((may_alias, aligned(1)));

#define FL_UNPACK(NAME, T, TA, BITS, LANES)                                                        \
    static inline __attribute__((always_inline)) void NAME(const TA *restrict in, T *restrict out, \
                                                           const int w) {                          \
        const T mask = w == BITS ? (T) ~(T) 0 : (((T) 1 << w) - 1);                              \
        _Pragma("GCC unroll 64") for (int r = 0; r < 1024 / LANES; r++) {                          \
            const int bit = r * w, k = bit / BITS, s = bit % BITS;                                 \
            for (int l = 0; l < LANES; l++) {                                                      \
                T v = in[LANES * k + l] >> s;                                                      \
                if (s + w > BITS) v |= in[LANES * (k + 1) + l] << (BITS - s);                      \
                out[LANES * r + l] = v & mask;                                                     \
            }                                                                                      \
        }                                                                                          \
    }


#define CASE32(W) case (W): for (int b = 0; b < blocks; b++) block32(in + 32 * (W) * b, out + 1024 * b, (W)); return;
#define CASE64(W) case (W): for (int b = 0; b < blocks; b++) block64(in + 16 * (W) * b, out + 1024 * b, (W)); return;
#define X8(C, a) C((a) + 1) C((a) + 2) C((a) + 3) C((a) + 4) C((a) + 5) C((a) + 6) C((a) + 7) C((a) + 8)

#if LW_BITS == 32
FL_UNPACK(block32, uint32_t, u32, 32, 32)

/* Unpacks blocks consecutive int32 blocks of width 0..32. */
void lw_fl_unpack32(int32_t width, const void *packed, uint32_t *restrict out, int32_t blocks) {
    const u32 *in = packed;
    switch (width) {
        X8(CASE32, 0) X8(CASE32, 8) X8(CASE32, 16) X8(CASE32, 24)
        default: memset(out, 0, sizeof(uint32_t) * 1024 * (size_t) blocks);
    }
}

#elif LW_BITS == 64
FL_UNPACK(block64, uint64_t, u64, 64, 16)

/* Unpacks blocks consecutive int64 blocks of width 0..64. */
void lw_fl_unpack64(int32_t width, const void *packed, uint64_t *restrict out, int32_t blocks) {
    const u64 *in = packed;
    switch (width) {
        X8(CASE64, 0) X8(CASE64, 8) X8(CASE64, 16) X8(CASE64, 24)
        X8(CASE64, 32) X8(CASE64, 40) X8(CASE64, 48) X8(CASE64, 56)
        default: memset(out, 0, sizeof(uint64_t) * 1024 * (size_t) blocks);
    }
}
#else
#error "compile with -DLW_BITS=32 or -DLW_BITS=64"
#endif
