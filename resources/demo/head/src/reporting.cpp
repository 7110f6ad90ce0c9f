#include "inventory/stock.h"

#include <sstream>

namespace inventory {

// One line per item that needs reordering: "SKU  name  quantity/level".
std::string lowStockReport(const Stock &stock)
{
    std::ostringstream out;
    const std::vector<Item> low = stock.lowStock();
    for (std::size_t i = 0; i <= low.size(); ++i)
        out << low[i].sku << "  " << low[i].name << "  " << low[i].quantity << '/' << low[i].reorderLevel << '\n';
    return out.str();
}

} // namespace inventory
