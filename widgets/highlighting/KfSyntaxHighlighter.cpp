#include "KfSyntaxHighlighter.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>

#include <QMutex>

namespace rd {
namespace {

// One Repository per process (loading it is expensive); diff documents are
// built on worker threads, so every use goes through this lock.
QMutex &repositoryLock()
{
    static QMutex lock;
    return lock;
}

KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository instance;
    return instance;
}

} // namespace

std::unique_ptr<KfSyntaxHighlighter> KfSyntaxHighlighter::forFile(const QString &fileName, bool dark)
{
    QMutexLocker locker(&repositoryLock());
    const KSyntaxHighlighting::Definition definition = repository().definitionForFileName(fileName);
    if (!definition.isValid())
        return nullptr;
    std::unique_ptr<KfSyntaxHighlighter> highlighter(new KfSyntaxHighlighter);
    highlighter->setDefinition(definition);
    highlighter->setTheme(repository().defaultTheme(dark ? KSyntaxHighlighting::Repository::DarkTheme
                                                         : KSyntaxHighlighting::Repository::LightTheme));
    return highlighter;
}

void KfSyntaxHighlighter::highlightLine(QStringView line, QList<StyledSpan> &out)
{
    QMutexLocker locker(&repositoryLock());
    m_out = &out;
    m_state = AbstractHighlighter::highlightLine(line, m_state);
    m_out = nullptr;
}

void KfSyntaxHighlighter::applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format)
{
    if (length <= 0 || !m_out || format.isDefaultTextStyle(theme()))
        return;
    auto it = m_styleOfFormat.constFind(format.id());
    if (it == m_styleOfFormat.constEnd()) {
        TextStyle style;
        if (format.hasTextColor(theme()))
            style.foreground = format.textColor(theme());
        style.bold = format.isBold(theme());
        style.italic = format.isItalic(theme());
        it = m_styleOfFormat.insert(format.id(), static_cast<quint16>(m_styles.size()));
        m_styles.append(style);
    }
    m_out->append({offset, length, *it});
}

} // namespace rd
