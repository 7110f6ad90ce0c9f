#include "Slice.h"

namespace rd {

QString algorithmName(SliceAlgorithm algorithm)
{
    switch (algorithm) {
    case SliceAlgorithm::OriginalDiff: return QStringLiteral("original");
    case SliceAlgorithm::ParentFunction: return QStringLiteral("parent");
    case SliceAlgorithm::LeftFlow: return QStringLiteral("left");
    case SliceAlgorithm::FullFlow: return QStringLiteral("full");
    }
    return {};
}

std::optional<SliceAlgorithm> algorithmFromName(const QString &name)
{
    for (SliceAlgorithm a : AllAlgorithms)
        if (algorithmName(a) == name)
            return a;
    return std::nullopt;
}

std::optional<LineFormat> lineFormatFromName(const QString &name)
{
    if (name == QLatin1String("inline"))
        return LineFormat::Inline;
    if (name == QLatin1String("relative"))
        return LineFormat::Relative;
    if (name == QLatin1String("none"))
        return LineFormat::None;
    return std::nullopt;
}

} // namespace rd
