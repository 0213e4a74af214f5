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
 * The caller has checked every bound: in holds 128*width*blocks bytes from byte packed_off, out
 * 1024*blocks values from value out_off. The offsets are arguments, not pointer arithmetic in Java,
 * so the caller passes whole arrays and makes no sliced segment per call.
 * Compiled once per value size (-DLW_BITS=32 or 64) so the two compile in parallel.
 *
 * The lw_for_* entry points decode one block of a frame-of-reference page (codec.frame, for.fastlanes
 * and for.fastlanes.flat-fused): the same unpacks with the block's frame added in the pass that
 * stores each value (wrapping), as the FastLanes paper fuses FOR into its unpack; the lw_fl_* ones
 * add 0, which the compiler drops.
 *
 * lw_fl_unpack_flat32 also restores file order from FL_ORDER data in registers: per tile of VL rows x
 * VL lanes, the rows are unpacked into VL vectors and transposed with the classic shuffle sequence
 * (32-bit and 64-bit unpacks, then 128-bit lane shuffles: immediates, no index registers), the one a
 * C programmer writes with intrinsics; lane l's run of rows goes to its file position
 * (l % 16) * 64 + (l / 16) * 32. AVX-512 (16x16 tiles) or AVX2 (8x8); absent elsewhere.
 */
#include <stdint.h>
#include <string.h>
#if LW_BITS == 32 && (defined(__AVX512F__) || defined(__AVX2__))
#include <immintrin.h>
#endif

typedef uint32_t u32 __attribute__((may_alias, aligned(1)));
typedef uint64_t u64 __attribute__((may_alias, aligned(1)));

#define FL_UNPACK(NAME, T, TA, BITS, LANES)                                                        \
    static inline __attribute__((always_inline)) void NAME(const TA *restrict in, T *restrict out, \
                                                           const int w, const T base) {            \
        const T mask = w == BITS ? (T) ~(T) 0 : (((T) 1 << w) - 1);                              \
        _Pragma("GCC unroll 64") for (int r = 0; r < 1024 / LANES; r++) {                          \
            const int bit = r * w, k = bit / BITS, s = bit % BITS;                                 \
            for (int l = 0; l < LANES; l++) {                                                      \
                T v = in[LANES * k + l] >> s;                                                      \
                if (s + w > BITS) v |= in[LANES * (k + 1) + l] << (BITS - s);                      \
                out[LANES * r + l] = (v & mask) + base;                                            \
            }                                                                                      \
        }                                                                                          \
    }


#define CASE32(W) case (W): for (int b = 0; b < blocks; b++) block32(in + 32 * (W) * b, out + 1024 * b, (W), 0); return;
#define CASE64(W) case (W): for (int b = 0; b < blocks; b++) block64(in + 16 * (W) * b, out + 1024 * b, (W), 0); return;
#define X8(C, a) C((a) + 1) C((a) + 2) C((a) + 3) C((a) + 4) C((a) + 5) C((a) + 6) C((a) + 7) C((a) + 8)

#if LW_BITS == 32
FL_UNPACK(block32, uint32_t, u32, 32, 32)

/*
 * Rows are GCC vectors of FLAT_VL lanes (plain C operators, unaligned loads through VU); only the
 * transpose is written per ISA, with casts to the intrinsics' type of the same size.
 */
#if defined(__AVX512F__)
#define FLAT_VL 16
typedef __m512i X;
#define UNPACKLO32 _mm512_unpacklo_epi32
#define UNPACKHI32 _mm512_unpackhi_epi32
#define UNPACKLO64 _mm512_unpacklo_epi64
#define UNPACKHI64 _mm512_unpackhi_epi64
#elif defined(__AVX2__)
#define FLAT_VL 8
typedef __m256i X;
#define UNPACKLO32 _mm256_unpacklo_epi32
#define UNPACKHI32 _mm256_unpackhi_epi32
#define UNPACKLO64 _mm256_unpacklo_epi64
#define UNPACKHI64 _mm256_unpackhi_epi64
#endif

#ifdef FLAT_VL
typedef uint32_t V __attribute__((vector_size(4 * FLAT_VL)));
typedef uint32_t VU __attribute__((vector_size(4 * FLAT_VL), aligned(4), may_alias));

/* Transposes FLAT_VL rows in place: 32-bit and 64-bit unpacks, then 128-bit lane shuffles. */
static inline __attribute__((always_inline)) void transpose(V *t) {
    X a[FLAT_VL], b[FLAT_VL];
    for (int i = 0; i < FLAT_VL; i++) a[i] = (X) t[i];
    for (int i = 0; i < FLAT_VL; i += 2) { b[i] = UNPACKLO32(a[i], a[i + 1]); b[i + 1] = UNPACKHI32(a[i], a[i + 1]); }
    for (int i = 0; i < FLAT_VL; i += 4) {
        a[i] = UNPACKLO64(b[i], b[i + 2]); a[i + 1] = UNPACKHI64(b[i], b[i + 2]);
        a[i + 2] = UNPACKLO64(b[i + 1], b[i + 3]); a[i + 3] = UNPACKHI64(b[i + 1], b[i + 3]);
    }
#if FLAT_VL == 16
    for (int i = 0; i < 4; i++) {
        b[i] = _mm512_shuffle_i32x4(a[i], a[i + 4], 0x88); b[i + 4] = _mm512_shuffle_i32x4(a[i], a[i + 4], 0xdd);
        b[i + 8] = _mm512_shuffle_i32x4(a[i + 8], a[i + 12], 0x88); b[i + 12] = _mm512_shuffle_i32x4(a[i + 8], a[i + 12], 0xdd);
    }
    for (int i = 0; i < 8; i++) { t[i] = (V) _mm512_shuffle_i32x4(b[i], b[i + 8], 0x88); t[i + 8] = (V) _mm512_shuffle_i32x4(b[i], b[i + 8], 0xdd); }
#else
    for (int i = 0; i < 4; i++) { t[i] = (V) _mm256_permute2x128_si256(a[i], a[i + 4], 0x20); t[i + 4] = (V) _mm256_permute2x128_si256(a[i], a[i + 4], 0x31); }
#endif
}

/* Row r of lanes L .. L+VL-1 of an int32 block at width w (a constant after inlining), plus base. */
static inline __attribute__((always_inline)) V row32(const u32 *in, int lane, int r, const int w, const uint32_t base) {
    const int bit = r * w, k = bit / 32, s = bit % 32;
    V v = *(const VU *) (in + 32 * k + lane) >> s;
    if (s + w > 32) v |= *(const VU *) (in + 32 * (k + 1) + lane) << (32 - s);
    return (v & (w == 32 ? ~0u : (1u << w) - 1)) + base;
}

static inline __attribute__((always_inline)) void flat32(const u32 *in, uint32_t *out, const int w, const uint32_t base) {
    _Pragma("GCC unroll 4") for (int r0 = 0; r0 < 32; r0 += FLAT_VL) {
        _Pragma("GCC unroll 4") for (int l0 = 0; l0 < 32; l0 += FLAT_VL) {
            V t[FLAT_VL];
            _Pragma("GCC unroll 16") for (int i = 0; i < FLAT_VL; i++) t[i] = row32(in, l0, r0 + i, w, base);
            transpose(t);
            _Pragma("GCC unroll 16") for (int j = 0; j < FLAT_VL; j++) {
                const int l = l0 + j;
                *(VU *) (out + (l % 16) * 64 + (l / 16) * 32 + r0) = t[j];
            }
        }
    }
}

#define FLAT32(W) case (W): for (int b = 0; b < blocks; b++) flat32(in + 32 * (W) * b, out + 1024 * b, (W), 0); return;
#define FOR_FLAT32(W) case (W): flat32(in, out, (W), frame); return;

/* Unpacks blocks consecutive FL_ORDER int32 blocks of width 0..32 into file order. */
void lw_fl_unpack_flat32(int32_t width, const void *packed, int64_t packed_off, uint32_t *out_base, int64_t out_off, int32_t blocks) {
    const u32 *in = (const u32 *) ((const char *) packed + packed_off);
    uint32_t *restrict out = out_base + out_off;
    switch (width) {
        X8(FLAT32, 0) X8(FLAT32, 8) X8(FLAT32, 16) X8(FLAT32, 24)
        default: memset(out, 0, sizeof(uint32_t) * 1024 * (size_t) blocks);
    }
}

/* Unpacks one FL_ORDER int32 block of width 0..32 into file order, adding frame. */
void lw_for_flat32(int32_t width, const void *packed, int64_t packed_off, uint32_t *out_base, int64_t out_off, uint32_t frame) {
    const u32 *in = (const u32 *) ((const char *) packed + packed_off);
    uint32_t *restrict out = out_base + out_off;
    switch (width) {
        X8(FOR_FLAT32, 0) X8(FOR_FLAT32, 8) X8(FOR_FLAT32, 16) X8(FOR_FLAT32, 24)
        default: for (int i = 0; i < 1024; i++) out[i] = frame;
    }
}
#endif

#define FOR_ROWS32(W) case (W): block32(in, out, (W), frame); return;

/* Unpacks one int32 block of width 0..32 in row order (interleaved data: file order), adding frame. */
void lw_for_rows32(int32_t width, const void *packed, int64_t packed_off, uint32_t *out_base, int64_t out_off, uint32_t frame) {
    const u32 *in = (const u32 *) ((const char *) packed + packed_off);
    uint32_t *restrict out = out_base + out_off;
    switch (width) {
        X8(FOR_ROWS32, 0) X8(FOR_ROWS32, 8) X8(FOR_ROWS32, 16) X8(FOR_ROWS32, 24)
        default: for (int i = 0; i < 1024; i++) out[i] = frame;
    }
}

/* Unpacks blocks consecutive int32 blocks of width 0..32. */
void lw_fl_unpack32(int32_t width, const void *packed, int64_t packed_off, uint32_t *out_base, int64_t out_off, int32_t blocks) {
    const u32 *in = (const u32 *) ((const char *) packed + packed_off);
    uint32_t *restrict out = out_base + out_off;
    switch (width) {
        X8(CASE32, 0) X8(CASE32, 8) X8(CASE32, 16) X8(CASE32, 24)
        default: memset(out, 0, sizeof(uint32_t) * 1024 * (size_t) blocks);
    }
}

#elif LW_BITS == 64
FL_UNPACK(block64, uint64_t, u64, 64, 16)

/* Unpacks blocks consecutive int64 blocks of width 0..64. */
void lw_fl_unpack64(int32_t width, const void *packed, int64_t packed_off, uint64_t *out_base, int64_t out_off, int32_t blocks) {
    const u64 *in = (const u64 *) ((const char *) packed + packed_off);
    uint64_t *restrict out = out_base + out_off;
    switch (width) {
        X8(CASE64, 0) X8(CASE64, 8) X8(CASE64, 16) X8(CASE64, 24)
        X8(CASE64, 32) X8(CASE64, 40) X8(CASE64, 48) X8(CASE64, 56)
        default: memset(out, 0, sizeof(uint64_t) * 1024 * (size_t) blocks);
    }
}
#else
#error "compile with -DLW_BITS=32 or -DLW_BITS=64"
#endif
