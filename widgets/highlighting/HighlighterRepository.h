#pragma once

#include "SyntaxHighlighter.h"

#include <QString>

#include <memory>

namespace rd {

// Which highlighter a file gets, chosen here and not in SyntaxHighlighter,
// as KSyntaxHighlighting chooses in its Repository and not in
// AbstractHighlighter: the base class knows none of its subclasses, and only
// this file knows which backends the build has.
class HighlighterRepository
{
public:
    // The best highlighter this build has for `fileName`: KSyntaxHighlighting
    // when ReviewDesk was built with it, else the built-in one (C and C++;
    // other files stay plain). `dark` picks colours for a dark background.
    static std::unique_ptr<SyntaxHighlighter> forFile(const QString &fileName, bool dark);
    // "KSyntaxHighlighting" or "built-in".
    static QString backendName();
};

} // namespace rd
