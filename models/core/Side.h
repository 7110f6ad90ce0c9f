#pragma once

#include <array>
#include <cstddef>

namespace rd {

// The two sides of a diff. Data that exists on both sides is kept in a
// PerSide so one code path serves both.
enum class Side { Old = 0, New = 1 };

inline constexpr std::array<Side, 2> BothSides{Side::Old, Side::New};

template <typename T>
struct PerSide
{
    std::array<T, 2> values{};

    T &operator[](Side side) { return values[static_cast<std::size_t>(side)]; }
    const T &operator[](Side side) const { return values[static_cast<std::size_t>(side)]; }
    bool operator==(const PerSide &) const = default;
};

} // namespace rd
