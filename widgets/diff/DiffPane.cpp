#include "DiffPane.h"

#include "DiffView.h"
#include "Theme.h"

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace rd {

DiffPane::DiffPane(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("fileHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setContentsMargins(8, 5, 8, 5);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setAutoFillBackground(true);
    m_header->setBackgroundRole(QPalette::AlternateBase);
    layout->addWidget(m_header);

    m_stack = new QStackedWidget(this);
    m_view = new DiffView(m_stack);
    m_stack->addWidget(m_view);

    m_progressPage = new QWidget(m_stack);
    auto *progressLayout = new QVBoxLayout(m_progressPage);
    progressLayout->addStretch();
    auto *progressLabel = new QLabel(tr("Preparing the diff…"), m_progressPage);
    progressLabel->setAlignment(Qt::AlignCenter);
    progressLayout->addWidget(progressLabel);
    m_progress = new QProgressBar(m_progressPage);
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(360);
    progressLayout->addWidget(m_progress, 0, Qt::AlignHCenter);
    auto *cancelButton = new QPushButton(tr("Cancel"), m_progressPage);
    progressLayout->addWidget(cancelButton, 0, Qt::AlignHCenter);
    progressLayout->addStretch();
    m_stack->addWidget(m_progressPage);

    m_message = new QLabel(m_stack);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_stack->addWidget(m_message);
    layout->addWidget(m_stack, 1);

    m_progressDelay.setSingleShot(true);
    m_progressDelay.setInterval(150); // no flicker for files that build instantly
    connect(&m_progressDelay, &QTimer::timeout, this, [this] { m_stack->setCurrentWidget(m_progressPage); });
    connect(cancelButton, &QPushButton::clicked, this, [this] {
        cancel();
        showMessage(tr("Cancelled. Select the file again to retry."));
    });
    connect(&m_watcher, &QFutureWatcher<Built>::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(&m_watcher, &QFutureWatcher<Built>::finished, this, &DiffPane::finished);
}

DiffPane::~DiffPane()
{
    cancel();
}

void DiffPane::cancel()
{
    m_progressDelay.stop();
    m_building = false;
    if (m_watcher.isRunning()) {
        m_watcher.cancel();
        m_watcher.waitForFinished();
    }
}

QString DiffPane::describe(const FileDiff &file)
{
    const QString newPath = QString::fromUtf8(file.displayPath()).toHtmlEscaped();
    QStringList parts{QStringLiteral("<b>%1</b>").arg(newPath)};
    switch (file.status) {
    case FileStatus::Added: parts << tr("added"); break;
    case FileStatus::Deleted: parts << tr("deleted"); break;
    case FileStatus::Renamed:
        parts << tr("renamed from %1 (%2% similar)").arg(QString::fromUtf8(file.path[Side::Old]).toHtmlEscaped()).arg(file.similarity);
        break;
    case FileStatus::Copied:
        parts << tr("copied from %1 (%2% similar)").arg(QString::fromUtf8(file.path[Side::Old]).toHtmlEscaped()).arg(file.similarity);
        break;
    case FileStatus::TypeChange: parts << tr("type changed"); break;
    case FileStatus::Modified: break;
    }
    auto mode = [](quint32 m) { return QString::number(m, 8).rightJustified(6, QLatin1Char('0')); };
    if (file.exists(Side::Old) && file.exists(Side::New) && file.mode[Side::Old] != file.mode[Side::New])
        parts << tr("mode %1 → %2").arg(mode(file.mode[Side::Old]), mode(file.mode[Side::New]));
    if (file.isSubmodule())
        parts << tr("submodule");
    if (!file.isReadable())
        parts << QStringLiteral("<span style='color:#cf222e'>%1</span>").arg(tr("unreadable"));
    else if (file.isBinary())
        parts << tr("binary");
    else
        parts << QStringLiteral("<span style='color:#1a7f37'>+%1</span> <span style='color:#cf222e'>−%2</span>")
                     .arg(file.additions)
                     .arg(file.deletions);
    return parts.join(QStringLiteral(" · "));
}

void DiffPane::showFile(std::shared_ptr<const MergeRequest> mr, int fileIndex)
{
    cancel();
    m_mr = std::move(mr);
    m_fileIndex = fileIndex;
    if (!m_mr || fileIndex < 0 || fileIndex >= m_mr->files.size()) {
        showMessage(tr("Select a file to see its changes."));
        return;
    }
    const FileDiff &file = m_mr->files[fileIndex];
    m_header->setText(describe(file));
    if (!file.isReadable()) {
        showMessage(tr("This file cannot be shown: %1").arg(file.unreadable));
        Q_EMIT documentShown(fileIndex);
        return;
    }
    m_progress->setValue(0);
    m_building = true;
    DocumentOptions options;
    options.darkTheme = isDark(palette());
    auto mrCopy = m_mr;
    m_watcher.setFuture(QtConcurrent::run([mrCopy, fileIndex, options](QPromise<Built> &promise) {
        promise.setProgressRange(0, 100);
        const FileDiff &f = mrCopy->files[fileIndex];
        auto oldContent = mrCopy->content(f, Side::Old);
        auto newContent = mrCopy->content(f, Side::New);
        if (!oldContent || !newContent) {
            promise.addResult(Built{nullptr, (!oldContent ? oldContent.error() : newContent.error()).message});
            return;
        }
        auto document = buildDiffDocument(f, *oldContent, *newContent, options, [&promise](int percent) {
            promise.setProgressValue(percent);
            return !promise.isCanceled();
        });
        if (document)
            promise.addResult(Built{std::make_shared<DiffDocument>(std::move(*document)), {}});
    }));
    m_progressDelay.start();
}

void DiffPane::finished()
{
    m_progressDelay.stop();
    if (m_watcher.isCanceled() || m_watcher.future().resultCount() == 0)
        return;
    m_building = false;
    const Built built = m_watcher.result();
    if (!built.document) {
        showMessage(tr("Cannot show this file: %1").arg(built.error));
        return;
    }
    const DiffDocument &doc = *built.document;
    if (!doc.showsText()) {
        const QLocale locale;
        showMessage(tr("Binary file not shown (%1 → %2).")
                        .arg(doc.file.exists(Side::Old) ? locale.formattedDataSize(doc.bytes[Side::Old]) : tr("none"),
                             doc.file.exists(Side::New) ? locale.formattedDataSize(doc.bytes[Side::New]) : tr("none")));
    } else {
        m_view->setDocument(built.document);
        m_stack->setCurrentWidget(m_view);
        if (doc.side[Side::Old].decodedAsLatin1 || doc.side[Side::New].decodedAsLatin1)
            m_header->setText(m_header->text() + QStringLiteral(" · ") + tr("not UTF-8, shown as Latin-1"));
    }
    Q_EMIT documentShown(m_fileIndex);
}

QString DiffPane::message() const
{
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

void DiffPane::showMessage(const QString &message)
{
    m_progressDelay.stop();
    m_message->setText(message);
    m_stack->setCurrentWidget(m_message);
}

} // namespace rd
