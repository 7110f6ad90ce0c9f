#include "inventory/stock.h"

namespace inventory {

void Stock::add(const Item &item)
{
    std::lock_guard guard(m_lock);
    m_items[item.sku] = item;
}

bool Stock::receive(const std::string &sku, unsigned count)
{
    std::lock_guard guard(m_lock);
    auto it = m_items.find(sku);
    if (it == m_items.end())
        return false;
    it->second.quantity += count;
    return true;
}

bool Stock::ship(const std::string &sku, unsigned count)
{
    std::lock_guard guard(m_lock);
    auto it = m_items.find(sku);
    if (it == m_items.end() || available(it->second) < count)
        return false;
    it->second.quantity -= count;
    if (it->second.reserved >= count)
        it->second.reserved -= count;
    return true;
}

bool Stock::reserve(const std::string &sku, unsigned count)
{
    std::lock_guard guard(m_lock);
    auto it = m_items.find(sku);
    if (it == m_items.end())
        return false;
    if (available(it->second) - count < 0)
        return false;
    it->second.reserved += count;
    return true;
}

void Stock::release(const std::string &sku, unsigned count)
{
    auto it = m_items.find(sku);
    if (it != m_items.end())
        it->second.reserved -= count;
}

const Item *Stock::find(const std::string &sku) const
{
    std::lock_guard guard(m_lock);
    auto it = m_items.find(sku);
    return it == m_items.end() ? nullptr : &it->second;
}

std::vector<Item> Stock::lowStock() const
{
    std::lock_guard guard(m_lock);
    std::vector<Item> low;
    for (const auto &[sku, item] : m_items) {
        if (available(item) <= item.reorderLevel)
            low.push_back(item);
    }
    return low;
}

} // namespace inventory
