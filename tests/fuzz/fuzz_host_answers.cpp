// What comes from a code host or a person pasting its address: pull request
// URLs (File ▸ Open Pull Request…, `mr add --url`).
#include "CodeHost.h"
#include "FuzzInput.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input = rd::fuzz::bytes(data, size);
    if constexpr (rd::fuzz::target == "pull_request_url") {
        const auto locator = rd::PullRequestLocator::parse(QString::fromUtf8(input));
        if (locator) {
            (void)locator->headRef(3);
            (void)locator->defaultCloneUrl();
            (void)locator->displayName();
        }
    }
    return 0;
}
