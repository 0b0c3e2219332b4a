// Exact arithmetic for tests that recount figures from the raw ballots by plain code, apart from the
// server's own: what they compute must not come from the code they check.

/** a / b to two decimals, half away from zero, exactly (a, b integers, b > 0). */
export function div2(a: bigint, b: bigint): number {
  const neg = a < 0n;
  const n = (neg ? -a : a) * 100n;
  let q = n / b;
  if (2n * (n - q * b) >= b) q += 1n;
  return (neg ? -Number(q) : Number(q)) / 100;
}
