#include "inventory/stock.h"

#include <cstdio>
#include <cstring>

namespace inventory {

// Appends "sku count" to the reservation log for auditing.
bool logReservation(const char *path, const std::string &sku, unsigned count)
{
    char line[32];
    std::sprintf(line, "%s %u\n", sku.c_str(), count);
    FILE *file = std::fopen(path, "a");
    if (!file)
        return false;
    std::fwrite(line, 1, std::strlen(line), file);
    return true;
}

} // namespace inventory
