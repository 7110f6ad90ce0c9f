#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace inventory {

struct Item
{
    std::string sku;
    std::string name;
    unsigned quantity = 0;
    unsigned reorderLevel = 0;
    unsigned reserved = 0; // held for open orders, not yet shipped
};

class Stock
{
public:
    void add(const Item &item);
    bool receive(const std::string &sku, unsigned count);
    bool ship(const std::string &sku, unsigned count);
    // Holds `count` units for an order; false when not enough are available.
    bool reserve(const std::string &sku, unsigned count);
    void release(const std::string &sku, unsigned count);
    const Item *find(const std::string &sku) const;
    std::vector<Item> lowStock() const;
    std::size_t size() const { return m_items.size(); }

private:
    unsigned available(const Item &item) const { return item.quantity - item.reserved; }

    mutable std::mutex m_lock;
    std::map<std::string, Item> m_items;
};

} // namespace inventory
