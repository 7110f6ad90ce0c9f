#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace rd {

// Help ▸ Manual: the chapters of docs/ (compiled into the resource
// ":/manual/") shown with QTextBrowser::setMarkdown. Links between chapters
// stay in the viewer; links to the web open in the desktop's browser.
class ManualWindow : public QWidget
{
    Q_OBJECT

public:
    explicit ManualWindow(QWidget *parent = nullptr);

    // Where the chapters live in the resource; the index is "README.md".
    static QString resourceFolder();
    static QString indexChapter();
    // Every chapter's file name and Markdown text, read from the resource.
    static QMap<QString, QString> chapters();
    // The relative links of the chapters that name no chapter, or a heading
    // the named chapter does not have: "window.md: slicing.md#nope (no such heading)".
    // A manual whose links lead nowhere is a broken manual; the test suite
    // runs this over every chapter.
    static QStringList brokenLinks(const QMap<QString, QString> &chapters);
    // GitHub's anchor for a heading ("The Evaluation window (Review ▸ Evaluate)"
    // -> "the-evaluation-window-review--evaluate"), so links work on the forge too.
    static QString headingAnchor(const QString &heading);

    QString currentChapter() const { return m_current; }
    QTextBrowser *browser() const { return m_browser; }
    // Shows the chapter (a file name in the resource) at the heading `anchor`;
    // false when there is no such chapter.
    bool showChapter(const QString &chapter, const QString &anchor = {});

private:
    void followLink(const QUrl &url);

    QListWidget *m_chapterList = nullptr;
    QTextBrowser *m_browser = nullptr;
    QString m_current;
};

} // namespace rd
