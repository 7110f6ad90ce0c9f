#include "PythonRound.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace rd::eval {

double pythonRound(double x, int digits)
{
    if (!std::isfinite(x))
        return x;
    digits = std::clamp(digits, 0, 17);
    // std::to_chars with a precision writes the correctly rounded decimal of
    // the exact binary value (as printf does, ties to even), which is the
    // string CPython's _Py_dg_dtoa(x, 3, digits) gives; from_chars reads it
    // back to the nearest double, as its _Py_dg_strtod does.
    std::array<char, 400> text{}; // DBL_MAX has 309 integer digits
    const auto written = std::to_chars(text.data(), text.data() + text.size(), x, std::chars_format::fixed, digits);
    if (written.ec != std::errc())
        return x;
    double rounded = x;
    std::from_chars(text.data(), written.ptr, rounded);
    return rounded;
}

} // namespace rd::eval
