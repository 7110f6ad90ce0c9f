#include "ManualWindow.h"

#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QRegularExpression>
#include <QSet>
#include <QSplitter>
#include <QStyle>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>

namespace rd {

namespace {

// Markdown outside fenced code blocks: a "# " inside a shell example is no heading.
QStringList proseLines(const QString &markdown)
{
    QStringList prose;
    bool fenced = false;
    for (const QString &line : markdown.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("```"))) {
            fenced = !fenced;
            continue;
        }
        if (!fenced)
            prose << line;
    }
    return prose;
}

// The anchors of a chapter's headings, numbered as GitHub numbers repeated ones.
QSet<QString> headingAnchors(const QString &markdown)
{
    static const QRegularExpression heading(QStringLiteral("^#{1,6} +(.*)$"));
    QSet<QString> anchors;
    QMap<QString, int> seen;
    for (const QString &line : proseLines(markdown)) {
        const auto match = heading.match(line);
        if (!match.hasMatch())
            continue;
        const QString anchor = ManualWindow::headingAnchor(match.captured(1));
        const int repeats = seen[anchor]++;
        anchors.insert(repeats ? anchor + QLatin1Char('-') + QString::number(repeats) : anchor);
    }
    return anchors;
}

// The link targets of a chapter's prose, in order: "[text](target)".
QStringList linkTargets(const QString &markdown)
{
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)\\s]+)\\)"));
    QStringList targets;
    for (const QString &line : proseLines(markdown))
        for (auto it = link.globalMatch(line); it.hasNext();)
            targets << it.next().captured(1);
    return targets;
}

bool isExternal(const QUrl &url)
{
    return !url.scheme().isEmpty();
}

QString chapterTitle(const QString &markdown, const QString &fallback)
{
    for (const QString &line : proseLines(markdown))
        if (line.startsWith(QLatin1String("# ")))
            return line.mid(2).trimmed();
    return fallback;
}

} // namespace

QString ManualWindow::resourceFolder()
{
    return QStringLiteral(":/manual");
}

QString ManualWindow::indexChapter()
{
    return QStringLiteral("README.md");
}

QMap<QString, QString> ManualWindow::chapters()
{
    QMap<QString, QString> texts;
    const QDir folder(resourceFolder());
    for (const QString &name : folder.entryList({QStringLiteral("*.md")}, QDir::Files)) {
        QFile file(folder.filePath(name));
        if (file.open(QIODevice::ReadOnly))
            texts.insert(name, QString::fromUtf8(file.readAll()));
    }
    return texts;
}

QString ManualWindow::headingAnchor(const QString &heading)
{
    QString anchor;
    for (const QChar c : heading.trimmed().toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            anchor += c;
        else if (c == QLatin1Char(' '))
            anchor += QLatin1Char('-');
    }
    return anchor;
}

QStringList ManualWindow::brokenLinks(const QMap<QString, QString> &chapters)
{
    QMap<QString, QSet<QString>> anchors;
    for (auto it = chapters.begin(); it != chapters.end(); ++it)
        anchors.insert(it.key(), headingAnchors(it.value()));
    QStringList broken;
    for (auto it = chapters.begin(); it != chapters.end(); ++it) {
        for (const QString &target : linkTargets(it.value())) {
            const QUrl url(target);
            if (isExternal(url))
                continue;
            const QString chapter = url.path().isEmpty() ? it.key() : url.path();
            // A picture (docs/images) is in the resource beside the chapters.
            if (!chapter.endsWith(QLatin1String(".md")) && QFile::exists(resourceFolder() + QLatin1Char('/') + chapter))
                continue;
            if (!anchors.contains(chapter))
                broken << QStringLiteral("%1: %2 (no such chapter)").arg(it.key(), target);
            else if (url.hasFragment() && !anchors[chapter].contains(url.fragment()))
                broken << QStringLiteral("%1: %2 (no such heading)").arg(it.key(), target);
        }
    }
    return broken;
}

ManualWindow::ManualWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("manualWindow"));
    setWindowTitle(tr("ReviewDesk Manual"));
    resize(1000, 720);

    m_chapterList = new QListWidget;
    m_chapterList->setObjectName(QStringLiteral("manualChapters"));
    m_browser = new QTextBrowser;
    m_browser->setObjectName(QStringLiteral("manualText"));
    // Links are ours to follow: chapters inside the viewer, the web outside it.
    m_browser->setOpenLinks(false);
    m_browser->setSearchPaths({resourceFolder()}); // the chapters' pictures: images/…
    connect(m_browser, &QTextBrowser::anchorClicked, this, &ManualWindow::followLink);

    // The chapters in the order the index lists them, then any it does not list.
    const QMap<QString, QString> texts = chapters();
    QStringList order{indexChapter()};
    for (const QString &target : linkTargets(texts.value(indexChapter()))) {
        const QString chapter = QUrl(target).path();
        if (texts.contains(chapter) && !order.contains(chapter))
            order << chapter;
    }
    for (const QString &chapter : texts.keys())
        if (!order.contains(chapter))
            order << chapter;
    // Each chapter by the name the index gives it ("The judge loop"), its
    // heading ("The judge loop: from critiques to a judge you can trust") in
    // the tooltip: the list shows its names whole.
    QMap<QString, QString> indexNames;
    static const QRegularExpression link(QStringLiteral("\\[([^]]+)\\]\\(([^)#\\s]+)\\)"));
    for (const QString &line : proseLines(texts.value(indexChapter())))
        for (auto it = link.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            if (!indexNames.contains(m.captured(2)))
                indexNames.insert(m.captured(2), m.captured(1));
        }
    for (const QString &chapter : order) {
        if (!texts.contains(chapter))
            continue;
        const QString heading = chapterTitle(texts[chapter], chapter);
        auto *item = new QListWidgetItem(indexNames.value(chapter, heading), m_chapterList);
        item->setToolTip(heading);
        item->setData(Qt::UserRole, chapter);
    }
    connect(m_chapterList, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item && item->data(Qt::UserRole).toString() != m_current)
            showChapter(item->data(Qt::UserRole).toString());
    });

    auto *splitter = new QSplitter;
    splitter->addWidget(m_chapterList);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    const QAbstractItemView *chapterList = m_chapterList;
    const int listWidth = std::max(240, chapterList->sizeHintForColumn(0) + 2 * m_chapterList->frameWidth()
                                            + m_chapterList->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_chapterList));
    splitter->setSizes({listWidth, 1000 - listWidth});
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    showChapter(indexChapter());
}

bool ManualWindow::showChapter(const QString &chapter, const QString &anchor)
{
    QFile file(resourceFolder() + QLatin1Char('/') + chapter);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    if (chapter != m_current) {
        m_current = chapter;
        m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
        for (int row = 0; row < m_chapterList->count(); ++row)
            if (m_chapterList->item(row)->data(Qt::UserRole).toString() == chapter)
                m_chapterList->setCurrentRow(row);
    }
    // setMarkdown names no anchors, so find the heading whose GitHub anchor was asked for.
    QTextCursor top(m_browser->document());
    if (!anchor.isEmpty()) {
        for (QTextBlock block = m_browser->document()->begin(); block.isValid(); block = block.next()) {
            if (block.blockFormat().headingLevel() > 0 && headingAnchor(block.text()) == anchor) {
                top = QTextCursor(block);
                break;
            }
        }
    }
    // Scroll the heading to the top: to the end first, then back to it.
    m_browser->moveCursor(QTextCursor::End);
    m_browser->setTextCursor(top);
    m_browser->ensureCursorVisible();
    return true;
}

void ManualWindow::followLink(const QUrl &url)
{
    if (isExternal(url)) {
        QDesktopServices::openUrl(url);
        return;
    }
    showChapter(url.path().isEmpty() ? m_current : url.path(), url.fragment());
}

} // namespace rd
