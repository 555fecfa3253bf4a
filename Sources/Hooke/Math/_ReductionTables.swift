// The bits of 2/π for Payne–Hanek argument reduction, from
// Tests/Fixtures/scripts/math_constants.py (mpmath, 2000-bit precision).
// Word k holds bits 64k+1 … 64k+64 of the binary expansion 2/π = Σ b_j 2^-j, most significant
// bit first. 24 words (1536 bits) cover every finite Double: the reduction of x = m·2^e reads
// bits up to e + 255 + 64 ≤ 1290. A switch rather than an array keeps it allocation-free.

@inline(__always)
internal func _twoOverPiWord(_ k: Int) -> UInt64 {
  switch k {
  case 0: return 0xA2F9_836E_4E44_1529
  case 1: return 0xFC27_57D1_F534_DDC0
  case 2: return 0xDB62_9599_3C43_9041
  case 3: return 0xFE51_63AB_DEBB_C561
  case 4: return 0xB724_6E3A_424D_D2E0
  case 5: return 0x0649_2EEA_09D1_921C
  case 6: return 0xFE1D_EB1C_B129_A73E
  case 7: return 0xE882_35F5_2EBB_4484
  case 8: return 0xE99C_7026_B45F_7E41
  case 9: return 0x3991_D639_8353_39F4
  case 10: return 0x9C84_5F8B_BDF9_283B
  case 11: return 0x1FF8_97FF_DE05_980F
  case 12: return 0xEF2F_118B_5A0A_6D1F
  case 13: return 0x6D36_7ECF_27CB_09B7
  case 14: return 0x4F46_3F66_9E5F_EA2D
  case 15: return 0x7527_BAC7_EBE5_F17B
  case 16: return 0x3D07_39F7_8A52_92EA
  case 17: return 0x6BFB_5FB1_1F8D_5D08
  case 18: return 0x5603_3046_FC7B_6BAB
  case 19: return 0xF0CF_BC20_9AF4_361D
  case 20: return 0xA9E3_9161_5EE6_1B08
  case 21: return 0x6599_855F_14A0_6840
  case 22: return 0x8DFF_D880_4D73_2731
  case 23: return 0x0606_1556_CA73_A8C9
  default: return 0
  }
}

/// Bits j … j+63 of 2/π as a word (bit j most significant); bits with index < 1 are 0.
@inline(__always)
internal func _twoOverPiBits(from j: Int) -> UInt64 {
  if j <= -63 { return 0 }
  if j < 1 { return _twoOverPiWord(0) >> UInt64(1 - j) }
  let q = (j - 1) >> 6
  let s = UInt64((j - 1) & 63)
  if s == 0 { return _twoOverPiWord(q) }
  return (_twoOverPiWord(q) << s) | (_twoOverPiWord(q + 1) >> (64 - s))
}
