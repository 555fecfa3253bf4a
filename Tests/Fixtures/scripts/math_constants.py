#!/usr/bin/env python3
"""Derives the constants of Sources/Hooke/Math/: near-minimax (Chebyshev) polynomial
coefficients for each kernel, split constants (ln 2, pi/2) and the bits of 2/pi.

Usage: python3 Tests/Fixtures/scripts/math_constants.py   (mpmath 1.3)
Prints Swift literals; the numbers were pasted into the Deterministic+*.swift files.
"""
import struct

import mpmath
from mpmath import mp, mpf

mp.prec = 400


def dbl(v):
    return float(v)  # round-to-nearest double


def hexd(v):
    return float(v).hex()


def table_literal(values):
    """A _ConstantTable integer literal: 64-bit word i is the bit pattern of values[i], so the
    last group is entry 0 (one 16-digit group per entry)."""
    words = [struct.unpack("<Q", struct.pack("<d", dbl(v)))[0] for v in values]
    return "0x" + "_".join(f"{w:016X}" for w in reversed(words))


def fit(name, f, a, b, degree):
    coeffs, err = mpmath.chebyfit(f, [a, b], degree + 1, error=True)
    coeffs = list(reversed(coeffs))  # lowest degree first
    # Our own error check on a dense grid, with the coefficients rounded to double.
    rounded = [mpf(dbl(c)) for c in coeffs]
    err = 0
    for i in range(1, 2000):
        t = a + (b - a) * i / 2000
        if t == 0:
            continue
        p = mpf(0)
        for c in reversed(rounded):
            p = p * t + c
        err = max(err, abs(p - f(t)))
    print(f"// {name}: degree {degree} on [{float(a):.6g}, {float(b):.6g}], max abs error {float(err):.3g}")
    for i, c in enumerate(coeffs):
        print(f"  c{i} = {hexd(c)}  // {float(c)!r}")
    return coeffs


def split(v, bits):
    """v rounded to `bits` significant bits."""
    m, e = mpmath.frexp(v)
    hi = mpmath.nint(m * 2**bits) / 2**bits * mpf(2)**e
    return hi


ln2 = mpmath.log(2)
pio2 = mpmath.pi / 2

# expm1 kernel: Q(r) = (e^r - 1 - r - r^2/2 - r^3/6) / r^4, r in [-0.35, 0.35].
fit("expm1 Q(r)", lambda r: (mpmath.expm1(r) - r - r * r / 2 - r**3 / 6) / r**4 if r != 0 else mpf(1) / 24,
    mpf(-0.35), mpf(0.35), 9)
# log kernel: L(z) = (log((1+s)/(1-s)) - 2s) / s^3, z = s^2, |s| <= 0.1716 (3 - 2 sqrt 2).
def logk(z):
    s = mpmath.sqrt(z)
    return (mpmath.log((1 + s) / (1 - s)) - 2 * s) / s**3
fit("log L(z)", logk, mpf(0), mpf(0.1717)**2, 7)
# sin kernel: S(z) = (sin r - r) / r^3, z = r^2, |r| <= pi/4 * 1.01.
def sink(z):
    r = mpmath.sqrt(z)
    return (mpmath.sin(r) - r) / r**3
fit("sin S(z)", sink, mpf(0), (mpmath.pi / 4 * mpf(1.01))**2, 7)
def cosk(z):
    return (mpmath.cos(mpmath.sqrt(z)) - 1 + z / 2) / z**2
fit("cos C(z)", cosk, mpf(0), (mpmath.pi / 4 * mpf(1.01))**2, 7)
def atank(z):
    t = mpmath.sqrt(z)
    return (mpmath.atan(t) - t) / t**3
fit("atan A(z)", atank, mpf(0), mpf(0.4376)**2, 12)

print("// ln2 split: hi with 32 trailing zero bits")
ln2hi = split(ln2, 21)
print("ln2Hi", hexd(ln2hi), "ln2Lo", hexd(ln2 - ln2hi))
print("ln2 (dd)", hexd(ln2), hexd(ln2 - mpf(dbl(ln2))))
print("1/ln2", hexd(1 / ln2))
print("1/6 dd", hexd(mpf(1) / 6), hexd(mpf(1) / 6 - mpf(dbl(mpf(1) / 6))))
p1 = split(pio2, 33)
p2 = split(pio2 - p1, 33)
p3 = split(pio2 - p1 - p2, 33)
p3t = pio2 - p1 - p2 - p3
print("pio2 parts", hexd(p1), hexd(p2), hexd(p3), hexd(p3t))
print("pio2 dd", hexd(pio2), hexd(pio2 - mpf(dbl(pio2))))
# Two-part Cody–Waite (n ≤ 64): part1 and the rest rounded to 53 bits; the remainder in 2^-87.
p2r = split(pio2 - p1, 53)
print("pio2 two-part", hexd(p1), hexd(p2r), "rest / 2^-87 =", mpmath.nstr((pio2 - p1 - p2r) * mpf(2)**87, 5))
print("pi dd", hexd(mpmath.pi), hexd(mpmath.pi - mpf(dbl(mpmath.pi))))
print("2/pi", hexd(2 / mpmath.pi))
for c in [mpf(0.5), mpf(1), mpf(1.5)]:
    v = mpmath.atan(c)
    print("atan", c, hexd(v), hexd(v - mpf(dbl(v))))
# 2/pi bits, 64 per word, word k holds bits 64k+1 ... 64k+64 (bit j weighs 2^-j).
mp.prec = 2000
t = 2 / mpmath.pi
words = []
for k in range(24):
    t *= 2**64
    w = int(mpmath.floor(t))
    t -= w
    words.append(w)
for k, w in enumerate(words):
    print(f"    case {k}: return 0x{w:016X}")

# Table-driven exp/expm1 (Sources/Hooke/Math/Deterministic+Exp.swift, _ExponentialTable.swift):
# x = n*ln2/64 + r, |r| <= ln2/128. g(r) = (e^r - 1 - r)/r^2 near-minimax of degree 4, so that
# e^r - 1 = r + r^2*g(r); split ln2/64 with a 36-bit head; the table 2^(j/64) as head + tail with
# tail = (2^(j/64) - head)/head.
mp.prec = 400
N = 64
half = ln2 / (2 * N) * mpf(1.0001)
fit("exp g(r)", lambda r: (mpmath.expm1(r) - r) / r**2 if r != 0 else mpf(1) / 2, -half, half, 4)
step = ln2 / N
step_hi = split(step, 36)
print("64/ln2", hexd(N / ln2), "ln2/64 hi", hexd(step_hi), "lo", hexd(step - step_hi))
exp_table = []
for j in range(N):
    v = mpf(2) ** (mpf(j) / N)
    h = mpf(dbl(v))
    exp_table += [h, (v - h) / h]
    print(f"  j = {j}: ({hexd(h)}, {hexd((v - h) / h)})")
print("exp table literal (entries 2j, 2j + 1: head, tail):", table_literal(exp_table))
# Table-driven sin/cos kernel (Deterministic+Trig.swift, _SinCosTable.swift): sin(j/64) and
# cos(j/64), j = 0 ... 63, as double-doubles (head, value - head); the kernel uses j <= 50, the
# rest fills the table to a power of two so that a masked index needs no bounds check. The kernel's polynomials in
# d (|d| <= 1/128) are Taylor: sin d - d = d^3(-1/6 + d^2/120 - d^4/5040),
# cos d - 1 = d^2(-1/2 + d^2/24 - d^4/720), coefficients rounded to double.
sin_cos_table = []
for j in range(64):
    a = mpf(j) / 64
    s, c = mpmath.sin(a), mpmath.cos(a)
    sin_cos_table += [s, s - mpf(dbl(s)), c, c - mpf(dbl(c))]
    print(f"  j = {j}: ({hexd(s)}, {hexd(s - mpf(dbl(s)))}, {hexd(c)}, {hexd(c - mpf(dbl(c)))})")
print("sin/cos table literal (entries 4j ... 4j + 3):", table_literal(sin_cos_table))


def veltkamp_split(a):
    """_split in Sources/Hooke/Math/_DoubleDoubleArithmetic.swift, in double arithmetic."""
    c = 134217729.0 * a
    hi = c - (c - a)
    return hi, a - hi


# The cosine heads split as the kernel's exact product C*d needs them (_cosHeadSplitEntry).
cos_head_split = []
for j in range(64):
    cos_head_split += list(veltkamp_split(dbl(sin_cos_table[4 * j + 2])))
print("cos head split literal (entries 2j, 2j + 1: high, low):", table_literal(cos_head_split))
for k, v in [(3, -mpf(1) / 6), (5, mpf(1) / 120), (7, -mpf(1) / 5040), (4, mpf(1) / 24), (6, -mpf(1) / 720)]:
    print("taylor", k, hexd(v))
