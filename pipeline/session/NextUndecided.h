#pragma once

// Where a list worked through one decision at a time goes on to (the
// judges' audit, the triage answers): the first item after `current` not yet
// decided, from the start again past the end; -1 when every item is.

namespace rd {

template<typename IsDecided>
int nextUndecidedIndex(int current, int count, IsDecided isDecided)
{
    for (int step = 1; step <= count; ++step) {
        const int i = (current + step) % count;
        if (!isDecided(i))
            return i;
    }
    return -1;
}

} // namespace rd
