#include "inventory/stock.h"

namespace inventory {

void Stock::add(const Item &item)
{
    m_items[item.sku] = item;
}

bool Stock::receive(const std::string &sku, unsigned count)
{
    auto it = m_items.find(sku);
    if (it == m_items.end())
        return false;
    it->second.quantity += count;
    return true;
}

bool Stock::ship(const std::string &sku, unsigned count)
{
    auto it = m_items.find(sku);
    if (it == m_items.end() || it->second.quantity < count)
        return false;
    it->second.quantity -= count;
    return true;
}

const Item *Stock::find(const std::string &sku) const
{
    auto it = m_items.find(sku);
    return it == m_items.end() ? nullptr : &it->second;
}

std::vector<Item> Stock::lowStock() const
{
    std::vector<Item> low;
    for (const auto &[sku, item] : m_items) {
        if (item.quantity <= item.reorderLevel)
            low.push_back(item);
    }
    return low;
}

} // namespace inventory
