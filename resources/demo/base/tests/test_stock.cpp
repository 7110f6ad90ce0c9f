#include "inventory/stock.h"

#include <cassert>

int main()
{
    inventory::Stock stock;
    stock.add({"A-1", "bolt", 10, 5});
    assert(stock.ship("A-1", 4));
    assert(!stock.ship("A-1", 7));
    assert(stock.find("A-1")->quantity == 6);
    return 0;
}
