#include "inventory/stock.h"

#include <cassert>

int main()
{
    inventory::Stock stock;
    stock.add({"A-1", "bolt", 10, 5});
    assert(stock.ship("A-1", 4));
    assert(!stock.ship("A-1", 7));
    assert(stock.find("A-1")->quantity == 6);

    assert(stock.reserve("A-1", 2));
    assert(stock.find("A-1")->reserved == 2);
    assert(!stock.ship("A-1", 5));
    stock.release("A-1", 2);
    return 0;
}
