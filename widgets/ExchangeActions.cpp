#include "ExchangeActions.h"

#include "DiffPane.h"
#include "ExportDialog.h"
#include "FileTreeModel.h"
#include "ImportDialog.h"
#include "MainWindow.h"
#include "MergeRequestHeader.h"

#include <ExchangeService.h>
#include <ReviewSession.h>

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace rd {

ExchangeActions::ExchangeActions(ReviewSession *session, MainWindow *window) : QObject(window), m_session(session), m_window(window)
{
    m_import = new QAction(tr("&Import…"), window);
    m_import->setObjectName(QStringLiteral("import"));
    connect(m_import, &QAction::triggered, this, &ExchangeActions::showImport);
    m_export = new QAction(tr("&Export…"), window);
    m_export->setObjectName(QStringLiteral("export"));
    connect(m_export, &QAction::triggered, this, &ExchangeActions::showExport);
    m_openStored = new QAction(tr("Open from &Workspace…"), window);
    m_openStored->setObjectName(QStringLiteral("openStored"));
    connect(m_openStored, &QAction::triggered, this, &ExchangeActions::showOpenStored);
    connect(session, &ReviewSession::mergeRequestChanged, this, &ExchangeActions::mergeRequestChanged);
}

void ExchangeActions::addTo(QMenu *menu) const
{
    menu->addAction(m_openStored);
    menu->addAction(m_import);
    menu->addAction(m_export);
}

QString ExchangeActions::withoutCodeMessage(const QString &where)
{
    return tr("This merge request was imported without its code (%1): no clone of the repository was linked, or the clone lacks its "
              "commits. Its comments are listed in the Comments panel and count for the metrics; import it again with a repository "
              "map to see the diff.")
        .arg(where);
}

void ExchangeActions::showImport()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(m_window, tr("Import"), tr("Open or make a workspace first (File ▸ New Workspace)."));
        return;
    }
    auto *dialog = new ImportDialog(m_session->exchange(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void ExchangeActions::showExport()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(m_window, tr("Export"), tr("Open a workspace first (File ▸ Open Workspace)."));
        return;
    }
    auto *dialog = new ExportDialog(m_session->exchange(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, m_window, [this, dialog] { m_window->statusBar()->showMessage(dialog->lastMessage(), 6000); });
    dialog->open();
}

void ExchangeActions::showOpenStored()
{
    const QList<MergeRequestEntry> entries = m_session->mergeRequests();
    if (entries.isEmpty()) {
        QMessageBox::information(m_window, tr("Open from Workspace"), tr("This workspace has no merge requests yet."));
        return;
    }
    QStringList items;
    for (const MergeRequestEntry &e : entries) {
        QString item = QStringLiteral("%1: %2").arg(e.id).arg(e.title.isEmpty() ? e.head : e.title);
        if (!e.url.isEmpty())
            item += QStringLiteral(" — ") + e.url;
        if (!e.codeLinked)
            item += QStringLiteral(" ") + tr("(without code)");
        items << item;
    }
    bool ok = false;
    const QString chosen = QInputDialog::getItem(m_window, tr("Open from Workspace"), tr("Merge request:"), items, 0, false, &ok);
    if (ok)
        openStored(entries.at(items.indexOf(chosen)).id);
}

void ExchangeActions::openStored(qint64 id)
{
    for (const MergeRequestEntry &e : m_session->mergeRequests()) {
        if (e.id != id)
            continue;
        if (e.codeLinked) {
            m_window->openMergeRequest({e.repository, e.base, e.head, e.twoDot, e.title, e.description});
            return;
        }
        if (auto opened = m_session->openMergeRequest(id); !opened)
            QMessageBox::critical(m_window, tr("Cannot Open Merge Request"), opened.error().message);
        return;
    }
}

void ExchangeActions::mergeRequestChanged()
{
    const auto entry = m_session->currentMergeRequest();
    if (!entry || entry->codeLinked)
        return;
    // Nothing of another merge request's diff may stay on screen.
    m_window->fileModel()->setMergeRequest(nullptr);
    m_window->header()->setMergeRequest(nullptr);
    m_window->diffPane()->showMessage(withoutCodeMessage(entry->url.isEmpty() ? entry->repository : entry->url));
    m_window->setWindowTitle(tr("%1 — ReviewDesk").arg(entry->title.isEmpty() ? entry->url : entry->title));
}

} // namespace rd
