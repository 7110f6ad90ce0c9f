#include "HighlighterRepository.h"

#include "CppHighlighter.h"

#ifdef REVIEWDESK_HAVE_KSYNTAXHIGHLIGHTING
#include "KfSyntaxHighlighter.h"
#endif

namespace rd {
namespace {

// Files no highlighter knows stay in the default text colour.
class PlainHighlighter final : public SyntaxHighlighter
{
public:
    void highlightLine(QStringView, QList<StyledSpan> &) override {}
    QList<TextStyle> styles() const override { return {}; }
};

} // namespace

std::unique_ptr<SyntaxHighlighter> HighlighterRepository::forFile(const QString &fileName, bool dark)
{
#ifdef REVIEWDESK_HAVE_KSYNTAXHIGHLIGHTING
    if (auto highlighter = KfSyntaxHighlighter::forFile(fileName, dark))
        return highlighter;
#endif
    if (CppHighlighter::handles(fileName))
        return std::make_unique<CppHighlighter>(dark);
    return std::make_unique<PlainHighlighter>();
}

QString HighlighterRepository::backendName()
{
#ifdef REVIEWDESK_HAVE_KSYNTAXHIGHLIGHTING
    return QStringLiteral("KSyntaxHighlighting");
#else
    return QStringLiteral("built-in");
#endif
}

} // namespace rd
