#include "inventory/stock.h"

#include <sstream>

namespace inventory {

// One line per item that needs reordering: "SKU  name  quantity/level".
std::string lowStockReport(const Stock &stock)
{
    std::ostringstream out;
    for (const Item &item : stock.lowStock())
        out << item.sku << "  " << item.name << "  " << item.quantity << '/' << item.reorderLevel << '\n';
    return out.str();
}

} // namespace inventory
