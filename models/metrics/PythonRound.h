#pragma once

// Python's round(x, n) for a float, digit for digit: the released AACR-Bench
// evaluator rounds its rates with it, and a figure that claims to be the
// evaluator's must carry the same digits.

namespace rd::eval {

// The double nearest to the decimal that x, taken as the exact binary value
// it holds, rounds to at `digits` places, half to even (CPython's
// float.__round__: the correctly rounded decimal string, read back). So
// 1/16 = 0.0625 exactly is a tie and gives 0.062, and 7/80, held as
// 0.08749999999999999445..., lies below its tie and gives 0.087, where
// std::round(1000 * x) / 1000 gives 0.063 and 0.088. Infinities and NaN
// come back unchanged, as from Python. `digits` from 0 to 17.
double pythonRound(double x, int digits);

} // namespace rd::eval
