#pragma once

// Built only when CMake finds KF6SyntaxHighlighting.

#include "SyntaxHighlighter.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/State>

#include <QHash>
#include <QString>

#include <memory>

namespace rd {

// KSyntaxHighlighting's highlighter collecting format ranges instead of
// painting a QTextDocument, as its own tests do.
class KfSyntaxHighlighter final : public SyntaxHighlighter, private KSyntaxHighlighting::AbstractHighlighter
{
public:
    // Null when no syntax definition matches the file name.
    static std::unique_ptr<KfSyntaxHighlighter> forFile(const QString &fileName, bool dark);

    void highlightLine(QStringView line, QList<StyledSpan> &out) override;
    QList<TextStyle> styles() const override { return m_styles; }

private:
    KfSyntaxHighlighter() = default;
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override;

    KSyntaxHighlighting::State m_state;
    QList<StyledSpan> *m_out = nullptr;
    QHash<quint16, quint16> m_styleOfFormat;
    QList<TextStyle> m_styles;
};

} // namespace rd
