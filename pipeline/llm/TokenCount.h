#pragma once

#include <nlohmann/json.hpp>

#include <climits>

namespace rd {

// A token count read from untrusted JSON (a server's "usage", a recording, a
// journal, a cache entry): a whole number from 0 to INT_MAX, anything else
// counts as unknown (0). Converting a double such as 1e10 or -1e10 to int
// directly is undefined behaviour, so the range is checked on the double.
inline int tokenCount(const nlohmann::json &object, const char *key)
{
    if (!object.is_object())
        return 0;
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number())
        return 0;
    if (it->is_number_unsigned())
        return it->get<unsigned long long>() <= INT_MAX ? static_cast<int>(it->get<unsigned long long>()) : 0;
    if (it->is_number_integer()) {
        const long long n = it->get<long long>();
        return n >= 0 && n <= INT_MAX ? static_cast<int>(n) : 0;
    }
    const double d = it->get<double>();
    return d >= 0 && d <= INT_MAX && d == static_cast<double>(static_cast<long long>(d)) ? static_cast<int>(d) : 0;
}

} // namespace rd
