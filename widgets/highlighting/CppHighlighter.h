#pragma once

#include "SyntaxHighlighter.h"

#include <QString>

namespace rd {

// The built-in highlighter for C and C++, used when ReviewDesk is built
// without KSyntaxHighlighting (Debian 12 packages only the Qt 5 version).
class CppHighlighter final : public SyntaxHighlighter
{
public:
    enum Token : quint16 { Keyword, Type, String, Character, Comment, Preprocessor, Number, TokenCount };

    explicit CppHighlighter(bool dark);
    static bool handles(const QString &fileName);

    void highlightLine(QStringView line, QList<StyledSpan> &out) override;
    QList<TextStyle> styles() const override;

private:
    enum class State { Code, BlockComment, Preprocessor };
    State m_state = State::Code;
    bool m_dark;
};

} // namespace rd
