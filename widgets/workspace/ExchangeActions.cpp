#include "ExchangeActions.h"

#include "ExportDialog.h"
#include "ImportDialog.h"

#include <ExchangeService.h>
#include <ReviewSession.h>

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

namespace rd {

ExchangeActions::ExchangeActions(ReviewSession *session, QWidget *dialogParent)
    : QObject(dialogParent), m_session(session), m_dialogParent(dialogParent)
{
    m_import = new QAction(tr("&Import…"), dialogParent);
    m_import->setObjectName(QStringLiteral("import"));
    connect(m_import, &QAction::triggered, this, &ExchangeActions::showImport);
    m_export = new QAction(tr("&Export…"), dialogParent);
    m_export->setObjectName(QStringLiteral("export"));
    connect(m_export, &QAction::triggered, this, &ExchangeActions::showExport);
    m_openStored = new QAction(tr("Open from &Workspace…"), dialogParent);
    m_openStored->setObjectName(QStringLiteral("openStored"));
    connect(m_openStored, &QAction::triggered, this, &ExchangeActions::showOpenStored);
    connect(session->document(), &MergeRequestDocument::mergeRequestChanged, this, &ExchangeActions::mergeRequestChanged);
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
              "commits. Its comments are listed below and in the Comments panel, judged with the same keys as a diff, and count for the "
              "metrics; Fetch Code… links it to a local clone that holds its commits and opens the diff.")
        .arg(where);
}

void ExchangeActions::showImport()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(m_dialogParent, tr("Import"), tr("Open or make a workspace first (File ▸ New Workspace)."));
        return;
    }
    auto *dialog = new ImportDialog(m_session->exchange(), m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void ExchangeActions::showExport()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(m_dialogParent, tr("Export"), tr("Open a workspace first (File ▸ Open Workspace)."));
        return;
    }
    auto *dialog = new ExportDialog(m_session->exchange(), m_dialogParent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { Q_EMIT statusMessage(dialog->lastMessage()); });
    dialog->open();
}

void ExchangeActions::showOpenStored()
{
    const QList<MergeRequestEntry> entries = m_session->mergeRequests();
    if (entries.isEmpty()) {
        QMessageBox::information(m_dialogParent, tr("Open from Workspace"), tr("This workspace has no merge requests yet."));
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
    const QString chosen = QInputDialog::getItem(m_dialogParent, tr("Open from Workspace"), tr("Merge request:"), items, 0, false, &ok);
    if (ok)
        openStored(entries.at(items.indexOf(chosen)).id);
}

void ExchangeActions::openStored(qint64 id)
{
    for (const MergeRequestEntry &e : m_session->mergeRequests()) {
        if (e.id != id)
            continue;
        if (e.codeLinked) {
            Q_EMIT mergeRequestChosen({e.repository, e.base, e.head, e.twoDot, e.title, e.description});
            return;
        }
        if (auto opened = m_session->openMergeRequest(id); !opened)
            QMessageBox::critical(m_dialogParent, tr("Cannot Open Merge Request"), opened.error().message);
        return;
    }
}

void ExchangeActions::mergeRequestChanged()
{
    const auto entry = m_session->currentMergeRequest();
    if (!entry || entry->codeLinked)
        return;
    Q_EMIT mergeRequestWithoutCode(*entry, withoutCodeMessage(entry->url.isEmpty() ? entry->repository : entry->url));
}

} // namespace rd
