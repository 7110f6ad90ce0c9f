#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace inventory {

struct Item
{
    std::string sku;
    std::string name;
    unsigned quantity = 0;
    unsigned reorderLevel = 0;
};

class Stock
{
public:
    void add(const Item &item);
    bool receive(const std::string &sku, unsigned count);
    bool ship(const std::string &sku, unsigned count);
    const Item *find(const std::string &sku) const;
    std::vector<Item> lowStock() const;
    std::size_t size() const { return m_items.size(); }

private:
    std::map<std::string, Item> m_items;
};

} // namespace inventory
