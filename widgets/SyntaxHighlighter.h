#pragma once

#include "TextStyle.h"

#include <QString>
#include <QStringView>

#include <memory>

namespace rd {

// Colours code line by line, carrying state (open comments, strings) from
// one line to the next. One instance per file side; not thread-safe.
class SyntaxHighlighter
{
public:
    virtual ~SyntaxHighlighter() = default;

    // Appends the spans of `line` to `out`; lines must come in order.
    virtual void highlightLine(QStringView line, QList<StyledSpan> &out) = 0;
    // The styles spans refer to; complete once all lines are highlighted.
    virtual QList<TextStyle> styles() const = 0;

    // The best highlighter this build has for `fileName`: KSyntaxHighlighting
    // when ReviewDesk was built with it, else the built-in one (C and C++;
    // other files stay plain). `dark` picks colours for a dark background.
    static std::unique_ptr<SyntaxHighlighter> forFile(const QString &fileName, bool dark);
    // "KSyntaxHighlighting" or "built-in".
    static QString backendName();
};

} // namespace rd
