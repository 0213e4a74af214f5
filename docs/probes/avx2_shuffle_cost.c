/*
 * Latency and throughput of the AVX2 lane-moving instructions a 256-bit kernel can use, against
 * vpaddd: what C2 emits for a Vector API rearrange of ints (vpermd) beside what gcc emits for the
 * same tile transpose or prefix scan (in-lane vpshufd, vpunpckldq, vpslldq; vperm2i128 across
 * halves). Figures and the machines they were taken on: docs/measurements.md, "Lane moves at 256
 * bits". Build and run: gcc -O2 -mavx2 docs/probes/avx2_shuffle_cost.c -o /tmp/shuffle_cost && /tmp/shuffle_cost
 */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>

#define N 40000000L

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* One instruction on its own result N times (latency), and on 12 independent registers (throughput). */
#define PROBE(name, OP)                                                                              \
    {                                                                                                \
        __m256i x = _mm256_set1_epi32(1);                                                            \
        double t = now();                                                                            \
        for (long i = 0; i < N; i++) {                                                               \
            x = OP(x);                                                                               \
            __asm__ volatile("" : "+x"(x));                                                          \
        }                                                                                            \
        double lat = (now() - t) / N;                                                                \
        __m256i a0 = x, a1 = x, a2 = x, a3 = x, a4 = x, a5 = x, a6 = x, a7 = x, a8 = x, a9 = x, a10 = x, a11 = x; \
        t = now();                                                                                   \
        for (long i = 0; i < N; i++) {                                                               \
            a0 = OP(a0); a1 = OP(a1); a2 = OP(a2); a3 = OP(a3); a4 = OP(a4); a5 = OP(a5);           \
            a6 = OP(a6); a7 = OP(a7); a8 = OP(a8); a9 = OP(a9); a10 = OP(a10); a11 = OP(a11);        \
            __asm__ volatile("" : "+x"(a0), "+x"(a1), "+x"(a2), "+x"(a3), "+x"(a4), "+x"(a5));       \
            __asm__ volatile("" : "+x"(a6), "+x"(a7), "+x"(a8), "+x"(a9), "+x"(a10), "+x"(a11));     \
        }                                                                                            \
        double tp = (now() - t) / (12.0 * N);                                                        \
        if (base == 0) base = lat;                                                                   \
        sink += _mm256_extract_epi32(_mm256_add_epi32(a0, a11), 0);                                  \
        printf("%-12s latency %5.2f cycles  throughput %5.2f cycles/instruction\n", name, lat / base, tp / base); \
    }

int main(void) {
    const __m256i idx = _mm256_setr_epi32(1, 0, 3, 2, 5, 4, 7, 6);
    const __m256i msk = _mm256_setr_epi32(-1, 0, -1, 0, -1, 0, -1, 0);
    double base = 0; /* vpaddd's latency, one cycle: the unit of the rest */
    int sink = 0;
#define ADD(v) _mm256_add_epi32(v, idx)
#define PERMD(v) _mm256_permutevar8x32_epi32(v, idx)
#define SHUFD(v) _mm256_shuffle_epi32(v, 0xb1)
#define UNPCK(v) _mm256_unpacklo_epi32(v, idx)
#define SLLDQ(v) _mm256_slli_si256(v, 4)
#define PERM2(v) _mm256_permute2x128_si256(v, idx, 0x21)
#define BLENDD(v) _mm256_blend_epi32(v, idx, 0xaa)
#define BLENDV(v) _mm256_blendv_epi8(v, idx, msk)
#define SLLQ(v) _mm256_slli_epi64(v, 32)
    PROBE("vpaddd", ADD)
    PROBE("vpermd", PERMD)
    PROBE("vpshufd", SHUFD)
    PROBE("vpunpckldq", UNPCK)
    PROBE("vpslldq", SLLDQ)
    PROBE("vperm2i128", PERM2)
    PROBE("vpblendd", BLENDD)
    PROBE("vpblendvb", BLENDV)
    PROBE("vpsllq", SLLQ)
    return sink == 1234567;
}
